// Never lose a document (issue 8): Export never proposes or silently replaces the document or any
// Hitsmith document, an import is untitled and never saved over its source, the modified mark is
// the undo stack's, Open Recent tells same-named files apart, a PNG opened as a document is offered
// as a sprite, and Export asks only about what the writer reports lost.

#include "shelltestsupport.h"

#include "autosaver.h"
#include "document.h"
#include "documentmanager.h"
#include "formatregistry.h"
#include "hitsmithformat.h"
#include "mainwindow.h"

#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

const FileFormat *formatNamed(const char *name) {
    return FormatRegistry::instance().byName(QLatin1String(name));
}

/// A format whose writer reports exactly the losses it is given.
class LossyFormat final : public FileFormat {
public:
    QStringList losses;
    QString name() const override { return QStringLiteral("lossy"); }
    QString displayName() const override { return QStringLiteral("Lossy"); }
    QStringList extensions() const override { return {QStringLiteral("lossy")}; }
    Capabilities capabilities() const override { return CanWrite; }
    QStringList exportWarnings(const DocumentData &) const override { return losses; }
    WriteResult write(const DocumentData &, const FormatContext &,
                      const WriteOptions &) const override {
        return {QByteArrayLiteral("lossy\n"), {}, {}};
    }
};

} // namespace

