// Root motion in the editor (issue 29), driven through the real main window with real events:
// the Timeline's motion fields (typed values, one undo step each, refusals in place, undo and
// redo showing the frame), the origin path on the canvas, onion ghosts standing where the
// character stands, and the swept area of the selected attack shapes. Every expected position
// is summed here from the numbers typed, and every hull is this file's own (a monotone chain
// over corners written out below), never the product's.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "mainwindow.h"
#include "motionfields.h"
#include "motionlayer.h"
#include "onionlayer.h"
#include "playback.h"
#include "timelinemodel.h"
#include "timelinepanel.h"

#include <QAction>
#include <QFile>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsView>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QSettings>
#include <QToolBar>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// "hero": four frames with pivots (20, 30), (20, 30), (25, 31), (20, 30); a body (hurtbox), a
// blade (hitbox, 8x4) in frames 0-2 and a tip (hitbox circle, radius 3) in frames 1-2. No
// motion yet: the tests type it. "foe" has no motion.
const QByteArray kDocument = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {"name": "hero", "frames": [
      {"name": "wind", "origin": [20, 30], "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [20, 20], "size": [10, 20], "angle": 0},
        {"id": "blade", "layer": "hitbox", "type": "rect", "center": [40, 20], "size": [8, 4], "angle": 0}]},
      {"name": "swing", "origin": [20, 30], "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [20, 20], "size": [10, 20], "angle": 0},
        {"id": "blade", "layer": "hitbox", "type": "rect", "center": [50, 10], "size": [8, 4], "angle": 0},
        {"id": "tip", "layer": "hitbox", "type": "circle", "center": [60, 3], "radius": 3}]},
      {"name": "follow", "origin": [25, 31], "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [25, 21], "size": [10, 20], "angle": 0},
        {"id": "blade", "layer": "hitbox", "type": "rect", "center": [62, 14], "size": [8, 4], "angle": 0},
        {"id": "tip", "layer": "hitbox", "type": "circle", "center": [70, 12], "radius": 3}]},
      {"name": "rest", "origin": [20, 30], "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [20, 20], "size": [10, 20], "angle": 0}]}
    ]},
    {"name": "foe", "frames": [
      {"name": "idle", "shapes": [
        {"id": "belly", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 20], "angle": 0}]}
    ]}
  ]
}
)";

// The motions the tests type, frame by frame.
const QPointF kTyped[4] = {{2, 0}, {10, -1}, {0, 0}, {4, 3}};
const QPointF kOrigins[4] = {{20, 30}, {20, 30}, {25, 31}, {20, 30}};

// Where the origin stands during frame k: the typed motions of frames 0..k summed.
QPointF summed(int k) {
    QPointF sum;
    for (int i = 0; i <= k; ++i)
        sum += kTyped[i];
    return sum;
}

// Frame `frame`'s pixels in frame `shown`'s: pivots aligned, then stepped.
QPointF shiftOf(int frame, int shown) {
    return kOrigins[shown] - kOrigins[frame] + summed(frame) - summed(shown);
}

QList<QPointF> corners(QPointF center, QSizeF size) {
    const double w = size.width() / 2, h = size.height() / 2;
    return {center + QPointF(-w, -h), center + QPointF(w, -h), center + QPointF(w, h),
            center + QPointF(-w, h)};
}

