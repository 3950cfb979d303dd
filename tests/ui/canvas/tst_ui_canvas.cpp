// GUI tests of the canvas on the real widgets. One program on purpose (over 700 lines): each test
// shares the window fixture and the press/drag helpers; splitting by tool is the next step.
#include "canvas.h"
#include "canvasview.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "layercolors.h"
#include "layerspanel.h"
#include "prompts.h"
#include "shapeitem.h"

#include <QAction>
#include <QApplication>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace hitsmith;

class TestCanvas : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void createRectangle();
    void createSquareWithShift();
    void createCircle();
    void shortClickWithRectOrCircleCreatesNothing();
    void historyNamesTheShape();
    void missingImageAndEmptyDocumentSaySo();
    void createPolygonByClosingClick();
    void createPolygonWithEnterAndBackspace();
    void polygonEscapeCancels();
    void vertexDragMakesConcaveAndHullFixes();
    void splitIntoConvexPiecesFix();
    void removeOffendingVertexFix();
    void moveShapeIntoAnotherHits();
    void pointIsACrossMovedLikeAShape();
    void pointToolPlacesOnePointPerClick();
    void escapeCancelsDrag();
    void snapToPixelsAndGrid();
    void altSuspendsSnapping();
    void snapToVertices();
    void nudgeWithArrows();
    void copyPasteIntoAnotherFrame();
    void rubberBandAndDelete();
    void insertAndDeleteVertex();
    void multiVertexMove();
    void undoInsertedVertexThenDeleteAndNudge();
    void historyJumpDropsVanishedVertex();
    void removeOffendingVertexDropsLaterVertex();
    void staleVertexIndicesAreIgnored();
    void layerColorMatchesLayersPanel();
    void rotateRectangleHandle();
    void zoomAndStatusSignals();

private:
    QPoint viewPoint(QPointF framePos) const;
    void press(QPointF at, Qt::KeyboardModifiers mods = {});
    void moveTo(QPointF at, Qt::MouseButtons buttons = Qt::LeftButton,
                Qt::KeyboardModifiers mods = {});
    void release(QPointF at, Qt::KeyboardModifiers mods = {});
    void drag(QPointF from, QPointF to, Qt::KeyboardModifiers mods = {});
    void click(QPointF at, Qt::KeyboardModifiers mods = {});
    void doubleClick(QPointF at);
    void key(Qt::Key k, Qt::KeyboardModifiers mods = {});
    const QList<Shape> &shapes() const;
    void verifyVertexSelectionInRange();
    void addShapes(const QList<Shape> &list, FrameRef frame = {0, 0});

    EditorSession *mSession = nullptr;
    Canvas *mCanvas = nullptr;
};

void TestCanvas::initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("HitsmithTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_canvas"));
    QSettings().clear();
}

