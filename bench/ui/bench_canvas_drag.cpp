// Vertex drag in a frame of 2,000 shapes through the real Canvas: synthetic mouse events on
// the viewport, one undo command per move, incremental collision update, and a forced repaint
// of the whole viewport after every move. Prints ms per move and the resulting frame rate.
//
// It runs the same drag twice: first on a bare Canvas, then inside a full hitsmith::MainWindow
// with its default docks (Sprites, Shapes, Properties, Hits in front; Layers and History tabbed
// behind them), where every move is followed by QCoreApplication::processEvents() (so queued
// panel updates, the status bar and dock repaints are counted) and a viewport repaint.
//
//   QT_QPA_PLATFORM=offscreen ./bench_canvas_drag [shapes] [moves] [screenshot.png]
//
// HITSMITH_BENCH_ONLY=canvas (or =window) runs one of the two drags, e.g. to count the
// instructions of one under callgrind (--toggle-collect='*::drag(*').

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "mainwindow.h"
#include "shapeitem.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QUndoStack>

#include <map>

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

struct Result {
    double mean = 0, median = 0, p95 = 0, max = 0, edit = 0;
    int undoSteps = 0, invalidSeen = 0;
    qsizetype hits = 0;
};

// One drag of the polygon's corner in a circle, `moves` mouse moves long. With fullWindow set,
// pending events are processed after each move, as the event loop would before the next frame.
Result drag(EditorSession &session, Canvas &canvas, int moves, bool fullWindow) {
    QWidget *viewport = canvas.view()->viewport();
    const QPoint grip = canvas.view()->mapFromScene(QPointF(560, 560));
    viewport->repaint();
    QApplication::processEvents();

    send(viewport, QEvent::MouseButtonPress, grip, Qt::LeftButton, Qt::LeftButton);
    QList<double> perMove;
    perMove.reserve(moves);
    QElapsedTimer step;
    Result r;
    double eventTotal = 0; // the edit itself, without painting
    for (int i = 1; i <= moves; ++i) {
        step.start();
        // A circle around the grip, crossing into concave positions and over other shapes.
        const double t = i * 2 * M_PI / 120.0;
        const QPoint pos = grip + QPoint(int(std::lround(60 * std::cos(t) - 60)),
                                         int(std::lround(60 * std::sin(t))));
        send(viewport, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        eventTotal += step.nsecsElapsed() / 1e6;
        if (fullWindow)
            QCoreApplication::processEvents(); // panels, status bar, dock repaints
        viewport->repaint();                   // paint now, as the next vsync would
        perMove.append(step.nsecsElapsed() / 1e6);
        if (canvas.item(0)->problem())
            ++r.invalidSeen;
    }
    send(viewport, QEvent::MouseButtonRelease, grip, Qt::LeftButton, Qt::NoButton);
    QApplication::processEvents();

    std::sort(perMove.begin(), perMove.end());
    double sum = 0;
    for (double ms : perMove)
        sum += ms;
    r.mean = sum / perMove.size();
    r.median = perMove[perMove.size() / 2];
    r.p95 = perMove[int(perMove.size() * 0.95)];
    r.max = perMove.last();
    r.edit = eventTotal / moves;
    r.undoSteps = int(session.document()->undoStack()->count());
    r.hits = session.collisions()->hits({0, 0}).size();
    return r;
}

// HITSMITH_BENCH_PAINTS=1: counts the paint events each widget gets during the drag, to see
// which docks repaint on a move.
class PaintCounter : public QObject {
public:
    std::map<QString, int> counts;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::Paint && watched->isWidgetType()) {
            QString name = QString::fromLatin1(watched->metaObject()->className());
            for (const QObject *o = watched; o; o = o->parent()) {
                if (!o->objectName().isEmpty()) {
                    name += QLatin1Char(' ') + o->objectName();
                    break;
                }
            }
            ++counts[name];
        }
        return false;
    }
};

