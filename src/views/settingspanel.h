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
    // While `why` is not empty the settings are shown, not edited (a real model's are its own);
    // the colormap stays a choice.
    void setFixed(const QString &why);

Q_SIGNALS:
    void settingsEdited(const qkv::Settings &settings);
    void colormapEdited(qkv::Colormap map);

private:
    std::unique_ptr<Ui::SettingsPanel> m_ui;
    Settings m_shown; // what setSettings showed: keeps digits the spin boxes cannot display
    bool m_updating = false;
    QString m_fixed;
};

} // namespace qkv
