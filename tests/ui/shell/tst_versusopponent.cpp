// Versus across two characters (issue 27) and swings that pass through (issue 29), driven
// through the Versus dock's real widgets in the real main window: the defender's document chosen
// with "Defender from" (the file dialog answered by FakePrompts), its frames, hits, reach and
// tunnels compared with the model's functions run on the two files read independently, saved and
// reopened, a missing or broken file, the same document, a replaced document, undo and redo.

#include "shelltestsupport.h"

#include "editorsession.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "versuslayer.h"
#include "versuspanel.h"
#include "versusservice.h"
#include "versussweep.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsPathItem>
#include <QGraphicsPixmapItem>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

QString number(double value) {
    return QLocale().toString(value, 'f', 2);
}

QString intervalsText(const QList<DxInterval> &intervals) {
    QStringList texts;
    for (const DxInterval &i : intervals)
        texts << VersusPanel::tr("%1 to %2").arg(number(i.lo), number(i.hi));
    return texts.join(u"; ");
}

QStringList rowTexts(const QTableWidget *table, int row) {
    QStringList texts;
    for (int c = 0; c < table->columnCount(); ++c)
        texts << (table->item(row, c) ? table->item(row, c)->text() : QString());
    return texts;
}

QStringList comboTexts(const QComboBox *combo) {
    QStringList texts;
    for (int i = 0; i < combo->count(); ++i)
        texts << combo->itemText(i);
    return texts;
}

DocumentData readAny(const QString &path) {
    ReadResult result = readAnyDocumentFile(path);
    if (!result.isOk())
        qFatal("%s: %s", qPrintable(path), qPrintable(result.error));
    return std::move(*result.document);
}

QString testData(const QString &name) {
    return qEnvironmentVariable("HITSMITH_TEST_DATA") + QStringLiteral("/versus/") + name;
}

QString source(const QString &name) {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + u'/' + name;
}

} // namespace

class TestVersusOpponent : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    std::unique_ptr<QTemporaryDir> mDir;
    QString mMain;  // the hero's document, in the temporary folder
    QString mBrute; // the opponent, in a folder beside it

    Document *doc() const { return mWindow->document(); }
    VersusPanel *panel() const { return mWindow->versusPanel(); }

    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

    /// Picks "Open other…" (the source combo's last entry) as a user's key does, the dialog
    /// answering `file` (empty: cancelled).
    void openOpponent(const QString &file) {
        if (!file.isEmpty())
            mPrompts->fileNames.enqueue(file);
        QComboBox *combo = panel()->sourceCombo();
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_End);
    }

    /// The hero's punch against the opponent's frame, every number from the model run on the
    /// two files as read from disk (the CLI's --defender-doc joins them the same way).
    void checkAgainstModel(const QString &opponentFile, const QString &defender, double dx) {
        const DocumentData opponent = readAny(opponentFile);
        DocumentData joined = doc()->data();
        const auto [s, f] = opponent.findFrame(defender);
        QVERIFY(s >= 0);
        const FrameRef d = appendOpponentSprite(joined, opponent, {s, f}, opponentFile);
        const FrameRef attacker = mWindow->session()->currentFrame();
        QTableWidget *range = panel()->rangeTable();
        const QList<Frame> &frames = joined.sprites[attacker.sprite].frames;
        QCOMPARE(range->rowCount(), frames.size());
        for (int k = 0; k < frames.size(); ++k) {
            const QList<DxInterval> reach =
                versusRange(joined, {attacker.sprite, k}, d, 0, Facing::Opposite, std::nullopt);
            if (range->item(k, 1)->text() != VersusPanel::tr("no attack"))
                QCOMPARE(range->item(k, 1)->text(),
                         reach.isEmpty() ? VersusPanel::tr("never") : intervalsText(reach));
            const QList<DxInterval> tunnel =
                versusTunnel(joined, {attacker.sprite, k}, d, 0, Facing::Opposite, std::nullopt);
            QCOMPARE(range->item(k, 2)->text(),
                     tunnel.isEmpty() ? QString() : QStringLiteral("⚠ ") + intervalsText(tunnel));
        }
        // The hits: a service of the joined document, placed as the dock places it.
        Document copy;
        copy.reset(joined);
        VersusService service(&copy);
        service.setPlacement({attacker, d, dx, 0, Facing::Opposite});
        const QList<VersusHit> hits = service.hits();
        QCOMPARE(panel()->hitsTable()->rowCount(), hits.size());
        for (int row = 0; row < hits.size(); ++row) {
            QCOMPARE(panel()->hitsTable()->item(row, 0)->text(),
                     copy.frame(attacker).shapes[hits[row].attackerShape].id);
            QCOMPARE(panel()->hitsTable()->item(row, 1)->text(),
                     copy.frame(d).shapes[hits[row].defenderShape].id);
            QCOMPARE(panel()->hitsTable()->item(row, 2)->text(), number(hits[row].depth));
        }
    }

