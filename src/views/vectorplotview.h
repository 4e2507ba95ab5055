#pragma once

#include <QWidget>

namespace qkv {

// Placeholder: being written.
class VectorPlotView : public QWidget
{
    Q_OBJECT

public:
    using QWidget::QWidget;
};

} // namespace qkv
