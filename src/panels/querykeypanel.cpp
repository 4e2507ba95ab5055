#include "panels/querykeypanel.h"

#include "analysis/querykeyplane.h"
#include "views/querykeyplotview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace qkv {

QueryKeyPanel::QueryKeyPanel(std::function<corpus::HeadsOptions()> corpus, QWidget *parent)
    : QWidget(parent)
    , m_corpus(std::move(corpus))
    , m_layer(new QSpinBox(this))
    , m_head(new QSpinBox(this))
    , m_tokens(new QSpinBox(this))
    , m_plot(new QPushButton(tr("&Plot"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_show(new QPushButton(tr("Show in the &Window"), this))
    , m_colouring(new QComboBox(this))
    , m_view(new QueryKeyPlotView(this))
    , m_caption(new QLabel(this))
    , m_chosen(new QLabel(this))
{
    m_layer->setPrefix(tr("layer "));
    m_head->setPrefix(tr("head "));
    m_tokens->setRange(100, 1000000);
    m_tokens->setSingleStep(5000);
    m_tokens->setValue(25000);
    m_tokens->setSuffix(tr(" tokens"));
    m_tokens->setToolTip(tr("The corpus's first tokens plotted: each is a query and a key"));
    m_colouring->addItems({tr("Colour by role"), tr("Colour by position"), tr("Colour by token")});
    auto *row = new QHBoxLayout;
    row->addWidget(m_layer);
    row->addWidget(m_head);
    row->addWidget(m_tokens);
    row->addWidget(m_plot);
    row->addWidget(m_stop);
    row->addStretch(1);
    row->addWidget(m_colouring);
    m_caption->setWordWrap(true);
    // Three lines always: a word-wrapped label squeezed by the plot's stretch would lose its words.
    m_caption->setMinimumHeight(3 * fontMetrics().lineSpacing() + 4);
    m_chosen->setWordWrap(true);
    m_chosen->setTextFormat(Qt::RichText);
    auto *chosenRow = new QHBoxLayout;
    chosenRow->addWidget(m_chosen, 1);
    chosenRow->addWidget(m_show);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_caption);
    layout->addLayout(chosenRow);

    connect(m_plot, &QPushButton::clicked, this, &QueryKeyPanel::plot);
    connect(m_stop, &QPushButton::clicked, this, &QueryKeyPanel::stop);
    connect(m_colouring, &QComboBox::currentIndexChanged, this,
        [this](int index) { m_view->setColouring(QueryKeyPlotView::Colouring(index)); });
    connect(m_view, &QueryKeyPlotView::pointClicked, this, &QueryKeyPanel::choose);
    connect(m_show, &QPushButton::clicked, this, [this] {
        if (m_points && m_chosenIndex >= 0)
            Q_EMIT passageChosen(passageOf(m_chosenIndex, nullptr, nullptr), m_points->layer, m_points->head);
    });
    m_view->setDescriber([this](int index, bool key) {
        if (!m_points || !m_pointsModel)
            return QString();
        return tr("%1 “%2”, token %3 of line %4")
            .arg(key ? tr("key") : tr("query"), m_pointsModel->tokenizer().display(m_points->ids[std::size_t(index)]))
            .arg(m_points->position[std::size_t(index)] + 1)
            .arg(m_points->passageLines[std::size_t(m_points->passage[std::size_t(index)])]);
    });
    updateButtons();
}

QueryKeyPanel::~QueryKeyPanel()
{
    m_stopRequested = true;
    if (m_thread.joinable())
        m_thread.join();
}

void QueryKeyPanel::setModel(std::shared_ptr<const live::LiveModel> model)
{
    m_model = std::move(model);
    if (m_model) {
        m_layer->setRange(1, m_model->model().config().layers);
        m_head->setRange(1, m_model->model().config().heads);
    }
    updateButtons();
}

void QueryKeyPanel::setHead(int layer, int head)
{
    m_layer->setValue(layer + 1);
    m_head->setValue(head + 1);
}

void QueryKeyPanel::plot()
{
    if (!m_model || isRunning())
        return;
    const corpus::HeadsOptions options = m_corpus();
    m_runModel = m_model;
    m_stopRequested = false;
    m_caption->setText(tr("Running the model over the corpus…"));
    m_thread = std::thread([this, model = m_model, options, layer = m_layer->value() - 1, head = m_head->value() - 1,
                               tokens = qint64(m_tokens->value())] {
        auto points = std::make_shared<corpus::QueryKeys>(
            corpus::collectQueryKeys(*model, options, layer, head, tokens, &m_stopRequested, [this](qint64 rows) {
                QMetaObject::invokeMethod(
                    this, [this, rows] { m_caption->setText(tr("%1 tokens gathered…").arg(rows)); },
                    Qt::QueuedConnection);
            }));
        QMetaObject::invokeMethod(
            this, [this, points] { finish(points); }, Qt::QueuedConnection);
    });
    updateButtons();
}

void QueryKeyPanel::stop()
{
    m_stopRequested = true;
}

void QueryKeyPanel::finish(std::shared_ptr<corpus::QueryKeys> points)
{
    if (m_thread.joinable())
        m_thread.join();
    updateButtons();
    if (!points->error.isEmpty()) {
        m_caption->setText(points->error);
        Q_EMIT plotFinished();
        return;
    }
    const analysis::QueryKeyPlane plane = analysis::queryKeyPlane(points->queries, points->keys);
    const auto toPoints = [](const Eigen::MatrixX2d &m) {
        std::vector<QPointF> out(std::size_t(m.rows()));
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            out[std::size_t(i)] = QPointF(m(i, 0), m(i, 1));
        return out;
    };
    m_points = std::move(points);
    m_pointsModel = m_runModel;
    m_view->setPoints(toPoints(plane.queries), toPoints(plane.keys), m_points->position, m_points->ids);
    m_caption->setText(
        tr("Layer %1, head %2: %3 queries (green) and keys (pink) from %4 passages, on their principal plane "
           "(%5 % and %6 % of the variance). As in AttentionViz, the queries are scaled by %7 and the keys by "
           "its inverse, and the keys moved onto the queries' mean: no query's softmax changes, so a query lies "
           "near the keys it attends to. Drag to pan, the wheel zooms, a double-click shows all.")
            .arg(m_points->layer + 1)
            .arg(m_points->head + 1)
            .arg(m_points->queries.rows())
            .arg(m_points->passageLines.size())
            .arg(plane.explained[0] * 100, 0, 'f', 0)
            .arg(plane.explained[1] * 100, 0, 'f', 0)
            .arg(plane.scale, 0, 'g', 3));
    m_chosenIndex = -1;
    m_chosen->clear();
    updateButtons();
    Q_EMIT plotFinished();
}

QString QueryKeyPanel::passageOf(int index, int *start, int *length) const
{
    const int p = m_points->passage[std::size_t(index)];
    const auto first = std::size_t(m_points->passageStarts[std::size_t(p)]);
    const auto end = std::size_t(m_points->passageStarts[std::size_t(p) + 1]);
    const std::vector<int> ids(
        m_points->ids.begin() + std::ptrdiff_t(first), m_points->ids.begin() + std::ptrdiff_t(end));
    const tokenizers::Tokenizer &t = m_pointsModel->tokenizer();
    if (start && length) {
        const std::size_t at = first + std::size_t(m_points->position[std::size_t(index)]);
        *start
            = int(t.decode({m_points->ids.begin() + std::ptrdiff_t(first), m_points->ids.begin() + std::ptrdiff_t(at)})
                      .size());
        *length = int(t.decode({ids.begin(), ids.begin() + std::ptrdiff_t(at - first + 1)}).size()) - *start;
    }
    return t.decode(ids);
}

void QueryKeyPanel::choose(int index, bool key)
{
    if (!m_points || index < 0 || index >= int(m_points->ids.size()))
        return;
    m_chosenIndex = index;
    int start = 0, length = 0;
    const QString text = passageOf(index, &start, &length);
    m_chosen->setText(tr("The %1 of “%2” (line %3): %4")
                          .arg(key ? tr("key") : tr("query"),
                              m_pointsModel->tokenizer().display(m_points->ids[std::size_t(index)]).toHtmlEscaped())
                          .arg(m_points->passageLines[std::size_t(m_points->passage[std::size_t(index)])])
                          .arg(text.left(start).toHtmlEscaped() + u"<b><u>"_qs + text.mid(start, length).toHtmlEscaped()
                              + u"</u></b>"_qs + text.mid(start + length).toHtmlEscaped()));
    updateButtons();
}

void QueryKeyPanel::updateButtons()
{
    const bool running = isRunning();
    m_plot->setEnabled(!running && m_model);
    m_stop->setEnabled(running);
    m_show->setEnabled(m_points && m_chosenIndex >= 0);
}

} // namespace qkv