class TestDataLoss : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    std::shared_ptr<FakePrompts> mPrompts;

    QString writeDocument(const QString &name, const DocumentData &data = makeDocument()) {
        const QString path = mDir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(HitsmithFormat::serialize(data));
        return QFileInfo(path).absoluteFilePath();
    }

    std::unique_ptr<MainWindow> makeWindow() {
        auto window = std::make_unique<MainWindow>(mPrompts);
        window->show();
        window->activateWindow();
        [&] { QVERIFY(QTest::qWaitForWindowActive(window.get())); }();
        return window;
    }

    /// The File menu item with this text, in a submenu when given (as a user clicks it).
    static QAction *fileMenuAction(MainWindow *window, const QString &submenu,
                                   const QString &text) {
        for (QAction *top : window->menuBar()->actions()) {
            if (top->text().remove(u'&') != QLatin1String("File"))
                continue;
            QMenu *menu = top->menu();
            if (!submenu.isEmpty()) {
                for (QAction *item : menu->actions()) {
                    if (item->menu() && item->text().remove(u'&') == submenu)
                        menu = item->menu();
                }
            }
            for (QAction *item : menu->actions()) {
                const QString shown = item->text().remove(u'&');
                if (shown == text || shown == text + QStringLiteral("..."))
                    return item;
            }
        }
        return nullptr;
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

    void exportSuggestsANameWithTheFormat() {
        const QString doc = writeDocument(QStringLiteral("knight.json"));
        auto window = makeWindow();
        QVERIFY(window->openFile(doc));
        const QList<std::pair<const char *, const char *>> expected = {
            {"matter", "knight.matter.json"},
            {"tiled-tsj", "knight.tsj"},
            {"tiled-tsx", "knight.tsx"},
            {"godot", "knight.tscn"}};
        for (const auto &[name, file] : expected) {
            const FileFormat *format = formatNamed(name);
            QVERIFY2(format, name);
            QAction *item =
                fileMenuAction(window.get(), QStringLiteral("Export"), format->displayName());
            QVERIFY2(item, name);
            item->trigger(); // the dialog is cancelled (no file name queued)
            QCOMPARE(mPrompts->suggestedPaths.last(), mDir.filePath(QLatin1String(file)));
            QVERIFY(mPrompts->suggestedPaths.last() != doc);
        }
        QCOMPARE(readAll(doc), HitsmithFormat::serialize(makeDocument()));
        QVERIFY(window->close());
    }

    void exportOverTheOpenDocumentAsksDefaultNo() {
        const QString doc = writeDocument(QStringLiteral("out.json"));
        const QByteArray original = readAll(doc);
        auto window = makeWindow();
        QVERIFY(window->openFile(doc));
        QAction *matter = fileMenuAction(window.get(), QStringLiteral("Export"),
                                         formatNamed("matter")->displayName());
        QVERIFY(matter);
        // The user types the document's own name and presses Enter on the warning: No.
        mPrompts->fileNames.enqueue(doc);
        matter->trigger();
        QCOMPARE(mPrompts->destructiveConfirms.size(), 1);
        QVERIFY2(mPrompts->destructiveConfirms[0].startsWith(
                     QStringLiteral("out.json is the open document's own file; replace it "
                                    "with %1?")
                         .arg(formatNamed("matter")->displayName())),
                 qPrintable(mPrompts->destructiveConfirms[0]));
        QCOMPARE(readAll(doc), original);
        QVERIFY(!window->isWindowModified());

        // Yes: the file holds the export now, so the document is no longer saved anywhere.
        mPrompts->fileNames.enqueue(doc);
        mPrompts->destructiveAnswers.enqueue(true);
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        matter->trigger();
        QVERIFY(readAll(doc) != original);
        QVERIFY(!holdsHitsmithDocument(doc));
        QVERIFY(window->isWindowModified());
        QVERIFY(!window->document()->undoStack()->canUndo());
        // Save puts the Hitsmith document back.
        QVERIFY(window->save());
        QCOMPARE(readAll(doc), original);
        QVERIFY(!window->isWindowModified());
        QVERIFY(window->close());
    }

    void exportOverAnotherHitsmithDocumentAsks() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(QStringLiteral("mine.json"))));
        const QString other = writeDocument(QStringLiteral("other.json"));
        const QByteArray original = readAll(other);
        const FileFormat *matter = formatNamed("matter");
        QVERIFY(!window->exportFile(other, matter));
        QCOMPARE(mPrompts->destructiveConfirms,
                 QStringList{QStringLiteral("other.json is a Hitsmith document; replace it with "
                                            "%1?\n\nThe Hitsmith document in it is lost.")
                                 .arg(matter->displayName())});
        QCOMPARE(readAll(other), original);
        // Whatever its name: a Hitsmith document saved as .tsj is protected too.
        const QString disguised = writeDocument(QStringLiteral("level.tsj"));
        QVERIFY(!window->exportFile(disguised, formatNamed("tiled-tsj")));
        QCOMPARE(mPrompts->destructiveConfirms.size(), 2);
        QVERIFY(holdsHitsmithDocument(disguised));
        // Over a file that holds no Hitsmith document: no such question.
        const QString plain = mDir.filePath(QStringLiteral("plain.json"));
        QFile file(plain);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{}");
        file.close();
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        QVERIFY(window->exportFile(plain, matter));
        QCOMPARE(mPrompts->destructiveConfirms.size(), 2);
        QVERIFY(window->close());
    }

    void importIsUntitledAndNeverSavedOverItsSource() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(QStringLiteral("hero.json"))));
        const QString bodies = mDir.filePath(QStringLiteral("bodies.json"));
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        QVERIFY(window->exportFile(bodies, formatNamed("matter")));
        const QByteArray exported = readAll(bodies);
        QVERIFY(window->close());

        auto imported = makeWindow();
        QVERIFY(imported->openFile(bodies));
        QVERIFY(imported->document()->filePath().isEmpty());
        QCOMPARE(imported->windowTitle(),
                 QStringLiteral("Untitled (imported from bodies.json)[*] - Hitsmith"));
        QVERIFY(imported->isWindowModified());

        // Ctrl+S asks for a new name, proposing one beside the source; the source is refused.
        mPrompts->fileNames.enqueue(bodies);
        QTest::keySequence(imported.get(), QKeySequence::Save);
        QCOMPARE(mPrompts->suggestedPaths.last(),
                 mDir.filePath(QStringLiteral("bodies.hitsmith.json")));
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors[0].contains(QStringLiteral("imported from")),
                 qPrintable(mPrompts->errors[0]));
        QCOMPARE(readAll(bodies), exported);
        QVERIFY(imported->isWindowModified());

        const QString saved = mDir.filePath(QStringLiteral("bodies.hitsmith.json"));
        mPrompts->fileNames.enqueue(saved);
        QTest::keySequence(imported.get(), QKeySequence::Save);
        QVERIFY(holdsHitsmithDocument(saved));
        QCOMPARE(readAll(bodies), exported);
        QCOMPARE(imported->windowTitle(), QStringLiteral("bodies.hitsmith.json[*] - Hitsmith"));
        QVERIFY(!imported->isWindowModified());
        QVERIFY(imported->close());
    }

    // After an import, Open > Discard showed "out.json*" with nothing to undo.
    void modifiedMarkFollowsTheUndoStack() {
        auto window = makeWindow();
        const QString doc = writeDocument(QStringLiteral("out.json"));
        QVERIFY(window->openFile(doc));
        const QString tsx = mDir.filePath(QStringLiteral("out.tsx"));
        for (int i = 0; i < 4; ++i)
            mPrompts->confirmAnswers.enqueue(true);
        QVERIFY(window->exportFile(tsx, formatNamed("tiled-tsx")));
        QVERIFY(window->openFile(tsx)); // an import: modified, nothing to undo
        QVERIFY(window->isWindowModified());
        QVERIFY(!window->document()->undoStack()->canUndo());

        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mPrompts->fileNames.enqueue(doc);
        QTest::keySequence(window.get(), QKeySequence::Open);
        QCOMPARE(window->document()->filePath(), doc);
        QVERIFY(!window->document()->undoStack()->canUndo());
        QVERIFY(!window->document()->isModified());
        QVERIFY(!window->isWindowModified());
        QCOMPARE(window->windowTitle(), QStringLiteral("out.json[*] - Hitsmith"));
        QVERIFY(window->close());
    }

    void openRecentShowsTheFolderWhereNamesClash() {
        QDir(mDir.path()).mkpath(QStringLiteral("game/a"));
        QDir(mDir.path()).mkpath(QStringLiteral("game/b"));
        QDir(mDir.path()).mkpath(QStringLiteral("old/b"));
        const QString a = writeDocument(QStringLiteral("game/a/knight.json"));
        const QString b = writeDocument(QStringLiteral("game/b/knight.json"));
        const QString oldB = writeDocument(QStringLiteral("old/b/knight.json"));
        const QString slime = writeDocument(QStringLiteral("game/a/slime.json"));
        for (const QString &path : {oldB, b, a, slime})
            DocumentManager::addRecentFile(path);
        auto window = makeWindow();
        QMenu *menu = window->recentFilesMenu();
        Q_EMIT menu->aboutToShow();
        QStringList texts;
        for (QAction *action : menu->actions()) {
            if (!action->isSeparator())
                texts.append(action->text());
        }
        const QString dash = QStringLiteral(" \u2014 ");
        const QString sep = QDir::separator();
        QCOMPARE(texts.mid(0, 4),
                 (QStringList{QStringLiteral("&1 slime.json"),
                              QStringLiteral("&2 knight.json") + dash + QStringLiteral("a"),
                              QStringLiteral("&3 knight.json") + dash + QStringLiteral("game") +
                                  sep + QStringLiteral("b"),
                              QStringLiteral("&4 knight.json") + dash + QStringLiteral("old") +
                                  sep + QStringLiteral("b")}));
        // The entry opens the file it names.
        menu->actions()[2]->trigger();
        QCOMPARE(window->document()->filePath(), b);
        QVERIFY(window->close());
    }

    void openingAPngOffersToAddItAsASprite() {
        QImage image(16, 16, QImage::Format_ARGB32);
        image.fill(Qt::red);
        const QString png = mDir.filePath(QStringLiteral("slime.png"));
        QVERIFY(image.save(png));
        auto window = makeWindow();
        // Declined: nothing changes and no parse error is shown.
        mPrompts->fileNames.enqueue(png);
        QTest::keySequence(window.get(), QKeySequence::Open);
        QCOMPARE(mPrompts->confirms.size(), 1);
        QVERIFY2(mPrompts->confirms[0].contains(QStringLiteral("slime.png is an image")) &&
                     mPrompts->confirms[0].contains(QStringLiteral("as a sprite")),
                 qPrintable(mPrompts->confirms[0]));
        QVERIFY(mPrompts->errors.isEmpty());
        QVERIFY(window->document()->data().sprites.isEmpty());
        // Accepted: one sprite, as Add Sprite from PNG makes it (one undo step).
        mPrompts->fileNames.enqueue(png);
        mPrompts->confirmAnswers.enqueue(true);
        QTest::keySequence(window.get(), QKeySequence::Open);
        QCOMPARE(window->document()->data().sprites.size(), 1);
        QCOMPARE(window->document()->sprite(0).name, QStringLiteral("slime"));
        QCOMPARE(window->document()->sprite(0).image, QFileInfo(png).absoluteFilePath());
        QCOMPARE(window->document()->undoStack()->count(), 1);
        QVERIFY(mPrompts->errors.isEmpty());
        closeDiscarding(window.get(), mPrompts.get());
    }

    void exportAsksOnlyAboutReportedLosses() {
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(QStringLiteral("lossless.json"))));
        LossyFormat format;
        QVERIFY(window->exportFile(mDir.filePath(QStringLiteral("a.lossy")), &format));
        QVERIFY(mPrompts->confirms.isEmpty()); // nothing lost: no question

        format.losses = {QStringLiteral("3 rotated rectangles become polygons"),
                         QStringLiteral("2 layer colours are not stored")};
        QVERIFY(!window->exportFile(mDir.filePath(QStringLiteral("b.lossy")), &format));
        QCOMPARE(mPrompts->confirms.size(), 1);
        const QString question = mPrompts->confirms[0];
        for (const QString &loss : format.losses)
            QCOMPARE(question.count(loss), 1);    // as the writer gives them, once each
        for (const QString &loss : format.losses) // one bullet each
            QVERIFY2(question.contains(QStringLiteral("\u2022 ") + loss), qPrintable(question));
        QVERIFY(!QFileInfo::exists(mDir.filePath(QStringLiteral("b.lossy"))));
        QVERIFY(window->close());
    }

    // Issue 26: invalid shapes and losses were two questions in a row, the losses one run-on
    // paragraph with zero counts ("2 properties on 1 shapes and 0 frames"). Now one question
    // names the invalid shapes, one bullet a line, counts read as words.
    void exportAsksOnceNamingTheInvalidShapes() {
        DocumentData data = makeDocument();
        Frame &idle = data.sprites[0].frames[0];
        idle.shapes[0].properties = QJsonObject{{"damage", 12}, {"element", "fire"}};
        idle.shapes.append(Shape::rect(QStringLiteral("flat"), {40, 40}, {0, 6}, 0.0));
        auto window = makeWindow();
        QVERIFY(window->openFile(writeDocument(QStringLiteral("invalid.json"), data)));
        const QString air = mDir.filePath(QStringLiteral("hero.air"));
        QVERIFY(!window->exportFile(air, formatNamed("air"))); // declined: nothing written
        QCOMPARE(mPrompts->confirms.size(), 1);
        QVERIFY(!QFileInfo::exists(air));
        const QString question = mPrompts->confirms[0];
        QVERIFY2(question.contains(QStringLiteral("\u2022 hero/idle/flat")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("\u2022 properties are not stored in MUGEN .air "
                                                  "files: 2 properties on 1 shape lost")),
                 qPrintable(question));
        static const QRegularExpression zeroCount(
            QStringLiteral("\\b0 (frame|sprite|shape|propert)"));
        QVERIFY2(!question.contains(zeroCount), qPrintable(question));
        QVERIFY2(!question.contains(QStringLiteral("(s)")), qPrintable(question));
        QCOMPARE(question.count(QStringLiteral("flat")), 1); // named once, not per list

        mPrompts->confirmAnswers.enqueue(true);
        QVERIFY2(window->exportFile(air, formatNamed("air")),
                 qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(mPrompts->confirms.size(), 2); // again one question, nothing else
        QVERIFY(QFileInfo::exists(air));
        closeDiscarding(window.get(), mPrompts.get());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestDataLoss)
#include "tst_dataloss.moc"
