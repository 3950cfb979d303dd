#include "exerciser.h"

#include "canvas.h"
#include "documentchecks.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "operations/properties.h"
#include "playback.h"
#include "timelinepanel.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QGraphicsView>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace hitsmith::exercise {

namespace {

constexpr int kHistoryCheckEvery = 100;

const QByteArray *gCrashLog = nullptr;
const int *gCrashStep = nullptr;
struct sigaction gPrevious[32];

void writeAll(const char *data, size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(2, data, size);
        if (n <= 0)
            return;
        data += n;
        size -= size_t(n);
    }
}

void onCrash(int signal) {
    static const char header[] =
        "\nexerciser: the process died (signal); the steps that led there:\n";
    writeAll(header, sizeof header - 1);
    if (gCrashLog)
        writeAll(gCrashLog->constData(), size_t(gCrashLog->size()));
    // Then whatever handled it before (the sanitizers' report, or the default: a core).
    sigaction(signal, &gPrevious[signal], nullptr);
    if (signal != SIGSEGV && signal != SIGBUS && signal != SIGFPE && signal != SIGILL)
        raise(signal);
}

QString plain(QString text) {
    return text.remove(u'&').remove(QStringLiteral("..."));
}

void collectMenu(QMenu *menu, QList<QMenu *> path,
                 QList<std::pair<QAction *, QList<QMenu *>>> *out) {
    path.append(menu);
    for (QAction *action : menu->actions()) {
        if (!action->isVisible() || !action->isEnabled() || action->isSeparator())
            continue;
        if (QMenu *sub = action->menu())
            collectMenu(sub, path, out);
        else
            out->append({action, path});
    }
}

QList<QPointF> anchors(const Shape &shape) {
    QList<QPointF> points;
    switch (shape.type) {
    case ShapeType::Polygon:
        for (int i = 0; i < shape.points.size(); ++i) {
            points.append(shape.points[i]);
            points.append((shape.points[i] + shape.points[(i + 1) % shape.points.size()]) / 2);
        }
        break;
    case ShapeType::Rect: {
        QTransform rotate;
        rotate.rotate(shape.angle);
        const double w = shape.size.width() / 2, h = shape.size.height() / 2;
        for (const QPointF corner : {QPointF(-w, -h), QPointF(w, -h), QPointF(w, h), QPointF(-w, h),
                                     QPointF(0, -h), QPointF(w, 0)})
            points.append(shape.center + rotate.map(corner));
        points.append(shape.center);
        break;
    }
    case ShapeType::Point:
        points.append(shape.center);
        break;
    case ShapeType::Circle:
        points.append(shape.center);
        points.append(shape.center + QPointF(shape.radius, 0));
        break;
    case ShapeType::Capsule:
        // Both ends, the middle, and the radius grip beside the middle.
        if (shape.points.size() == 2) {
            const QPointF a = shape.points[0], b = shape.points[1], d = b - a;
            const double length = std::hypot(d.x(), d.y());
            const QPointF side = length > 0 ? QPointF(-d.y(), d.x()) / length : QPointF(1, 0);
            points << a << b << (a + b) / 2 << (a + b) / 2 + side * shape.radius;
        }
        break;
    }
    return points;
}

} // namespace

void installCrashLog(const Exerciser *exerciser) {
    Q_UNUSED(exerciser)
    for (int signal : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) {
        struct sigaction action;
        std::memset(&action, 0, sizeof action);
        action.sa_handler = onCrash;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_NODEFER;
        sigaction(signal, &action, &gPrevious[signal]);
    }
}

Exerciser::Exerciser(MainWindow *window, std::uint64_t seed, const QString &folder)
    : mWindow(window)
    , mDice(seed)
    , mFolder(folder)
    , mAnswerer(seed, &mTexts) {
    mTexts.folder = folder;
    mLog.reserve(1 << 20);
    gCrashLog = &mLog;
    gCrashStep = &mStep;
    mAnswerer.setLog([this](const QString &text) { note(text); });
    Document *document = mWindow->document();
    mBaseline = HitsmithFormat::serialize(document->data());
    QObject::connect(document, &Document::changed, &mAnswerer,
                     [this, document](const DocumentChange &change) {
                         if (change.kind == DocumentChange::Kind::Reset)
                             mBaseline = HitsmithFormat::serialize(document->data());
                     });
    QDir().mkpath(mFolder + QStringLiteral("/check"));
    // Playback moves the frame on a clock, which no seed replays: it shows a chosen number of
    // frames at once (its own advance()) and pauses, before the step's next event.
    Playback *playback = mWindow->timelinePanel()->playback();
    QObject::connect(
        playback, &Playback::playingChanged, &mAnswerer,
        [this, playback](bool playing) {
            if (!playing)
                return;
            const int frames = mDice.below(4);
            note(QStringLiteral("playback: %1 frames, then paused").arg(frames));
            for (int i = 0; i < frames && playback->isPlaying(); ++i)
                playback->advance();
            playback->pause();
        },
        Qt::QueuedConnection);
    mAnswerer.start();
}

