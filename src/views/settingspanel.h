#pragma once

#include "document/settings.h"
#include "figures/colormap.h"

#include <QWidget>

#include <memory>

namespace Ui {
class SettingsPanel;
}

namespace qkv {

// The document's settings as a form. It only shows settings and reports the user's
// edits; the window turns an edit into an undoable command.
class SettingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPanel(QWidget *parent = nullptr);
    ~SettingsPanel() override;

    void setSettings(const Settings &settings);
    Settings settings() const;
    void setColormap(Colormap map);

Q_SIGNALS:
    void settingsEdited(const qkv::Settings &settings);
    void colormapEdited(qkv::Colormap map);

private:
    std::unique_ptr<Ui::SettingsPanel> m_ui;
    Settings m_shown; // what setSettings showed: keeps digits the spin boxes cannot display
    bool m_updating = false;
};

} // namespace qkv
