#include "panels/goalseekdialog.h"

#include "document/jsonwriter.h"
#include "figures/tokenlabel.h"
#include "session/documentsession.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace qkv {

namespace {

QString number(double x)
{
    return QString::number(x, 'f', 4);
}

} // namespace

GoalSeekDialog::GoalSeekDialog(DocumentSession *session, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_query(new QComboBox(this))
    , m_key(new QComboBox(this))
    , m_change(new QComboBox(this))
    , m_head(new QSpinBox(this))
    , m_target(new QDoubleSpinBox(this))
    , m_summary(new QLabel(this))
    , m_vectors(new QTableWidget(this))
    , m_apply(new QPushButton(tr("&Apply"), this))
    , m_closest(new QPushButton(this))
{
    setObjectName(QStringLiteral("goalSeekDialog"));
    setWindowTitle(tr("Goal Seek"));
    m_query->setObjectName(QStringLiteral("goalSeekQuery"));
    m_key->setObjectName(QStringLiteral("goalSeekKey"));
    m_change->setObjectName(QStringLiteral("goalSeekChange"));
    m_target->setObjectName(QStringLiteral("goalSeekTarget"));
    m_apply->setObjectName(QStringLiteral("goalSeekApply"));
    m_closest->setObjectName(QStringLiteral("goalSeekClosest"));
    m_summary->setObjectName(QStringLiteral("goalSeekSummary"));
    m_vectors->setObjectName(QStringLiteral("goalSeekVectors"));

    m_target->setDecimals(6);
    m_target->setSingleStep(0.05);
    m_target->setAccessibleName(tr("Target weight"));
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setTextFormat(Qt::RichText);
    m_vectors->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_vectors->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_vectors->setAccessibleName(tr("The change and the new vectors"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Query (row):"), m_query);
    form->addRow(tr("&Key (column):"), m_key);
    form->addRow(tr("&Head:"), m_head);
    form->addRow(tr("Target &weight:"), m_target);
    form->addRow(tr("&Change:"), m_change);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_apply, QDialogButtonBox::ApplyRole);
    buttons->addButton(m_closest, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(m_vectors, 1);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_apply, &QPushButton::clicked, this, &GoalSeekDialog::apply);
    connect(m_closest, &QPushButton::clicked, this, [this] { m_target->setValue(m_result.closest); });
    for (QComboBox *box : {m_query, m_key, m_change})
        connect(box, &QComboBox::currentIndexChanged, this, &GoalSeekDialog::recompute);
    connect(m_target, &QDoubleSpinBox::valueChanged, this, &GoalSeekDialog::recompute);
    connect(m_head, &QSpinBox::valueChanged, this, [this](int head) {
        if (!m_filling)
            m_session->setCurrentHead(head - 1);
    });
    // The dialog follows the document: new tokens, a new head, every edit (undo too).
    connect(m_session, &DocumentSession::shapeChanged, this, &GoalSeekDialog::fillTokens);
    connect(m_session, &DocumentSession::documentReset, this, &GoalSeekDialog::fillTokens);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &GoalSeekDialog::fillTokens);
    connect(m_session, &DocumentSession::resultChanged, this, &GoalSeekDialog::recompute);
    fillTokens();
    resize(520, 420);
}

void GoalSeekDialog::fillTokens()
{
    m_filling = true;
    const Document &doc = m_session->document();
    const int query = m_query->currentIndex(), key = m_key->currentIndex();
    // The keys are the second sentence's tokens in cross-attention.
    for (QComboBox *box : {m_query, m_key}) {
        box->clear();
        const QStringList &tokens = box == m_key ? doc.keyTokens() : doc.tokens();
        for (int i = 0; i < tokens.size(); ++i)
            box->addItem(QStringLiteral("%1 · %2").arg(i + 1).arg(tokenLabel(tokens[i])));
    }
    m_query->setCurrentIndex(std::min(query, doc.tokenCount() - 1));
    m_key->setCurrentIndex(std::min(key, doc.keyTokenCount() - 1));
    m_head->setRange(1, doc.settings().heads);
    m_head->setValue(m_session->currentHead() + 1);
    m_head->setEnabled(doc.settings().heads > 1);
    const bool softmax = doc.settings().normalization == Normalization::Softmax
        || doc.settings().normalization == Normalization::ScaledSoftmax;
    m_target->setRange(softmax ? 0.0 : -limits::maxAbsValue, softmax ? 1.0 : limits::maxAbsValue);
    m_filling = false;
    recompute();
}

void GoalSeekDialog::seek(int query, int key, std::optional<double> target)
{
    m_filling = true;
    m_query->setCurrentIndex(query);
    m_key->setCurrentIndex(key);
    if (target)
        m_target->setValue(*target);
    m_filling = false;
    recompute();
}

void GoalSeekDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    recompute();
}