void TestCanvas::init() {
    mSession = new EditorSession;
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero");
    Frame idle;
    idle.name = QStringLiteral("idle");
    idle.source = QRectF(0, 0, 100, 100);
    Frame run = idle;
    run.name = QStringLiteral("run");
    sprite.frames = {idle, run};
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

void TestCanvas::cleanup() {
    delete mCanvas;
    delete mSession;
    mCanvas = nullptr;
    mSession = nullptr;
}

QPoint TestCanvas::viewPoint(QPointF framePos) const {
    return mCanvas->view()->mapFromScene(framePos);
}

void TestCanvas::press(QPointF at, Qt::KeyboardModifiers mods) {
    QTest::mousePress(mCanvas->view()->viewport(), Qt::LeftButton, mods, viewPoint(at));
}

void TestCanvas::moveTo(QPointF at, Qt::MouseButtons buttons, Qt::KeyboardModifiers mods) {
    // QTest::mouseMove carries no buttons; a drag needs them in the event.
    const QPointF local = viewPoint(at);
    QMouseEvent event(QEvent::MouseMove, local, mCanvas->view()->viewport()->mapToGlobal(local),
                      Qt::NoButton, buttons, mods);
    QApplication::sendEvent(mCanvas->view()->viewport(), &event);
}

void TestCanvas::release(QPointF at, Qt::KeyboardModifiers mods) {
    QTest::mouseRelease(mCanvas->view()->viewport(), Qt::LeftButton, mods, viewPoint(at));
}

void TestCanvas::drag(QPointF from, QPointF to, Qt::KeyboardModifiers mods) {
    press(from, mods);
    for (int i = 1; i <= 5; ++i)
        moveTo(from + (to - from) * (i / 5.0), Qt::LeftButton, mods);
    release(to, mods);
}

void TestCanvas::click(QPointF at, Qt::KeyboardModifiers mods) {
    press(at, mods);
    release(at, mods);
}

void TestCanvas::doubleClick(QPointF at) {
    // The sequence a real double-click produces: press, release, press, double-click, release.
    click(at);
    press(at);
    const QPointF local = viewPoint(at);
    QMouseEvent event(QEvent::MouseButtonDblClick, local,
                      mCanvas->view()->viewport()->mapToGlobal(local), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(mCanvas->view()->viewport(), &event);
    release(at);
}

void TestCanvas::key(Qt::Key k, Qt::KeyboardModifiers mods) {
    QTest::keyClick(mCanvas->view(), k, mods);
}

const QList<Shape> &TestCanvas::shapes() const {
    return mSession->document()->frame(mSession->currentFrame()).shapes;
}

void TestCanvas::verifyVertexSelectionInRange() {
    // Neither the canvas nor the item may keep a vertex index the shape no longer has.
    const int shape = mCanvas->vertexShape();
    if (shape < 0) {
        QVERIFY(mCanvas->selectedVertices().isEmpty());
        return;
    }
    QVERIFY(shape < shapes().size());
    const qsizetype count = shapes()[shape].points.size();
    for (int v : mCanvas->selectedVertices())
        QVERIFY2(v >= 0 && v < count,
                 qPrintable(QStringLiteral("vertex %1 of %2").arg(v).arg(count)));
    for (int v : mCanvas->item(shape)->selectedVertices())
        QVERIFY(v >= 0 && v < count);
}

void TestCanvas::addShapes(const QList<Shape> &list, FrameRef frame) {
    DocumentData data = mSession->document()->data();
    data.sprites[frame.sprite].frames[frame.frame].shapes += list;
    mSession->document()->reset(data);
    mSession->setCurrentFrame(frame);
    mCanvas->setZoom(4.0);
    mCanvas->view()->centerOn(50, 50);
}

void TestCanvas::createRectangle() {
    mCanvas->action(Canvas::ActionId::RectTool)->trigger();
    drag({10, 10}, {30, 20});
    QCOMPARE(shapes().size(), 1);
    const Shape s = shapes()[0];
    QCOMPARE(s.type, ShapeType::Rect);
    QCOMPARE(s.center, QPointF(20, 15));
    QCOMPARE(s.size, QSizeF(20, 10));
    QCOMPARE(s.layer, QStringLiteral("default"));
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    QUndoStack *stack = mSession->document()->undoStack();
    QCOMPARE(stack->count(), 1);
    stack->undo();
    QCOMPARE(shapes().size(), 0);
    QCOMPARE(mCanvas->itemCount(), 0);
    stack->redo();
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(mCanvas->item(0)->shapeData(), s);

    // The current layer is used for new shapes, and ids stay unique.
    mSession->setCurrentLayer(QStringLiteral("hurtbox"));
    drag({50, 50}, {60, 60});
    QCOMPARE(shapes().size(), 2);
    QCOMPARE(shapes()[1].layer, QStringLiteral("hurtbox"));
    QVERIFY(shapes()[1].id != shapes()[0].id);
}

void TestCanvas::createSquareWithShift() {
    mCanvas->action(Canvas::ActionId::RectTool)->trigger();
    drag({10, 10}, {30, 16}, Qt::ShiftModifier);
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].size, QSizeF(20, 20));
}

void TestCanvas::createCircle() {
    mCanvas->action(Canvas::ActionId::CircleTool)->trigger();
    drag({40, 40}, {40, 52});
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].type, ShapeType::Circle);
    QCOMPARE(shapes()[0].center, QPointF(40, 40));
    QCOMPARE(shapes()[0].radius, 12.0);
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes().size(), 0);
    mSession->document()->undoStack()->redo();
    QCOMPARE(shapes()[0].radius, 12.0);
}

void TestCanvas::shortClickWithRectOrCircleCreatesNothing() {
    // At zoom 4 a one-pixel slip is 4 screen pixels: under the drag distance, so still a click
    // (the click that focuses the canvas must not leave a shape behind).
    QVERIFY(4 < QApplication::startDragDistance());
    for (const auto tool : {Canvas::ActionId::RectTool, Canvas::ActionId::CircleTool}) {
        mCanvas->action(tool)->trigger();
        click({20, 20});
        drag({30, 30}, {31, 31});
        QCOMPARE(shapes().size(), 0);
        QCOMPARE(mSession->document()->undoStack()->count(), 0);
    }
    // A drag past the distance still draws.
    mCanvas->action(Canvas::ActionId::CircleTool)->trigger();
    drag({30, 30}, {34, 30});
    QCOMPARE(shapes().size(), 1);
}

void TestCanvas::historyNamesTheShape() {
    addShapes({Shape::rect(QStringLiteral("blade"), {20, 20}, {10, 10})});
    drag({20, 20}, {30, 20});
    QUndoStack *stack = mSession->document()->undoStack();
    QCOMPARE(stack->undoText(), QStringLiteral("Move blade"));
    key(Qt::Key_Delete);
    QCOMPARE(stack->undoText(), QStringLiteral("Delete blade"));
}

