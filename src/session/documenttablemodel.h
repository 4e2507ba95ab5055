#pragma once

#include "document/valueref.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace qkv {

class DocumentSession;

// The base of every table of numbers: adapts a grid of document numbers to Qt's item views.
// Edits never write the document: they become undo commands through the session. Subclasses
// say only how big the grid is, which number each cell shows and how the headers read.
class DocumentTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        // setData with this role during a drag: all values of one drag merge into one undo step.
        ScrubRole = Qt::UserRole + 1,
        // setData with this role when the drag ends.
        ScrubEndRole,
        // headerData: the group a column belongs to ("Q · head 1"), drawn above its label.
        GroupRole,
    };

    explicit DocumentTableModel(DocumentSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Sets a rectangular block of values at `topLeft` as one undo step; cells outside the
    // table or not editable are reported. Returns an empty string on success.
    QString pasteBlock(const QModelIndex &topLeft, const std::vector<std::vector<double>> &block);

    // The document number a cell shows, if the cell is editable.
    virtual std::optional<ValueRef> refAt(int row, int col) const = 0;
    DocumentSession *session() const { return m_session; }

protected:
    virtual int rows() const = 0;
    virtual int cols() const = 0;
    // What a cell shows; by default the document number of refAt.
    virtual double valueAt(int row, int col) const;
    virtual QString rowLabel(int row) const = 0;
    virtual QString columnLabel(int col) const = 0;
    virtual QString columnGroup(int) const { return {}; }
    virtual QString cellToolTip(int row, int col) const;
    // Why a column's numbers take no part in the computation (drawn greyed), or empty.
    virtual QString unusedReason(int) const { return {}; }
    // The same for one cell; by default its column's.
    virtual QString cellUnusedReason(int, int col) const { return unusedReason(col); }

    // Tables of the words' own numbers (vectors, embeddings) list the sentence's tokens and then,
    // in cross-attention, the second sentence's: row n + j is its token j.
    int wordRows() const;
    bool isSecondSentenceRow(int row) const;
    QString wordRowKey(int row) const; // the vector key the row edits
    QString wordRowLabel(int row) const;

    // Subclasses whose shape depends on more than the session's shape signal call this.
    void reset();
    // Subclasses that show computed numbers call this once: each new result (which may arrive
    // from the background after the edit) announces every cell.
    void followResult();
    void announceAll();
    // Every cell and the column headings (which name the head) changed.
    void announceHead();

    DocumentSession *m_session;

private:
    int m_rows = 0;
    int m_cols = 0;
    int m_dragId = 0;
};

} // namespace qkv
