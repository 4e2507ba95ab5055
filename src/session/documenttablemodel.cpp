#include "session/documenttablemodel.h"

#include "document/numberblock.h"
#include "session/documentsession.h"

#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <cmath>

namespace qkv {

DocumentTableModel::DocumentTableModel(DocumentSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    connect(session, &DocumentSession::shapeChanged, this, &DocumentTableModel::reset);
    connect(session, &DocumentSession::valuesChanged, this, &DocumentTableModel::announceAll);
    connect(session, &DocumentSession::valuesFixedChanged, this, [this] {
        reset();
        announceAll(); // every cell's flags
    });
}

void DocumentTableModel::announceAll()
{
    // Nothing to announce for an empty table: (0, -1) is not a range (the model tester says so).
    if (m_rows > 0 && m_cols > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1));
}

void DocumentTableModel::announceHead()
{
    announceAll();
    if (m_rows > 0 && m_cols > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, m_cols - 1);
}

void DocumentTableModel::followResult()
{
    connect(m_session, &DocumentSession::resultChanged, this, &DocumentTableModel::announceAll);
}

void DocumentTableModel::reset()
{
    // The counts are cached so the model stays consistent between a document change and this
    // reset (a view may ask in between).
    const int rowsNow = rows(), colsNow = cols();
    if (colsNow != m_cols || colsNow == 0 || rowsNow == 0 || m_rows == 0) {
        beginResetModel();
        m_rows = rowsNow;
        m_cols = colsNow;
        endResetModel();
        return;
    }
    // The same columns (a sentence retyped; a real model's new run, at every letter): rows added
    // or taken away and every number and label announced. A reset would make each view lay out
    // its headers and scroll bars from nothing and paint twice.
    if (rowsNow > m_rows) {
        beginInsertRows({}, m_rows, rowsNow - 1);
        m_rows = rowsNow;
        endInsertRows();
    } else if (rowsNow < m_rows) {
        beginRemoveRows({}, rowsNow, m_rows - 1);
        m_rows = rowsNow;
        endRemoveRows();
    }
    announceHead();
    Q_EMIT headerDataChanged(Qt::Vertical, 0, m_rows - 1);
}

int DocumentTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int DocumentTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_cols;
}

double DocumentTableModel::valueAt(int row, int col) const
{
    const auto ref = refAt(row, col);
    return ref && m_session->document().isValid(*ref) ? m_session->document().value(*ref) : 0.0;
}

QString DocumentTableModel::cellToolTip(int row, int col) const
{
    const auto ref = refAt(row, col);
    const QString exact = shownNumber(valueAt(row, col));
    if (!ref)
        return tr("%1 (computed; read-only)").arg(exact);
    if (const QString &fixed = m_session->valuesFixed(); !fixed.isEmpty())
        return tr("%1 = %2 (read-only: %3)").arg(describe(*ref), exact, fixed);
    const QString origin = m_session->document().isStored(*ref) ? tr("set in the document")
                                                                : tr("the word's default: edit it to choose your own");
    return tr("%1 = %2 (%3). Drag sideways to scrub, or step it with + and − of the keypad: Shift fine, Ctrl coarse.")
        .arg(describe(*ref), exact, origin);
}

QVariant DocumentTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || index.row() >= rows() || index.column() >= cols())
        return {};
    const int r = index.row(), c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return shownNumber(valueAt(r, c), QLocale(), 4);
    case Qt::EditRole:
        return valueAt(r, c);
    case Qt::ToolTipRole:
    case Qt::StatusTipRole: {
        const QString unused = cellUnusedReason(r, c);
        return unused.isEmpty() ? cellToolTip(r, c) : unused + QLatin1Char(' ') + cellToolTip(r, c);
    }
    case Qt::ForegroundRole:
        if (!cellUnusedReason(r, c).isEmpty())
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        // Defaults in italics: the numbers the user has not chosen yet.
        const auto ref = refAt(r, c);
        if (ref && !m_session->document().isStored(*ref)) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    }
    default:
        return {};
    }
}