void TestCanvas::missingImageAndEmptyDocumentSaySo() {
    auto noticePixels = [this] {
        QCoreApplication::processEvents();
        const QImage shot = mCanvas->view()->viewport()->grab().toImage();
        int count = 0;
        for (int y = 0; y < shot.height(); ++y) {
            for (int x = 0; x < shot.width(); ++x)
                count += QColor(shot.pixel(x, y)) == CanvasView::kNoticeColor;
        }
        return count;
    };
    QVERIFY(mCanvas->notice().isEmpty()); // a sprite without an image is fine
    QCOMPARE(noticePixels(), 0);

    QTemporaryDir dir;
    DocumentData data = mSession->document()->data();
    data.sprites[0].image = QStringLiteral("knight.png");
    mSession->document()->reset(data, dir.filePath(QStringLiteral("doc.json")));
    mSession->setCurrentFrame({0, 0});
    QCOMPARE(mCanvas->notice(), QStringLiteral("image not found: knight.png"));
    QVERIFY(noticePixels() > 20); // written on the canvas itself

    mSession->document()->reset(DocumentData{});
    QVERIFY2(mCanvas->notice().contains(QStringLiteral("Add Sprite from PNG")),
             qPrintable(mCanvas->notice()));
    QVERIFY(mCanvas->notice().contains(QStringLiteral("drop")));
    QVERIFY(noticePixels() > 20);
}

void TestCanvas::createPolygonByClosingClick() {
    mCanvas->action(Canvas::ActionId::PolygonTool)->trigger();
    click({10, 10});
    click({30, 10});
    click({20, 30});
    QCOMPARE(shapes().size(), 0); // still open
    click({10, 10});              // on the first vertex: closes
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].type, ShapeType::Polygon);
    QCOMPARE(shapes()[0].points, (QList<QPointF>{{10, 10}, {30, 10}, {20, 30}}));
    QVERIFY(!mCanvas->item(0)->problem());

    // Double-click finishes too.
    click({50, 50});
    click({70, 50});
    doubleClick({60, 70});
    QCOMPARE(shapes().size(), 2);
    QCOMPARE(shapes()[1].points, (QList<QPointF>{{50, 50}, {70, 50}, {60, 70}}));
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes().size(), 1);
}

void TestCanvas::createPolygonWithEnterAndBackspace() {
    mCanvas->action(Canvas::ActionId::PolygonTool)->trigger();
    click({10, 10});
    click({30, 10});
    click({90, 90}); // a slip
    key(Qt::Key_Backspace);
    click({30, 30});
    click({10, 30});
    key(Qt::Key_Return);
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].points, (QList<QPointF>{{10, 10}, {30, 10}, {30, 30}, {10, 30}}));
}

void TestCanvas::polygonEscapeCancels() {
    mCanvas->action(Canvas::ActionId::PolygonTool)->trigger();
    click({10, 10});
    click({30, 10});
    click({30, 30});
    key(Qt::Key_Escape);
    key(Qt::Key_Return);
    QCOMPARE(shapes().size(), 0);
    QCOMPARE(mSession->document()->undoStack()->count(), 0);
}

void TestCanvas::vertexDragMakesConcaveAndHullFixes() {
    const Shape square =
        Shape::polygon(QStringLiteral("box"), {{10, 10}, {40, 10}, {40, 40}, {10, 40}});
    addShapes({square});
    QSignalSpy status(mCanvas, &Canvas::statusMessageChanged);
    click({20, 20}); // select
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    QUndoStack *stack = mSession->document()->undoStack();

    // Drag vertex 2 inwards past the diagonal: concave while the mouse is still down.
    press({40, 40});
    moveTo({35, 35});
    QVERIFY(!mCanvas->item(0)->problem());
    moveTo({20, 20});
    QVERIFY(mCanvas->item(0)->problem());
    QCOMPARE(mCanvas->item(0)->problem()->kind, ProblemKind::NotConvex);
    QVERIFY(mCanvas->statusMessage().contains(QStringLiteral("box")));
    QVERIFY(!status.isEmpty());
    release({20, 20});
    // The edit is kept, flagged, and is a single undo step.
    QCOMPARE(shapes()[0].points[2], QPointF(20, 20));
    QCOMPARE(stack->count(), 1);
    QVERIFY(mCanvas->item(0)->problem());
    QVERIFY(!mCanvas->statusMessage().isEmpty());
    QAction *hull = mCanvas->action(Canvas::ActionId::ReplaceByConvexHull);
    QVERIFY(hull->isEnabled());

    hull->trigger();
    QCOMPARE(stack->count(), 2);
    QVERIFY(!mCanvas->item(0)->problem());
    QCOMPARE(shapes()[0].points.size(), 3);
    QVERIFY(mCanvas->statusMessage().isEmpty());
    QVERIFY(!hull->isEnabled());

    stack->undo();
    QVERIFY(mCanvas->item(0)->problem());
    stack->undo();
    QCOMPARE(shapes()[0], square);
    QVERIFY(!mCanvas->item(0)->problem());
    stack->redo();
    stack->redo();
    QCOMPARE(shapes()[0].points.size(), 3);
}

