#pragma once

#include <QWidget>

namespace qkv {

// Placeholder: being written.
class WorkedView : public QWidget
{
    Q_OBJECT

public:
    using QWidget::QWidget;
};

} // namespace qkv