private Q_SLOTS:
    void init() {
        mDir = std::make_unique<QTemporaryDir>();
        QVERIFY(QDir(mDir->path()).mkpath(QStringLiteral("opponents")));
        mMain = mDir->filePath(QStringLiteral("hero.json"));
        mBrute = mDir->filePath(QStringLiteral("opponents/brute.json"));
        QVERIFY(QFile::copy(testData(QStringLiteral("brute.json")), mBrute));
        // The hero alone: the fixture's punch, without its saved setup.
        DocumentData hero = readAny(testData(QStringLiteral("hero-vs-brute.json")));
        hero.versus.clear();
        QFile file(mMain);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(hero));
        file.close();

        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(mMain));
        auto *dock = mWindow->findChild<QDockWidget *>(QStringLiteral("versusDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
        mDir.reset();
    }

    void anOpponentIsChosenSavedAndReopened() {
        QComboBox *sources = panel()->sourceCombo();
        QCOMPARE(comboTexts(sources),
                 (QStringList{VersusPanel::tr("This document"), VersusPanel::tr("Open other…")}));
        QCOMPARE(comboTexts(panel()->defenderCombo()),
                 (QStringList{VersusPanel::tr("(none)"), "hero/punch", "hero/kick"}));

        openOpponent(mBrute);
        // One undo step stands the opponent's first frame against the punch.
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(doc()->data().versus.size(), 1);
        QCOMPARE(doc()->data().versus[0].defenderDocument, QFileInfo(mBrute).absoluteFilePath());
        QCOMPARE(doc()->data().versus[0].defender, QStringLiteral("brute/guard"));
        QCOMPARE(sources->currentText(), QStringLiteral("brute.json"));
        QCOMPARE(comboTexts(panel()->defenderCombo()),
                 (QStringList{VersusPanel::tr("(none)"), "brute/guard", "brute/crouch"}));
        QCOMPARE(panel()->defenderCombo()->currentText(), QStringLiteral("brute/guard"));
        QVERIFY(panel()->opponentNote()->isHidden());
        QVERIFY(panel()->reloadButton()->isEnabled());

        // The fist (x 15..25 from the hero's origin) into the brute's chest (16 wide, mirrored
        // about its origin): at dx 30 it reaches 3 px in, and connects for dx 7..33.
        typeInto(panel()->dxBox(), QStringLiteral("30"));
        QCOMPARE(rowTexts(panel()->hitsTable(), 0),
                 (QStringList{"fist", "chest", number(3),
                              QStringLiteral("(%1, %2)").arg(number(1), number(0))}));
        QCOMPARE(rowTexts(panel()->rangeTable(), 0),
                 (QStringList{"punch", VersusPanel::tr("%1 to %2").arg(number(7), number(33)),
                              QString()}));
        checkAgainstModel(mBrute, QStringLiteral("brute/guard"), 30);
        // The canvas draws the brute's chest: x 22..38 from the hero's origin (10, 20).
        VersusLayer *layer = mWindow->versusLayer();
        QVERIFY(layer->defenderItem()->path().contains(QPointF(10 + 36, 20 - 20)));
        QVERIFY(!layer->defenderItem()->path().contains(QPointF(10 + 20, 20 - 20)));

        // Another frame of the opponent: the crouching brute's back is a circle.
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        QCOMPARE(doc()->data().versus[0].defender, QStringLiteral("brute/crouch"));
        QCOMPARE(doc()->data().versus[0].defenderDocument, QFileInfo(mBrute).absoluteFilePath());
        checkAgainstModel(mBrute, QStringLiteral("brute/crouch"), 30);

        // Saved with a path relative to the document, as sprite images are.
        QVERIFY(mWindow->saveTo(mMain));
        QFile saved(mMain);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray text = saved.readAll();
        QVERIFY2(text.contains(R"("defender_document": "opponents/brute.json")"), text.constData());
        // The opponent's file is never written.
        QFile opponent(mBrute);
        QVERIFY(opponent.open(QIODevice::ReadOnly));
        QFile fixture(testData(QStringLiteral("brute.json")));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QCOMPARE(opponent.readAll(), fixture.readAll());

        // Reopening brings the opponent back.
        QVERIFY(mWindow->newDocument());
        QCOMPARE(comboTexts(sources),
                 (QStringList{VersusPanel::tr("This document"), VersusPanel::tr("Open other…")}));
        QVERIFY(mWindow->openFile(mMain));
        QCOMPARE(sources->currentText(), QStringLiteral("brute.json"));
        QCOMPARE(defender->currentText(), QStringLiteral("brute/crouch"));
        QCOMPARE(panel()->dxBox()->value(), 30.0);
        checkAgainstModel(mBrute, QStringLiteral("brute/crouch"), 30);
    }

    void undoAndRedoCrossTheOpponentChange() {
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_Down); // hero/punch against itself
        typeInto(panel()->dxBox(), QStringLiteral("12"));
        QCOMPARE(doc()->undoStack()->count(), 2);
        openOpponent(mBrute);
        QCOMPARE(doc()->undoStack()->count(), 3);
        QCOMPARE(doc()->undoStack()->text(2), VersusPanel::tr("Stand %1 of %2 against %3")
                                                  .arg("brute/guard", "brute.json", "hero/punch"));
        // The offset stays: only where the defender comes from changed.
        QCOMPARE(doc()->data().versus[0].dx, 12.0);
        checkAgainstModel(mBrute, QStringLiteral("brute/guard"), 12);

        doc()->undoStack()->undo();
        QCOMPARE(panel()->sourceCombo()->currentIndex(), 0);
        QCOMPARE(comboTexts(defender),
                 (QStringList{VersusPanel::tr("(none)"), "hero/punch", "hero/kick"}));
        QCOMPARE(defender->currentText(), QStringLiteral("hero/punch"));
        QVERIFY(doc()->data().versus[0].defenderDocument.isEmpty());
        // At dx 12 the fist meets the hero's own torso.
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        QCOMPARE(rowTexts(panel()->hitsTable(), 0).mid(0, 2), (QStringList{"fist", "torso"}));
        doc()->undoStack()->redo();
        QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("brute.json"));
        QCOMPARE(defender->currentText(), QStringLiteral("brute/guard"));
        checkAgainstModel(mBrute, QStringLiteral("brute/guard"), 12);

        // Back to this document by the combo: its frame of the same name, else its first.
        QComboBox *sources = panel()->sourceCombo();
        sources->setFocus();
        QTest::keyClick(sources, Qt::Key_Home);
        QCOMPARE(doc()->data().versus[0].defender, QStringLiteral("hero/punch"));
        QVERIFY(doc()->data().versus[0].defenderDocument.isEmpty());
        QCOMPARE(doc()->undoStack()->count(), 4);
        // The file stays offered for this document's session.
        QCOMPARE(comboTexts(sources), (QStringList{VersusPanel::tr("This document"), "brute.json",
                                                   VersusPanel::tr("Open other…")}));
    }

    void wrongClicksKeepTheSetup() {
        openOpponent(mBrute);
        typeInto(panel()->dxBox(), QStringLiteral("30"));
        const QList<VersusSetup> setup = doc()->data().versus;
        const int steps = doc()->undoStack()->count();
        const auto unchanged = [&] {
            QCOMPARE(doc()->data().versus, setup);
            QCOMPARE(doc()->undoStack()->count(), steps);
            QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("brute.json"));
            QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        };

        // Cancelling the dialog.
        openOpponent(QString());
        QCOMPARE(mPrompts->suggestedPaths.last(), QFileInfo(mBrute).absolutePath());
        unchanged();
        QVERIFY(mPrompts->errors.isEmpty());

        // A broken file: the message names it and says why.
        const QString broken = mDir->filePath(QStringLiteral("broken.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"hitsmith\", \"version\": 1, \"sprites\": [");
        file.close();
        openOpponent(broken);
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors[0].contains(QDir::toNativeSeparators(broken)) &&
                     mPrompts->errors[0].contains(QStringLiteral("line")),
                 qPrintable(mPrompts->errors[0]));
        unchanged();
        QVERIFY(!comboTexts(panel()->sourceCombo()).contains(QStringLiteral("broken.json")));

        // A file that does not exist.
        openOpponent(mDir->filePath(QStringLiteral("gone.json")));
        QCOMPARE(mPrompts->errors.size(), 2);
        QVERIFY2(mPrompts->errors[1].contains(QStringLiteral("gone.json")),
                 qPrintable(mPrompts->errors[1]));
        unchanged();

        // The document itself: its frames are "This document"'s.
        openOpponent(mMain);
        QCOMPARE(mPrompts->errors.size(), 3);
        QVERIFY2(mPrompts->errors[2].contains(QStringLiteral("is this document")),
                 qPrintable(mPrompts->errors[2]));
        QCOMPARE(panel()->sourceCombo()->currentIndex(), 0);
        QVERIFY(doc()->data().versus[0].defenderDocument.isEmpty());
        QCOMPARE(doc()->data().versus[0].defender, QStringLiteral("hero/punch"));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
    }

    void aMissingOpponentIsNamedAndReloaded() {
        openOpponent(mBrute);
        typeInto(panel()->dxBox(), QStringLiteral("30"));
        QVERIFY(mWindow->saveTo(mMain));
        const QString away = mDir->filePath(QStringLiteral("away.json"));
        QVERIFY(QFile::rename(mBrute, away));

        // Reopened without its opponent: a note, no hits, the setup kept as it was.
        QVERIFY(mWindow->openFile(mMain));
        QVERIFY(panel()->opponentNote()->isVisible());
        QVERIFY2(panel()->opponentNote()->text().contains(
                     QDir::toNativeSeparators(QFileInfo(mBrute).absoluteFilePath())),
                 qPrintable(panel()->opponentNote()->text()));
        QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("brute.json"));
        QCOMPARE(panel()->defenderCombo()->currentText(), QStringLiteral("brute/guard"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QCOMPARE(panel()->rangeTable()->rowCount(), 0);
        QVERIFY(mWindow->versusLayer()->defenderItem()->path().isEmpty());
        QCOMPARE(doc()->data().versus.value(0).defenderDocument,
                 QFileInfo(mBrute).absoluteFilePath());
        QVERIFY(!doc()->isModified());
        // Editing the offset meanwhile keeps the opponent in the setup.
        typeInto(panel()->dxBox(), QStringLiteral("31"));
        QCOMPARE(doc()->data().versus.value(0).dx, 31.0);
        QCOMPARE(doc()->data().versus.value(0).defenderDocument,
                 QFileInfo(mBrute).absoluteFilePath());

        // The file is back: Reload reads it.
        QVERIFY(QFile::rename(away, mBrute));
        QTest::mouseClick(panel()->reloadButton(), Qt::LeftButton);
        QVERIFY(panel()->opponentNote()->isHidden());
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        checkAgainstModel(mBrute, QStringLiteral("brute/guard"), 31);

        // Another attacker frame cannot take a listed file that is gone: why, and no setup.
        QVERIFY(QFile::rename(mBrute, away));
        QTest::mouseClick(panel()->reloadButton(), Qt::LeftButton);
        QVERIFY(panel()->opponentNote()->isVisible());
        QTest::mouseClick(panel()->nextFrameButton(), Qt::LeftButton);
        QCOMPARE(panel()->sourceCombo()->currentIndex(), 0); // the kick has no setup
        const int steps = doc()->undoStack()->count();
        panel()->sourceCombo()->setFocus();
        QTest::keyClick(panel()->sourceCombo(), Qt::Key_Down); // brute.json
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors[0].contains(QStringLiteral("brute.json")),
                 qPrintable(mPrompts->errors[0]));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QCOMPARE(doc()->data().versus.size(), 1);
        QCOMPARE(panel()->sourceCombo()->currentIndex(), 0);
        QTest::mouseClick(panel()->previousFrameButton(), Qt::LeftButton);
        QVERIFY(QFile::rename(away, mBrute));
        QTest::mouseClick(panel()->reloadButton(), Qt::LeftButton);
        QVERIFY(panel()->opponentNote()->isHidden());

        // Changed on disk: Reload shows the new shapes (a wider chest reaches the fist deeper).
        QFile file(mBrute);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        text.replace(R"("size": [16, 40])", R"("size": [20, 40])");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        QCOMPARE(panel()->hitsTable()->item(0, 2)->text(), number(2)); // not read yet
        QTest::mouseClick(panel()->reloadButton(), Qt::LeftButton);
        QCOMPARE(panel()->hitsTable()->item(0, 2)->text(), number(4));
        checkAgainstModel(mBrute, QStringLiteral("brute/guard"), 31);
    }

    void replacingTheDocumentDropsItsOpponent() {
        openOpponent(mBrute);
        QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("brute.json"));
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QVERIFY(mWindow->openFile(source(QStringLiteral("examples/knight.json"))));
        QCOMPARE(comboTexts(panel()->sourceCombo()),
                 (QStringList{VersusPanel::tr("This document"), VersusPanel::tr("Open other…")}));
        QVERIFY(comboTexts(panel()->defenderCombo()).contains(QStringLiteral("pole/stand")));
        QVERIFY(!comboTexts(panel()->defenderCombo()).contains(QStringLiteral("brute/guard")));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QVERIFY(mWindow->versusLayer()->defenderItem()->path().isEmpty());
        // A new, empty document: nothing to stand against, nothing to choose from.
        QVERIFY(mWindow->newDocument());
        QVERIFY(!panel()->sourceCombo()->isEnabled());
        QCOMPARE(panel()->rangeTable()->rowCount(), 0);
    }

    // Renaming a layer of this document renames the attacker's side of an opponent's pairs; the
    // defender's side names the opponent's layers, which stay.
    void renamingALayerLeavesTheOpponentsLayers() {
        openOpponent(mBrute);
        typeInto(panel()->layersEdit(), QStringLiteral("hitbox:hurtbox"));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hitbox", "hurtbox"}}}));
        QVERIFY(
            mWindow->layersPanel()->renameLayer(QStringLiteral("hurtbox"), QStringLiteral("body")));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hitbox", "hurtbox"}}}));
        QVERIFY(mWindow->layersPanel()->renameLayer(QStringLiteral("hitbox"),
                                                    QStringLiteral("strike")));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"strike", "hurtbox"}}}));
        // The hurtbox is the brute's: no note about a layer this document lacks.
        QVERIFY(panel()->layersNote()->isHidden());
        typeInto(panel()->dxBox(), QStringLiteral("30"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
    }

    // Issue 29: the knight's swing from attack-1 into attack-2 passes through the pole at dx
    // 31.04..33.98 (hitsmith-cli range --sweep), where neither frame connects.
    void theReachTableMarksSwingsThatPassThrough() {
        QVERIFY(mWindow->openFile(source(QStringLiteral("examples/knight.json"))));
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        QCOMPARE(defender->currentText(), QStringLiteral("pole/stand"));
        QTableWidget *range = panel()->rangeTable();
        QCOMPARE(range->rowCount(), 4);
        QCOMPARE(range->horizontalHeaderItem(2)->text(), VersusPanel::tr("Passes through"));
        const QList<DxInterval> tunnel =
            versusTunnel(doc()->data(), {0, 2}, {2, 0}, 0, Facing::Opposite, std::nullopt);
        QCOMPARE(tunnel.size(), 1);
        QCOMPARE(number(tunnel[0].lo), number(31.04));
        QCOMPARE(number(tunnel[0].hi), number(33.98));
        for (int k : {0, 1, 3})
            QCOMPARE(range->item(k, 2)->text(), QString());
        QCOMPARE(range->item(2, 2)->text(), QStringLiteral("⚠ ") + intervalsText(tunnel));
        QVERIFY(range->item(2, 2)->toolTip().contains(QStringLiteral("attack-1")));
        QVERIFY(panel()->tunnelWarning()->isVisible());
        QCOMPARE(
            panel()->tunnelWarning()->text(),
            VersusPanel::tr("⚠ The swing into %1 can pass through %2 between frames without a hit.")
                .arg(VersusPanel::tr("%1 (dx %2)").arg("attack-2", intervalsText(tunnel)),
                     "pole/stand"));

        // The same pole from another document (a copy of the knight's file): the same tunnel.
        const QString rival = mDir->filePath(QStringLiteral("rival.json"));
        QVERIFY(QFile::copy(source(QStringLiteral("examples/knight.json")), rival));
        openOpponent(rival);
        QCOMPARE(doc()->data().versus.value(0).defender, QStringLiteral("pole/stand"));
        QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("rival.json"));
        QCOMPARE(range->item(2, 2)->text(), QStringLiteral("⚠ ") + intervalsText(tunnel));
        QVERIFY(panel()->tunnelWarning()->text().contains(QStringLiteral("(rival.json)")));
        checkAgainstModel(rival, QStringLiteral("pole/stand"), 0);

        // A slime has no tunnel: the warning goes.
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_Up); // pole/stand, slime/jump, slime/squash, slime/idle
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QCOMPARE(defender->currentText(), QStringLiteral("slime/idle"));
        QVERIFY(panel()->tunnelWarning()->isHidden());
        checkAgainstModel(rival, QStringLiteral("slime/idle"), 0);
    }

    // A MUGEN character as the opponent: the bundled kid, read from its .def with its sprites.
    void aMugenCharacterStandsAgainstTheKnight() {
        QVERIFY(mWindow->openFile(source(QStringLiteral("examples/knight.json"))));
        mWindow->session()->setCurrentFrame({0, 2}); // attack-2
        const QString kid = source(QStringLiteral("examples/mugen/hitsmith-kid.def"));
        openOpponent(kid);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(panel()->sourceCombo()->currentText(), QStringLiteral("hitsmith-kid.def"));
        const DocumentData opponent = readAny(kid);
        QStringList frames{VersusPanel::tr("(none)")};
        for (const Sprite &sprite : opponent.sprites)
            for (const Frame &frame : sprite.frames)
                frames << sprite.name + u'/' + frame.name;
        QCOMPARE(comboTexts(panel()->defenderCombo()), frames);
        const QString first = frames[1];
        QCOMPARE(doc()->data().versus.value(0).defender, first);
        typeInto(panel()->dxBox(), QStringLiteral("40"));
        QVERIFY(panel()->hitsTable()->rowCount() > 0);
        checkAgainstModel(kid, first, 40);
        // The kid's sprite is drawn faintly under the outlines, mirrored to face the knight.
        QGraphicsPixmapItem *picture = mWindow->versusLayer()->pictureItem();
        QVERIFY(picture->isVisible());
        QVERIFY(!picture->pixmap().isNull());
        QVERIFY(picture->transform().m11() < 0);
        QVERIFY(picture->opacity() < 1);
        QVERIFY(mWindow->versusLayer()->defenderItem()->path().boundingRect().intersects(
            picture->sceneBoundingRect()));
    }
};

QTEST_MAIN(TestVersusOpponent)
#include "tst_versusopponent.moc"