Exerciser::~Exerciser() {
    mAnswerer.stop();
    gCrashLog = nullptr;
}

QStringList Exerciser::actions() const {
    QStringList list(mActions.cbegin(), mActions.cend());
    list.sort();
    return list;
}

void Exerciser::record(const QString &action, const QString &detail) {
    mActions.insert(action);
    mLog += QStringLiteral("#%1 %2: %3\n").arg(mStep).arg(action, detail).toUtf8();
}

void Exerciser::note(const QString &text) {
    mLog += QStringLiteral("      %1\n").arg(text).toUtf8();
}

void Exerciser::refreshTexts() {
    const Document *document = mWindow->document();
    const DocumentData &data = document->data();
    QStringList names = data.layerNames();
    for (const Sprite &sprite : data.sprites)
        names.append(sprite.name);
    const FrameRef frame = mWindow->session()->currentFrame();
    if (document->contains(frame)) {
        for (const Frame &f : data.sprites[frame.sprite].frames)
            names.append(f.name);
        for (const Shape &shape : document->frame(frame).shapes)
            names.append(shape.id);
    }
    names.append(operations::knownPropertyNames(data));
    mTexts.names = names;
    mTexts.files.clear();
    for (const QFileInfo &info : QDir(mFolder).entryInfoList(QDir::Files, QDir::Name))
        mTexts.files.append(info.absoluteFilePath());
}

bool Exerciser::run(int steps, QString *failure) {
    for (int i = 0; i < steps; ++i) {
        step();
        if (const QString problem = runChecks(); !problem.isEmpty()) {
            *failure = QStringLiteral("after step %1: %2").arg(mStep).arg(problem);
            return false;
        }
        // Opening, importing and New start a new history, often: the whole history is also
        // undone and redone every so many steps, not only at the end.
        if (mStep % kHistoryCheckEvery == 0 && i + 1 < steps) {
            note(QStringLiteral("undo everything, then redo everything"));
            if (QString problem; !undoAndRedoAll(&problem)) {
                *failure = QStringLiteral("after step %1: %2").arg(mStep).arg(problem);
                return false;
            }
            mLongestHistory = qMax(mLongestHistory, mUndone);
        }
    }
    return true;
}

void Exerciser::step() {
    ++mStep;
    refreshTexts();
    const int roll = mDice.below(100);
    bool done = false;
    if (roll < 24)
        done = menuStep();
    else if (roll < 32)
        done = toolbarStep();
    else if (roll < 68)
        done = dockStep();
    else if (roll < 92)
        done = canvasStep();
    else
        done = canvasKeyStep();
    if (!done && !dockStep())
        menuStep();
    finishStep();
}

void Exerciser::finishStep() {
    settle();
    // A dialog opened without exec() is answered now; none stays open past the step.
    for (int i = 0; i < 200 && QApplication::activeModalWidget(); ++i)
        QTest::qWait(5);
    if (QWidget *modal = QApplication::activeModalWidget()) {
        note(QStringLiteral("a dialog stayed open (%1): closed").arg(modal->windowTitle()));
        modal->close();
    }
    mAnswerer.setStepOwnsPopups(false);
    for (int i = 0; i < 10 && QApplication::activePopupWidget(); ++i)
        QApplication::activePopupWidget()->close();
    // A window of its own a step opened (a guide, a floating tool window): read, then closed.
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top != mWindow && top->isVisible() && top->isWindow() &&
            !qobject_cast<QDockWidget *>(top) && !(top->windowFlags() & Qt::Popup) &&
            !top->inherits("QToolBar")) {
            note(QStringLiteral("window \"%1\" closed").arg(top->windowTitle()));
            top->close();
        }
    }
    if (Playback *playback = mWindow->timelinePanel()->playback(); playback->isPlaying()) {
        playback->pause();
        note(QStringLiteral("playback paused"));
    }
    if (!mWindow->isVisible()) {
        note(QStringLiteral("the window was closed: opened again"));
        mWindow->show();
        // Its size and the canvas's scroll position arrive as events: wait for them, so the
        // next step's points land where they did when the seed was first run.
        if (!QTest::qWaitForWindowExposed(mWindow))
            note(QStringLiteral("the window was not shown again"));
        QTest::qWait(20);
    }
    if (QApplication::activeWindow() != mWindow)
        mWindow->activateWindow();
    settle();
}

