#pragma once

#include <QLayout>

#include <vector>

namespace qkv {

// Widgets left to right, wrapping onto as many rows as the width needs: a row of controls that
// never asks for more width than one of them (so a zoomed window keeps its views' room) and never
// cuts one. Heights follow the width (heightForWidth).
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr, int spacing = -1);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Lays the items out in `rect` (only measures unless `apply`); returns the height used.
    int arrange(const QRect &rect, bool apply) const;
    int gap() const;

    std::vector<QLayoutItem *> m_items;
    int m_spacing;
};

} // namespace qkv
