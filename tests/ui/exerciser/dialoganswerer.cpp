#include "dialoganswerer.h"

#include <QAbstractButton>
#include <QApplication>
#include <QColorDialog>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileSystemModel>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

namespace hitsmith::exercise {

namespace {

constexpr int kPollMs = 5;
constexpr int kMaxRepeats = 6; ///< then the dialog is rejected outright

QString titleOf(const QWidget *widget) {
    QString title = widget->windowTitle();
    return title.isEmpty() ? QStringLiteral("(untitled)") : title;
}

} // namespace

DialogAnswerer::DialogAnswerer(std::uint64_t seed, const TextPool *texts, QObject *parent)
    : QObject(parent)
    , mDice(seed ^ 0x9e3779b97f4a7c15ULL)
    , mTexts(texts) {}

void DialogAnswerer::start() {
    mRunning = true;
    if (!mPollScheduled) {
        mPollScheduled = true;
        QTimer::singleShot(kPollMs, this, [this] {
            mPollScheduled = false;
            if (mRunning) {
                start(); // the next poll first: answering may open a nested dialog
                poll();
            }
        });
    }
}

void DialogAnswerer::stop() {
    mRunning = false;
}

void DialogAnswerer::note(const QString &text) {
    if (mLog)
        mLog(text);
}

void DialogAnswerer::poll() {
    if (QWidget *modal = QApplication::activeModalWidget(); modal && modal->isVisible()) {
        if (modal == mBusyWith)
            return; // waiting for it inside an earlier poll
        // A popup inside the dialog (a combo box's list) is the dialog's own business.
        if (QWidget *popup = QApplication::activePopupWidget())
            popup->close();
        answer(modal);
        return;
    }
    if (mStepOwnsPopups)
        return;
    if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
        ++mAnswered;
        const QString chosen = chooseFromMenu(menu, mDice);
        note(QStringLiteral("popup menu: %1").arg(chosen));
    }
}

void DialogAnswerer::answer(QWidget *modal) {
    if (modal == mLast) {
        if (++mRepeats >= kMaxRepeats) {
            note(QStringLiteral("dialog \"%1\" still open after %2 answers: rejected")
                     .arg(titleOf(modal))
                     .arg(mRepeats));
            ++mAnswered;
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                dialog->reject();
            else
                modal->close();
            mRepeats = 0;
            return;
        }
    } else {
        mLast = modal;
        mRepeats = 0;
    }
    const QString kind =
        QString::fromLatin1(modal->metaObject()->className()) + u':' + titleOf(modal);
    if (!mKinds.contains(kind))
        mKinds.append(kind);
    ++mAnswered;
    QPointer<QWidget> guard(modal);

    if (auto *box = qobject_cast<QMessageBox *>(modal)) {
        const QList<QAbstractButton *> buttons = box->buttons();
        const int roll = mDice.below(10);
        if (roll < 7 && !buttons.isEmpty()) {
            QAbstractButton *button = mDice.pick(buttons);
            note(QStringLiteral("message \"%1\" (%2): click %3")
                     .arg(titleOf(box), box->text().left(120), button->text().remove(u'&')));
            clickAt(button);
        } else {
            const bool enter = roll < 9;
            note(QStringLiteral("message \"%1\" (%2): %3")
                     .arg(titleOf(box), box->text().left(120),
                          enter ? QStringLiteral("Return") : QStringLiteral("Escape")));
            QTest::keyClick(box, enter ? Qt::Key_Return : Qt::Key_Escape);
        }
        return;
    }
    if (auto *files = qobject_cast<QFileDialog *>(modal)) {
        answerFileDialog(files);
        return;
    }
    if (auto *input = qobject_cast<QInputDialog *>(modal)) {
        QString text;
        if (auto *line = input->findChild<QLineEdit *>()) {
            text = input->inputMode() == QInputDialog::TextInput && mDice.chance(60)
                       ? mTexts->name(mDice)
                       : (mDice.chance(80) ? mTexts->number(mDice) : mTexts->any(mDice));
            clickAt(line);
            if (!guard)
                return;
            pressKey(line, Qt::Key_A, Qt::ControlModifier);
            typeText(line, text);
        }
        if (!guard)
            return;
        const bool accept = mDice.chance(75);
        note(QStringLiteral("input \"%1\": type \"%2\", %3")
                 .arg(titleOf(input), text,
                      accept ? QStringLiteral("OK") : QStringLiteral("Cancel")));
        QTest::keyClick(keyTarget(input), accept ? Qt::Key_Return : Qt::Key_Escape);
        return;
    }
    if (auto *colors = qobject_cast<QColorDialog *>(modal)) {
        const bool accept = mDice.chance(60);
        if (accept)
            colors->setCurrentColor(QColor::fromHsv(mDice.below(360), 200, 220));
        note(QStringLiteral("colour dialog: %1")
                 .arg(accept ? QStringLiteral("OK") : QStringLiteral("Cancel")));
        if (accept)
            colors->accept();
        else
            colors->reject();
        return;
    }
    if (auto *dialog = qobject_cast<QDialog *>(modal)) {
        answerDialog(dialog);
        return;
    }
    note(QStringLiteral("modal %1: closed").arg(kind));
    modal->close();
}

