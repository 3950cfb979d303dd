// The Capsule tool and a capsule's grips on the real canvas, driven by mouse and key events:
// K picks the tool, a drag lays the core segment from end to end, moving out sets the radius and
// a click places it (one undo step); the end and radius grips and the arrow keys edit it.

#include "abstracttool.h"
#include "canvas.h"
#include "canvasview.h"
#include "editorsession.h"
#include "shapeitem.h"

#include <QAction>
#include <QApplication>
#include <QGraphicsPathItem>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QSettings>
#include <QTest>
#include <QUndoStack>

using namespace hitsmith;

class TestCanvasCapsule : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("HitsmithTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_canvas_capsule"));
        QSettings().clear();
    }

    void init() {
        mSession = new EditorSession;
        DocumentData data;
        Sprite sprite;
        sprite.name = QStringLiteral("hero");
        Frame idle;
        idle.name = QStringLiteral("idle");
        idle.source = QRectF(0, 0, 100, 100);
        sprite.frames = {idle};
        data.sprites = {sprite};
        mSession->document()->reset(data);
        mCanvas = new Canvas(mSession);
        mCanvas->resize(640, 480);
        mCanvas->show();
        QVERIFY(QTest::qWaitForWindowExposed(mCanvas));
        mSession->setCurrentFrame({0, 0});
        mCanvas->setZoom(4.0);
        mCanvas->view()->centerOn(50, 50);
        mCanvas->setSnapToPixels(true);
        mCanvas->setSnapToGrid(false);
        mCanvas->setSnapToVertices(false);
        mCanvas->action(Canvas::ActionId::SelectTool)->trigger();
    }

    void cleanup() {
        delete mCanvas;
        delete mSession;
        mCanvas = nullptr;
        mSession = nullptr;
    }

    void kPicksTheToolAndADragThenAClickPlacesACapsule() {
        QTest::keyClick(mCanvas->view(), Qt::Key_K);
        QVERIFY(mCanvas->action(Canvas::ActionId::CapsuleTool)->isChecked());
        QUndoStack *stack = mSession->document()->undoStack();
        drag({20, 20}, {60, 20});
        QVERIFY(shapes().isEmpty()); // the radius is still to come
        QVERIFY(!mCanvas->previewItem()->path().isEmpty());
        moveTo({40, 28}, Qt::NoButton); // 8 px out from the segment
        QVERIFY(mCanvas->previewItem()->path().boundingRect().height() > 15);
        click({40, 28});
        QCOMPARE(shapes().size(), 1);
        const Shape &capsule = shapes()[0];
        QCOMPARE(capsule.type, ShapeType::Capsule);
        QCOMPARE(capsule.points, (QList<QPointF>{{20, 20}, {60, 20}}));
        QCOMPARE(capsule.radius, 8.0);
        QCOMPARE(capsule.id, QStringLiteral("capsule"));
        QCOMPARE(stack->count(), 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Add Capsule capsule"));
        QVERIFY(mCanvas->previewItem()->path().isEmpty());
        // Past the end caps the radius is the distance to the nearer end.
        drag({20, 60}, {40, 60});
        moveTo({43, 64}, Qt::NoButton);
        key(Qt::Key_Return);
        QCOMPARE(shapes().size(), 2);
        QCOMPARE(shapes()[1].radius, 5.0);
        stack->undo();
        QCOMPARE(shapes().size(), 1);
    }

    void escapeAClickOrAnotherToolLeaveNothing() {
        mCanvas->action(Canvas::ActionId::CapsuleTool)->trigger();
        click({30, 30}); // no drag: no segment
        QVERIFY(shapes().isEmpty());
        QVERIFY(!mCanvas->activeTool()->isBusy());
        drag({20, 20}, {60, 20});
        moveTo({40, 30}, Qt::NoButton);
        key(Qt::Key_Escape);
        QVERIFY(shapes().isEmpty());
        QVERIFY(mCanvas->previewItem()->path().isEmpty());
        drag({20, 20}, {60, 20});
        QTest::mousePress(mCanvas->view()->viewport(), Qt::RightButton, {}, viewPoint({40, 30}));
        QVERIFY(shapes().isEmpty());
        QCOMPARE(mSession->document()->undoStack()->count(), 0);
    }

    void shiftKeepsTheSegmentAtFortyFiveDegrees() {
        mCanvas->action(Canvas::ActionId::CapsuleTool)->trigger();
        drag({20, 20}, {50, 47}, Qt::ShiftModifier);
        moveTo({20, 30}, Qt::NoButton);
        click({20, 30});
        QCOMPARE(shapes().size(), 1);
        const QPointF d = shapes()[0].points[1] - shapes()[0].points[0];
        QVERIFY2(qAbs(d.x() - d.y()) < 1e-9,
                 qPrintable(QStringLiteral("%1, %2").arg(d.x()).arg(d.y())));
    }

    void endAndRadiusGripsEditInOneUndoStepEach() {
        addCapsule(Shape::capsule(QStringLiteral("arm"), {20, 20}, {60, 20}, 6));
        click({40, 20}); // selects it
        QCOMPARE(mSession->selectedShapes(), QList<int>{0});
        const QList<Grip> grips = mCanvas->item(0)->grips();
        QCOMPARE(grips.size(), 3);
        QCOMPARE(grips[0].kind, Grip::Kind::End);
        QCOMPARE(grips[1].pos, QPointF(60, 20));
        QCOMPARE(grips[2].kind, Grip::Kind::Radius);
        QCOMPARE(grips[2].pos, QPointF(40, 26)); // beside the middle, square to the segment
        QUndoStack *stack = mSession->document()->undoStack();
        const int start = stack->count();
        drag({60, 20}, {60, 50});
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{20, 20}, {60, 50}}));
        QCOMPARE(shapes()[0].radius, 6.0);
        QCOMPARE(stack->count(), start + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Move End of arm"));
        stack->undo();
        QCOMPARE(shapes()[0].points[1], QPointF(60, 20));
        drag({40, 26}, {40, 31});
        QCOMPARE(shapes()[0].radius, 11.0);
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{20, 20}, {60, 20}}));
        QCOMPARE(stack->undoText(), QStringLiteral("Resize arm"));
        // The body moves both ends; the arrow keys nudge it.
        drag({30, 20}, {35, 25});
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{25, 25}, {65, 25}}));
        key(Qt::Key_Left);
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{24, 25}, {64, 25}}));
    }

    void aRadiusOfZeroIsFlaggedNotLost() {
        addCapsule(Shape::capsule(QStringLiteral("arm"), {20, 20}, {60, 20}, 6));
        click({40, 20});
        drag({40, 26}, {40, 20}); // onto the segment: radius 0
        QCOMPARE(shapes().size(), 1);
        QCOMPARE(shapes()[0].radius, 0.0);
        QVERIFY(mCanvas->item(0)->problem().has_value());
        QVERIFY2(mCanvas->item(0)->problem()->reason.contains(QStringLiteral("radius")),
                 qPrintable(mCanvas->item(0)->problem()->reason));
    }

