#pragma once

#include <QHeaderView>

namespace qkv {

// A horizontal header in two bands: the column's group (Q, K, V, head) spanning its columns
// above, the column's own label below. Groups come from the model's GroupRole header data.
class GroupedHeaderView : public QHeaderView
{
    Q_OBJECT

public:
    explicit GroupedHeaderView(QWidget *parent = nullptr);

    QSize sizeHint() const override;

protected:
    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override;

private:
    QString group(int logicalIndex) const;
};

} // namespace qkv