double cross(QPointF o, QPointF a, QPointF b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// Andrew's monotone chain, written for this test.
QList<QPointF> hullOf(QList<QPointF> points) {
    std::sort(points.begin(), points.end(), [](QPointF a, QPointF b) {
        return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
    });
    QList<QPointF> hull;
    for (int pass = 0; pass < 2; ++pass) {
        const qsizetype start = hull.size();
        for (QPointF p : points) {
            while (hull.size() >= start + 2 && cross(hull[hull.size() - 2], hull.last(), p) <= 0)
                hull.removeLast();
            hull.append(p);
        }
        hull.removeLast();
        std::reverse(points.begin(), points.end());
    }
    return hull;
}

// The same points in any order (each within 1e-9).
bool samePoints(QList<QPointF> a, QList<QPointF> b) {
    if (a.size() != b.size())
        return false;
    const auto less = [](QPointF p, QPointF q) {
        return p.x() < q.x() - 1e-9 || (std::abs(p.x() - q.x()) <= 1e-9 && p.y() < q.y());
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    for (qsizetype i = 0; i < a.size(); ++i)
        if (std::abs(a[i].x() - b[i].x()) > 1e-9 || std::abs(a[i].y() - b[i].y()) > 1e-9)
            return false;
    return true;
}

QString text(const QList<QPointF> &points) {
    QStringList list;
    for (QPointF p : points)
        list << QStringLiteral("(%1, %2)").arg(p.x()).arg(p.y());
    return list.join(u' ');
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF d = b - a;
    const double t =
        std::clamp(QPointF::dotProduct(p - a, d) / QPointF::dotProduct(d, d), 0.0, 1.0);
    const QPointF q = a + t * d - p;
    return std::hypot(q.x(), q.y());
}

} // namespace

class TestMotion : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    TimelinePanel *timeline() const { return mWindow->timelinePanel(); }
    MotionFields *fields() const { return timeline()->motionFields(); }
    MotionLayer *layer() const { return mWindow->motionLayer(); }
    QPointF motion(int frame) const { return doc()->frame({0, frame}).motion; }
    int frame() const { return session()->currentFrame().frame; }

    // The refusal lines shown in the Timeline: visible labels named "refusal".
    QString refusal() const {
        QStringList texts;
        for (const QLabel *label : timeline()->findChildren<QLabel *>(QStringLiteral("refusal")))
            if (label->isVisible())
                texts << label->text();
        return texts.join(u'\n');
    }

    void clickFrame(int row) {
        QListView *strip = timeline()->strip();
        QTest::mouseClick(strip->viewport(), Qt::LeftButton, {},
                          strip->visualRect(timeline()->model()->index(row)).center());
        QCOMPARE(frame(), row);
    }

    // Clicks into the field, selects what it holds and types text, then presses `confirm`.
    static void typeInto(QLineEdit *field, const QString &text, int confirm = Qt::Key_Return) {
        QTest::mouseClick(field, Qt::LeftButton);
        QVERIFY(field->hasFocus());
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(field, Qt::Key_Backspace);
        QTest::keyClicks(field, text);
        if (confirm)
            QTest::keyClick(field, Qt::Key(confirm));
    }

    // Types every frame's motion of kTyped (frame 2 stays (0, 0): nothing is typed there).
    void typeAllMotions() {
        for (int k : {0, 1, 3}) {
            clickFrame(k);
            typeInto(fields()->xEdit(), QString::number(kTyped[k].x()));
            typeInto(fields()->yEdit(), QString::number(kTyped[k].y()));
            QCOMPARE(motion(k), kTyped[k]);
        }
    }

    void clickShape(QPointF at, Qt::KeyboardModifiers modifiers = {}) {
        QGraphicsView *view = mWindow->canvas()->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers, view->mapFromScene(at));
    }

