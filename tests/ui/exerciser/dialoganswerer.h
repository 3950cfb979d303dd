#pragma once

// Answers every modal dialog and popup menu the editor opens, at random, as a person would:
// message boxes by one of their buttons or a key, input dialogs with typed text (valid or not),
// file dialogs with a path inside the exerciser's folder, the editor's own dialogs after a few
// changes to their fields. It polls QApplication::activeModalWidget() from a chain of
// single-shot timers, so it also runs inside the nested event loop of a dialog's exec() and of
// a dialog opened while it answers another.

#include "dice.h"
#include "widgetinput.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QDialog;
class QFileDialog;
class QWidget;

namespace hitsmith::exercise {

class DialogAnswerer : public QObject {
    Q_OBJECT

public:
    /// texts is read at each answer (the exerciser keeps it up to date).
    DialogAnswerer(std::uint64_t seed, const TextPool *texts, QObject *parent = nullptr);

    void start();
    void stop();
    /// While set, open popup menus belong to the step (it is choosing from them itself).
    void setStepOwnsPopups(bool owns) { mStepOwnsPopups = owns; }
    /// Dialogs (and popup menus) answered so far.
    int answered() const { return mAnswered; }
    /// Distinct kinds of dialog seen ("QMessageBox:Properties", ...).
    QStringList kinds() const { return mKinds; }
    /// Where each answer is written (the step log).
    void setLog(std::function<void(const QString &)> log) { mLog = std::move(log); }
    /// Answers whatever is open now (called from the poll, and by the step's end).
    void poll();

private:
    void answer(QWidget *modal);
    void answerFileDialog(QFileDialog *dialog);
    void answerDialog(QDialog *dialog);
    void note(const QString &text);

    Dice mDice;
    const TextPool *mTexts;
    bool mRunning = false;
    bool mStepOwnsPopups = false;
    bool mPollScheduled = false;
    int mAnswered = 0;
    QStringList mKinds;
    QPointer<QWidget> mBusyWith; ///< a dialog being answered across a wait
    QPointer<QWidget> mLast;     ///< the last dialog answered, and how often in a row
    int mRepeats = 0;
    std::function<void(const QString &)> mLog;
};

} // namespace hitsmith::exercise
