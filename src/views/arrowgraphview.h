#pragma once

#include <QWidget>

namespace qkv {

// Placeholder: being written.
class ArrowGraphView : public QWidget
{
    Q_OBJECT

public:
    using QWidget::QWidget;
};

} // namespace qkv
