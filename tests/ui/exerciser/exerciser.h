#pragma once

// The GUI exerciser: drives the real main window with real input events chosen at random from
// a seed among what a person can reach now (menus, toolbars, every dock's fields and tables, the
// canvas with each tool, the timeline, the versus panel), answers every dialog it opens, and
// checks the document and the window after every step. See docs/exerciser.md.

#include "dialoganswerer.h"
#include "dice.h"
#include "widgetinput.h"

#include <QByteArray>
#include <QSet>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;

namespace hitsmith {
class MainWindow;
}

namespace hitsmith::exercise {

class Exerciser {
public:
    Exerciser(MainWindow *window, std::uint64_t seed, const QString &folder);
    ~Exerciser();

    /// Runs steps; after each, the checks. False with the failure when one does not hold.
    bool run(int steps, QString *failure);
    /// Undoes everything (the document must equal the one the history started from, byte for
    /// byte), then redoes everything (it must equal the one before the undo).
    bool undoAndRedoAll(QString *failure);

    int stepsRun() const { return mStep; }
    /// How many commands the history held at the end (undone, then redone).
    int historyLength() const { return mUndone; }
    /// The longest history undone and redone during the run (every 100 steps and at the end).
    int longestHistory() const { return qMax(mLongestHistory, mUndone); }
    int distinctActions() const { return int(mActions.size()); }
    QStringList actions() const;
    int dialogsAnswered() const { return mAnswerer.answered(); }
    /// Every step so far, numbered, with the dialogs answered in it.
    QString log() const { return QString::fromUtf8(mLog); }

private:
    void step();
    void finishStep();
    QString runChecks();
    void refreshTexts();
    void record(const QString &action, const QString &detail);
    void note(const QString &text);

    bool menuStep();
    bool toolbarStep();
    bool dockStep();
    bool canvasStep();
    bool canvasKeyStep();
    void triggerThroughMenu(QAction *action, const QList<QMenu *> &path);

    MainWindow *mWindow;
    Dice mDice;
    QString mFolder;
    TextPool mTexts;
    DialogAnswerer mAnswerer;
    int mStep = 0;
    int mUndone = 0;
    int mLongestHistory = 0;
    QSet<QString> mActions;
    QByteArray mLog;
    QByteArray mBaseline; ///< the document the undo history starts from
};

/// Prints the step log to stderr if the process dies (signal handlers for crashes and aborts;
/// the sanitizers' own handlers run after it).
void installCrashLog(const Exerciser *exerciser);

} // namespace hitsmith::exercise