private Q_SLOTS:
    void initTestCase() {
        QSettings().clear();
        QLocale::setDefault(
            QLocale(QLocale::English, QLocale::UnitedStates)); // "1,500" is no number
    }

    void init() {
        QSettings().clear();
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        const QString path = mDir.filePath(QStringLiteral("motion.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(kDocument);
        file.close();
        QVERIFY(mWindow->openFile(path));
        QCoreApplication::processEvents();
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 0}));
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void typedMotionIsOneUndoStepEach() {
        clickFrame(1);
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("0"));
        QCOMPARE(fields()->yEdit()->text(), QStringLiteral("0"));
        typeInto(fields()->xEdit(), QStringLiteral("12.5"));
        QCOMPARE(motion(1), QPointF(12.5, 0));
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Set motion of swing"));
        // Tab confirms too; the other frames keep theirs.
        typeInto(fields()->yEdit(), QStringLiteral("-3"), Qt::Key_Tab);
        QCOMPARE(motion(1), QPointF(12.5, -3));
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(motion(0), QPointF(0, 0));
        QCOMPARE(fields()->rootLabel()->text(), QStringLiteral("at 12.5, -3"));
        // The same value again is no step; "3.0" reads "3".
        typeInto(fields()->yEdit(), QStringLiteral("-3.0"));
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(fields()->yEdit()->text(), QStringLiteral("-3"));
        // A later frame stands at the sum.
        clickFrame(2);
        QCOMPARE(fields()->rootLabel()->text(), QStringLiteral("at 12.5, -3"));
        typeInto(fields()->xEdit(), QStringLiteral("1e1"));
        QCOMPARE(motion(2), QPointF(10, 0));
        QCOMPARE(fields()->rootLabel()->text(), QStringLiteral("at 22.5, -3"));

        stack()->undo();
        QCOMPARE(motion(2), QPointF(0, 0));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("0"));
        stack()->undo();
        QCOMPARE(motion(1), QPointF(12.5, 0));
        stack()->undo();
        QCOMPARE(motion(1), QPointF(0, 0));
        stack()->redo();
        QCOMPARE(motion(1), QPointF(12.5, 0));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("12.5"));
        // An empty field is no step: back to 0.
        typeInto(fields()->xEdit(), QString());
        QCOMPARE(motion(1), QPointF(0, 0));
    }

    void wordsNanInfAndFarStepsAreRefusedInPlace() {
        clickFrame(1);
        typeInto(fields()->xEdit(), QStringLiteral("7"));
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(refusal(), QString());
        const QStringList refused{QStringLiteral("abc"),   QStringLiteral("nan"),
                                  QStringLiteral("inf"),   QStringLiteral("-inf"),
                                  QStringLiteral("1e400"), QStringLiteral("12px"),
                                  QStringLiteral("1,500")};
        for (const QString &word : refused) {
            for (QLineEdit *field : {fields()->xEdit(), fields()->yEdit()}) {
                typeInto(field, word);
                QVERIFY2(refusal().contains(QStringLiteral("\"%1\" is not a number").arg(word)),
                         qPrintable(word + u':' + refusal()));
                QVERIFY2(refusal().contains(QStringLiteral("the motion of swing stays 7, 0")),
                         qPrintable(refusal()));
                QCOMPARE(QApplication::activeModalWidget(), nullptr); // no box, in place only
                QCOMPARE(motion(1), QPointF(7, 0));
                QCOMPARE(stack()->count(), 1);
                QCOMPARE(fields()->xEdit()->text(), QStringLiteral("7")); // the value shown again
                QCOMPARE(fields()->yEdit()->text(), QStringLiteral("0"));
            }
        }
        // Leaving the field with a word in it: refused the same way.
        typeInto(fields()->yEdit(), QStringLiteral("fire"), 0);
        clickFrame(2);
        QCOMPARE(motion(1), QPointF(7, 0));
        QCOMPARE(stack()->count(), 1);
        clickFrame(1);
        // Too far for one step.
        typeInto(fields()->xEdit(), QStringLiteral("1e8"));
        QVERIFY2(refusal().contains(QStringLiteral("too far")), qPrintable(refusal()));
        QCOMPARE(motion(1), QPointF(7, 0));
        // A value taken clears the line.
        typeInto(fields()->xEdit(), QStringLiteral("-4.25"));
        QCOMPARE(refusal(), QString());
        QCOMPARE(motion(1), QPointF(-4.25, 0));
        QVERIFY(doc()->data().sprites[0].frames[1].motion.x() == -4.25);
    }

    void undoAndRedoShowTheFrame() {
        clickFrame(1);
        typeInto(fields()->xEdit(), QStringLiteral("9"));
        clickFrame(3);
        typeInto(fields()->yEdit(), QStringLiteral("2"));
        session()->setCurrentFrame({1, 0}); // another sprite
        // Ctrl+Z on the canvas: back to frame 3 of hero, its field shows the value again.
        mWindow->canvas()->view()->setFocus();
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 3}));
        QCOMPARE(motion(3), QPointF(0, 0));
        QCOMPARE(fields()->yEdit()->text(), QStringLiteral("0"));
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("0"));
        clickFrame(0);
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("9"));
        // Typing itself never moves to another frame.
        clickFrame(2);
        typeInto(fields()->xEdit(), QStringLiteral("1"));
        QCOMPARE(frame(), 2);
    }

    void aValueTypedGoesToItsFrameWhenAnotherIsClicked() {
        clickFrame(1);
        typeInto(fields()->xEdit(), QStringLiteral("6"), 0); // not confirmed
        clickFrame(2); // the click takes the focus: the field is left, its value confirmed
        QCOMPARE(motion(1), QPointF(6, 0));
        QCOMPARE(motion(2), QPointF(0, 0));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("0"));
        QCOMPARE(stack()->count(), 1);
        // The frame changed under the field (a menu's Next Frame keeps the focus): the typed
        // value is dropped, never pushed from inside whatever moved the frame.
        typeInto(fields()->xEdit(), QStringLiteral("5"), 0);
        QVERIFY(fields()->xEdit()->hasFocus());
        QAction *next = mWindow->findChild<QAction *>(QStringLiteral("nextFrameAction"));
        QVERIFY(next);
        next->trigger();
        QCOMPARE(frame(), 3);
        QCOMPARE(motion(2), QPointF(0, 0));
        QCOMPARE(motion(3), QPointF(0, 0));
        QCOMPARE(fields()->xEdit()->text(), QStringLiteral("0"));
        QCOMPARE(stack()->count(), 1);
        // Nor does an undo from the toolbar push anything: it shows frame 1 again.
        typeInto(fields()->xEdit(), QStringLiteral("8"), 0);
        QAction *undo = nullptr;
        for (QAction *action : mWindow->findChildren<QAction *>())
            if (action->shortcuts().contains(QKeySequence(QKeySequence::Undo)))
                undo = action;
        auto *bar = mWindow->findChild<QToolBar *>(QStringLiteral("fileToolBar"));
        QVERIFY(undo && bar && bar->widgetForAction(undo));
        QTest::mouseClick(bar->widgetForAction(undo), Qt::LeftButton);
        QCOMPARE(frame(), 1);
        QCOMPARE(motion(1), QPointF(0, 0));
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->index(), 0);
        QVERIFY(stack()->canRedo());
    }

    void theStripsTooltipNamesTheStep() {
        typeAllMotions();
        const QString tip = timeline()->model()->index(1).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("steps 10, -1 (the origin at 12, -1)")),
                 qPrintable(tip));
        QVERIFY(!timeline()
                     ->model()
                     ->index(2)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("steps")));
    }

    void theOriginPathGoesThroughEveryFrame() {
        QVERIFY(layer()->dotItems().isEmpty()); // no motion yet: no path
        QVERIFY(layer()->pathItem()->path().isEmpty());
        typeAllMotions();
        for (int shown = 0; shown < 4; ++shown) {
            clickFrame(shown);
            const QList<QGraphicsEllipseItem *> &dots = layer()->dotItems();
            QCOMPARE(dots.size(), 4);
            QList<QPointF> through; // the path's corners: a frame that does not step adds none
            for (int k = 0; k < 4; ++k) {
                // The origin of frame k, in the shown frame's pixels.
                const QPointF want = kOrigins[shown] + summed(k) - summed(shown);
                QCOMPARE(dots[k]->scenePos(), want);
                QVERIFY(dots[k]->scene() == mWindow->canvas()->scene());
                // The current frame's dot is the larger ring.
                QCOMPARE(dots[k]->rect().width() > 6.5, k == shown);
                if (through.isEmpty() || through.last() != want)
                    through << want;
            }
            const QPainterPath path = layer()->pathItem()->path();
            QCOMPARE(path.elementCount(), through.size());
            for (int i = 0; i < through.size(); ++i)
                QCOMPARE(QPointF(path.elementAt(i)), through[i]);
        }
        // The View toggle hides it, and is saved.
        QAction *toggle = mWindow->findChild<QAction *>(QStringLiteral("rootMotionPathAction"));
        QVERIFY(toggle && toggle->isChecked());
        toggle->trigger();
        QVERIFY(layer()->dotItems().isEmpty());
        QVERIFY(layer()->pathItem()->path().isEmpty());
        QCOMPARE(QSettings().value(QStringLiteral("view/rootMotionPath")).toBool(), false);
        toggle->trigger();
        QCOMPARE(layer()->dotItems().size(), 4);
        // A sprite without motion has none; undoing every step takes it away.
        session()->setCurrentFrame({1, 0});
        QVERIFY(layer()->dotItems().isEmpty());
        clickFrame(0);
        QCOMPARE(frame(), 0);
        while (stack()->canUndo())
            stack()->undo();
        QVERIFY(layer()->dotItems().isEmpty());
    }

    void onionGhostsStandWhereTheCharacterStands() {
        typeAllMotions();
        OnionLayer *onion = mWindow->onionLayer();
        onion->toggleAction()->trigger();
        QVERIFY(onion->isEnabled());
        clickFrame(2);
        QCOMPARE(onion->ghosts().size(), 2);
        for (const OnionLayer::Ghost &ghost : onion->ghosts()) {
            const int k = ghost.frame.frame;
            // The ghost's shapes moved into frame 2's pixels.
            QRectF want;
            for (const Shape &shape : doc()->frame({0, k}).shapes)
                want |= shape.boundingRect().translated(shiftOf(k, 2));
            const QRectF got = ghost.path.boundingRect();
            QVERIFY2(std::abs(got.left() - want.left()) < 1e-9 &&
                         std::abs(got.top() - want.top()) < 1e-9 &&
                         std::abs(got.right() - want.right()) < 1e-9 &&
                         std::abs(got.bottom() - want.bottom()) < 1e-9,
                     qPrintable(QStringLiteral("frame %1").arg(k)));
            QCOMPARE(ghost.imageAt, shiftOf(k, 2));
        }
    }

    void aWrappedGhostStandsOneRunAway() {
        typeAllMotions();
        timeline()->playback()->setLooping(Playback::Looping::Loop);
        mWindow->onionLayer()->toggleAction()->trigger();
        clickFrame(0);
        // Looping, the frame before frame 0 is frame 3 of the run before: the character stood
        // at summed(3) then, a run (summed(3)) before this run's start; frame 0 stands at
        // summed(0) in this run.
        const QPointF run = summed(3);
        QHash<int, QPointF> want{{-1, kOrigins[0] - kOrigins[3] + (summed(3) - run) - summed(0)},
                                 {+1, shiftOf(1, 0)}};
        QCOMPARE(mWindow->onionLayer()->ghosts().size(), 2);
        for (const OnionLayer::Ghost &ghost : mWindow->onionLayer()->ghosts())
            QCOMPARE(ghost.imageAt, want.value(ghost.offset));
        // And after the last frame comes frame 0 of the next run.
        clickFrame(3);
        want = {{-1, shiftOf(2, 3)},
                {+1, kOrigins[3] - kOrigins[0] + (run + summed(0)) - summed(3)}};
        for (const OnionLayer::Ghost &ghost : mWindow->onionLayer()->ghosts())
            QCOMPARE(ghost.imageAt, want.value(ghost.offset));
    }

    void sweptAreaOfTheSelectedAttackShapes() {
        typeAllMotions();
        clickFrame(1);
        clickShape({50, 10}); // the blade
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        QVERIFY(layer()->sweepItems().isEmpty()); // onion skin off: no sweep
        mWindow->onionLayer()->toggleAction()->trigger();
        QCOMPARE(layer()->sweepItems().size(), 1);
        // Frame 0's blade at (40, 20), stepped back by frame 1's motion, to (50, 10).
        QList<QPointF> points = corners(QPointF(40, 20) + shiftOf(0, 1), {8, 4});
        points += corners({50, 10}, {8, 4});
        QPolygonF got = layer()->sweepItems()[0]->polygon();
        QVERIFY2(samePoints(got, hullOf(points)),
                 qPrintable(text(got) + " | " + text(hullOf(points))));
        QCOMPARE(layer()->sweepItems()[0]->scenePos(), QPointF(0, 0));

        // The body is a hurtbox: no sweep of its own.
        clickShape({20, 20});
        QCOMPARE(session()->selectedShapes(), QList<int>{0});
        QVERIFY(layer()->sweepItems().isEmpty());

        // Frame 2, blade and tip (shift-click): two sweeps; frame 2's pivot differs.
        clickFrame(2);
        clickShape({62, 14});
        clickShape({70, 12}, Qt::ShiftModifier);
        QCOMPARE(session()->selectedShapes(), (QList<int>{1, 2}));
        QCOMPARE(layer()->sweepItems().size(), 2);
        points = corners(QPointF(50, 10) + shiftOf(1, 2), {8, 4}) + corners({62, 14}, {8, 4});
        got = layer()->sweepItems()[0]->polygon();
        QVERIFY2(samePoints(got, hullOf(points)),
                 qPrintable(text(got) + " | " + text(hullOf(points))));
        // The tip's capsule: every vertex 3 from the segment between the two centres (chords
        // fall inside by at most 3 (1 - cos(pi / 64))), and it reaches both round ends.
        const QPointF a = QPointF(60, 3) + shiftOf(1, 2), b(70, 12);
        got = layer()->sweepItems()[1]->polygon();
        QVERIFY(got.size() > 16);
        for (QPointF p : got) {
            const double d = distanceToSegment(p, a, b);
            QVERIFY2(d > 3 * std::cos(M_PI / 64) - 1e-9 && d < 3 + 1e-9, qPrintable(text(got)));
        }
        QVERIFY(got.containsPoint(a - QPointF(2.9, 0), Qt::OddEvenFill));
        QVERIFY(got.containsPoint(b + QPointF(0, 2.9), Qt::OddEvenFill));

        // A motion typed now moves the sweep with it.
        typeInto(fields()->xEdit(), QStringLiteral("-6"));
        QCOMPARE(motion(2), QPointF(-6, 0));
        QCOMPARE(layer()->sweepItems().size(), 2);
        points = corners(QPointF(50, 10) + shiftOf(1, 2) + QPointF(6, 0), {8, 4}) +
                 corners({62, 14}, {8, 4});
        got = layer()->sweepItems()[0]->polygon();
        QVERIFY2(samePoints(got, hullOf(points)),
                 qPrintable(text(got) + " | " + text(hullOf(points))));
        // Frame 0 has nothing before it.
        clickFrame(0);
        clickShape({40, 20});
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        QVERIFY(layer()->sweepItems().isEmpty());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestMotion)
#include "tst_motion.moc"
