// The Versus dock driven through its real widgets in the real main window: choosing the
// defender, typing dx, flipping facing, typing layer pairs, stepping the attacker's frames, the
// hits and reach tables, and undo of every edit. A defender from another document, and the
// reach table's swings that pass through: tst_versusopponent.cpp.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "versuslayer.h"
#include "versuspanel.h"
#include "versusservice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsPathItem>
#include <QGraphicsPixmapItem>
#include <QGraphicsView>
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

// The hero punches with "fist" (x 15..25 from its origin, y -12..-8); the foe's "belly" is 8 px
// wide and 20 tall, left of its origin when it faces the hero. The kick frame has no hitbox.
const QByteArray kDocument = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {"name": "hero", "frames": [
      {"name": "punch", "origin": [10, 20], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [30, 10], "size": [10, 4], "angle": 0},
        {"id": "torso", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 20], "angle": 0}
      ]},
      {"name": "kick", "origin": [10, 20], "shapes": [
        {"id": "shin", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 20], "angle": 0}
      ]}
    ]},
    {"name": "foe", "frames": [
      {"name": "idle", "origin": [0, 20], "shapes": [
        {"id": "belly", "layer": "hurtbox", "type": "polygon", "points": [[0, 0], [8, 0], [8, 20], [0, 20]]}
      ]}
    ]}
  ]
}
)";

QString number(double value) {
    return QLocale().toString(value, 'f', 2);
}

QStringList rowTexts(const QTableWidget *table, int row) {
    QStringList texts;
    for (int c = 0; c < table->columnCount(); ++c)
        texts << (table->item(row, c) ? table->item(row, c)->text() : QString());
    return texts;
}

} // namespace