void print(const char *title, const Result &r, int moves) {
    std::printf("  %s:\n", title);
    std::printf("    mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms\n", r.mean, r.median,
                r.p95, r.max);
    std::printf("    of which the edit (event -> command -> model -> collisions -> items, and in\n"
                "    the window the panels' direct slots): mean %.2f ms; the rest: mean %.2f ms\n",
                r.edit, r.mean - r.edit);
    std::printf("    => %.0f fps (mean), %.0f fps (p95)\n", 1000.0 / r.mean, 1000.0 / r.p95);
    std::printf(
        "    undo steps for the drag: %d; moves with the polygon invalid: %d of %d; hits in "
        "frame: %lld\n",
        r.undoSteps, r.invalidSeen, moves, static_cast<long long>(r.hits));
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // keep settings and recovery files apart
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
        // One draw per statement, y first as GCC evaluated them: argument order is unspecified.
        const int y = rng.bounded(16, 1008);
        const int x = rng.bounded(16, 1008);
        const QPointF c(x, y);
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

    std::printf("bench_canvas_drag: %d shapes, %d moves, per move: command + validation + "
                "collision update + full viewport repaint\n",
                shapeCount, moves);

    const QString only = qEnvironmentVariable("HITSMITH_BENCH_ONLY");
    Result bare;
    if (only != QLatin1String("window")) {
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
        bare = drag(session, canvas, moves, false);
        const QWidget *viewport = canvas.view()->viewport();
        std::printf("canvas alone: viewport %dx%d, zoom %.3f\n", viewport->width(),
                    viewport->height(), canvas.zoom());
        print("canvas alone", bare, moves);
    }

    Result full;
    if (only != QLatin1String("canvas")) {
        MainWindow window;
        window.resize(1600, 1000);
        // For finding out what costs: HITSMITH_BENCH_HIDE=hitsDock,shapesDock,... hides docks.
        const QStringList hidden =
            qEnvironmentVariable("HITSMITH_BENCH_HIDE").split(u',', Qt::SkipEmptyParts);
        for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
            if (hidden.contains(dock->objectName()))
                dock->hide();
        }
        window.show();
        QApplication::processEvents();
        EditorSession &session = *window.session();
        session.document()->reset(data);
        QApplication::processEvents();
        session.setCurrentFrame({0, 0});
        Canvas &canvas = *window.canvas();
        canvas.zoomToFit();
        session.setSelectedShapes({0});
        QApplication::processEvents();
        PaintCounter paints;
        if (!qEnvironmentVariableIsEmpty("HITSMITH_BENCH_PAINTS"))
            qApp->installEventFilter(&paints);
        full = drag(session, canvas, moves, true);
        qApp->removeEventFilter(&paints);
        for (const auto &[name, count] : paints.counts)
            std::printf("  paint events: %5d %s\n", count, qPrintable(name));
        const QWidget *viewport = canvas.view()->viewport();
        QStringList docks;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
            if (dock->isVisible() && !dock->visibleRegion().isEmpty())
                docks.append(dock->windowTitle());
        }
        std::printf("full MainWindow: window %dx%d, viewport %dx%d, zoom %.3f, docks on screen: "
                    "%s\n",
                    window.width(), window.height(), viewport->width(), viewport->height(),
                    canvas.zoom(), qPrintable(docks.join(QStringLiteral(", "))));
        print("full MainWindow (+ processEvents per move)", full, moves);
        if (argc > 3)
            window.grab().save(QString::fromLocal8Bit(argv[3]));
        // The document is modified: leave without the close prompt.
        window.session()->document()->undoStack()->setClean();
    }
    if (only.isEmpty()) {
        // The ratio says what the window adds to the canvas, and varies less with the load.
        std::printf("summary: canvas alone %.0f fps mean / %.0f fps p95; full window %.0f fps mean "
                    "/ %.0f fps p95 (target >= 144 at p95); window/canvas time: %.2f mean, %.2f "
                    "p95\n",
                    1000.0 / bare.mean, 1000.0 / bare.p95, 1000.0 / full.mean, 1000.0 / full.p95,
                    full.mean / bare.mean, full.p95 / bare.p95);
    }
    return 0;
}