void TestCanvas::splitIntoConvexPiecesFix() {
    // The seed's concave cape, beside a shape that already holds the id "cape-2".
    const Shape cape =
        Shape::polygon(QStringLiteral("cape"), {{10, 10}, {60, 10}, {60, 60}, {35, 30}, {10, 60}},
                       QStringLiteral("hurtbox"));
    addShapes({cape, Shape::circle(QStringLiteral("cape-2"), {90, 90}, 5)});
    QAction *split = mCanvas->action(Canvas::ActionId::SplitIntoConvexPieces);
    QVERIFY(!split->isEnabled());
    click({20, 15}); // select the cape
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    QVERIFY(mCanvas->item(0)->problem());
    QVERIFY(split->isEnabled());
    QVERIFY(mCanvas->fixActions().contains(split));
    QUndoStack *stack = mSession->document()->undoStack();
    const int before = stack->count();

    split->trigger();
    QCOMPARE(stack->count(), before + 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Split cape into Convex Pieces"));
    QCOMPARE(shapes().size(), 3);
    QCOMPARE(shapes()[0].id, QStringLiteral("cape"));
    QCOMPARE(shapes()[1].id, QStringLiteral("cape-3"));
    QCOMPARE(shapes()[2].id, QStringLiteral("cape-2")); // the circle, untouched
    double area = 0;
    for (int i = 0; i < 2; ++i) {
        QVERIFY(!mCanvas->item(i)->problem());
        QCOMPARE(shapes()[i].layer, QStringLiteral("hurtbox"));
        QCOMPARE(shapes()[i].type, ShapeType::Polygon);
        const QList<QPointF> &p = shapes()[i].points;
        for (qsizetype k = 0; k < p.size(); ++k)
            area += (p[k].x() * p[(k + 1) % p.size()].y() - p[(k + 1) % p.size()].x() * p[k].y());
    }
    QCOMPARE(std::abs(area) / 2, 50.0 * 50 - 50.0 * 30 / 2); // the cape: square minus notch
    QVERIFY(!split->isEnabled());

    stack->undo();
    QCOMPARE(shapes().size(), 2);
    QCOMPARE(shapes()[0], cape);
    stack->redo();
    QCOMPARE(shapes().size(), 3);
}

void TestCanvas::removeOffendingVertexFix() {
    // A dent at vertex 2 of a pentagon.
    addShapes({Shape::polygon(QStringLiteral("dent"),
                              {{10, 10}, {40, 10}, {30, 20}, {40, 40}, {10, 40}})});
    click({15, 15});
    QVERIFY(mCanvas->item(0)->problem());
    QAction *remove = mCanvas->action(Canvas::ActionId::RemoveOffendingVertex);
    QVERIFY(remove->isEnabled());
    remove->trigger();
    QCOMPARE(shapes()[0].points.size(), 4);
    QVERIFY(!mCanvas->item(0)->problem());
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes()[0].points.size(), 5);
}

// Issue 30: a point is drawn as a cross (not a filled area), is dragged like any shape, and
// never collides, even dropped inside a box.
void TestCanvas::pointIsACrossMovedLikeAShape() {
    addShapes({Shape::point(QStringLiteral("tip"), {40, 40}, QStringLiteral("hitbox")),
               Shape::rect(QStringLiteral("b"), {60, 40}, {10, 10}, 0, QStringLiteral("hurtbox"))});
    QImage image = mCanvas->view()->viewport()->grab().toImage();
    const QColor arm = image.pixelColor(viewPoint({41, 40})); // 4 screen px along the cross
    const QColor off = image.pixelColor(viewPoint({41, 41})); // 4 px right and 4 down: no cross
    QVERIFY2(arm != off, qPrintable(arm.name() + QStringLiteral(" ") + off.name()));
    drag({40, 40}, {59, 41});
    QCOMPARE(shapes()[0].type, ShapeType::Point);
    QCOMPARE(shapes()[0].center, QPointF(59, 41));
    QCOMPARE(shapes()[1].center, QPointF(60, 40)); // the box stayed
    QVERIFY(mSession->collisions()->hits({0, 0}).isEmpty());
    QVERIFY(!mCanvas->item(0)->isColliding());
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes()[0].center, QPointF(40, 40));
}

void TestCanvas::pointToolPlacesOnePointPerClick() {
    mCanvas->action(Canvas::ActionId::PointTool)->trigger();
    click({30.2, 29.9}); // snapped to whole pixels
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].type, ShapeType::Point);
    QCOMPARE(shapes()[0].center, QPointF(30, 30));
    QCOMPARE(shapes()[0].layer, mSession->currentLayer());
    doubleClick({50, 40}); // one point, not two
    QCOMPARE(shapes().size(), 2);
    QCOMPARE(shapes()[1].center, QPointF(50, 40));
    QVERIFY(shapes()[0].id != shapes()[1].id);
}