QString Exerciser::runChecks() {
    if (qEnvironmentVariableIsSet("HITSMITH_EXERCISE_DEBUG")) {
        const QUndoStack *stack = mWindow->document()->undoStack();
        QStringList styles;
        for (const LayerStyle &style : mWindow->document()->data().layers)
            styles.append(style.name);
        note(QStringLiteral("history %1 of %2; layer styles %3")
                 .arg(stack->index())
                 .arg(stack->count())
                 .arg(styles.join(u',')));
    }
    if (QString problem = checkDocument(*mWindow->document()); !problem.isEmpty())
        return problem;
    if (QString problem = checkCollisions(mWindow->session()); !problem.isEmpty())
        return problem;
    if (QString problem = checkWindow(mWindow); !problem.isEmpty())
        return problem;
    return checkSaveAndReopen(*mWindow->document(), mFolder + QStringLiteral("/check/reopen.json"));
}

bool Exerciser::menuStep() {
    QList<std::pair<QAction *, QList<QMenu *>>> entries;
    for (QAction *top : mWindow->menuBar()->actions()) {
        if (top->menu() && top->isVisible() && top->isEnabled())
            collectMenu(top->menu(), {}, &entries);
    }
    if (entries.isEmpty())
        return false;
    const auto &[action, path] = mDice.pick(entries);
    QStringList names;
    for (QMenu *menu : path)
        names.append(plain(menu->title()));
    QString text = plain(action->text());
    // Undo and Redo name the command; the action is the same.
    if (text.startsWith(QLatin1String("Undo ")) || text.startsWith(QLatin1String("Redo ")))
        text = text.left(4);
    if (names.contains(QStringLiteral("Open Recent")) && !text.startsWith(QLatin1String("Clear")))
        text = QStringLiteral("(a recent file)");
    const QString name = QStringLiteral("menu:%1/%2").arg(names.join(u'/'), text);
    const int roll = mDice.below(10);
    QPointer<QAction> guard(action);
    if (roll < 6) {
        record(name, QStringLiteral("through the menus with the mouse"));
        triggerThroughMenu(action, path);
    } else if (roll < 8 && !action->shortcut().isEmpty()) {
        const QKeySequence keys = action->shortcut();
        record(name, QStringLiteral("shortcut %1").arg(keys.toString(QKeySequence::PortableText)));
        QTest::keySequence(keyTarget(mWindow), keys);
    } else {
        record(name, QStringLiteral("trigger"));
        action->trigger();
    }
    return true;
}

void Exerciser::triggerThroughMenu(QAction *action, const QList<QMenu *> &path) {
    QPointer<QAction> guard(action);
    QMenuBar *bar = mWindow->menuBar();
    mAnswerer.setStepOwnsPopups(true);
    clickAt(bar, bar->actionGeometry(path.first()->menuAction()).center());
    bool reached = path.first()->isVisible();
    for (int i = 1; reached && i < path.size(); ++i) {
        QMenu *parent = path[i - 1];
        clickAt(parent, parent->actionGeometry(path[i]->menuAction()).center());
        if (!path[i]->isVisible())
            path[i]->popup(
                parent->mapToGlobal(parent->actionGeometry(path[i]->menuAction()).topRight()));
        settle();
        reached = path[i]->isVisible();
    }
    mAnswerer.setStepOwnsPopups(false);
    if (reached && guard) {
        QMenu *last = path.last();
        QTest::mouseClick(last, Qt::LeftButton, {}, last->actionGeometry(action).center());
        settle();
        return;
    }
    note(QStringLiteral("the menu did not open: triggered"));
    for (int i = 0; i < 10 && QApplication::activePopupWidget(); ++i)
        QApplication::activePopupWidget()->close();
    if (guard)
        guard->trigger();
}

