// The Moveset dock (issue 29) in the real main window: the chart's bars, tunnels and gaps at the
// intervals the test works out itself for axis-aligned rectangles, real mouse clicks on a bar or a
// tunnel opening that frame in Versus at the clicked distance (one undo step), the chart following
// the document, the knight example's tunnel, and a generated 40-move character (whose recompute
// time it prints).

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "movesetpanel.h"
#include "shapecommands.h"
#include "structurecommands.h"
#include "versuspanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHelpEvent>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// Every hitbox and hurtbox is an axis-aligned rectangle, every origin at the bottom (y 60), no
// root motion: the attacker's fist in "jab/swing-1" spans x 10..20 from its origin, in
// "jab/swing-2" x 40..50 (the same id: the swing between them sweeps x 10..50); "kick/extend"'s
// foot x 0..30. "dummy/pole" is x -1..1, "dummy/wide" x -5..15 (mirrored when facing the attacker:
// -15..5). All overlap in y.
const QByteArray kDocument = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {"name": "jab", "frames": [
      {"name": "windup", "origin": [0, 60], "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [0, 30], "size": [10, 60], "angle": 0}]},
      {"name": "swing-1", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [15, 35], "size": [10, 10], "angle": 0}]},
      {"name": "swing-2", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [45, 35], "size": [10, 10], "angle": 0}]},
      {"name": "recover", "origin": [0, 60], "shapes": []}
    ]},
    {"name": "kick", "frames": [
      {"name": "chamber", "origin": [0, 60], "shapes": []},
      {"name": "extend", "origin": [0, 60], "shapes": [
        {"id": "foot", "layer": "hitbox", "type": "rect", "center": [15, 50], "size": [30, 6], "angle": 0}]}
    ]},
    {"name": "dummy", "frames": [
      {"name": "pole", "origin": [0, 60], "shapes": [
        {"id": "pole", "layer": "hurtbox", "type": "rect", "center": [0, 30], "size": [2, 60], "angle": 0}]},
      {"name": "wide", "origin": [0, 60], "shapes": [
        {"id": "torso", "layer": "hurtbox", "type": "rect", "center": [5, 30], "size": [20, 60], "angle": 0}]}
    ]}
  ]
}
)";

/// The dx at which an attacker rectangle x a0..a1 overlaps a defender rectangle x b0..b1 (from
/// its origin), the defender mirrored unless sameFacing: closed, by plain interval arithmetic.
DxInterval overlap(double a0, double a1, double b0, double b1, bool sameFacing = false) {
    if (!sameFacing) {
        const double m0 = -b1, m1 = -b0;
        b0 = m0;
        b1 = m1;
    }
    return {a0 - b1, a1 - b0};
}

void compareInterval(const DxInterval &actual, const DxInterval &expected) {
    QVERIFY2(std::abs(actual.lo - expected.lo) < 1e-9 && std::abs(actual.hi - expected.hi) < 1e-9,
             qPrintable(QStringLiteral("[%1, %2] != [%3, %4]")
                            .arg(actual.lo)
                            .arg(actual.hi)
                            .arg(expected.lo)
                            .arg(expected.hi)));
}

} // namespace