void TestCanvas::moveShapeIntoAnotherHits() {
    addShapes({Shape::rect(QStringLiteral("a"), {20, 20}, {10, 10}),
               Shape::rect(QStringLiteral("b"), {60, 20}, {10, 10})});
    QVERIFY(!mCanvas->item(0)->isColliding());
    QVERIFY(!mCanvas->item(1)->isColliding());
    QCOMPARE(mSession->collisions()->hits({0, 0}).size(), 0);
    drag({60, 20}, {25, 22});
    QCOMPARE(shapes()[1].center, QPointF(25, 22));
    QCOMPARE(mSession->collisions()->hits({0, 0}).size(), 1);
    QVERIFY(mCanvas->item(0)->isColliding());
    QVERIFY(mCanvas->item(1)->isColliding());

    // The hit colour is what gets painted (inside the overlap, away from the outlines).
    const QImage image = mCanvas->view()->viewport()->grab().toImage();
    const QColor painted = image.pixelColor(viewPoint({23, 21}));
    QVERIFY2(painted.red() > painted.blue() + 40,
             qPrintable(QStringLiteral("colour %1").arg(painted.name())));

    // Shape a is not selected: it is painted from the view's background cache, which must have
    // been refreshed for it too.
    const QColor quiet = image.pixelColor(viewPoint({17, 19}));
    QVERIFY2(quiet.red() > quiet.green() + 20,
             qPrintable(QStringLiteral("colour %1").arg(quiet.name())));

    // The selected pair gets a penetration arrow as long as the depth.
    mSession->setSelectedHit(0, 1);
    const auto hit = mSession->collisions()->hit({0, 0}, 0, 1);
    QVERIFY(hit);
    QGraphicsPathItem *arrow = nullptr;
    for (QGraphicsItem *item : mCanvas->scene()->items()) {
        if (auto *path = dynamic_cast<QGraphicsPathItem *>(item); path && path->zValue() > 1e9)
            arrow = path;
    }
    QVERIFY(arrow);
    const QPainterPath arrowPath = arrow->path();
    QVERIFY(!arrowPath.isEmpty());
    QVERIFY(qAbs(QLineF(arrowPath.elementAt(0), arrowPath.elementAt(1)).length() - hit->depth) <
            1e-6);
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes()[1].center, QPointF(60, 20));
    QVERIFY(!mCanvas->item(0)->isColliding());
    QVERIFY(!mCanvas->item(1)->isColliding());
    mSession->setSelectedShapes({});
    const QColor apart =
        mCanvas->view()->viewport()->grab().toImage().pixelColor(viewPoint({17, 19}));
    // The default layer's neutral grey, not the hit orange.
    QVERIFY2(qAbs(apart.red() - apart.green()) < 20 && apart.lightness() > 40,
             qPrintable(QStringLiteral("colour %1").arg(apart.name())));
    mSession->document()->undoStack()->redo();
    QVERIFY(mCanvas->item(0)->isColliding());
}

void TestCanvas::escapeCancelsDrag() {
    const Shape a = Shape::rect(QStringLiteral("a"), {20, 20}, {10, 10});
    addShapes({a});
    QUndoStack *stack = mSession->document()->undoStack();
    press({20, 20});
    moveTo({30, 30});
    moveTo({40, 40});
    QCOMPARE(shapes()[0].center, QPointF(40, 40));
    key(Qt::Key_Escape);
    QCOMPARE(shapes()[0], a);
    release({40, 40});
    QCOMPARE(shapes()[0], a);
    QCOMPARE(stack->count(), 0);
    QVERIFY(!stack->canRedo());
}

void TestCanvas::snapToPixelsAndGrid() {
    mCanvas->action(Canvas::ActionId::RectTool)->trigger();
    // At 4x a view pixel is a quarter frame pixel: 10.25 snaps to 10.
    drag({10.25, 10.25}, {20.75, 20.5});
    QCOMPARE(shapes()[0].center, QPointF(15.5, 15.5));
    QCOMPARE(shapes()[0].size, QSizeF(11, 11));

    mCanvas->setSnapToGrid(true);
    mCanvas->setGridSize(8);
    drag({9, 9}, {30, 22});
    QCOMPARE(shapes()[1].center, QPointF(20, 16));
    QCOMPARE(shapes()[1].size, QSizeF(24, 16));
    QVERIFY(QSettings().value(QStringLiteral("canvas/snapToGrid")).toBool());
    QCOMPARE(QSettings().value(QStringLiteral("canvas/gridSize")).toDouble(), 8.0);
    mCanvas->setSnapToGrid(false);
}

void TestCanvas::altSuspendsSnapping() {
    mCanvas->action(Canvas::ActionId::RectTool)->trigger();
    drag({10.25, 10.25}, {20.75, 20.25}, Qt::AltModifier);
    QCOMPARE(shapes()[0].size, QSizeF(10.5, 10));
}

void TestCanvas::snapToVertices() {
    addShapes({Shape::rect(QStringLiteral("anchor"), {50, 50}, {20, 20})});
    mCanvas->setSnapToVertices(true);
    mCanvas->action(Canvas::ActionId::RectTool)->trigger();
    // Within a couple of screen pixels of the anchor's corner (40, 40): lands on it.
    drag({10, 10}, {40.5, 39.75});
    QCOMPARE(shapes()[1].center, QPointF(25, 25));
}