bool Exerciser::toolbarStep() {
    QList<std::pair<QAction *, QWidget *>> entries;
    for (QToolBar *bar : mWindow->findChildren<QToolBar *>()) {
        if (!bar->isVisible())
            continue;
        for (QAction *action : bar->actions()) {
            QWidget *widget = bar->widgetForAction(action);
            if (!action->isSeparator() && widget && widget->isVisible() && widget->isEnabled())
                entries.append({action, widget});
        }
    }
    if (entries.isEmpty())
        return false;
    const auto &[action, widget] = mDice.pick(entries);
    if (qobject_cast<QToolButton *>(widget)) {
        QString text = plain(action->text());
        if (text.startsWith(QLatin1String("Undo ")) || text.startsWith(QLatin1String("Redo ")))
            text = text.left(4);
        record(QStringLiteral("toolbar:%1").arg(text), QStringLiteral("click"));
        clickAt(widget);
    } else {
        // A field in a toolbar (the drawing layer): worked like any other field.
        QList<QWidget *> fields = reachableWidgets(widget);
        QWidget *field = fields.isEmpty() ? widget : mDice.pick(fields);
        QString kind;
        const QString name = widgetName(field);
        mLog += QStringLiteral("#%1 toolbar:%2\n").arg(mStep).arg(name).toUtf8();
        const QString detail = interact(field, mDice, mTexts, &kind);
        mActions.insert(QStringLiteral("toolbar:%1:%2").arg(name, kind));
        note(QStringLiteral("did: %1").arg(detail));
    }
    return true;
}

bool Exerciser::dockStep() {
    QList<QWidget *> widgets;
    for (QDockWidget *dock : mWindow->findChildren<QDockWidget *>()) {
        if (dock->isVisible())
            widgets.append(reachableWidgets(dock));
    }
    // The tabs of docks that share a place (Shapes/Layers, Hits/Versus/History).
    // Qt keeps spare tab bars in a set ordered by address: sorted by name, so a seed replays.
    QList<QWidget *> tabBars;
    for (QTabBar *tabs : mWindow->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        if (tabs->isVisible() && tabs->isEnabled() && tabs->count() > 0)
            tabBars.append(tabs);
    }
    std::stable_sort(tabBars.begin(), tabBars.end(), [](const QWidget *a, const QWidget *b) {
        return widgetName(a) < widgetName(b);
    });
    widgets.append(tabBars);
    if (widgets.isEmpty())
        return false;
    QWidget *widget = mDice.pick(widgets);
    const QString name = widgetName(widget);
    if (qEnvironmentVariableIsSet("HITSMITH_EXERCISE_DEBUG")) {
        QStringList names;
        for (QWidget *w : widgets)
            names.append(widgetName(w));
        note(QStringLiteral("reachable: %1").arg(names.join(u' ')));
    }
    // The step is logged before it runs: a crash inside it still names it.
    mLog += QStringLiteral("#%1 dock:%2\n").arg(mStep).arg(name).toUtf8();
    QString kind;
    const QString detail = interact(widget, mDice, mTexts, &kind);
    mActions.insert(QStringLiteral("dock:%1:%2").arg(name, kind));
    note(QStringLiteral("did: %1").arg(detail));
    return true;
}

