#pragma once

#include <QDialog>

#include <memory>

namespace Ui {
class AboutDialog;
}

namespace qkv {

// Help → About: the version, the licence (GPL-3.0-or-later), the Qt it runs on and the
// colormaps' credits and licences, which every copy of the program must show.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);
    ~AboutDialog() override;

    // Everything the dialog says, as plain text.
    QString text() const;

private:
    std::unique_ptr<Ui::AboutDialog> m_ui;
};

} // namespace qkv
