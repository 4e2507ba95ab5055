#include "app/sentencefilemenu.h"

#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "livemodel/sentencefile.h"
#include "session/livehistory.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>

namespace qkv {

SentenceFileMenu::SentenceFileMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace)
    : QObject(window)
    , m_window(window)
    , m_workspace(workspace)
    , m_action(new QAction(tr("Sentence from &Text File…"), window))
{
    m_action->setObjectName(QStringLiteral("actionSentenceFromFile"));
    m_action->setStatusTip(tr("Run the model on a whole text file: a long document, up to the model's positions"));
    ui->menuModel->insertAction(ui->actionAblateHead, m_action);
    connect(m_action, &QAction::triggered, this, &SentenceFileMenu::choose);
    const auto update = [this] { m_action->setEnabled(m_workspace->isRunning()); };
    connect(m_workspace, &ModelWorkspace::runningChanged, this, update);
    connect(m_workspace, &ModelWorkspace::runShown, this, update);
    update();
}

QString SentenceFileMenu::typeFile(const QString &path, bool cut)
{
    m_tooLong = false;
    const std::shared_ptr<const live::LiveModel> model = m_workspace->live()->model();
    if (!model || !m_workspace->isRunning())
        return tr("No model is running: open one from the Model menu first.");
    QString error;
    std::optional<QString> text = live::readSentenceFile(path, &error);
    if (!text)
        return error;
    const qint64 positions = model->model().config().positionLimit();
    const auto tokens = qint64(model->encode(*text).ids.size());
    const QString name = QFileInfo(path).fileName();
    if (tokens > positions) {
        if (!cut) {
            m_tooLong = true;
            return tr("%1 is %2 tokens long for %3, which reads at most %4.")
                .arg(name, QLocale().toString(tokens), modelName(model->location()), QLocale().toString(positions));
        }
        *text = live::leadingTokens(*model, *text, positions);
    }
    m_workspace->history()->replaceSentence(*text, tr("Sentence from %1").arg(name));
    return {};
}

void SentenceFileMenu::choose()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Run the model on a text file"),
        settings.value(QStringLiteral("files/textFolder")).toString(), tr("Text (*.txt *.md);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/textFolder"), QFileInfo(path).absolutePath());
    QString why = typeFile(path, false);
    if (m_tooLong
        && QMessageBox::question(m_window, tr("Longer than the model reads"),
               why + u' ' + tr("Run it on the text's beginning, as many tokens as it reads?"))
            == QMessageBox::Yes)
        why = typeFile(path, true);
    else if (m_tooLong)
        return;
    if (!why.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot run the model on this file"), why);
}

} // namespace qkv