bool Exerciser::canvasStep() {
    Canvas *canvas = mWindow->canvas();
    if (!canvas || !canvas->view()->viewport()->isVisible())
        return false;
    QGraphicsView *view = canvas->view();
    QWidget *viewport = view->viewport();
    if (mDice.chance(30)) {
        // Another tool, from its toolbar button or its menu entry.
        const QList<QAction *> tools = canvas->toolActions();
        QAction *tool = mDice.pick(tools);
        tool->trigger();
    }
    QString toolName;
    for (QAction *tool : canvas->toolActions()) {
        if (tool->isChecked())
            toolName = plain(tool->text());
    }
    // Points: grips and centres of the frame's shapes, and anywhere on or near the frame.
    QList<QPointF> points;
    for (const Shape &shape : canvas->shapes())
        points.append(anchors(shape));
    const QRectF frame = canvas->frameRect().isEmpty()
                             ? QRectF(-50, -50, 100, 100)
                             : canvas->frameRect().adjusted(-20, -20, 20, 20);
    const auto anywhere = [&] {
        return QPointF(frame.left() + mDice.below(1000) * frame.width() / 1000.0,
                       frame.top() + mDice.below(1000) * frame.height() / 1000.0);
    };
    const auto pickPoint = [&] {
        QPointF p = !points.isEmpty() && mDice.chance(60) ? mDice.pick(points) : anywhere();
        if (mDice.chance(30))
            p += QPointF(mDice.between(-4, 4), mDice.between(-4, 4));
        return p;
    };
    const QRect inside = viewport->rect().adjusted(2, 2, -2, -2);
    const auto toView = [&](QPointF scene) {
        const QPoint p = view->mapFromScene(scene);
        return QPoint(qBound(inside.left(), p.x(), inside.right()),
                      qBound(inside.top(), p.y(), inside.bottom()));
    };
    const Qt::KeyboardModifiers modifiers = mDice.chance(12)   ? Qt::ShiftModifier
                                            : mDice.chance(10) ? Qt::ControlModifier
                                            : mDice.chance(8)  ? Qt::AltModifier
                                                               : Qt::NoModifier;
    const auto move = [&](QPoint pos, Qt::MouseButtons buttons) {
        QMouseEvent event(QEvent::MouseMove, QPointF(pos), QPointF(viewport->mapToGlobal(pos)),
                          Qt::NoButton, buttons, modifiers);
        QApplication::sendEvent(viewport, &event);
    };
    QPointer<QWidget> guard(viewport);
    const QString prefix = QStringLiteral("canvas:%1:").arg(toolName);
    const auto at = [](QPoint p) { return QStringLiteral("%1,%2").arg(p.x()).arg(p.y()); };
    // Each gesture is logged before it runs: a crash inside it still names it.
    const int roll = mDice.below(100);
    if (roll < 30) {
        const QPoint pos = toView(pickPoint());
        record(prefix + QStringLiteral("click"), QStringLiteral("click at %1").arg(at(pos)));
        move(pos, Qt::NoButton);
        clickAt(viewport, pos, modifiers);
    } else if (roll < 70) {
        const QPoint from = toView(pickPoint());
        const QPoint to = toView(mDice.chance(50) ? pickPoint() : anywhere());
        const int moves = mDice.between(1, 5);
        record(prefix + QStringLiteral("drag"),
               QStringLiteral("drag %1 -> %2 in %3 moves").arg(at(from), at(to)).arg(moves));
        move(from, Qt::NoButton);
        QTest::mousePress(viewport, Qt::LeftButton, modifiers, from);
        for (int i = 1; i <= moves && guard; ++i)
            move(from + (to - from) * i / moves, Qt::LeftButton);
        if (guard)
            QTest::mouseRelease(viewport, Qt::LeftButton, modifiers, to);
    } else if (roll < 80) {
        const QPoint pos = toView(pickPoint());
        record(prefix + QStringLiteral("double-click"),
               QStringLiteral("double-click at %1").arg(at(pos)));
        QTest::mouseDClick(viewport, Qt::LeftButton, modifiers, pos);
    } else if (roll < 90) {
        // A polygon's outline, click by click, finished as a person would.
        const int clicks = mDice.between(2, 6);
        QList<QPoint> where;
        for (int i = 0; i < clicks; ++i)
            where.append(toView(pickPoint()));
        const int end = mDice.below(4);
        const QPoint last = toView(pickPoint());
        static const char *const endings[] = {"Return", "Escape", "double-click", "click first"};
        QStringList text;
        for (const QPoint p : where)
            text.append(at(p));
        record(prefix + QStringLiteral("clicks"),
               QStringLiteral("clicks %1, %2").arg(text.join(u' '), QLatin1String(endings[end])));
        for (int i = 0; i < where.size() && guard; ++i) {
            move(where[i], Qt::NoButton);
            clickAt(viewport, where[i]);
        }
        if (guard) {
            if (end == 0)
                pressKey(viewport, Qt::Key_Return);
            else if (end == 1)
                pressKey(viewport, Qt::Key_Escape);
            else if (end == 2)
                QTest::mouseDClick(viewport, Qt::LeftButton, {}, last);
            else
                clickAt(viewport, where.first());
        }
    } else if (roll < 95) {
        const QPoint pos = toView(pickPoint());
        const int delta = mDice.chance(50) ? 120 : -120;
        const Qt::KeyboardModifiers wheelModifiers =
            mDice.chance(50) ? Qt::ControlModifier : Qt::NoModifier;
        record(prefix + QStringLiteral("wheel"),
               QStringLiteral("wheel %1%2 at %3")
                   .arg(delta)
                   .arg(wheelModifiers ? QStringLiteral(" +Ctrl") : QString(), at(pos)));
        QWheelEvent event(QPointF(pos), QPointF(viewport->mapToGlobal(pos)), QPoint(),
                          QPoint(0, delta), Qt::NoButton, wheelModifiers, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport, &event);
    } else {
        const QPoint pos = toView(pickPoint());
        record(prefix + QStringLiteral("context-menu"),
               QStringLiteral("right-click at %1").arg(at(pos)));
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, viewport->mapToGlobal(pos));
        QApplication::sendEvent(viewport, &event);
    }
    settle();
    return true;
}