void GoalSeekDialog::recompute()
{
    // Each search computes the document twice: not while the dialog is closed.
    if (m_filling || !isVisible())
        return;
    const Document &doc = m_session->document();
    // The boxes can still hold the tokens of the sentence before an edit (refilled on shapeChanged).
    const int query = m_query->currentIndex(), key = m_key->currentIndex();
    const bool valid = query >= 0 && query < doc.tokenCount() && key >= 0 && key < doc.keyTokenCount();
    const int change = std::max(0, m_change->currentIndex());
    // The change's choices name the vectors they change.
    if (valid) {
        const QSignalBlocker block(m_change);
        const QString q = tokenLabel(doc.tokens()[query]), k = tokenLabel(doc.keyTokens()[key]);
        const QStringList names {tr("The query of “%1”").arg(q), tr("The key of “%1”").arg(k),
            tr("Both: the query of “%1” and the key of “%2”").arg(q, k)};
        for (int i = 0; i < names.size(); ++i) {
            if (m_change->count() <= i)
                m_change->addItem(names[i]);
            else
                m_change->setItemText(i, names[i]);
        }
        m_change->setCurrentIndex(change);
    }
    if (!valid) {
        m_result = {};
        m_result.refusal = tr("The document has no tokens");
    } else {
        m_result = explore::seekWeight(
            doc, {m_session->currentHead(), query, key, m_target->value(), explore::SeekChange(change)});
    }
    showResult();
}

void GoalSeekDialog::showResult()
{
    const explore::SeekResult &r = m_result;
    const bool changes = r.reached && !r.refs.empty();
    m_apply->setEnabled(changes);
    m_closest->setVisible(r.refusal.isEmpty() && !r.reached);
    m_closest->setText(tr("Seek %1 Instead").arg(r.closest, 0, 'g', 6));
    m_vectors->setVisible(changes);
    if (!r.refusal.isEmpty()) {
        m_summary->setText(r.refusal.toHtmlEscaped());
        return;
    }
    if (!r.reached) {
        m_summary->setText(tr("Weight now %1. %2.").arg(number(r.before), r.unreachable.toHtmlEscaped()));
        return;
    }
    if (!changes) {
        m_summary->setText(tr("The weight is %1 already: nothing to change.").arg(number(r.before)));
        return;
    }
    QString text = tr("Weight %1 → <b>%2</b> with a change of length %3.")
                       .arg(number(r.before), number(r.weight), QString::number(r.changeNorm, 'g', 4));
    if (!r.alsoMoved.empty()) {
        QStringList rows;
        for (int row : r.alsoMoved)
            rows << tokenLabel(m_session->document().tokens()[row]).toHtmlEscaped();
        text += QLatin1Char(' ')
            + tr("These rows move too, as they use the changed vector: %1.").arg(rows.join(QStringLiteral(", ")));
    }
    m_summary->setText(text);

    // One row per vector shown: the change, then the vector it makes.
    std::vector<std::pair<QString, const Eigen::VectorXd *>> rows;
    if (r.queryChange.size() > 0) {
        rows.push_back({tr("Δ query of %1").arg(r.queryWord), &r.queryChange});
        rows.push_back({tr("new query"), &r.newQuery});
    }
    if (r.keyChange.size() > 0) {
        rows.push_back({tr("Δ key of %1").arg(r.keyWord), &r.keyChange});
        rows.push_back({tr("new key"), &r.newKey});
    }
    const int dim = m_session->document().settings().dim;
    m_vectors->setRowCount(int(rows.size()));
    m_vectors->setColumnCount(dim);
    QStringList columns;
    for (int c = 0; c < dim; ++c)
        columns << QString::number(c + 1);
    m_vectors->setHorizontalHeaderLabels(columns);
    QStringList names;
    for (int i = 0; i < int(rows.size()); ++i) {
        names << rows[std::size_t(i)].first;
        for (int c = 0; c < dim; ++c) {
            auto *item = new QTableWidgetItem(QString::number((*rows[std::size_t(i)].second)(c), 'f', 4));
            item->setToolTip(formatNumber((*rows[std::size_t(i)].second)(c)));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_vectors->setItem(i, c, item);
        }
    }
    m_vectors->setVerticalHeaderLabels(names);
}

void GoalSeekDialog::apply()
{
    const Document &doc = m_session->document();
    const int query = m_query->currentIndex(), key = m_key->currentIndex();
    if (!m_result.reached || m_result.refs.empty() || query >= doc.tokenCount() || key >= doc.keyTokenCount())
        return;
    const QString text = tr("Goal-seek %1 → %2 to %3")
                             .arg(doc.tokens()[query], doc.keyTokens()[key])
                             .arg(m_target->value(), 0, 'g', 6);
    m_session->editValues(m_result.refs, m_result.values, 0, text);
}

} // namespace qkv