void TestCanvas::nudgeWithArrows() {
    // A run of arrow-key nudges on the same shapes is one undo step, as a drag is; another
    // command or other shapes start a new step.
    addShapes({Shape::circle(QStringLiteral("c"), {20, 20}, 5),
               Shape::circle(QStringLiteral("d"), {60, 60}, 5)});
    QUndoStack *stack = mSession->document()->undoStack();
    const int start = stack->count();
    click({20, 20});
    key(Qt::Key_Right);
    QCOMPARE(shapes()[0].center, QPointF(21, 20));
    key(Qt::Key_Right);
    key(Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(shapes()[0].center, QPointF(22, 30));
    QCOMPARE(stack->count(), start + 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Nudge c"));
    stack->undo();
    QCOMPARE(shapes()[0].center, QPointF(20, 20));
    stack->redo();
    QCOMPARE(shapes()[0].center, QPointF(22, 30));
    // Other shapes: a step of their own.
    click({60, 60});
    key(Qt::Key_Left);
    key(Qt::Key_Left);
    QCOMPARE(shapes()[1].center, QPointF(58, 60));
    QCOMPARE(stack->count(), start + 2);
    // A drag between two runs on the same shape keeps them apart.
    drag({58, 60}, {58, 70});
    key(Qt::Key_Up);
    QCOMPARE(shapes()[1].center, QPointF(58, 69));
    QCOMPARE(stack->count(), start + 4);
    stack->undo();
    QCOMPARE(shapes()[1].center, QPointF(58, 70));
    stack->undo();
    stack->undo();
    QCOMPARE(shapes()[1].center, QPointF(60, 60));
    QCOMPARE(shapes()[0].center, QPointF(22, 30));
    // Nudged back to where the run began: nothing left to undo for it.
    click({22, 30});
    key(Qt::Key_Up);
    key(Qt::Key_Down);
    QCOMPARE(stack->count(), start + 1);
}

void TestCanvas::copyPasteIntoAnotherFrame() {
    // The id starts with U+FEFF (as names imported from some files do): the clipboard's JSON
    // must keep it, which Qt's parser alone does not.
    const Shape poly = Shape::polygon(QString(QChar(0xFEFF)) + QStringLiteral("blade"),
                                      {{10, 10}, {40, 10}, {25, 30}}, "hitbox");
    addShapes({poly});
    click({25, 15});
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    mCanvas->copy();
    mSession->setCurrentFrame({0, 1});
    QCOMPARE(mCanvas->itemCount(), 0);
    mCanvas->action(Canvas::ActionId::Paste)->trigger();
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0], poly); // same id is free in this frame, same place, same layer
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    // Pasting again into the same frame offsets the copy and renames it.
    mCanvas->paste();
    QCOMPARE(shapes().size(), 2);
    QVERIFY(shapes()[1].id != poly.id);
    QCOMPARE(shapes()[1].points[0], QPointF(18, 18));
    mSession->document()->undoStack()->undo();
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes().size(), 0);

    // Cut removes from the source frame; duplicate copies in place with an offset.
    mSession->setCurrentFrame({0, 0});
    mSession->setSelectedShapes({0});
    mCanvas->duplicate();
    QCOMPARE(shapes().size(), 2);
    mCanvas->cut();
    QCOMPARE(shapes().size(), 1);
}

void TestCanvas::rubberBandAndDelete() {
    addShapes({Shape::rect(QStringLiteral("a"), {20, 20}, {10, 10}),
               Shape::rect(QStringLiteral("b"), {40, 20}, {10, 10}),
               Shape::rect(QStringLiteral("c"), {80, 80}, {10, 10})});
    drag({5, 5}, {50, 30});
    QCOMPARE(mSession->selectedShapes(), (QList<int>{0, 1}));
    click({80, 80}, Qt::ShiftModifier);
    QCOMPARE(mSession->selectedShapes(), (QList<int>{0, 1, 2}));
    click({40, 20}, Qt::ShiftModifier);
    QCOMPARE(mSession->selectedShapes(), (QList<int>{0, 2}));
    mCanvas->action(Canvas::ActionId::Delete)->trigger();
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].id, QStringLiteral("b"));
    mSession->document()->undoStack()->undo();
    QCOMPARE(shapes().size(), 3);
    click({2, 90}); // empty: clears the selection
    QVERIFY(mSession->selectedShapes().isEmpty());
    mCanvas->selectAll();
    QCOMPARE(mSession->selectedShapes().size(), 3);
}

void TestCanvas::insertAndDeleteVertex() {
    addShapes({Shape::polygon(QStringLiteral("tri"), {{10, 10}, {40, 10}, {25, 40}})});
    click({25, 20});
    doubleClick({25, 10}); // middle of the top edge
    QCOMPARE(shapes()[0].points.size(), 4);
    QCOMPARE(shapes()[0].points[1], QPointF(25, 10));
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{1});
    mCanvas->deleteSelection();
    QCOMPARE(shapes()[0].points.size(), 3);
    // Not below three: the shape stays as it is.
    click({10, 10});
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{0});
    mCanvas->deleteSelection();
    QCOMPARE(shapes()[0].points.size(), 3);
    QCOMPARE(shapes().size(), 1);
}

void TestCanvas::multiVertexMove() {
    addShapes({Shape::polygon(QStringLiteral("quad"), {{10, 10}, {40, 10}, {40, 40}, {10, 40}})});
    click({20, 20});
    // A band over the right-hand vertices selects them; dragging one moves both.
    drag({35, 5}, {45, 45});
    QCOMPARE(mCanvas->selectedVertices(), (QList<int>{1, 2}));
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    drag({40, 10}, {50, 12});
    QCOMPARE(shapes()[0].points, (QList<QPointF>{{10, 10}, {50, 12}, {50, 42}, {10, 40}}));
    QCOMPARE(mSession->document()->undoStack()->count(), 1);
    // Shift-click toggles a vertex in and out.
    click({10, 40}, Qt::ShiftModifier);
    QCOMPARE(mCanvas->selectedVertices(), (QList<int>{1, 2, 3}));
}