bool DocumentTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role == ScrubEndRole) {
        m_dragId = 0;
        return true;
    }
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto ref = refAt(index.row(), index.column());
    if (!ref || (role != Qt::EditRole && role != ScrubRole))
        return false;
    bool ok = false;
    double x = 0;
    if (value.typeId() == QMetaType::QString) { // typed text
        const std::optional<double> typed = parseTypedNumber(value.toString());
        ok = typed.has_value();
        x = typed.value_or(0.0);
    } else {
        x = value.toDouble(&ok);
    }
    if (!ok || !std::isfinite(x) || std::abs(x) > limits::maxAbsValue)
        return false;
    if (role == ScrubRole && m_dragId == 0)
        m_dragId = m_session->newDragId();
    m_session->editValue(*ref, x, role == ScrubRole ? m_dragId : 0);
    return true;
}

int DocumentTableModel::wordRows() const
{
    const Document &doc = m_session->document();
    return doc.tokenCount() + (doc.isCross() ? doc.keyTokenCount() : 0);
}

bool DocumentTableModel::isSecondSentenceRow(int row) const
{
    return row >= m_session->document().tokenCount();
}

QString DocumentTableModel::wordRowKey(int row) const
{
    const Document &doc = m_session->document();
    return isSecondSentenceRow(row) ? doc.keyVectorKey(row - doc.tokenCount()) : doc.vectorKey(row);
}

QString DocumentTableModel::wordRowLabel(int row) const
{
    const Document &doc = m_session->document();
    if (!isSecondSentenceRow(row))
        return doc.tokens().value(row);
    return tr("%1 (2nd)", "a token of cross-attention's second sentence")
        .arg(doc.keyTokens().value(row - doc.tokenCount()));
}

Qt::ItemFlags DocumentTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (m_session->valuesFixed().isEmpty() && refAt(index.row(), index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant DocumentTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const bool horizontal = orientation == Qt::Horizontal;
    if (section < 0 || section >= (horizontal ? m_cols : m_rows))
        return {};
    if (role == Qt::DisplayRole)
        return horizontal ? columnLabel(section) : rowLabel(section);
    if (role == GroupRole && horizontal)
        return columnGroup(section);
    if (role == Qt::ToolTipRole) {
        if (!horizontal)
            return rowLabel(section);
        const QString name = QString(columnGroup(section) + u' ' + columnLabel(section)).trimmed();
        const QString unused = unusedReason(section);
        return unused.isEmpty() ? name : name + QStringLiteral(": ") + unused;
    }
    if (role == Qt::ForegroundRole && horizontal && !unusedReason(section).isEmpty())
        return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
    return {};
}

QString DocumentTableModel::pasteBlock(const QModelIndex &topLeft, const std::vector<std::vector<double>> &block)
{
    std::vector<ValueRef> refs;
    std::vector<double> values;
    const int top = std::max(topLeft.row(), 0), left = std::max(topLeft.column(), 0);
    for (std::size_t r = 0; r < block.size(); ++r) {
        for (std::size_t c = 0; c < block[r].size(); ++c) {
            const int row = top + static_cast<int>(r), col = left + static_cast<int>(c);
            if (row >= m_rows || col >= m_cols)
                return tr("The pasted block (%1 × %2) does not fit: cell %3, %4 is outside the table.")
                    .arg(block.size())
                    .arg(block[r].size())
                    .arg(row + 1)
                    .arg(col + 1);
            const auto ref = refAt(row, col);
            if (!ref)
                return tr("Cell %1, %2 is computed and cannot be pasted into.").arg(row + 1).arg(col + 1);
            refs.push_back(*ref);
            values.push_back(block[r][c]);
        }
    }
    m_session->editValues(refs, values);
    return {};
}

} // namespace qkv