class TestMoveset : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    MovesetPanel *panel() const { return mWindow->findChild<MovesetPanel *>(); }
    VersusPanel *versus() const { return mWindow->versusPanel(); }
    EditorSession *session() const { return mWindow->findChild<EditorSession *>(); }

    bool open(const QByteArray &json, const QString &name) {
        const QString path = mDir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(json);
        file.close();
        return mWindow->openFile(path);
    }

    /// Chooses the defender as a user would, and waits for the chart.
    void chooseDefender(const QString &name) {
        QComboBox *combo = panel()->defenderCombo();
        const int index = combo->findText(name);
        QVERIFY2(index > 0, qPrintable(name));
        combo->setCurrentIndex(index);
        QTRY_COMPARE(panel()->defenderName(), name);
        QTRY_VERIFY(!panel()->chartLayout().rows.isEmpty());
    }

    /// The chart's x of dx, from the axis ticks the chart draws (linear between two of them).
    double tickX(double dx) const {
        const QList<operations::MovesetTick> &ticks = panel()->chartLayout().ticks;
        const operations::MovesetTick &a = ticks.first(), &b = ticks.last();
        return a.x + (dx - a.dx) / (b.dx - a.dx) * (b.x - a.x);
    }
    /// The dx of one pixel column of the chart.
    double dxPerPixel() const {
        const QList<operations::MovesetTick> &ticks = panel()->chartLayout().ticks;
        return (ticks.last().dx - ticks.first().dx) / (ticks.last().x - ticks.first().x);
    }

    const operations::MovesetRow *row(const QString &name) const {
        for (const operations::MovesetRow &r : panel()->chartLayout().rows)
            if (r.name == name)
                return &r;
        return nullptr;
    }

    /// The bar of frame `frame` in the move's row.
    static const operations::MovesetBar *bar(const operations::MovesetRow *row, int frame) {
        for (const operations::MovesetBar &b : row->bars)
            if (b.frame == frame)
                return &b;
        return nullptr;
    }

    /// The title of the tab in front of the tab group holding the dock titled `title`.
    QString frontTab(const QString &title) const {
        for (const QTabBar *tabs : mWindow->findChildren<QTabBar *>())
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i) == title)
                    return tabs->tabText(tabs->currentIndex());
        return QString();
    }

    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        if (text.isEmpty())
            QTest::keyClick(widget, Qt::Key_Delete);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

    void click(QPointF at) {
        QTest::mouseClick(panel()->chart(), Qt::LeftButton, {}, at.toPoint());
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(open(kDocument, QStringLiteral("moves.json")));
        auto *dock = mWindow->findChild<QDockWidget *>(QStringLiteral("movesetDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QVERIFY(panel());
        QTRY_VERIFY(panel()->isVisible());
        // Listed in the View menu with the other docks.
        QVERIFY(mWindow->menuBar()->actions().size() > 0);
        bool listed = false;
        for (QAction *menu : mWindow->menuBar()->actions())
            if (menu->menu() && menu->text() == QStringLiteral("&View"))
                listed = menu->menu()->actions().contains(dock->toggleViewAction());
        QVERIFY(listed);
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void barsStandAtTheIntervalsOfTheGeometry() {
        QVERIFY(panel()->chartLayout().rows.isEmpty()); // no defender yet
        chooseDefender(QStringLiteral("dummy/pole"));
        const QList<operations::MovesetRow> &rows = panel()->chartLayout().rows;
        QCOMPARE(rows.size(), 2); // dummy has no hitbox: not a move
        const operations::MovesetRow *jab = row("jab"), *kick = row("kick");
        QVERIFY(jab && kick);
        QCOMPARE(jab->bars.size(), 2);
        compareInterval(bar(jab, 1)->interval, overlap(10, 20, -1, 1));
        compareInterval(bar(jab, 2)->interval, overlap(40, 50, -1, 1));
        QCOMPARE(kick->bars.size(), 1);
        compareInterval(bar(kick, 1)->interval, overlap(0, 30, -1, 1));
        // The swing from x 10..20 to x 40..50 sweeps 10..50: between the two reaches it passes
        // through the pole while neither frame touches it; the move whiffs there too.
        QCOMPARE(jab->tunnels.size(), 1);
        compareInterval(jab->tunnels[0].interval, {21, 39});
        QVERIFY(!jab->tunnels[0].hatch.isEmpty());
        QCOMPARE(jab->gaps.size(), 1);
        compareInterval(jab->gaps[0].interval, {21, 39});
        QVERIFY(kick->tunnels.isEmpty() && kick->gaps.isEmpty());
        // In ticks (issue 42): four frames of 100 ms, 6 ticks each; swing-1 and -2 active.
        QCOMPARE(jab->timing, QStringLiteral("7/12/6 ticks (100/200/100 ms)"));

        // Each bar is drawn where the axis puts its interval, in its frame's colour; the two
        // frames of the jab have different colours.
        const QImage image = panel()->chart()->grab().toImage();
        for (const operations::MovesetBar *b : {bar(jab, 1), bar(jab, 2), bar(kick, 1)}) {
            const double mid = (b->interval.lo + b->interval.hi) / 2;
            QCOMPARE(image.pixel(int(tickX(mid)), int(b->rect.center().y())), b->colour.rgb());
            // Just outside the interval (2 px): not this bar's colour.
            QVERIFY(image.pixel(int(tickX(b->interval.hi) + 3), int(b->rect.center().y())) !=
                    b->colour.rgb());
        }
        QVERIFY(bar(jab, 1)->colour != bar(jab, 2)->colour);

        // The wide dummy, mirrored, then facing the same way (the check box clicked).
        chooseDefender(QStringLiteral("dummy/wide"));
        compareInterval(bar(row("jab"), 1)->interval, overlap(10, 20, -5, 15));
        QTest::mouseClick(panel()->sameFacingBox(), Qt::LeftButton);
        QTRY_VERIFY(std::abs(bar(row("jab"), 1)->interval.lo - overlap(10, 20, -5, 15, true).lo) <
                    1e-9);
        compareInterval(bar(row("jab"), 2)->interval, overlap(40, 50, -5, 15, true));

        // Layer pairs typed as in Versus: no shape is on a "throw" layer, so there is no move; a
        // list that does not read is refused and changes nothing; cleared, the default pairs again.
        QLineEdit *pairs = panel()->layersEdit();
        QCOMPARE(pairs->placeholderText(), QStringLiteral("default: hitbox:hurtbox"));
        typeInto(pairs, QStringLiteral("throw:hurtbox"));
        QTRY_VERIFY(panel()->chartLayout().rows.isEmpty());
        QCOMPARE(panel()->moves().size(), 0);
        typeInto(pairs, QStringLiteral("hitbox"));
        QCoreApplication::processEvents();
        QVERIFY(panel()->statusLabel()->text().contains(QStringLiteral("hitbox")));
        QVERIFY(panel()->chartLayout().rows.isEmpty());
        typeInto(pairs, QString());
        QTRY_COMPARE(panel()->chartLayout().rows.size(), 2);
    }

    void clickingABarOpensItsFrameInVersusAtThatDistance() {
        chooseDefender(QStringLiteral("dummy/pole"));
        auto *versusDock = mWindow->findChild<QDockWidget *>(QStringLiteral("versusDock"));
        mWindow->findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
        QTRY_COMPARE(frontTab(QStringLiteral("Versus")), QStringLiteral("Properties"));
        QVERIFY(doc()->data().versus.isEmpty());
        const int steps = doc()->undoStack()->count();

        const operations::MovesetBar *swing2 = bar(row("jab"), 2);
        // Hovering names the frame and its interval.
        const QPoint over = QPointF(tickX(45), swing2->rect.center().y()).toPoint();
        QHelpEvent help(QEvent::ToolTip, over, panel()->chart()->mapToGlobal(over));
        QApplication::sendEvent(panel()->chart(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().startsWith(
                     QStringLiteral("jab/swing-2 hits at dx %1 to %2")
                         .arg(QLocale().toString(39.0, 'f', 2), QLocale().toString(51.0, 'f', 2))),
                 qPrintable(QToolTip::text()));
        click({tickX(45), swing2->rect.center().y()});
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 2}));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->data().versus.size(), 1);
        const VersusSetup setup = doc()->data().versus.first();
        QCOMPARE(setup.attacker, QStringLiteral("jab/swing-2"));
        QCOMPARE(setup.defender, QStringLiteral("dummy/pole"));
        QVERIFY2(std::abs(setup.dx - 45) <= dxPerPixel(), qPrintable(QString::number(setup.dx)));
        QCOMPARE(setup.dy, 0.0);
        QCOMPARE(setup.facing, Facing::Opposite);
        // The Versus dock shows it, raised, and finds the hit.
        QTRY_COMPARE(frontTab(QStringLiteral("Versus")), QStringLiteral("Versus"));
        QVERIFY(versusDock->isVisible());
        QCOMPARE(versus()->defenderCombo()->currentText(), QStringLiteral("dummy/pole"));
        QCOMPARE(versus()->dxBox()->value(), setup.dx);
        QTRY_COMPARE(versus()->hitsTable()->rowCount(), 1);

        // Undo: no setup again; redo brings it back.
        doc()->undoStack()->undo();
        QVERIFY(doc()->data().versus.isEmpty());
        QTRY_COMPARE(versus()->defenderCombo()->currentIndex(), 0);
        doc()->undoStack()->redo();
        QCOMPARE(doc()->data().versus.first(), setup);

        // Just left of the bar's first column: the distance is the bar's nearest, its start.
        const operations::MovesetBar *swing1 = bar(row("jab"), 1);
        click({std::floor(tickX(swing1->interval.lo)) - 1, swing1->rect.center().y()});
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(doc()->data().versus.size(), 2);
        QCOMPARE(doc()->data().versus[1].dx, 9.0);

        // The tunnel: the frame whose swing from the frame before passes there, swing-2.
        const operations::MovesetTunnel &tunnel = row("jab")->tunnels.first();
        click({tickX(30), tunnel.rect.bottom() - 2});
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 2}));
        QVERIFY2(std::abs(doc()->data().versus.first().dx - 30) <= dxPerPixel(),
                 qPrintable(QString::number(doc()->data().versus.first().dx)));
        QTRY_COMPARE(versus()->hitsTable()->rowCount(), 0); // a tunnel: no frame touches it

        // Left of every bar (and in the label column): nothing happens.
        const int before = doc()->undoStack()->count();
        click({tickX(-20), row("jab")->rect.center().y()});
        click({10, row("kick")->rect.center().y()});
        QCOMPARE(doc()->undoStack()->count(), before);
    }

    void theChartFollowsTheDocument() {
        chooseDefender(QStringLiteral("dummy/pole"));
        // The fist of swing-2 moves 10 px further: its bar follows, and so does the tunnel.
        const Shape moved = Shape::rect(QStringLiteral("fist"), {55, 35}, {10, 10});
        Shape shape = doc()->data().sprites[0].frames[2].shapes[0];
        shape.center = moved.center;
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {ShapeRef{0, 2, 0}}, {shape}, QStringLiteral("move")));
        QTRY_VERIFY(std::abs(bar(row("jab"), 2)->interval.lo - 49) < 1e-9);
        compareInterval(row("jab")->tunnels.first().interval, {21, 49});
        doc()->undoStack()->undo();
        QTRY_VERIFY(std::abs(bar(row("jab"), 2)->interval.lo - 39) < 1e-9);
        // Three edits in one go (as a script or a merged drag sends them): computed once.
        const int computed = panel()->recomputeCount();
        for (double x : {47.0, 49.0, 51.0}) {
            shape.center = QPointF(x, 35);
            doc()->undoStack()->push(new ChangeShapesCommand(doc(), {ShapeRef{0, 2, 0}}, {shape},
                                                             QStringLiteral("move")));
        }
        QTRY_VERIFY(std::abs(bar(row("jab"), 2)->interval.lo - 45) < 1e-9);
        QCoreApplication::processEvents();
        QCOMPARE(panel()->recomputeCount(), computed + 1);
        // Removing the jab while the dock is hidden (the Timeline in front): nothing is drawn
        // from the gone sprite; shown again, the chart has the kick alone, and undo brings the
        // jab back.
        auto *timeline = mWindow->findChild<QDockWidget *>(QStringLiteral("timelineDock"));
        timeline->raise();
        QTRY_COMPARE(frontTab(QStringLiteral("Moveset")), QStringLiteral("Timeline"));
        doc()->undoStack()->push(new RemoveSpriteCommand(doc(), 0, QStringLiteral("remove")));
        panel()->resize(panel()->width() + 10, panel()->height());
        QCoreApplication::processEvents();
        mWindow->findChild<QDockWidget *>(QStringLiteral("movesetDock"))->raise();
        QTRY_COMPARE(panel()->chartLayout().rows.size(), 1);
        QCOMPARE(panel()->chartLayout().rows.first().name, QStringLiteral("kick"));
        doc()->undoStack()->undo();
        QTRY_COMPARE(panel()->chartLayout().rows.size(), 2);
        // "(none)" empties the chart.
        panel()->defenderCombo()->setCurrentIndex(0);
        QTRY_VERIFY(panel()->chartLayout().rows.isEmpty());
    }

    void knightTunnelsThroughThePole() {
        QFile file(qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.json");
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(mWindow->openFile(file.fileName()));
        chooseDefender(QStringLiteral("pole/stand"));
        // `hitsmith-cli range examples/knight.json --attacker knight --defender pole/stand
        // --sweep` (docs/collision.md): attack-2's tunnel [31.04, 33.98].
        const operations::MovesetRow *knight = row("knight");
        QVERIFY(knight);
        QCOMPARE(knight->tunnels.size(), 1);
        QVERIFY(std::abs(knight->tunnels[0].interval.lo - 31.0439) < 1e-3);
        QVERIFY(std::abs(knight->tunnels[0].interval.hi - 33.9850) < 1e-3);
        click({tickX(32.5), knight->tunnels[0].rect.bottom() - 1});
        const DocumentData &data = doc()->data();
        const FrameRef frame = session()->currentFrame();
        QCOMPARE(data.sprites[frame.sprite].frames[frame.frame].name, QStringLiteral("attack-2"));
        QCOMPARE(data.versus.last().attacker, QStringLiteral("knight/attack-2"));
        QVERIFY(std::abs(data.versus.last().dx - 32.5) <= dxPerPixel());
    }

    // 40 moves of 8 frames, 5 active with two attack rectangles each: the chart has them all.
    void fortyMoves() {
        QJsonArray sprites;
        for (int m = 0; m < 40; ++m) {
            QJsonArray frames;
            for (int f = 0; f < 8; ++f) {
                QJsonArray shapes{QJsonObject{{"id", "body"},
                                              {"layer", "hurtbox"},
                                              {"type", "rect"},
                                              {"center", QJsonArray{0, 30}},
                                              {"size", QJsonArray{16, 40}},
                                              {"angle", 0}}};
                if (f >= 2 && f < 7)
                    for (int k = 0; k < 2; ++k)
                        shapes.append(
                            QJsonObject{{"id", QStringLiteral("a%1").arg(k)},
                                        {"layer", "hitbox"},
                                        {"type", "rect"},
                                        {"center", QJsonArray{10 + (m * 7 + f * 13 + k * 29) % 60,
                                                              20 + k * 10}},
                                        {"size", QJsonArray{4 + m % 5, 3}},
                                        {"angle", (m + f) % 3 == 0 ? 30 : 0}});
                frames.append(QJsonObject{{"name", QStringLiteral("f%1").arg(f)},
                                          {"origin", QJsonArray{0, 60}},
                                          {"motion", QJsonArray{f % 3, 0}},
                                          {"shapes", shapes}});
            }
            sprites.append(
                QJsonObject{{"name", QStringLiteral("move-%1").arg(m)}, {"frames", frames}});
        }
        sprites.append(QJsonObject{
            {"name", "dummy"},
            {"frames",
             QJsonArray{QJsonObject{{"name", "thin"},
                                    {"origin", QJsonArray{0, 60}},
                                    {"shapes", QJsonArray{QJsonObject{{"id", "pole"},
                                                                      {"layer", "hurtbox"},
                                                                      {"type", "rect"},
                                                                      {"center", QJsonArray{0, 30}},
                                                                      {"size", QJsonArray{1.5, 60}},
                                                                      {"angle", 0}}}}}}}});
        // Appended, not QJsonArray{QJsonArray{...}}: with one element of its own type, clang
        // takes that brace list for a copy (CWG 1467), GCC for a list of one array.
        QJsonArray collide;
        collide.append(QJsonArray{"hitbox", "hurtbox"});
        const QJsonObject root{
            {"format", "hitsmith"}, {"version", 1}, {"collide", collide}, {"sprites", sprites}};
        QVERIFY(open(QJsonDocument(root).toJson(), QStringLiteral("forty.json")));
        chooseDefender(QStringLiteral("dummy/thin"));
        QCOMPARE(panel()->chartLayout().rows.size(), 40);
        int bars = 0;
        for (const operations::MovesetRow &r : panel()->chartLayout().rows)
            bars += int(r.bars.size());
        QVERIFY(bars >= 40);
        // What one recompute (every move's ranges and sweeps) costs, printed, never asserted.
        double total = 0;
        for (int i = 0; i < 5; ++i) {
            panel()->dyBox()->setValue(i % 2 ? 0.0 : 1.0);
            panel()->flush();
            total += panel()->lastRecomputeMs();
        }
        qInfo("40 moves, 320 frames: one recompute takes %.2f ms (mean of 5)", total / 5);
        // The scroll area holds the whole chart: the last row is inside the chart widget.
        QVERIFY(panel()->chartLayout().rows.last().rect.bottom() < panel()->chart()->height());
    }
};

QTEST_MAIN(TestMoveset)
#include "tst_moveset.moc"