private:
    QPoint viewPoint(QPointF framePos) const { return mCanvas->view()->mapFromScene(framePos); }
    void press(QPointF at, Qt::KeyboardModifiers mods = {}) {
        QTest::mousePress(mCanvas->view()->viewport(), Qt::LeftButton, mods, viewPoint(at));
    }
    void moveTo(QPointF at, Qt::MouseButtons buttons, Qt::KeyboardModifiers mods = {}) {
        // QTest::mouseMove carries no buttons; a drag needs them in the event.
        const QPointF local = viewPoint(at);
        QMouseEvent event(QEvent::MouseMove, local, mCanvas->view()->viewport()->mapToGlobal(local),
                          Qt::NoButton, buttons, mods);
        QApplication::sendEvent(mCanvas->view()->viewport(), &event);
    }
    void release(QPointF at, Qt::KeyboardModifiers mods = {}) {
        QTest::mouseRelease(mCanvas->view()->viewport(), Qt::LeftButton, mods, viewPoint(at));
    }
    void drag(QPointF from, QPointF to, Qt::KeyboardModifiers mods = {}) {
        moveTo(from, Qt::NoButton, mods);
        press(from, mods);
        for (int i = 1; i <= 5; ++i)
            moveTo(from + (to - from) * (i / 5.0), Qt::LeftButton, mods);
        release(to, mods);
    }
    void click(QPointF at, Qt::KeyboardModifiers mods = {}) {
        press(at, mods);
        release(at, mods);
    }
    void key(Qt::Key k, Qt::KeyboardModifiers mods = {}) {
        QTest::keyClick(mCanvas->view(), k, mods);
    }
    const QList<Shape> &shapes() const {
        return mSession->document()->frame(mSession->currentFrame()).shapes;
    }
    void addCapsule(const Shape &shape) {
        DocumentData data = mSession->document()->data();
        data.sprites[0].frames[0].shapes.append(shape);
        mSession->document()->reset(data);
        mSession->setCurrentFrame({0, 0});
        mCanvas->setZoom(4.0);
        mCanvas->view()->centerOn(50, 50);
    }

    EditorSession *mSession = nullptr;
    Canvas *mCanvas = nullptr;
};

QTEST_MAIN(TestCanvasCapsule)
#include "tst_ui_canvas_capsule.moc"
