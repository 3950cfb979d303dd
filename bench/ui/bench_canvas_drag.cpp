// Vertex drag in a frame of 2,000 shapes through the real Canvas: synthetic mouse events on
// the viewport, one undo command per move, incremental collision update, and a forced repaint
// of the whole viewport after every move. Prints ms per move and the resulting frame rate.
//
//   QT_QPA_PLATFORM=offscreen ./bench_canvas_drag [shapes] [moves] [screenshot.png]

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "shapeitem.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QRandomGenerator>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace hitsmith;

namespace {

void send(QWidget *viewport, QEvent::Type type, QPoint pos, Qt::MouseButton button,
          Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(pos), viewport->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int shapeCount = argc > 1 ? std::max(2, atoi(argv[1])) : 2000;
    const int moves = argc > 2 ? std::max(10, atoi(argv[2])) : 300;

    // A 1024x1024 frame filled with small shapes of all three kinds, some overlapping, so the
    // collision service has real pairs to track while the drag goes on.
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("crowd");
    Frame frame;
    frame.name = QStringLiteral("f0");
    frame.source = QRectF(0, 0, 1024, 1024);
    QRandomGenerator rng(42);
    for (int i = 0; i < shapeCount; ++i) {
        const QPointF c(rng.bounded(16, 1008), rng.bounded(16, 1008));
        const QString id = QStringLiteral("s%1").arg(i);
        switch (i % 3) {
        case 0:
            frame.shapes.append(Shape::polygon(id, {c + QPointF(-8, -6), c + QPointF(8, -7),
                                                    c + QPointF(10, 6), c + QPointF(-6, 8)}));
            break;
        case 1:
            frame.shapes.append(Shape::rect(id, c, QSizeF(14, 10), rng.bounded(90)));
            break;
        default:
            frame.shapes.append(Shape::circle(id, c, 6));
            break;
        }
    }
    // The dragged polygon, at the centre.
    frame.shapes[0] =
        Shape::polygon(QStringLiteral("dragged"), {{480, 480}, {560, 480}, {560, 560}, {480, 560}});
    sprite.frames.append(frame);
    data.sprites.append(sprite);

    EditorSession session;
    session.document()->reset(data);
    Canvas canvas(&session);
    canvas.resize(1280, 900);
    canvas.show();
    QApplication::processEvents();
    session.setCurrentFrame({0, 0});
    canvas.zoomToFit(); // all 2,000 shapes visible: the worst case for painting
    session.setSelectedShapes({0});
    QApplication::processEvents();

    QWidget *viewport = canvas.view()->viewport();
    const QPoint grip = canvas.view()->mapFromScene(QPointF(560, 560));
    viewport->repaint();

    QElapsedTimer timer;
    timer.start();
    send(viewport, QEvent::MouseButtonPress, grip, Qt::LeftButton, Qt::LeftButton);
    QList<double> perMove;
    perMove.reserve(moves);
    QElapsedTimer step;
    int invalidSeen = 0;
    double eventTotal = 0; // the edit itself, without painting
    for (int i = 1; i <= moves; ++i) {
        step.start();
        // A circle around the grip, crossing into concave positions and over other shapes.
        const double t = i * 2 * M_PI / 120.0;
        const QPoint pos = grip + QPoint(int(std::lround(60 * std::cos(t) - 60)),
                                         int(std::lround(60 * std::sin(t))));
        send(viewport, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        const double eventMs = step.nsecsElapsed() / 1e6;
        viewport->repaint(); // paint now, as the next vsync would
        perMove.append(step.nsecsElapsed() / 1e6);
        eventTotal += eventMs;
        if (canvas.item(0)->problem())
            ++invalidSeen;
    }
    send(viewport, QEvent::MouseButtonRelease, grip, Qt::LeftButton, Qt::NoButton);
    const double total = timer.nsecsElapsed() / 1e6;

    std::sort(perMove.begin(), perMove.end());
    double sum = 0;
    for (double ms : perMove)
        sum += ms;
    const double mean = sum / perMove.size();
    const double median = perMove[perMove.size() / 2];
    const double p95 = perMove[int(perMove.size() * 0.95)];
    std::printf("bench_canvas_drag: %d shapes, %d moves, viewport %dx%d, zoom %.3f\n", shapeCount,
                moves, viewport->width(), viewport->height(), canvas.zoom());
    std::printf("  per move (command + validation + collision update + full repaint):\n");
    std::printf("  mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms\n", mean, median, p95,
                perMove.last());
    std::printf("  of which the edit (event -> command -> model -> collisions -> items): "
                "mean %.2f ms; painting: mean %.2f ms\n",
                eventTotal / moves, mean - eventTotal / moves);
    std::printf("  => %.0f fps (mean), %.0f fps (p95)\n", 1000.0 / mean, 1000.0 / p95);
    std::printf("  total %.0f ms; undo steps for the drag: %d; moves with the polygon invalid: %d; "
                "hits in frame: %lld\n",
                total, int(session.document()->undoStack()->count()), invalidSeen,
                static_cast<long long>(session.collisions()->hits({0, 0}).size()));
    if (argc > 3)
        canvas.grab().save(QString::fromLocal8Bit(argv[3]));
    return 0;
}
