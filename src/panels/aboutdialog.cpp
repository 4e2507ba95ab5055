#include "panels/aboutdialog.h"

#include "ui_aboutdialog.h"

#include "cli/appidentity.h"
#include "figures/colormap.h"

#include <QPushButton>
#include <QTextDocumentFragment>

namespace qkv {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AboutDialog>())
{
    m_ui->setupUi(this);
    m_ui->iconLabel->setPixmap(cli::applicationIcon().pixmap(64, 64));
    m_ui->titleLabel->setText(tr("<h2>QKV Lab %1</h2>").arg(cli::applicationVersion()));
    m_ui->qtLabel->setText(
        tr("Built with Qt %1, running on Qt %2.").arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion())));
    m_ui->licenceLabel->setText(
        tr("<p>Licence: <b>GPL-3.0-or-later</b>. QKV Lab is free software: you can redistribute it and/or "
           "modify it under the terms of the GNU General Public License as published by the Free Software "
           "Foundation, either version 3 of the License, or (at your option) any later version. It comes "
           "with ABSOLUTELY NO WARRANTY; see <a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">the "
           "GNU General Public License</a> for details.</p>"));
    m_ui->noticesView->setPlainText(colormapNotices());
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_ui->buttonBox->button(QDialogButtonBox::Close)->setDefault(true);
}

AboutDialog::~AboutDialog() = default;

QString AboutDialog::text() const
{
    QStringList parts;
    for (const QLabel *label : {m_ui->titleLabel, m_ui->summaryLabel, m_ui->qtLabel, m_ui->licenceLabel})
        parts << QTextDocumentFragment::fromHtml(label->text()).toPlainText();
    parts << m_ui->noticesView->toPlainText();
    return parts.join(u'\n');
}

} // namespace qkv
