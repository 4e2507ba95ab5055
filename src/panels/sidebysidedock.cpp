#include "panels/sidebysidedock.h"

#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>

namespace qkv {

namespace {

// Paints the dock's image; a new size asks for a new one.
class Canvas : public QWidget
{
public:
    Canvas(const QImage *image, std::function<void()> resized, QWidget *parent)
        : QWidget(parent)
        , m_image(image)
        , m_resized(std::move(resized))
    {
        setMinimumSize(240, 160);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.drawImage(QPointF(0, 0), *m_image);
    }
    void resizeEvent(QResizeEvent *) override { m_resized(); }

private:
    const QImage *m_image;
    std::function<void()> m_resized;
};

} // namespace

SideBySideDock::SideBySideDock(
    DocumentSession *session, ExportDialog::WindowFigureOptions windowOptions, QWidget *parent)
    : QDockWidget(tr("Side by Side (A | B)"), parent)
    , m_session(session)
    , m_windowOptions(std::move(windowOptions))
{
    setObjectName(QStringLiteral("sideBySideDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *row = new QHBoxLayout;
    m_kind = new QComboBox(body);
    m_kind->setObjectName(QStringLiteral("sideBySideView"));
    for (const FigureKind kind : figureKinds)
        m_kind->addItem(figureKindTitle(kind), static_cast<int>(kind));
    m_kind->setAccessibleName(tr("View drawn side by side"));
    auto *label = new QLabel(tr("&View:"), body);
    label->setBuddy(m_kind);
    row->addWidget(label);
    row->addWidget(m_kind, 1);
    layout->addLayout(row);
    m_canvas = new Canvas(
        &m_image, [this] { schedule(); }, body);
    m_canvas->setObjectName(QStringLiteral("sideBySideCanvas"));
    m_canvas->setAccessibleName(tr("The baseline snapshot (A) beside now (B)"));
    layout->addWidget(m_canvas, 1);
    setWidget(body);

    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(0); // several changes of one event-loop turn draw once
    connect(m_timer, &QTimer::timeout, this, &SideBySideDock::refresh);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &SideBySideDock::schedule);
    connect(m_session, &DocumentSession::resultChanged, this, &SideBySideDock::schedule);
    connect(m_session, &DocumentSession::selectedTokenChanged, this, &SideBySideDock::schedule);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &SideBySideDock::schedule);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown)
            schedule();
    });
}

void SideBySideDock::setKind(FigureKind kind)
{
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(kind)));
}

FigureKind SideBySideDock::kind() const
{
    return static_cast<FigureKind>(m_kind->currentData().toInt());
}

void SideBySideDock::schedule()
{
    if (isVisible())
        m_timer->start();
}

void SideBySideDock::refresh()
{
    const qreal dpr = devicePixelRatioF();
    const QSize size = m_canvas->size();
    QImage image((QSizeF(size) * dpr).toSize().expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    const QPalette slide = slidePalette();
    image.fill(slide.color(QPalette::Base));
    QPainter p(&image);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    const FigureInput input = figureInput(*m_session);
    FigureOptions options = m_windowOptions(kind());
    options.sideBySide = true;
    const FigureRenderer renderer(input, options);
    if (input.baseline && renderer.isValid()) {
        renderer.painter()(p, QRectF(QPointF(0, 0), QSizeF(size)));
    } else {
        p.setPen(slide.color(QPalette::Text));
        p.drawText(QRectF(QPointF(0, 0), QSizeF(size)).adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
            tr("No snapshot to compare with. Tools → Snapshots → Take Snapshot… pins the numbers as they are, or "
               "Compare With chooses a snapshot: it is drawn here (A) beside now (B)."));
    }
    p.end();
    m_image = std::move(image);
    m_canvas->update();
}

} // namespace qkv