bool Exerciser::canvasKeyStep() {
    Canvas *canvas = mWindow->canvas();
    if (!canvas || !canvas->view()->viewport()->isVisible())
        return false;
    QWidget *viewport = canvas->view()->viewport();
    struct Key {
        int key;
        Qt::KeyboardModifiers modifiers;
    };
    static const QList<Key> keys = {{Qt::Key_Delete, {}},
                                    {Qt::Key_Backspace, {}},
                                    {Qt::Key_Left, {}},
                                    {Qt::Key_Right, {}},
                                    {Qt::Key_Up, Qt::ShiftModifier},
                                    {Qt::Key_Down, {}},
                                    {Qt::Key_Escape, {}},
                                    {Qt::Key_Return, {}},
                                    {Qt::Key_A, Qt::ControlModifier},
                                    {Qt::Key_C, Qt::ControlModifier},
                                    {Qt::Key_X, Qt::ControlModifier},
                                    {Qt::Key_V, Qt::ControlModifier},
                                    {Qt::Key_D, Qt::ControlModifier},
                                    {Qt::Key_Z, Qt::ControlModifier},
                                    {Qt::Key_Y, Qt::ControlModifier},
                                    {Qt::Key_Plus, Qt::ControlModifier},
                                    {Qt::Key_Minus, Qt::ControlModifier},
                                    {Qt::Key_Space, {}},
                                    {Qt::Key_Period, {}},
                                    {Qt::Key_Comma, {}}};
    const Key key = mDice.pick(keys);
    const QString text =
        QKeySequence(int(key.modifiers) | key.key).toString(QKeySequence::PortableText);
    // The canvas gets the keys as after a click on it, without changing the selection.
    viewport->setFocus(Qt::MouseFocusReason);
    record(QStringLiteral("canvas-key:%1").arg(text), QStringLiteral("press %1").arg(text));
    pressKey(viewport, key.key, key.modifiers);
    return true;
}

bool Exerciser::undoAndRedoAll(QString *failure) {
    finishStep();
    Document *document = mWindow->document();
    QUndoStack *stack = document->undoStack();
    const QByteArray before = HitsmithFormat::serialize(document->data());
    const int steps = stack->index();
    mUndone = steps;
    QStringList history; // for the failure message: the commands, the current one marked
    for (int i = 0; i < stack->count(); ++i)
        history.append(QStringLiteral("%1%2").arg(
            i < steps ? QString() : QStringLiteral("(undone) "), stack->text(i)));
    const QString commands =
        QStringLiteral("\nthe history: %1").arg(history.join(QStringLiteral("; ")));
    while (stack->canUndo())
        stack->undo();
    settle();
    const QByteArray undone = HitsmithFormat::serialize(document->data());
    if (undone != mBaseline) {
        *failure = QStringLiteral("undoing all %1 steps does not give the document the history "
                                  "started from: %2")
                       .arg(steps)
                       .arg(firstDifference(undone, mBaseline)) +
                   commands;
        return false;
    }
    if (const QString problem = runChecks(); !problem.isEmpty()) {
        *failure = QStringLiteral("after undoing everything: %1").arg(problem);
        return false;
    }
    // Back to where the history stood (commands undone before stay undone).
    while (stack->canRedo() && stack->index() < steps)
        stack->redo();
    settle();
    if (const QByteArray redone = HitsmithFormat::serialize(document->data()); redone != before) {
        *failure = QStringLiteral("redoing all %1 steps does not give the document before the "
                                  "undo: %2")
                       .arg(steps)
                       .arg(firstDifference(redone, before)) +
                   commands;
        return false;
    }
    if (const QString problem = runChecks(); !problem.isEmpty()) {
        *failure = QStringLiteral("after redoing everything: %1").arg(problem);
        return false;
    }
    return true;
}

} // namespace hitsmith::exercise