void TestCanvas::undoInsertedVertexThenDeleteAndNudge() {
    // Regression: undoing a vertex insertion left the inserted (now gone) vertex selected, and
    // Delete or an arrow key then wrote past the end of the polygon's points.
    const QList<QPointF> quad{{10, 10}, {40, 10}, {40, 40}, {10, 40}};
    addShapes({Shape::polygon(QStringLiteral("quad"), quad)});
    QUndoStack *stack = mSession->document()->undoStack();
    click({20, 20});
    doubleClick({10, 25}); // middle of the closing edge: inserts vertex 4
    QCOMPARE(shapes()[0].points.size(), 5);
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{4});
    // Undo as the Edit menu does it: the stack's own undo action and its shortcut.
    QAction *undo = stack->createUndoAction(mCanvas);
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WindowShortcut);
    mCanvas->addAction(undo);
    QTest::keySequence(mCanvas->view(), QKeySequence::Undo);
    QCOMPARE(stack->index(), 0);
    QCOMPARE(shapes()[0].points, quad);
    verifyVertexSelectionInRange();
    if (QTest::currentTestFailed())
        return;
    QVERIFY(mCanvas->selectedVertices().isEmpty());
    // With the vertex gone the shape itself is what is selected: an arrow key moves it whole,
    // Delete removes it, and undo brings it back unharmed.
    QCOMPARE(mSession->selectedShapes(), QList<int>{0});
    const QList<QPointF> moved{{11, 10}, {41, 10}, {41, 40}, {11, 40}};
    key(Qt::Key_Right);
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].points, moved);
    key(Qt::Key_Delete);
    QCOMPARE(shapes().size(), 0);
    stack->undo();
    QCOMPARE(shapes().size(), 1);
    QCOMPARE(shapes()[0].points, moved);
    verifyVertexSelectionInRange();
}

void TestCanvas::historyJumpDropsVanishedVertex() {
    // Jumping back in the History panel undoes several steps at once.
    const QList<QPointF> quad{{10, 10}, {40, 10}, {40, 40}, {10, 40}};
    addShapes({Shape::polygon(QStringLiteral("quad"), quad)});
    QUndoStack *stack = mSession->document()->undoStack();
    click({20, 20});
    doubleClick({25, 39.75}); // bottom edge (just inside, so the first click keeps it): vertex 3
    doubleClick({10, 25});    // closing edge: vertex 5
    QCOMPARE(shapes()[0].points,
             (QList<QPointF>{{10, 10}, {40, 10}, {40, 40}, {25, 40}, {10, 40}, {10, 25}}));
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{5});
    stack->setIndex(0);
    QCOMPARE(shapes()[0].points, quad);
    verifyVertexSelectionInRange();
    if (QTest::currentTestFailed())
        return;
    key(Qt::Key_Left);
    key(Qt::Key_Delete);
    QCOMPARE(shapes().size(), 0); // the whole (selected) shape was deleted, nothing corrupted
    stack->undo();
    QCOMPARE(shapes()[0].points, (QList<QPointF>{{9, 10}, {39, 10}, {39, 40}, {9, 40}}));
}

void TestCanvas::removeOffendingVertexDropsLaterVertex() {
    // A dent at vertex 2 of a pentagon; the last vertex is selected when the fix removes 2.
    addShapes({Shape::polygon(QStringLiteral("dent"),
                              {{10, 10}, {40, 10}, {30, 20}, {40, 40}, {10, 40}})});
    click({15, 15});
    click({10, 40});
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{4});
    QAction *remove = mCanvas->action(Canvas::ActionId::RemoveOffendingVertex);
    QVERIFY(remove->isEnabled());
    remove->trigger();
    QCOMPARE(shapes()[0].points.size(), 4);
    verifyVertexSelectionInRange();
    if (QTest::currentTestFailed())
        return;
    key(Qt::Key_Up);
    QCOMPARE(shapes()[0].points.size(), 4);
    QCOMPARE(shapes()[0].points[3], QPointF(10, 39));
}

void TestCanvas::staleVertexIndicesAreIgnored() {
    // Defence in depth: indices past the end never reach the points, whoever set them.
    const QList<QPointF> quad{{10, 10}, {40, 10}, {40, 40}, {10, 40}};
    addShapes({Shape::polygon(QStringLiteral("quad"), quad)});
    click({20, 20});
    mCanvas->setSelectedVertices(0, {1, 7});
    QCOMPARE(mCanvas->selectedVertices(), QList<int>{1});
    mCanvas->setSelectedVertices(0, {9});
    QCOMPARE(mCanvas->vertexShape(), -1);
    QVERIFY(mCanvas->selectedVertices().isEmpty());
    key(Qt::Key_Down);
    QCOMPARE(shapes()[0].points, (QList<QPointF>{{10, 11}, {40, 11}, {40, 41}, {10, 41}}));
}

