// One file on purpose (over 700 lines): every function shares the window, prompts and temporary
// folder fixture; export and recovery would be the first parts to move out.
// Files as a user meets them: save and reload, failed open/save keep the work, the unsaved-changes
// prompt, recent files, window settings, autosave and recovery after a crash.

#include "shelltestsupport.h"

#include "autosaver.h"
#include "editorsession.h"
#include "formatregistry.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "shapecommands.h"
#include "structurecommands.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// The image path of the first sprite exactly as the file on disk stores it.
QString storedImage(const QString &path) {
    const ReadResult raw = HitsmithFormat::parse(readAll(path));
    return raw.isOk() && !raw.document->sprites.isEmpty() ? raw.document->sprites[0].image
                                                          : QStringLiteral("<unreadable>");
}

// One user edit: move shape b of the first frame by dx.
void moveB(Document *document, double dx) {
    Shape b = document->shape({0, 0, 1});
    b.translate({dx, 0});
    document->undoStack()->push(new ChangeShapesCommand(document, {{0, 0, 1}}, {b}, "Move"));
}

} // namespace

class TestFiles : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    std::shared_ptr<FakePrompts> mPrompts;

    QString writeDocument(const DocumentData &data, const QString &name) {
        const QString path = mDir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(HitsmithFormat::serialize(data));
        return path;
    }

    std::unique_ptr<MainWindow> makeWindow() {
        auto window = std::make_unique<MainWindow>(mPrompts);
        window->show();
        return window;
    }

    static void closeDiscarding(MainWindow *window, FakePrompts *prompts) {
        prompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        window->close();
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        QSettings().clear();
        QDir(Autosaver::recoveryDirectory()).removeRecursively();
    }

    void settingsAreIsolated() {
        QVERIFY(QSettings().fileName().startsWith(qEnvironmentVariable("XDG_CONFIG_HOME")));
        QVERIFY(Autosaver::recoveryDirectory().startsWith(qEnvironmentVariable("XDG_DATA_HOME")));
    }

    void saveAndReloadIsByteIdentical() {
        const QString original = writeDocument(makeDocument(), QStringLiteral("original.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(original));
        const QString copy = mDir.filePath(QStringLiteral("copy.json"));
        mPrompts->fileNames.enqueue(copy);
        QVERIFY(window->saveAs());
        QCOMPARE(readAll(copy), readAll(original));
        QCOMPARE(window->document()->filePath(), QFileInfo(copy).absoluteFilePath());
        QCOMPARE(window->windowTitle(), QStringLiteral("copy.json[*] - Hitsmith"));

        moveB(window->document(), 1.5);
        QVERIFY(window->isWindowModified());
        QVERIFY(window->save());
        QVERIFY(!window->isWindowModified());
        auto reopened = makeWindow();
        QVERIFY(reopened->openFile(copy));
        QCOMPARE(reopened->document()->data(), window->document()->data());
        QCOMPARE(reopened->document()->shape({0, 0, 1}).center, QPointF(13.5, 5));
        QVERIFY(window->close());
        QVERIFY(reopened->close());
    }

    // The example, the editor and the Tiled format are part of every build: their absence is a
    // failure, never a skip.
    void bundledExampleOpens() {
        const QString example =
            qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/examples/knight.json");
        QVERIFY2(QFile::exists(example), qPrintable(example));
        auto window = makeWindow();
        QVERIFY2(window->openFile(example), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY(!window->document()->data().sprites.isEmpty());
        QVERIFY(window->session()->currentFrame().isValid());
        QVERIFY(window->close());
    }

    void failedOpenKeepsTheDocument() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(makeDocument(), QStringLiteral("good.json"))));
        moveB(window->document(), 1.0);
        const DocumentData before = window->document()->data();

        const QString broken = mDir.filePath(QStringLiteral("broken.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"hitsmith\", \"version\": 1, \"sprites\": [}");
        file.close();
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QVERIFY(!window->openFile(broken));
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors[0].contains(QStringLiteral("line")) ||
                     mPrompts->errors[0].contains(QStringLiteral("broken.json")),
                 qPrintable(mPrompts->errors[0]));
        QCOMPARE(window->document()->data(), before);
        QVERIFY(window->isWindowModified());
        QCOMPARE(QFileInfo(window->document()->filePath()).fileName(), QStringLiteral("good.json"));

        // A file that cannot be read is reported at once, before any save prompt: the work stays.
        QVERIFY(!window->openFile(mDir.filePath(QStringLiteral("missing.json"))));
        QCOMPARE(mPrompts->errors.size(), 2);
        QCOMPARE(mPrompts->errors[1], QStringLiteral("no such file"));
        QCOMPARE(window->document()->data(), before);

        // An .xml no reader recognises says so (not a JSON parse error), before any save prompt.
        const QString foreign = mDir.filePath(QStringLiteral("level.xml"));
        QFile xml(foreign);
        QVERIFY(xml.open(QIODevice::WriteOnly));
        xml.write("<?xml version=\"1.0\"?>\n<level><enemy/></level>\n");
        xml.close();
        QVERIFY(!window->openFile(foreign));
        QCOMPARE(mPrompts->errors.size(), 3);
        QVERIFY2(mPrompts->errors[2].startsWith(
                     QStringLiteral("level.xml is not a file Hitsmith can open")),
                 qPrintable(mPrompts->errors[2]));
        QCOMPARE(window->document()->data(), before);
        QVERIFY(window->isWindowModified());
        QVERIFY(window->isWindowModified());
        closeDiscarding(window.get(), mPrompts.get());
    }

    void failedSaveKeepsTheDocument() {
        auto window = makeWindow();
        const QString path = writeDocument(makeDocument(), QStringLiteral("keep.json"));
        QVERIFY(window->openFile(path));
        moveB(window->document(), 2.0);
        const QString nowhere = mDir.filePath(QStringLiteral("no/such/dir/out.json"));
        QVERIFY(!window->saveTo(nowhere));
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY(window->isWindowModified());
        QCOMPARE(window->document()->filePath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(readAll(path), HitsmithFormat::serialize(makeDocument())); // old file intact
        closeDiscarding(window.get(), mPrompts.get());
    }

    void promptBeforeLosingChanges() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(makeDocument(), QStringLiteral("p.json"))));
        moveB(window->document(), 1.0);

        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Cancel);
        QVERIFY(!window->close());
        QVERIFY(window->isVisible());
        QCOMPARE(mPrompts->unsavedAsked, 1);

        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Cancel);
        QVERIFY(!window->newDocument());
        QCOMPARE(window->document()->data().sprites.size(), 1);

        // Save from the prompt writes the file, then the window closes.
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Save);
        QVERIFY(window->close());
        QCOMPARE(mPrompts->unsavedAsked, 3);
        QCOMPARE(HitsmithFormat::parse(readAll(mDir.filePath(QStringLiteral("p.json"))))
                     .document->sprites[0]
                     .frames[0]
                     .shapes[1]
                     .center,
                 QPointF(13, 5));

        // Unmodified: no question at all.
        auto clean = makeWindow();
        QVERIFY(clean->close());
        QCOMPARE(mPrompts->unsavedAsked, 3);
    }

    void recentFilesAreKeptAndCapped() {
        auto window = makeWindow();
        QStringList paths;
        for (int i = 0; i < 12; ++i) {
            paths.append(writeDocument(makeDocument(), QStringLiteral("r%1.json").arg(i)));
            QVERIFY(window->openFile(paths.last()));
        }
        const QStringList recent = MainWindow::recentFiles();
        QCOMPARE(recent.size(), MainWindow::kMaxRecentFiles);
        QCOMPARE(recent.first(), QFileInfo(paths[11]).absoluteFilePath());
        QVERIFY(!recent.contains(QFileInfo(paths[0]).absoluteFilePath()));
        QVERIFY(window->openFile(paths[5]));
        QCOMPARE(MainWindow::recentFiles().first(), QFileInfo(paths[5]).absoluteFilePath());

        // The menu lists them and opens them.
        QMenu *menu = window->recentFilesMenu();
        Q_EMIT menu->aboutToShow();
        QList<QAction *> actions = menu->actions();
        QVERIFY(actions.size() >= MainWindow::kMaxRecentFiles);
        QCOMPARE(actions[1]->toolTip(), QFileInfo(paths[11]).absoluteFilePath());
        actions[1]->trigger();
        QCOMPARE(window->document()->filePath(), QFileInfo(paths[11]).absoluteFilePath());

        // A recent file that has gone away is reported once and then dropped from the list.
        QVERIFY(QFile::remove(paths[9]));
        Q_EMIT menu->aboutToShow();
        actions = menu->actions();
        QAction *gone = nullptr;
        for (QAction *action : actions) {
            if (action->toolTip() == QFileInfo(paths[9]).absoluteFilePath())
                gone = action;
        }
        QVERIFY(gone);
        gone->trigger();
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY(!MainWindow::recentFiles().contains(QFileInfo(paths[9]).absoluteFilePath()));
        QCOMPARE(window->document()->filePath(), QFileInfo(paths[11]).absoluteFilePath());
        QVERIFY(window->close());
    }

    void windowLayoutPersists() {
        {
            auto window = makeWindow();
            auto *hits = window->findChild<QDockWidget *>(QStringLiteral("hitsDock"));
            QVERIFY(hits);
            hits->hide();
            QVERIFY(window->close());
        }
        QVERIFY(QSettings().contains(QStringLiteral("mainWindow/state")));
        auto window = makeWindow();
        auto *hits = window->findChild<QDockWidget *>(QStringLiteral("hitsDock"));
        QVERIFY(hits->isHidden());
        QVERIFY(window->close());
    }

    void autosaveAndRecoverAfterCrash() {
        const QString path = writeDocument(makeDocument(), QStringLiteral("crash.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(path));
        Autosaver *autosaver = window->autosaver();
        QCOMPARE(autosaver->interval(), Autosaver::kDefaultIntervalMs);
        const QString recovery = autosaver->recoveryFilePath();
        QVERIFY(recovery.startsWith(Autosaver::recoveryDirectory()));
        // Drive the real timer: wait for it to fire, then look at what it did.
        QTimer *timer = autosaver->findChild<QTimer *>();
        QVERIFY(timer);
        QSignalSpy ticks(timer, &QTimer::timeout);
        QSignalSpy written(autosaver, &Autosaver::autosaved);
        autosaver->setInterval(20);
        QVERIFY(ticks.wait(5000));
        QVERIFY(!QFile::exists(recovery)); // the timer fired; nothing unsaved, nothing written
        QCOMPARE(written.size(), 0);

        moveB(window->document(), 7.0);
        ticks.clear();
        QVERIFY(ticks.wait(5000));
        QCOMPARE(written.size(), 1); // the timer fired and wrote the unsaved edit
        QCOMPARE(written[0][0].toString(), recovery);
        QVERIFY(QFile::exists(recovery));
        QCOMPARE(HitsmithFormat::parse(readAll(recovery)).document,
                 std::optional(window->document()->data()));
        // A running session's file is not offered to another window.
        QVERIFY(Autosaver::abandonedRecoveries().isEmpty());

        const DocumentData unsaved = window->document()->data();
        window.reset(); // a crash: no close event, the recovery file stays

        QVERIFY(QFile::exists(recovery));
        const QList<RecoveryEntry> entries = Autosaver::abandonedRecoveries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].originalPath, QFileInfo(path).absoluteFilePath());

        auto next = makeWindow();
        mPrompts->confirmAnswers.enqueue(true);
        QCOMPARE(next->offerRecovery(), 1);
        QCOMPARE(mPrompts->confirms.size(), 1);
        QVERIFY(mPrompts->confirms[0].contains(QStringLiteral("crash.json")));
        QCOMPARE(next->document()->data(), unsaved);
        QVERIFY(next->document()->isModified());
        QVERIFY(next->isWindowModified());
        QCOMPARE(next->document()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(!QFile::exists(recovery));                             // taken over...
        QVERIFY(QFile::exists(next->autosaver()->recoveryFilePath())); // ...by the new session
        QVERIFY(Autosaver::abandonedRecoveries().isEmpty());
        // Only the live session's lock is left in the folder.
        QCOMPARE(QDir(Autosaver::recoveryDirectory()).entryList({"*.lock"}, QDir::Files).size(), 1);

        // Save goes to the original path and removes the recovery file.
        QVERIFY(next->save());
        QVERIFY(!QFile::exists(next->autosaver()->recoveryFilePath()));
        QCOMPARE(readAll(path), HitsmithFormat::serialize(unsaved));
        QVERIFY(next->close());
    }

    // Issue 26: the editor restarted on the same file (scripts/run-editor.sh opens the example)
    // answered "Restore the unsaved work?" Yes, then at once asked to save or discard the work it
    // had just restored. It stays open, marked modified; no question follows.
    void restoredWorkStaysOpenWhenStartedOnItsFile() {
        const QString path = writeDocument(makeDocument(), QStringLiteral("knight.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(path));
        moveB(window->document(), 7.0);
        QVERIFY(window->autosaver()->autosaveNow());
        const DocumentData unsaved = window->document()->data();
        window.reset(); // a crash: no close event, the recovery file stays

        auto next = makeWindow();
        mPrompts->confirmAnswers.enqueue(true); // "Restore the unsaved work?" Yes
        // Were the save question asked, Discard would throw the restored work away.
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        next->startUp({path});
        QCOMPARE(mPrompts->confirms.size(), 1);
        QCOMPARE(mPrompts->unsavedAsked, 0);
        QCOMPARE(next->document()->data(), unsaved);
        QVERIFY(next->document()->isModified());
        QVERIFY(next->isWindowModified());
        QCOMPARE(next->document()->filePath(), QFileInfo(path).absoluteFilePath());
        mPrompts->unsavedAnswers.clear();
        closeDiscarding(next.get(), mPrompts.get());
    }

    // Restored work and another file named on the command line: each gets its own window.
    void restoredWorkKeepsItsWindowWhenStartedOnAnotherFile() {
        const QString path = writeDocument(makeDocument(), QStringLiteral("crashed.json"));
        const QString other = writeDocument(makeDocument(), QStringLiteral("other.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(path));
        moveB(window->document(), 3.0);
        QVERIFY(window->autosaver()->autosaveNow());
        const DocumentData unsaved = window->document()->data();
        window.reset();

        auto next = makeWindow();
        mPrompts->confirmAnswers.enqueue(true);
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        next->startUp({other});
        QCOMPARE(mPrompts->unsavedAsked, 0);
        QCOMPARE(next->document()->data(), unsaved);
        QVERIFY(next->document()->isModified());
        MainWindow *opened = nullptr;
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *candidate = qobject_cast<MainWindow *>(widget);
            if (candidate && candidate != next.get() && candidate->isVisible())
                opened = candidate;
        }
        QVERIFY(opened);
        QCOMPARE(opened->document()->filePath(), QFileInfo(other).absoluteFilePath());
        QVERIFY(!opened->document()->isModified());
        QVERIFY(opened->close());
        mPrompts->unsavedAnswers.clear();
        closeDiscarding(next.get(), mPrompts.get());
    }

    void recoveryOfUntitledWorkAndDeclining() {
        auto window = makeWindow();
        QVERIFY(window->newDocument());
        window->document()->undoStack()->push(
            new ChangeShapesCommand(window->document(), {}, {}, "noop"));
        // An untitled document with a sprite, built through the panel's own action.
        window->addSpritesFromImages({}); // nothing to add: no prompt, no change
        QCOMPARE(mPrompts->errors.size(), 0);
        QVERIFY(window->autosaver()->autosaveNow());
        const QString recovery = window->autosaver()->recoveryFilePath();
        QVERIFY(QFile::exists(recovery));
        window.reset();

        auto next = makeWindow();
        mPrompts->confirmAnswers.enqueue(false); // not now...
        mPrompts->confirmAnswers.enqueue(false); // ...and do not delete
        QCOMPARE(next->offerRecovery(), 0);
        QVERIFY(QFile::exists(recovery)); // still offered next time
        mPrompts->confirmAnswers.enqueue(false);
        mPrompts->confirmAnswers.enqueue(true); // delete it
        QCOMPARE(next->offerRecovery(), 0);
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(next->close());
    }

    void cleanCloseRemovesRecovery() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(makeDocument(), QStringLiteral("c.json"))));
        moveB(window->document(), 1.0);
        QVERIFY(window->autosaver()->autosaveNow());
        const QString recovery = window->autosaver()->recoveryFilePath();
        QVERIFY(QFile::exists(recovery));
        closeDiscarding(window.get(), mPrompts.get());
        QVERIFY(!QFile::exists(recovery));
        // Undoing back to the saved state also retires the recovery file at the next tick.
        auto other = makeWindow();
        QVERIFY(other->openFile(mDir.filePath(QStringLiteral("c.json"))));
        moveB(other->document(), 1.0);
        QVERIFY(other->autosaver()->autosaveNow());
        other->document()->undoStack()->undo();
        QVERIFY(other->autosaver()->autosaveNow());
        QVERIFY(!QFile::exists(other->autosaver()->recoveryFilePath()));
        QVERIFY(other->close());
    }

    void dropPngAddsSprite() {
        auto window = makeWindow();
        QImage image(16, 16, QImage::Format_ARGB32);
        image.fill(Qt::red);
        const QString png = mDir.filePath(QStringLiteral("drop.png"));
        QVERIFY(image.save(png));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(png), QUrl::fromLocalFile(mDir.filePath("x.txt"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &drop);
        QTRY_COMPARE(window->document()->data().sprites.size(), 1);
        QCOMPARE(window->document()->sprite(0).name, QStringLiteral("drop"));
        // Untitled: the path is absolute until the document has a folder.
        QCOMPARE(window->document()->sprite(0).image, QFileInfo(png).absoluteFilePath());
        QCOMPARE(window->session()->currentFrame(), (FrameRef{0, 0}));
        closeDiscarding(window.get(), mPrompts.get());
    }

    // A dropped document may ask about unsaved changes: the question comes after the drop event
    // has returned, never as a modal box inside it (the drag source waits for the drop).
    void dropAsksOnlyAfterTheDropEvent() {
        const QString dropped = writeDocument(makeDocument(), QStringLiteral("dropped.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(makeDocument(), QStringLiteral("current.json"))));
        moveB(window->document(), 2.0);
        QVERIFY(window->document()->isModified());
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(dropped)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &drop);
        QCOMPARE(mPrompts->unsavedAsked, 0); // not from inside the drop event
        QTRY_COMPARE(mPrompts->unsavedAsked, 1);
        QCOMPARE(window->document()->filePath(), QFileInfo(dropped).absoluteFilePath());
        QVERIFY(window->close());
    }

    void editorStartsEvenWhenTheFileCannotBeRead() {
        const QString editor =
            qEnvironmentVariable("HITSMITH_BIN_DIR") + QStringLiteral("/hitsmith");
        QVERIFY2(QFile::exists(editor), qPrintable(editor));
        const QString grab = mDir.filePath(QStringLiteral("startup.png"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        // The editor grabs its window and quits, even from inside the error message box.
        environment.insert(QStringLiteral("HITSMITH_GRAB"), grab);
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(editor, {mDir.filePath(QStringLiteral("does-not-exist.json"))});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(QImage(grab).width() > 100);
    }

    // Image paths are absolute in memory and relative in the file, to wherever it is written.
    void saveElsewhereRelocatesImages() {
        QDir(mDir.path()).mkpath(QStringLiteral("art"));
        QDir(mDir.path()).mkpath(QStringLiteral("docs/sub"));
        QImage image(8, 8, QImage::Format_ARGB32);
        image.fill(Qt::blue);
        const QString png =
            QFileInfo(mDir.filePath(QStringLiteral("art/bat.png"))).absoluteFilePath();
        QVERIFY(image.save(png));
        auto window = makeWindow();
        QCOMPARE(window->addSpritesFromImages({png}), 1);
        QCOMPARE(window->document()->sprite(0).image, png);

        // First save: the file stores the path relative to the document; memory keeps it.
        const QString first = mDir.filePath(QStringLiteral("docs/bat.json"));
        QVERIFY(window->saveTo(first));
        QCOMPARE(storedImage(first), QStringLiteral("../art/bat.png"));
        QCOMPARE(window->document()->sprite(0).image, png);
        // Save As into another folder: still the same image, relative to the new file.
        const QString second = mDir.filePath(QStringLiteral("docs/sub/bat.json"));
        QVERIFY(window->saveTo(second));
        QCOMPARE(storedImage(second), QStringLiteral("../../art/bat.png"));
        QCOMPARE(window->document()->sprite(0).image, png);
        QVERIFY(!window->isWindowModified());
        // Reopened, the relative path is resolved against the file's folder.
        auto reopened = makeWindow();
        QVERIFY(reopened->openFile(second));
        QCOMPARE(reopened->document()->sprite(0).image, png);
        QVERIFY(reopened->close());
        // A failed save changes nothing, not even the history.
        const int steps = window->document()->undoStack()->index();
        QVERIFY(!window->saveTo(mDir.filePath(QStringLiteral("nowhere/x/bat.json"))));
        QCOMPARE(window->document()->sprite(0).image, png);
        QCOMPARE(window->document()->undoStack()->index(), steps);
        QVERIFY(!window->document()->undoStack()->canRedo());
        QVERIFY(!window->isWindowModified());
        QVERIFY(window->close());
    }

    // Saving never adds an undo step: after Save As into another folder, Ctrl+Z undoes the
    // user's last edit, and every undo/redo leaves image paths that resolve.
    void saveAsElsewhereThenUndoKeepsImages() {
        QDir(mDir.path()).mkpath(QStringLiteral("art2"));
        QDir(mDir.path()).mkpath(QStringLiteral("first"));
        QDir(mDir.path()).mkpath(QStringLiteral("second/deeper"));
        QImage image(8, 8, QImage::Format_ARGB32);
        image.fill(Qt::green);
        const QString png =
            QFileInfo(mDir.filePath(QStringLiteral("art2/owl.png"))).absoluteFilePath();
        QVERIFY(image.save(png));
        auto window = makeWindow();
        Document *document = window->document();
        QUndoStack *stack = document->undoStack();
        const auto resolves = [&] {
            return QFileInfo(document->sprite(0).image).canonicalFilePath() ==
                   QFileInfo(png).canonicalFilePath();
        };
        QCOMPARE(window->addSpritesFromImages({png}), 1);
        QVERIFY(window->saveTo(mDir.filePath(QStringLiteral("first/owl.json"))));
        QCOMPARE(storedImage(document->filePath()), QStringLiteral("../art2/owl.png"));
        QCOMPARE(stack->count(), 1); // the first save added no step either
        // A user edit that captures the sprite's image path.
        stack->push(new ChangeSpriteCommand(document, 0, QStringLiteral("owl2"),
                                            document->sprite(0).image, QStringLiteral("Rename")));
        QCOMPARE(stack->count(), 2);

        QVERIFY(window->saveTo(mDir.filePath(QStringLiteral("second/deeper/owl.json"))));
        QCOMPARE(stack->count(), 2); // no relocation step
        for (int i = 0; i < stack->count(); ++i)
            QVERIFY2(!stack->text(i).contains(QStringLiteral("Relocate")),
                     qPrintable(stack->text(i)));
        QCOMPARE(document->sprite(0).image, png);
        QVERIFY(resolves());
        QCOMPARE(storedImage(document->filePath()), QStringLiteral("../../art2/owl.png"));
        const ReadResult onDisk = loadDocumentFile(document->filePath());
        QVERIFY(onDisk.isOk());
        QCOMPARE(*onDisk.document, document->data()); // memory is what the file says

        // Ctrl+Z right after: the rename is undone, and the image is still found.
        stack->undo();
        QCOMPARE(document->sprite(0).name, QStringLiteral("owl"));
        QVERIFY2(resolves(), qPrintable(document->sprite(0).image));
        stack->redo();
        QCOMPARE(document->sprite(0).name, QStringLiteral("owl2"));
        QVERIFY2(resolves(), qPrintable(document->sprite(0).image));
        // All the way back and forth again.
        stack->undo();
        stack->undo();
        QCOMPARE(document->data().sprites.size(), 0);
        stack->redo();
        QVERIFY2(resolves(), qPrintable(document->sprite(0).image));
        stack->redo();
        QVERIFY2(resolves(), qPrintable(document->sprite(0).image));
        QVERIFY(!window->isWindowModified());

        // A failed save after an undo leaves the redo step as it was and adds none.
        stack->undo();
        QVERIFY(!window->saveTo(mDir.filePath(QStringLiteral("nowhere/y/owl.json"))));
        QCOMPARE(stack->count(), 2);
        QCOMPARE(stack->index(), 1);
        QCOMPARE(stack->text(1), QStringLiteral("Rename"));
        stack->redo();
        QVERIFY(!stack->canRedo());
        QVERIFY(resolves());
        QVERIFY(window->close());
    }

    // Issue 43: File > Export has, next to each Tiled format, its variant for Tiled before 1.12.
    // The plain entry writes Tiled 1.12 capsule objects without a question; the older one asks
    // about the capsules it turns into polygons and writes no capsule.
    void tiledExportsOfferCapsulesForOlderTiled() {
        DocumentData data = makeDocument();
        data.sprites[0].frames[0].shapes
            << Shape::capsule(QStringLiteral("arm"), {4, 4}, {20, 12}, 3);
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(data, QStringLiteral("limbs.json"))));
        const auto exportAction = [&](const QString &text) -> QAction * {
            for (QAction *top : window->menuBar()->actions())
                if (top->menu() && top->text().remove(u'&') == QLatin1String("File"))
                    for (QAction *item : top->menu()->actions())
                        if (item->menu() && item->text().remove(u'&') == QLatin1String("Export"))
                            for (QAction *format : item->menu()->actions())
                                if (format->text() == text)
                                    return format;
            return nullptr;
        };
        QAction *native = exportAction(QStringLiteral("Tiled tileset (XML)..."));
        QAction *older = exportAction(QStringLiteral(
            "Tiled tileset (XML), capsules as polygons for Tiled 1.11 and older..."));
        QVERIFY(native && older);
        QVERIFY(exportAction(QStringLiteral(
            "Tiled tileset (JSON), capsules as polygons for Tiled 1.11 and older...")));

        const QString current = mDir.filePath(QStringLiteral("current.tsx"));
        mPrompts->fileNames.enqueue(current);
        mPrompts->confirmAnswers.enqueue(true); // makeDocument() has other losses for Tiled
        native->trigger();
        mPrompts->confirmAnswers.clear();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY2(mPrompts->confirms.filter(QStringLiteral("capsule")).isEmpty(),
                 qPrintable(mPrompts->confirms.join(u'\n')));
        QVERIFY(readAll(current).contains("<capsule/>"));

        const QString legacy = mDir.filePath(QStringLiteral("legacy.tsx"));
        mPrompts->fileNames.enqueue(legacy);
        mPrompts->confirmAnswers.enqueue(true);
        older->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY2(mPrompts->confirms.join(u'\n').contains(
                     QStringLiteral("1 capsule written as a polygon")),
                 qPrintable(mPrompts->confirms.join(u'\n')));
        const QByteArray written = readAll(legacy);
        QVERIFY(!written.contains("capsule"));
        QVERIFY(written.contains("name=\"arm\""));
        QVERIFY(written.contains("<polygon points="));
        closeDiscarding(window.get(), mPrompts.get());
    }

    void importMakesAnUnsavedDocument() {
        const FileFormat *tiled = FormatRegistry::instance().byName(QStringLiteral("tiled-tsx"));
        QVERIFY(tiled && (tiled->capabilities() & FileFormat::CanRead));
        QImage image(32, 16, QImage::Format_ARGB32);
        image.fill(Qt::yellow);
        QVERIFY(image.save(mDir.filePath(QStringLiteral("tiles.png"))));
        DocumentData data = makeDocument();
        data.sprites[0].image = QStringLiteral("tiles.png");
        data.sprites[0].frames[0].source = QRectF(0, 0, 16, 16);
        data.sprites[0].frames[1].source = QRectF(16, 0, 16, 16);
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(data, QStringLiteral("tiles.json"))));
        const QString tsx = mDir.filePath(QStringLiteral("tiles.tsx"));
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        QVERIFY2(window->exportFile(tsx, tiled), qPrintable(mPrompts->errors.join(u'\n')));

        // Opening a .tsx imports it: an untitled, modified document with absolute image paths.
        auto imported = makeWindow();
        QVERIFY2(imported->openFile(tsx), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY(!imported->document()->data().sprites.isEmpty());
        QVERIFY(imported->document()->filePath().isEmpty());
        QVERIFY(imported->isWindowModified());
        QCOMPARE(imported->windowTitle(),
                 QStringLiteral("Untitled (imported from tiles.tsx)[*] - Hitsmith"));
        const QString image0 = imported->document()->sprite(0).image;
        QVERIFY2(image0.isEmpty() || QFileInfo(image0).isAbsolute(), qPrintable(image0));
        closeDiscarding(imported.get(), mPrompts.get());
        QVERIFY(window->close());
    }

    void importWarningsAreWarningsNotErrors() {
        // A Tiled tileset with a two-point polyline imports, with a warning about the polyline:
        // shown as a warning (it imported), never with the error icon.
        const QString tsx = mDir.filePath(QStringLiteral("warned.tsx"));
        QFile file(tsx);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="warned" tilewidth="16" tileheight="16" tilecount="1" columns="1">
 <image source="tiles.png" width="16" height="16"/>
 <tile id="0">
  <objectgroup draworder="index">
   <object id="1" x="2" y="2" width="8" height="8"/>
   <object id="2" x="1" y="1"><polyline points="0,0 5,5"/></object>
  </objectgroup>
 </tile>
</tileset>
)");
        file.close();
        auto window = makeWindow();
        QVERIFY2(window->openFile(tsx), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(mPrompts->warnings.size(), 1);
        QVERIFY2(mPrompts->warnings[0].startsWith(QStringLiteral("Imported with warnings")),
                 qPrintable(mPrompts->warnings[0]));
        QVERIFY2(mPrompts->warnings[0].contains(QStringLiteral("polyline")),
                 qPrintable(mPrompts->warnings[0]));
        QCOMPARE(window->document()->data().shapeCount(), 1);
        closeDiscarding(window.get(), mPrompts.get());
    }

    void openingAnEngineJsonImportsIt() {
        // A PhysicsEditor Phaser/Matter export shares ".json" with native documents: opening it
        // must import it by its content, not fail as "not a Hitsmith document".
        const FileFormat *matter = FormatRegistry::instance().byName(QStringLiteral("matter"));
        QVERIFY(matter);
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(makeDocument(), QStringLiteral("m.json"))));
        const QString exported = mDir.filePath(QStringLiteral("bodies.json"));
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        QVERIFY2(window->exportFile(exported, matter), qPrintable(mPrompts->errors.join(u'\n')));

        auto imported = makeWindow();
        QVERIFY2(imported->openFile(exported), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY(mPrompts->errors.isEmpty());
        QCOMPARE(imported->document()->data().shapeCount(),
                 window->document()->data().shapeCount());
        QVERIFY(imported->document()->filePath().isEmpty()); // an import, saved only on request
        closeDiscarding(imported.get(), mPrompts.get());
        QVERIFY(window->close());
    }

    void exportThroughEveryWritableFormat() {
        // Layers every format maps (.air keeps only hitbox and hurtbox), so each format must
        // bring every shape back (a circle or polygon comes back from .air as its bounding box).
        DocumentData data = makeDocument();
        for (Frame &frame : data.sprites[0].frames)
            for (Shape &shape : frame.shapes)
                shape.layer += QStringLiteral("box");
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(data, QStringLiteral("e.json"))));
        int exported = 0;
        for (const FileFormat *format : FormatRegistry::instance().formats()) {
            if (!(format->capabilities() & FileFormat::CanWrite) || format->extensions().isEmpty())
                continue;
            const QString out = mDir.filePath(
                QStringLiteral("out-%1.%2").arg(format->name(), format->extensions()[0]));
            for (int i = 0; i < 4; ++i)
                mPrompts->confirmAnswers.enqueue(true);
            if (format->name() == QLatin1String("aseprite-file")) {
                // Slices are written into the .aseprite the document came from: a document
                // that came from none is refused with a message that says so, nothing written.
                QVERIFY(!window->exportFile(out, format));
                QVERIFY2(!mPrompts->errors.isEmpty() &&
                             mPrompts->errors.last().contains(QStringLiteral(".aseprite file")),
                         qPrintable(mPrompts->errors.join(u'\n')));
                QVERIFY(!QFileInfo::exists(out));
                mPrompts->errors.clear();
                mPrompts->confirmAnswers.clear();
                continue;
            }
            QVERIFY2(window->exportFile(out, format), qPrintable(mPrompts->errors.join(u'\n')));
            // Read it back where the format can: the shapes arrived, not just some bytes.
            if (format->capabilities() & FileFormat::CanRead) {
                const ReadResult back = format->readFrom(readAll(out), out);
                QVERIFY2(back.isOk(),
                         qPrintable(format->name() + QStringLiteral(": ") + back.error));
                QVERIFY2(back.document->shapeCount() == window->document()->data().shapeCount(),
                         qPrintable(QStringLiteral("%1: %2 shapes read back of %3")
                                        .arg(format->name())
                                        .arg(back.document->shapeCount())
                                        .arg(window->document()->data().shapeCount())));
            } else {
                QVERIFY(QFileInfo(out).size() > 0);
            }
            ++exported;
        }
        QVERIFY(exported >= 1);
        QVERIFY(!window->isWindowModified()); // exporting is not saving, and changes nothing
        QVERIFY(window->close());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestFiles)
#include "tst_files.moc"
