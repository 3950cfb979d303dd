// The docks during a drag (issue 31): they update only what changed, a dock out of sight skips
// its updates and catches up when shown, and the Timeline thumbnail of the dragged frame draws
// only the dragged shape again. What each visible dock shows must be the model's after every
// processed mouse move.

#include "shelltestsupport.h"

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "framethumbnail.h"
#include "hitspanel.h"
#include "mainwindow.h"
#include "propertiestable.h"
#include "propertypanel.h"
#include "shapecommands.h"
#include "structurecommands.h"
#include "timelinemodel.h"
#include "timelinepanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPointer>
#include <QSettings>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

/// A frame with a square "drag" (layer "hit") among squares on "hurt" that it meets as it moves.
DocumentData crowd() {
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("crowd");
    Frame frame;
    frame.name = QStringLiteral("f0");
    frame.source = QRectF(0, 0, 200, 200);
    frame.shapes.append(Shape::polygon(QStringLiteral("drag"),
                                       {{60, 60}, {100, 60}, {100, 100}, {60, 100}},
                                       QStringLiteral("hit")));
    for (int i = 0; i < 12; ++i) {
        const QPointF c(30 + 14 * i, 30 + 11 * (i % 7));
        frame.shapes.append(
            Shape::rect(QStringLiteral("r%1").arg(i), c, {16, 12}, 0.0, QStringLiteral("hurt")));
    }
    Frame other = frame;
    other.name = QStringLiteral("f1");
    sprite.frames = {frame, other};
    data.sprites.append(sprite);
    return data;
}

void send(QWidget *viewport, QEvent::Type type, QPoint pos, Qt::MouseButton button,
          Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(pos), viewport->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

/// The Hits dock's rows as "a|b|depth|normal", and the service's hits the same way.
QStringList rows(const QTreeWidget *tree) {
    QStringList list;
    for (int row = 0; row < tree->topLevelItemCount(); ++row) {
        const QTreeWidgetItem *item = tree->topLevelItem(row);
        list.append(
            QStringList{item->text(0), item->text(1), item->text(2), item->text(3)}.join(u'|'));
    }
    return list;
}

QStringList expectedRows(const Document *document, const CollisionService *service,
                         FrameRef frame) {
    QStringList list;
    const QList<Shape> &shapes = document->frame(frame).shapes;
    for (const FrameHit &hit : service->hits(frame)) {
        list.append(QStringList{shapes[hit.a].id, shapes[hit.b].id,
                                QString::number(hit.depth, 'f', 3),
                                QStringLiteral("(%1, %2)")
                                    .arg(QString::number(hit.normal.x(), 'f', 3),
                                         QString::number(hit.normal.y(), 'f', 3))}
                        .join(u'|'));
    }
    return list;
}

/// The largest difference of one channel between two images of one size.
int largestDifference(const QImage &a, const QImage &b) {
    const QImage x = a.convertToFormat(QImage::Format_ARGB32);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32);
    int largest = 0;
    for (int row = 0; row < x.height(); ++row) {
        for (int column = 0; column < x.width(); ++column) {
            const QRgb p = x.pixel(column, row), q = y.pixel(column, row);
            largest =
                std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                          std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
        }
    }
    return largest;
}

} // namespace

class TestDragDocks : public QObject {
    Q_OBJECT

    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QDockWidget *dock(const char *name) const {
        return mWindow->findChild<QDockWidget *>(QString::fromLatin1(name));
    }
    QStringList serviceRows() const {
        return expectedRows(doc(), session()->collisions(), session()->currentFrame());
    }
    /// Moves shape 0 by dx with an undo command, as a drag step does.
    void nudge(double dx) {
        Shape moved = doc()->shape({0, 0, 0});
        for (QPointF &p : moved.points)
            p.rx() += dx;
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 0}}, {moved}, QStringLiteral("Nudge")));
    }