void DialogAnswerer::answerFileDialog(QFileDialog *dialog) {
    QPointer<QFileDialog> guard(dialog);
    if (mDice.chance(20)) {
        note(QStringLiteral("file dialog \"%1\": Cancel").arg(titleOf(dialog)));
        QTest::keyClick(keyTarget(dialog), Qt::Key_Escape);
        if (guard && guard->isVisible())
            guard->reject();
        return;
    }
    // A person browses to the exerciser's folder, waits for its files to be listed (on the file
    // model's own thread: what the dialog does with a typed name depends on it), and types a
    // name there.
    mBusyWith = dialog;
    const auto done = qScopeGuard([this] { mBusyWith = nullptr; });
    if (auto *model = dialog->findChild<QFileSystemModel *>()) {
        QSignalSpy loaded(model, &QFileSystemModel::directoryLoaded);
        dialog->setDirectory(mTexts->folder);
        // Listed: the load signal came, or it had come before this dialog looked there again.
        const auto listed = [&] {
            const QModelIndex folder = model->index(mTexts->folder);
            return !loaded.isEmpty() ||
                   (model->rowCount(folder) > 0 && !model->canFetchMore(folder));
        };
        for (int i = 0; i < 50 && guard && !listed(); ++i)
            QTest::qWait(10);
        if (!guard)
            return;
        QTest::qWait(10);
    } else {
        dialog->setDirectory(mTexts->folder);
    }
    QString path;
    const bool saving = dialog->acceptMode() == QFileDialog::AcceptSave;
    if (saving && mDice.chance(50)) {
        static const QStringList names = {
            QStringLiteral("saved.json"), QStringLiteral("saved-2"),
            QStringLiteral("export.tmx"), QStringLiteral("out.xml"),
            QStringLiteral("out.json"),   QStringLiteral("knight.json")};
        path = mTexts->folder + u'/' + mDice.pick(names);
    } else {
        path = mTexts->path(mDice);
    }
    auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
    note(QStringLiteral("file dialog \"%1\": %2").arg(titleOf(dialog), path));
    if (!edit) {
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept();
        return;
    }
    clickAt(edit);
    if (!guard)
        return;
    pressKey(edit, Qt::Key_A, Qt::ControlModifier);
    typeText(edit, path);
    QTest::qWait(20);
    if (!guard)
        return;
    // The completer lists the folder on a thread of its own: its popup may or may not be up,
    // and Return would take its first entry. A person reads it and closes it first.
    if (QWidget *popup = QApplication::activePopupWidget())
        popup->close();
    if (guard)
        QTest::keyClick(keyTarget(guard), Qt::Key_Return);
}

void DialogAnswerer::answerDialog(QDialog *dialog) {
    QPointer<QDialog> guard(dialog);
    // First a few changes to its fields, then a button of its button box or a key.
    const int changes = mDice.below(4);
    QStringList done;
    for (int i = 0; i < changes && guard && guard->isVisible(); ++i) {
        QList<QWidget *> fields = reachableWidgets(guard);
        fields.erase(std::remove_if(fields.begin(), fields.end(),
                                    [](QWidget *w) {
                                        return qobject_cast<QDialogButtonBox *>(w->parentWidget());
                                    }),
                     fields.end());
        if (fields.isEmpty())
            break;
        QWidget *field = mDice.pick(fields);
        QString kind;
        const QString name = widgetName(field);
        done.append(name + u' ' + interact(field, mDice, *mTexts, &kind));
    }
    if (!guard || !guard->isVisible()) {
        note(QStringLiteral("dialog: %1 (closed by them)").arg(done.join(QStringLiteral("; "))));
        return;
    }
    QList<QAbstractButton *> buttons;
    for (auto *box : guard->findChildren<QDialogButtonBox *>()) {
        for (QAbstractButton *button : box->buttons()) {
            if (button->isVisible() && button->isEnabled())
                buttons.append(button);
        }
    }
    const int roll = mDice.below(10);
    QString how;
    if (roll < 7 && !buttons.isEmpty()) {
        QAbstractButton *button = mDice.pick(buttons);
        how = QStringLiteral("click %1").arg(button->text().remove(u'&'));
        note(QStringLiteral("dialog \"%1\": %2; %3")
                 .arg(titleOf(guard), done.join(QStringLiteral("; ")), how));
        clickAt(button);
        return;
    }
    const bool enter = roll < 8;
    how = enter ? QStringLiteral("Return") : QStringLiteral("Escape");
    note(QStringLiteral("dialog \"%1\": %2; %3")
             .arg(titleOf(guard), done.join(QStringLiteral("; ")), how));
    QTest::keyClick(keyTarget(guard), enter ? Qt::Key_Return : Qt::Key_Escape);
}

} // namespace hitsmith::exercise
