#pragma once

// Shared by the shell GUI tests: scripted answers for every prompt, an isolated settings and
// data location per test process, and small documents built in code.

#include "documentdata.h"
#include "prompts.h"

#include <QApplication>
#include <QFile>
#include <QQueue>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

namespace hitsmith::test {

/// Answers prompts from queues instead of opening dialogs, and records what was asked.
class FakePrompts : public Prompts {
public:
    QQueue<UnsavedAnswer> unsavedAnswers;
    QQueue<bool> confirmAnswers;
    QQueue<bool> destructiveAnswers; ///< answers to confirmDestructive; No when empty
    QQueue<QString> fileNames;
    QQueue<QColor> colors;
    QQueue<bool> actionAnswers; ///< answers to confirmAction; Cancel when empty
    QQueue<QString> texts;      ///< answers to askText; cancelled when empty
    QStringList actionConfirms; ///< every question passed to confirmAction
    QStringList textLabels;     ///< the label and initial text of every askText, "label|initial"
    QStringList errors;         ///< every message passed to showError
    QStringList warnings;       ///< every message passed to showWarning
    QStringList confirms;       ///< every question passed to confirm
    QStringList destructiveConfirms; ///< every question passed to confirmDestructive
    QStringList suggestedPaths;      ///< the path (or folder) each file dialog was opened at
    int unsavedAsked = 0;

    UnsavedAnswer askUnsaved(QWidget *, const QString &) override {
        ++unsavedAsked;
        return unsavedAnswers.isEmpty() ? UnsavedAnswer::Cancel : unsavedAnswers.dequeue();
    }
    void showError(QWidget *, const QString &, const QString &message) override {
        errors.append(message);
    }
    void showWarning(QWidget *, const QString &, const QString &message) override {
        warnings.append(message);
    }
    bool confirm(QWidget *, const QString &, const QString &message) override {
        confirms.append(message);
        return confirmAnswers.isEmpty() ? false : confirmAnswers.dequeue();
    }
    bool confirmDestructive(QWidget *, const QString &, const QString &message) override {
        destructiveConfirms.append(message);
        return destructiveAnswers.isEmpty() ? false : destructiveAnswers.dequeue();
    }
    bool confirmAction(QWidget *, const QString &, const QString &message,
                       const QString &) override {
        actionConfirms.append(message);
        return actionAnswers.isEmpty() ? false : actionAnswers.dequeue();
    }
    QString askText(QWidget *, const QString &, const QString &label,
                    const QString &initial) override {
        textLabels.append(label + u'|' + initial);
        return texts.isEmpty() ? QString() : texts.dequeue();
    }
    QString openFileName(QWidget *, const QString &, const QString &dir, const QString &) override {
        suggestedPaths.append(dir);
        return fileNames.isEmpty() ? QString() : fileNames.dequeue();
    }
    QStringList openFileNames(QWidget *, const QString &, const QString &,
                              const QString &) override {
        return fileNames.isEmpty() ? QStringList() : QStringList{fileNames.dequeue()};
    }
    QString saveFileName(QWidget *, const QString &, const QString &dir, const QString &) override {
        suggestedPaths.append(dir);
        return fileNames.isEmpty() ? QString() : fileNames.dequeue();
    }
    QColor pickColor(QWidget *, const QColor &, const QString &) override {
        return colors.isEmpty() ? QColor() : colors.dequeue();
    }
};

/// One sprite "hero" with frame "idle": a square "a" on layer "hit" and an overlapping square
/// "b" on layer "hurt", plus frame "run" with a circle "c".
/// The bytes of the file at path; empty when it cannot be read.
inline QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline DocumentData makeDocument() {
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero");
    Frame idle;
    idle.name = QStringLiteral("idle");
    idle.shapes.append(Shape::polygon(QStringLiteral("a"), {{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                                      QStringLiteral("hit")));
    idle.shapes.append(
        Shape::rect(QStringLiteral("b"), {12, 5}, {8, 8}, 0.0, QStringLiteral("hurt")));
    Frame run;
    run.name = QStringLiteral("run");
    run.shapes.append(Shape::circle(QStringLiteral("c"), {5, 5}, 3.0, QStringLiteral("hit")));
    sprite.frames = {idle, run};
    data.sprites.append(sprite);
    return data;
}

} // namespace hitsmith::test

/// main() for a shell test: settings and AppDataLocation point into a private temporary folder,
/// so tests neither see nor touch the user's (or another test process's) files.
#define HITSMITH_SHELL_TEST_MAIN(TestClass)                                                        \
    int main(int argc, char *argv[]) {                                                             \
        QTemporaryDir home;                                                                        \
        qputenv("XDG_CONFIG_HOME", (home.path() + QStringLiteral("/config")).toLocal8Bit());       \
        qputenv("XDG_DATA_HOME", (home.path() + QStringLiteral("/data")).toLocal8Bit());           \
        qputenv("XDG_CACHE_HOME", (home.path() + QStringLiteral("/cache")).toLocal8Bit());         \
        QApplication app(argc, argv);                                                              \
        QApplication::setOrganizationName(QStringLiteral("Hitsmith"));                             \
        QApplication::setApplicationName(QStringLiteral("Hitsmith"));                              \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        TestClass test;                                                                            \
        return QTest::qExec(&test, argc, argv);                                                    \
    }