void TestCanvas::layerColorMatchesLayersPanel() {
    // Layers without a stored colour: the panel's swatch is the colour the canvas draws.
    addShapes(
        {Shape::rect(QStringLiteral("a"), {20, 20}, {10, 10}),
         Shape::rect(QStringLiteral("b"), {40, 20}, {10, 10}, 0.0, QStringLiteral("hurtbox")),
         Shape::rect(QStringLiteral("c"), {60, 20}, {10, 10}, 0.0, QStringLiteral("hitbox")),
         Shape::rect(QStringLiteral("d"), {80, 20}, {10, 10}, 0.0, QStringLiteral("layer-7"))});
    QVERIFY(mSession->document()->data().layers.isEmpty());
    Prompts prompts;
    LayersPanel panel(mSession, &prompts);
    QTableWidget *table = panel.layersTable();
    for (int i = 0; i < shapes().size(); ++i) {
        const QString layer = shapes()[i].layer;
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 2)->text() == layer)
                row = r;
        }
        QVERIFY2(row >= 0, qPrintable(layer));
        const QColor swatch = table->item(row, 1)->data(Qt::DecorationRole).value<QColor>();
        QCOMPARE(mCanvas->item(i)->layerColor(), swatch);
        QVERIFY(swatch != ShapeItem::hitColor());
        QVERIFY(swatch != ShapeItem::invalidColor());
    }
    // "Add Layer" stores the same palette colour, never the hit or invalid one.
    QPushButton *add = nullptr;
    for (QPushButton *button : panel.findChildren<QPushButton *>()) {
        if (button->text().contains(QStringLiteral("Add")))
            add = button;
    }
    QVERIFY(add);
    add->click();
    const QList<LayerStyle> styles = mSession->document()->data().layers;
    QCOMPARE(styles.size(), 1);
    QCOMPARE(styles[0].color, defaultLayerColor(styles[0].name));
    QVERIFY(styles[0].color != ShapeItem::hitColor());
    QVERIFY(styles[0].color != ShapeItem::invalidColor());
}

void TestCanvas::rotateRectangleHandle() {
    addShapes({Shape::rect(QStringLiteral("r"), {50, 50}, {20, 10})});
    click({50, 50});
    // The grip sits 24 screen px (6 frame px at 4x) above the top edge.
    const QPointF grip(50, 45 - 6);
    drag(grip, {60, 50});
    QCOMPARE(shapes()[0].angle, 90.0);
    QCOMPARE(mSession->document()->undoStack()->count(), 1);
    // Resize from a corner keeps the opposite corner in place.
    const QPolygonF corners = shapes()[0].outline();
    drag(corners[2], corners[2] + QPointF(-4, 0));
    const QPolygonF resized = shapes()[0].outline();
    QCOMPARE(resized[0], corners[0]);
    // ...and the dragged corner lands where it was dropped: the rectangle really changed.
    QVERIFY2(
        QLineF(resized[2], corners[2] + QPointF(-4, 0)).length() < 1e-6,
        qPrintable(
            QStringLiteral("dragged corner at %1,%2").arg(resized[2].x()).arg(resized[2].y())));
    // The corner moved 4 px out across the 10 px side (turned upright by the rotation above).
    QCOMPARE(shapes()[0].size.width() * shapes()[0].size.height(), 20.0 * (10.0 + 4));
    QCOMPARE(mSession->document()->undoStack()->count(), 2);
}

void TestCanvas::zoomAndStatusSignals() {
    QSignalSpy zoom(mCanvas, &Canvas::zoomChanged);
    QSignalSpy cursor(mCanvas, &Canvas::cursorPositionChanged);
    mCanvas->zoomIn();
    QCOMPARE(zoom.size(), 1);
    QCOMPARE(mCanvas->zoom(), 5.0);
    mCanvas->zoomToActualSize();
    QCOMPARE(mCanvas->zoom(), 1.0);
    mCanvas->zoomToFit();
    QVERIFY(mCanvas->zoom() > 3.0);
    moveTo({12, 13}, Qt::NoButton);
    QVERIFY(!cursor.isEmpty());
    const QPointF at = cursor.last().at(0).toPointF();
    QVERIFY(qAbs(at.x() - 12) < 0.5 && qAbs(at.y() - 13) < 0.5);
    QCOMPARE(mCanvas->toolActions().size(), 6);
    QCOMPARE(mCanvas->editActions().size(), 6);
    // Wheel zoom around the cursor keeps the frame pixel under it in place.
    mCanvas->setZoom(4.0);
    const QPoint local = viewPoint({30, 30});
    QWheelEvent wheel(local, mCanvas->view()->viewport()->mapToGlobal(local), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(mCanvas->view()->viewport(), &wheel);
    QCOMPARE(mCanvas->zoom(), 5.0);
    const QPointF after = mCanvas->view()->mapToScene(local);
    QVERIFY(qAbs(after.x() - 30) < 0.5 && qAbs(after.y() - 30) < 0.5);
}

QTEST_MAIN(TestCanvas)
#include "tst_ui_canvas.moc"