private Q_SLOTS:
    void init() {
        QSettings().clear();
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        doc()->reset(crowd());
        session()->setCurrentFrame({0, 0});
        session()->setSelectedShapes({0});
        QApplication::processEvents();
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void everyDockShowsTheModelAfterEachMoveOfADrag() {
        Canvas *canvas = mWindow->canvas();
        canvas->zoomToFit();
        QApplication::processEvents();
        QWidget *viewport = canvas->view()->viewport();
        const QPoint grip = canvas->view()->mapFromScene(QPointF(100, 100));
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        PropertyPanel *properties = mWindow->propertyPanel();
        QVERIFY(!rows(hits).isEmpty());
        QCOMPARE(rows(hits), serviceRows());

        send(viewport, QEvent::MouseButtonPress, grip, Qt::LeftButton, Qt::LeftButton);
        QSet<QString> seen; // the drag must change the hits, or this test proves nothing
        for (int i = 1; i <= 45; ++i) { // past a full circle: the drag ends elsewhere
            const double t = i * 2 * M_PI / 40.0;
            const QPoint pos = grip + QPoint(int(std::lround(50 * std::cos(t) - 50)),
                                             int(std::lround(50 * std::sin(t))));
            send(viewport, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
            QApplication::processEvents(); // one turn of the event loop, as between two moves
            const QStringList expected = serviceRows();
            QCOMPARE(rows(hits), expected);
            seen.insert(expected.join(u';'));
            const QPointF corner = doc()->shape({0, 0, 0}).points[2];
            QCOMPARE(properties->vertexBox(2, 0)->value(),
                     QString::number(corner.x(), 'f', 3).toDouble());
            QCOMPARE(properties->vertexBox(2, 1)->value(),
                     QString::number(corner.y(), 'f', 3).toDouble());
        }
        send(viewport, QEvent::MouseButtonRelease, grip + QPoint(-3, 4), Qt::LeftButton,
             Qt::NoButton);
        QApplication::processEvents();
        QVERIFY(seen.size() > 5);
        QCOMPARE(doc()->undoStack()->count(), 1); // one drag, one undo step
        QCOMPARE(rows(hits), serviceRows());
    }

    void aHitsDockBehindItsTabCatchesUpWhenShown() {
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        const QStringList before = rows(hits);
        QCOMPARE(before, serviceRows());
        dock("historyDock")->raise(); // Hits behind History
        QApplication::processEvents();
        QVERIFY(mWindow->hitsPanel()->visibleRegion().isEmpty());
        for (int i = 0; i < 6; ++i)
            nudge(9);
        QApplication::processEvents();
        QVERIFY(serviceRows() != before);
        QCOMPARE(rows(hits), before); // no one sees it: the edits did not touch its rows
        dock("hitsDock")->raise();
        QApplication::processEvents();
        QVERIFY(!mWindow->hitsPanel()->visibleRegion().isEmpty());
        QCOMPARE(rows(hits), serviceRows());
        // And it follows each edit again once shown.
        nudge(-20);
        QCOMPARE(rows(hits), serviceRows());
    }

    void aClosedHitsDockCatchesUpWhenOpened() {
        dock("hitsDock")->close();
        QApplication::processEvents();
        nudge(25);
        session()->setCurrentFrame({0, 1});
        session()->setCurrentFrame({0, 0});
        nudge(-5);
        dock("hitsDock")->show(); // back as a tab behind History
        dock("hitsDock")->raise();
        QApplication::processEvents();
        QVERIFY(!mWindow->hitsPanel()->visibleRegion().isEmpty());
        QCOMPARE(rows(mWindow->hitsPanel()->tree()), serviceRows());
    }

    void propertiesBehindVersusCatchUpWhenShown() {
        PropertyPanel *properties = mWindow->propertyPanel();
        QCOMPARE(properties->vertexBox(0, 0)->value(), 60.0);
        dock("versusDock")->raise();
        QApplication::processEvents();
        QVERIFY(properties->visibleRegion().isEmpty());
        nudge(7);
        nudge(7);
        dock("propertiesDock")->raise();
        QApplication::processEvents();
        QCOMPARE(properties->vertexBox(0, 0)->value(), 74.0);
    }

    void theDraggedShapesPropertiesTableIsNotMadeAnewEachMove() {
        Shape shape = doc()->shape({0, 0, 0});
        shape.properties.insert(QStringLiteral("damage"), 12);
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 0}}, {shape}, QStringLiteral("Props")));
        QApplication::processEvents(); // the table rebuilds a turn later
        PropertiesTable *table = mWindow->propertyPanel()->shapeProperties();
        QCOMPARE(table->table()->rowCount(), 1);
        const QPointer<QComboBox> typeBox = table->typeBox(0);
        QVERIFY(typeBox);
        for (int i = 0; i < 5; ++i) {
            nudge(2);
            QApplication::processEvents();
        }
        QCOMPARE(table->typeBox(0), typeBox.data()); // the same row, not one made per move
        QCOMPARE(table->table()->item(0, 2)->text(), QStringLiteral("12"));
        // A new value is shown.
        shape = doc()->shape({0, 0, 0});
        shape.properties.insert(QStringLiteral("damage"), 30);
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 0}}, {shape}, QStringLiteral("Props")));
        QApplication::processEvents();
        QCOMPARE(table->table()->item(0, 2)->text(), QStringLiteral("30"));
        doc()->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(table->table()->item(0, 2)->text(), QStringLiteral("12"));
    }

    void theDraggedFramesThumbnailIsTheFullDrawing() {
        TimelineModel *model = mWindow->timelinePanel()->model();
        const auto thumbnail = [&] {
            return model->index(0).data(Qt::DecorationRole).value<QPixmap>().toImage();
        };
        const auto plain = [&] {
            return FrameThumbnailPainter::drawPlain(doc()->data(), 0, 0, session()->picture({0, 0}))
                .toImage();
        };
        QVERIFY(largestDifference(thumbnail(), plain()) <= 1);
        for (int i = 0; i < 8; ++i) {
            nudge(i % 2 ? -11 : 13);
            const QImage shown = thumbnail();
            QVERIFY2(largestDifference(shown, plain()) <= 2, qPrintable(QString::number(i)));
            // The layers were drawn once for the whole drag, yet the dragged shape moved.
            QVERIFY(shown != model->index(1).data(Qt::DecorationRole).value<QPixmap>().toImage());
        }
        // A new colour for the other shapes' layer: the kept layers are drawn again.
        QList<LayerStyle> styles{{QStringLiteral("hurt"), QColor(20, 240, 20), true, {}}};
        doc()->undoStack()->push(new SetCollisionRulesCommand(doc(), doc()->data().collide, styles,
                                                              QStringLiteral("Colour")));
        QVERIFY(largestDifference(thumbnail(), plain()) <= 2);
        nudge(4);
        QVERIFY(largestDifference(thumbnail(), plain()) <= 2);
        // Another shape, or a shape's new layer, starts over too.
        Shape other = doc()->shape({0, 0, 3});
        other.center += QPointF(0, 20);
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 3}}, {other}, QStringLiteral("Move")));
        QVERIFY(largestDifference(thumbnail(), plain()) <= 2);
        other.layer = QStringLiteral("block");
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 3}}, {other}, QStringLiteral("Layer")));
        QVERIFY(largestDifference(thumbnail(), plain()) <= 2);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QVERIFY(largestDifference(thumbnail(), plain()) <= 2);
    }

    void thumbnailLayersAreDrawnOnceForADrag() {
        FrameThumbnailPainter painter;
        const DocumentData data = crowd();
        DocumentData moved = data;
        const FramePicture none;
        painter.shapeChanged(0, 0, 0);
        painter.draw(data, 0, 0, none);
        for (int i = 0; i < 5; ++i) {
            painter.shapeChanged(0, 0, 0);
            moved.sprites[0].frames[0].shapes[0].points[1].rx() += 3;
            const QImage drawn = painter.draw(moved, 0, 0, none).toImage();
            QVERIFY(largestDifference(
                        drawn, FrameThumbnailPainter::drawPlain(moved, 0, 0, none).toImage()) <= 2);
        }
        QCOMPARE(painter.layersDrawn(), 1);
        // A second shape joins the changing ones: once more, then both are redrawn each time.
        painter.shapeChanged(0, 0, 5);
        painter.draw(moved, 0, 0, none);
        painter.shapeChanged(0, 0, 0);
        painter.shapeChanged(0, 0, 5);
        painter.draw(moved, 0, 0, none);
        QCOMPARE(painter.layersDrawn(), 2);
        // Another frame is drawn plainly, without touching the layers.
        painter.draw(moved, 0, 1, none);
        QCOMPARE(painter.layersDrawn(), 2);
        painter.forget();
        painter.draw(moved, 0, 0, none);
        QCOMPARE(painter.layersDrawn(), 2);
    }

    void layerNamesFollowEveryEdit() {
        QCOMPARE(doc()->layerNames(), doc()->data().layerNames());
        nudge(3); // a geometry edit keeps the names
        QCOMPARE(doc()->layerNames(), (QStringList{QStringLiteral("hit"), QStringLiteral("hurt")}));
        Shape renamed = doc()->shape({0, 0, 1});
        renamed.layer = QStringLiteral("guard");
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 1}}, {renamed}, QStringLiteral("Layer")));
        QCOMPARE(doc()->layerNames(), doc()->data().layerNames());
        QVERIFY(doc()->layerNames().contains(QStringLiteral("guard")));
        doc()->undoStack()->undo();
        QVERIFY(!doc()->layerNames().contains(QStringLiteral("guard")));
        doc()->undoStack()->redo();
        doc()->reset(makeDocument());
        QCOMPARE(doc()->layerNames(), doc()->data().layerNames());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestDragDocks)
#include "tst_dragdocks.moc"