class TestVersus : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    VersusPanel *panel() const { return mWindow->versusPanel(); }

    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        const QString path = mDir.filePath(QStringLiteral("versus.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kDocument);
        file.close();
        QVERIFY(mWindow->openFile(path));
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
    }

    void choosingTheDefenderAndTypingDxShowsTheHit() {
        QCOMPARE(panel()->findChild<QLabel *>(QStringLiteral("versusAttackerLabel"))->text(),
                 QStringLiteral("hero/punch"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        // The last entry is foe/idle: End on the closed combo picks it, as a user's key does.
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        QCOMPARE(defender->currentText(), QStringLiteral("foe/idle"));
        QCOMPARE(doc()->data().versus.size(), 1);
        QCOMPARE(doc()->data().versus[0].defender, QStringLiteral("foe/idle"));

        typeInto(panel()->dxBox(), QStringLiteral("30"));
        QCOMPARE(doc()->data().versus[0].dx, 30.0);
        QCOMPARE(doc()->undoStack()->count(), 2);
        QCOMPARE(doc()->undoStack()->text(1),
                 tr("Place %1 against %2 at (%3, %4)")
                     .arg("foe/idle", "hero/punch", number(30), number(0)));
        // The fist reaches 3 px into the belly; moving the foe right by 3 separates them.
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        QCOMPARE(rowTexts(panel()->hitsTable(), 0),
                 (QStringList{"fist", "belly", number(3),
                              QStringLiteral("(%1, %2)").arg(number(1), number(0))}));
        // Reach: every frame of the hero against the foe; the kick has no hitbox.
        QCOMPARE(panel()->rangeTable()->rowCount(), 2);
        QCOMPARE(rowTexts(panel()->rangeTable(), 0),
                 (QStringList{"punch", tr("%1 to %2").arg(number(15), number(33)), QString()}));
        QCOMPARE(rowTexts(panel()->rangeTable(), 1),
                 (QStringList{"kick", tr("no attack"), QString()}));

        // Facing the same way the foe stands right of its origin: out of reach.
        QTest::mouseClick(panel()->sameFacingBox(), Qt::LeftButton, {},
                          QPoint(8, panel()->sameFacingBox()->height() / 2));
        QVERIFY(panel()->sameFacingBox()->isChecked());
        QCOMPARE(doc()->data().versus[0].facing, Facing::Same);
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);

        // Every edit is one undo step, and the dock follows the document back.
        doc()->undoStack()->undo();
        QVERIFY(!panel()->sameFacingBox()->isChecked());
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        doc()->undoStack()->undo();
        QCOMPARE(panel()->dxBox()->value(), 0.0);
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        doc()->undoStack()->undo();
        QCOMPARE(defender->currentText(), tr("(none)"));
        QVERIFY(doc()->data().versus.isEmpty());
        QVERIFY(panel()->rangeTable()->rowCount() == 0);
    }

    void steppingTheAttackerShowsEachFramesSetup() {
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        typeInto(panel()->dyBox(), QStringLiteral("-5"));
        QCOMPARE(doc()->data().versus[0].dy, -5.0);
        QVERIFY(!panel()->previousFrameButton()->isEnabled());

        QTest::mouseClick(panel()->nextFrameButton(), Qt::LeftButton);
        QCOMPARE(mWindow->session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(panel()->findChild<QLabel *>(QStringLiteral("versusAttackerLabel"))->text(),
                 QStringLiteral("hero/kick"));
        QCOMPARE(defender->currentText(), tr("(none)")); // the kick has no setup yet
        QCOMPARE(panel()->dyBox()->value(), 0.0);
        QVERIFY(!panel()->nextFrameButton()->isEnabled());

        QTest::mouseClick(panel()->previousFrameButton(), Qt::LeftButton);
        QCOMPARE(defender->currentText(), QStringLiteral("foe/idle"));
        QCOMPARE(panel()->dyBox()->value(), -5.0);
        // The setup is saved with the document, for the team to share.
        const VersusSetup saved = HitsmithFormat::parse(HitsmithFormat::serialize(doc()->data()))
                                      .document->versus.value(0);
        QCOMPARE(saved.attacker, QStringLiteral("hero/punch"));
        QCOMPARE(saved.defender, QStringLiteral("foe/idle"));
        QCOMPARE(saved.dy, -5.0);
    }

    void typedLayerPairsChooseWhatIsTested() {
        QLineEdit *layers = panel()->layersEdit();
        QVERIFY(!layers->isEnabled()); // pairs belong to a setup: none before a defender
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        // At dx 8 the foe's belly overlaps the hero's torso (hurtbox against hurtbox), which
        // the collide matrix does not test; the fist is out of reach.
        typeInto(panel()->dxBox(), QStringLiteral("8"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QVERIFY(layers->isEnabled());
        QCOMPARE(layers->text(), QString());
        QCOMPARE(layers->placeholderText(), tr("default: hitbox:hurtbox"));
        const int steps = doc()->undoStack()->count();

        typeInto(layers, QStringLiteral("hurtbox:hurtbox"));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hurtbox", "hurtbox"}}}));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->undoStack()->text(steps),
                 tr("Test %1 in versus %2").arg("hurtbox:hurtbox", "hero/punch"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        QCOMPARE(rowTexts(panel()->hitsTable(), 0).mid(0, 2), (QStringList{"torso", "belly"}));
        // The reach follows the same pairs: torso x -5..5 against the mirrored belly dx-8..dx.
        QCOMPARE(rowTexts(panel()->rangeTable(), 0),
                 (QStringList{"punch", tr("%1 to %2").arg(number(-5), number(13)), QString()}));
        QVERIFY(panel()->layersNote()->isHidden());

        // Pairs are ordered: the hero's hurtbox against the foe's hitbox tests nothing here.
        // Spaces around the names do not count; the field shows the pairs as saved.
        typeInto(layers, QStringLiteral("hurtbox : hitbox"));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hurtbox", "hitbox"}}}));
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hitbox"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QCOMPARE(rowTexts(panel()->rangeTable(), 0),
                 (QStringList{"punch", tr("never"), QString()}));

        // A list that does not read is refused where it is typed; nothing changes.
        const int before = doc()->undoStack()->count();
        typeInto(layers, QStringLiteral("hurtbox"));
        QVERIFY(panel()->layersNote()->isVisible());
        QVERIFY2(panel()->layersNote()->text().contains(QStringLiteral("not a layer pair")),
                 qPrintable(panel()->layersNote()->text()));
        QCOMPARE(doc()->undoStack()->count(), before);
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hurtbox", "hitbox"}}}));
        // Another edit meanwhile is saved, and leaves the refused list to be fixed.
        typeInto(panel()->dyBox(), QStringLiteral("1"));
        QCOMPARE(doc()->data().versus[0].dy, 1.0);
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hurtbox", "hitbox"}}}));
        QCOMPARE(layers->text(), QStringLiteral("hurtbox"));
        QVERIFY(panel()->layersNote()->isVisible());
        // Another attacker frame shows its own setup (the kick has none); coming back shows
        // the saved pairs, the unapplied text gone.
        QTest::mouseClick(panel()->nextFrameButton(), Qt::LeftButton);
        QCOMPARE(layers->text(), QString());
        QVERIFY(!layers->isEnabled());
        QVERIFY(panel()->layersNote()->isHidden());
        QTest::mouseClick(panel()->previousFrameButton(), Qt::LeftButton);
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hitbox"));
        QVERIFY(panel()->layersNote()->isHidden());
        QCOMPARE(doc()->undoStack()->count(), before + 1); // only the dy

        // A layer the document lacks is allowed (it may come later) but pointed out, until
        // the document has it.
        typeInto(layers, QStringLiteral("hitbx:hurtbox"));
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"hitbx", "hurtbox"}}}));
        QVERIFY(panel()->layersNote()->isVisible());
        QCOMPARE(panel()->layersNote()->text(),
                 tr("No layer named %1 in this document.").arg("hitbx"));
        auto *layersPanel = mWindow->findChild<LayersPanel *>();
        QVERIFY(layersPanel);
        QVERIFY(layersPanel->renameLayer(QStringLiteral("hitbox"), QStringLiteral("hitbx")));
        QVERIFY(panel()->layersNote()->isHidden());
        doc()->undoStack()->undo();
        QVERIFY(panel()->layersNote()->isVisible());

        // Emptying the field goes back to the collide matrix.
        layers->setFocus();
        QTest::keyClick(layers, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(layers, Qt::Key_Backspace);
        QTest::keyClick(layers, Qt::Key_Return);
        QVERIFY(!doc()->data().versus[0].layers);
        QCOMPARE(doc()->undoStack()->text(doc()->undoStack()->index() - 1),
                 tr("Test %1 in versus %2").arg(tr("the default layer pairs"), "hero/punch"));
        QVERIFY(panel()->layersNote()->isHidden());
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);

        // Undo walks back through every list, the field following the document.
        doc()->undoStack()->undo(); // the emptied field
        QCOMPARE(layers->text(), QStringLiteral("hitbx:hurtbox"));
        doc()->undoStack()->undo(); // hitbx:hurtbox
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hitbox"));
        QCOMPARE(doc()->data().versus[0].dy, 1.0);
        doc()->undoStack()->undo(); // dy 1
        QCOMPARE(doc()->data().versus[0].dy, 0.0);
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hitbox"));
        doc()->undoStack()->undo(); // hurtbox:hitbox
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hurtbox"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);

        // Renaming a layer renames it in the setup's pairs, in the same undo step.
        const int beforeRename = doc()->undoStack()->index();
        QVERIFY(layersPanel->renameLayer(QStringLiteral("hurtbox"), QStringLiteral("body")));
        QCOMPARE(doc()->undoStack()->index(), beforeRename + 1);
        QCOMPARE(doc()->data().versus[0].layers,
                 (std::optional<QList<LayerPair>>{{{"body", "body"}}}));
        QCOMPARE(doc()->data().sprites[0].frames[0].shapes[1].layer, QStringLiteral("body"));
        QCOMPARE(layers->text(), QStringLiteral("body:body"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->undoStack()->index(), beforeRename);
        QCOMPARE(doc()->data().sprites[0].frames[0].shapes[1].layer, QStringLiteral("hurtbox"));
        QCOMPARE(doc()->data().collide, (std::optional<QList<LayerPair>>{{{"hitbox", "hurtbox"}}}));
        QCOMPARE(layers->text(), QStringLiteral("hurtbox:hurtbox"));

        // Saved with the setup.
        const VersusSetup saved = HitsmithFormat::parse(HitsmithFormat::serialize(doc()->data()))
                                      .document->versus.value(0);
        QCOMPARE(saved.layers, (std::optional<QList<LayerPair>>{{{"hurtbox", "hurtbox"}}}));
    }

    // Issue 26, item 4: on the bundled example, knight/attack-2 against slime/idle counted the
    // slime's contact hitbox on the knight's body as the knight's hit and reach, and idle (no
    // hitbox) got a reach. By default only the knight's attack layer is tested, one way.
    void theDefaultTestsOnlyTheAttackersAttackLayer() {
        QVERIFY(mWindow->openFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                  QStringLiteral("/examples/knight.json")));
        QCoreApplication::processEvents();
        QCOMPARE(mWindow->session()->currentFrame(), (FrameRef{0, 0}));
        QTest::mouseClick(panel()->nextFrameButton(), Qt::LeftButton);
        QTest::mouseClick(panel()->nextFrameButton(), Qt::LeftButton);
        QCOMPARE(panel()->findChild<QLabel *>(QStringLiteral("versusAttackerLabel"))->text(),
                 QStringLiteral("knight/attack-2"));
        // (none), 4 knight frames, then slime/idle, slime/squash, slime/jump, pole/stand.
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QCOMPARE(defender->currentText(), QStringLiteral("slime/idle"));
        QCOMPARE(panel()->layersEdit()->placeholderText(), tr("default: hitbox:hurtbox"));

        // The slime raised onto the knight's body: its contact circle (a hitbox) overlaps the
        // knight's body (a hurtbox). Only the knight's hitboxes on the slime's hurtbox count.
        typeInto(panel()->dxBox(), QStringLiteral("4"));
        typeInto(panel()->dyBox(), QStringLiteral("-10"));
        QCOMPARE(doc()->data().versus.value(0).dx, 4.0);
        QCOMPARE(doc()->data().versus.value(0).dy, -10.0);
        const auto checkRows = [&] {
            for (int row = 0; row < panel()->hitsTable()->rowCount(); ++row) {
                const QStringList texts = rowTexts(panel()->hitsTable(), row);
                QVERIFY2((texts[0] == "blade" || texts[0] == "swing") && texts[1] == "body",
                         qPrintable(texts.join(u' ')));
            }
        };
        checkRows();
        const QList<LayerPair> bothWays{{"hitbox", "hurtbox"}, {"hurtbox", "hitbox"}};
        QVERIFY(!versusRange(doc()->data(), {0, 0}, {1, 0}, -10, Facing::Opposite, bothWays)
                     .isEmpty()); // what the old default counted, even for idle

        // Reach: idle has no attack; each attack frame's reach is its hitboxes' on the slime's
        // hurtbox, exactly.
        QTableWidget *range = panel()->rangeTable();
        QCOMPARE(range->rowCount(), 4);
        QCOMPARE(rowTexts(range, 0), (QStringList{"idle", tr("no attack"), QString()}));
        const QList<LayerPair> attack{{"hitbox", "hurtbox"}};
        for (int f = 1; f < 4; ++f) {
            QStringList intervals;
            for (const DxInterval &i :
                 versusRange(doc()->data(), {0, f}, {1, 0}, -10, Facing::Opposite, attack))
                intervals << tr("%1 to %2").arg(number(i.lo), number(i.hi));
            QCOMPARE(range->item(f, 1)->text(),
                     intervals.isEmpty() ? tr("never") : intervals.join(u"; "));
        }
        // On the canvas the reach line is the knight's swing's, and idle draws none.
        VersusLayer *layer = mWindow->versusLayer();
        const QList<DxInterval> swing =
            versusRange(doc()->data(), {0, 2}, {1, 0}, -10, Facing::Opposite, attack);
        QVERIFY(!swing.isEmpty());
        const double origin = doc()->frame({0, 2}).origin->x();
        // The canvas shows the frame unmoved: the reach is relative to its root position.
        const double root = doc()->sprite(0).rootPosition(2).x();
        QCOMPARE(layer->reachItem()->path().boundingRect().center().x(),
                 origin - root + swing.last().hi);
        // The slime's picture is drawn faintly under its outlines, mirrored to face the knight.
        QGraphicsPixmapItem *picture = layer->pictureItem();
        QVERIFY(picture->isVisible() && !picture->pixmap().isNull());
        QVERIFY(picture->transform().m11() < 0);
        QVERIFY(picture->sceneBoundingRect().contains(
            layer->defenderItem()->path().boundingRect().center()));
        // Idle with the same setup (the dock keeps one per frame: choose it there too).
        QTest::mouseClick(panel()->previousFrameButton(), Qt::LeftButton);
        QTest::mouseClick(panel()->previousFrameButton(), Qt::LeftButton);
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        typeInto(panel()->dxBox(), QStringLiteral("4"));
        typeInto(panel()->dyBox(), QStringLiteral("-10"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QVERIFY(layer->reachItem()->path().isEmpty());
        QCOMPARE(rowTexts(range, 0), (QStringList{"idle", tr("no attack"), QString()}));
    }

    void theDefenderIsDrawnAndDraggedOnTheCanvas() {
        QComboBox *defender = panel()->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End);
        typeInto(panel()->dxBox(), QStringLiteral("30"));
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);

        // The belly faces the hero: x 22..30 from the hero's origin (10, 20), so 32..40 and
        // y 0..20 on the canvas. The hit's arrow and the reach (dx 33: x 43) are drawn too.
        VersusLayer *layer = mWindow->versusLayer();
        QVERIFY(layer->defenderItem()->path().contains(QPointF(38, 3)));
        QVERIFY(!layer->defenderItem()->path().contains(QPointF(30, 3)));
        QCOMPARE(layer->reachItem()->path().boundingRect().center().x(), 43.0);

        // Drag the belly 10 px right: one undo step, the hit ends.
        QGraphicsView *view = mWindow->canvas()->view();
        const QPoint from = view->mapFromScene(QPointF(38, 3));
        const QPoint to = view->mapFromScene(QPointF(38 + 10, 3));
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view->viewport(), (from + to) / 2);
        QTest::mouseMove(view->viewport(), to);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
        const double dropped = doc()->data().versus.value(0).dx;
        QVERIFY2(std::abs(dropped - 40.0) < 1.0, qPrintable(QString::number(dropped)));
        QCOMPARE(panel()->dxBox()->value(), dropped);
        QCOMPARE(panel()->hitsTable()->rowCount(), 0);
        QVERIFY(layer->defenderItem()->path().contains(QPointF(38 + 10, 3)));
        QCOMPARE(doc()->undoStack()->count(), 3);
        // The shapes stayed where they were: the drag moved the defender only.
        QCOMPARE(doc()->frame({0, 0}).shapes[0].center, QPointF(30, 10));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->data().versus.value(0).dx, 30.0);
        QCOMPARE(panel()->hitsTable()->rowCount(), 1);
    }
};

QTEST_MAIN(TestVersus)
#include "tst_versus.moc"
