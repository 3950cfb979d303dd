// One file on purpose (just over 700 lines): every function drives the same main window fixture
// and frame-strip helpers; onion skin would be the first part to move out.
// The Timeline dock, playback and onion skin driven through the real main window: playing at
// each frame's own duration (the single-shot timer's interval is checked, never the wall clock),
// stepping with "," and ".", loop on and off at the end, Space on the strip and on the canvas,
// editing a duration in the strip with undo/redo, the onion skin's ghosts, and the frame data of
// the example knight's attack.

#include "shelltestsupport.h"

#include "canvas.h"
#include "commands/shapecommands.h"
#include "commands/structurecommands.h"
#include "editorsession.h"
#include "framestripdelegate.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "onionlayer.h"
#include "playback.h"
#include "timelinemodel.h"
#include "timelinepanel.h"
#include "versuspanel.h"
#include "versusservice.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsView>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

/// The label's text as it reads: its non-breaking spaces (which keep a phase on one line) as
/// spaces.
QString shownText(const QLabel *label) {
    return label->text().replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
}

// Four frames of "hero" with durations 50, (the sprite's 120), 200, 30 ms; each frame has one
// box further right, so the onion skin's ghosts land in known places. "foe" is another sprite.
const QByteArray kDocument = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {"name": "hero", "duration": 120, "frames": [
      {"name": "wind", "duration": 50, "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 10], "angle": 0}]},
      {"name": "swing", "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [30, 10], "size": [10, 10], "angle": 0},
        {"id": "blade", "layer": "hitbox", "type": "rect", "center": [40, 10], "size": [6, 4], "angle": 0}]},
      {"name": "hold", "duration": 200, "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [50, 10], "size": [10, 10], "angle": 0}]},
      {"name": "rest", "duration": 30, "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [70, 10], "size": [10, 10], "angle": 0}]}
    ]},
    {"name": "foe", "frames": [
      {"name": "idle", "shapes": [
        {"id": "belly", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 20], "angle": 0}]}
    ]}
  ]
}
)";

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    TimelinePanel *timeline() const { return mWindow->timelinePanel(); }
    Playback *playback() const { return timeline()->playback(); }
    QListView *strip() const { return timeline()->strip(); }
    int frame() const { return session()->currentFrame().frame; }

    void open(const QByteArray &json) {
        const QString path = mDir.filePath(QStringLiteral("timeline.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(json);
        file.close();
        QVERIFY(mWindow->openFile(path));
        QCoreApplication::processEvents();
    }

    void openKnight() {
        const QString examples = qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples";
        for (const QString &name : QDir(examples).entryList({"knight.json", "*.png"})) {
            QFile::remove(mDir.filePath(name));
            QVERIFY(QFile::copy(examples + u'/' + name, mDir.filePath(name)));
            QFile(mDir.filePath(name)).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        }
        QVERIFY(mWindow->openFile(mDir.filePath(QStringLiteral("knight.json"))));
        QCoreApplication::processEvents();
    }

    // The centre of a frame's duration line in the strip's viewport.
    QPoint durationPoint(int row) const {
        const QRect rect = strip()->visualRect(timeline()->model()->index(row));
        return {rect.center().x(), rect.bottom() - strip()->fontMetrics().height() / 2 - 4};
    }

private Q_SLOTS:
    void initTestCase() { QSettings().clear(); }

    void init() {
        QSettings().clear();
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        open(kDocument);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 0}));
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void theStripShowsTheSpritesFramesAndTheirDurations() {
        auto *dock = mWindow->findChild<QDockWidget *>(QStringLiteral("timelineDock"));
        QVERIFY(dock && dock->isVisible());
        QCOMPARE(mWindow->dockWidgetArea(dock), Qt::BottomDockWidgetArea);
        TimelineModel *model = timeline()->model();
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->index(1).data().toString(), QStringLiteral("swing"));
        QCOMPARE(model->index(0).data(TimelineModel::DurationRole).toInt(), 50);
        // Frame 1 has no duration: the sprite's default applies and is shown as such.
        QCOMPARE(model->index(1).data(TimelineModel::DurationRole).toInt(), 120);
        QVERIFY(!model->index(1).data(TimelineModel::HasOwnDurationRole).toBool());
        QVERIFY(model->index(2).data(TimelineModel::HasOwnDurationRole).toBool());

        // A click on a thumbnail shows that frame, exactly as the Sprites dock does.
        QTest::mouseClick(strip()->viewport(), Qt::LeftButton, {},
                          strip()->visualRect(model->index(2)).center());
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 2}));
        QVERIFY(model->index(2).data(TimelineModel::CurrentRole).toBool());
        QVERIFY(!model->index(0).data(TimelineModel::CurrentRole).toBool());

        // Another sprite: the strip shows its frames.
        session()->setCurrentFrame({1, 0});
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0).data().toString(), QStringLiteral("idle"));
    }

    void thumbnailsAreDrawnAgainOnlyForTheFrameThatChanged() {
        TimelineModel *model = timeline()->model();
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(!model->index(row).data(Qt::DecorationRole).value<QPixmap>().isNull());
        const int drawn = model->thumbnailsDrawn();
        Shape moved = doc()->shape({0, 2, 0});
        moved.center += QPointF(3, 0);
        doc()->undoStack()->push(new ChangeShapesCommand(doc(), {{0, 2, 0}}, {moved}, "Move body"));
        for (int row = 0; row < model->rowCount(); ++row)
            model->index(row).data(Qt::DecorationRole);
        QCOMPARE(model->thumbnailsDrawn(), drawn + 1);
    }

    void playsEachFrameForItsOwnDuration() {
        QVERIFY(!playback()->isPlaying());
        playback()->setLooping(Playback::Looping::Loop);
        playback()->playAction()->trigger();
        QVERIFY(playback()->isPlaying());
        QCOMPARE(playback()->playAction()->text(), tr("&Pause"));
        QList<std::pair<int, int>> shown{{frame(), playback()->timer()->interval()}};
        QVERIFY(playback()->timer()->isActive());
        QVERIFY(playback()->timer()->isSingleShot());
        for (int i = 0; i < 4; ++i) {
            playback()->advance(); // what the timer's timeout does
            shown.append({frame(), playback()->timer()->interval()});
        }
        const QList<std::pair<int, int>> expected{{0, 50}, {1, 120}, {2, 200}, {3, 30}, {0, 50}};
        QCOMPARE(shown, expected);

        // The real timer drives it too (bounded wait on the signal, no timing asserted).
        QSignalSpy frames(session(), &EditorSession::currentFrameChanged);
        QVERIFY(frames.wait(5000));
        QCOMPARE(frame(), 1);
        QCOMPARE(playback()->timer()->interval(), 120);

        playback()->playAction()->trigger();
        QVERIFY(!playback()->isPlaying());
        QVERIFY(!playback()->timer()->isActive());
    }

    void loopOffStopsOnTheLastFrameLoopOnWraps() {
        playback()->loopAction()->setChecked(false);
        QCOMPARE(playback()->looping(), Playback::Looping::Once);
        session()->setCurrentFrame({0, 2});
        playback()->play();
        playback()->advance();
        QCOMPARE(frame(), 3);
        QVERIFY(playback()->isPlaying());
        playback()->advance(); // the last frame's dwell is over
        QCOMPARE(frame(), 3);
        QVERIFY(!playback()->isPlaying());
        // Play again from the last frame starts over.
        playback()->play();
        QCOMPARE(frame(), 0);
        QCOMPARE(playback()->timer()->interval(), 50);
        playback()->pause();

        playback()->loopAction()->setChecked(true);
        session()->setCurrentFrame({0, 3});
        playback()->play();
        playback()->advance();
        QCOMPARE(frame(), 0);
        QVERIFY(playback()->isPlaying());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/loop")).toBool(), true);
    }

    void commaAndPeriodStepTheFrames() {
        playback()->setLooping(Playback::Looping::Once);
        strip()->setFocus();
        QTest::keyClick(strip(), Qt::Key_Period);
        QCOMPARE(frame(), 1);
        QTest::keyClick(strip(), Qt::Key_Period);
        QTest::keyClick(strip(), Qt::Key_Period);
        QCOMPARE(frame(), 3);
        QTest::keyClick(strip(), Qt::Key_Period); // loop off: stays on the last frame
        QCOMPARE(frame(), 3);
        // On the canvas too (it does not use these keys).
        mWindow->canvas()->view()->setFocus();
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Comma);
        QCOMPARE(frame(), 2);
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Comma);
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Comma);
        QCOMPARE(frame(), 0);
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Comma);
        QCOMPARE(frame(), 0);
        playback()->setLooping(Playback::Looping::Loop);
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Comma); // loop on: wraps
        QCOMPARE(frame(), 3);
        // Stepping pauses playback.
        playback()->play();
        QTest::keyClick(mWindow->canvas()->view(), Qt::Key_Period);
        QCOMPARE(frame(), 0);
        QVERIFY(!playback()->isPlaying());
    }

    void spaceTogglesOnTheStripAndATapOfItOnTheCanvas() {
        strip()->setFocus();
        QTest::keyClick(strip(), Qt::Key_Space);
        QVERIFY(playback()->isPlaying());
        QTest::keyClick(strip(), Qt::Key_Space);
        QVERIFY(!playback()->isPlaying());

        // On the canvas a tap toggles; Space still reaches the canvas (held: the pan hand).
        QGraphicsView *view = mWindow->canvas()->view();
        view->setFocus();
        QTest::keyPress(view, Qt::Key_Space);
        QCOMPARE(view->viewport()->cursor().shape(), Qt::OpenHandCursor);
        QVERIFY(!playback()->isPlaying());
        QTest::keyRelease(view, Qt::Key_Space);
        QVERIFY(playback()->isPlaying());
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(!playback()->isPlaying());

        // Space held with a drag pans: no toggle on release.
        QTest::keyPress(view, Qt::Key_Space);
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(50, 50));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(80, 60));
        QTest::keyRelease(view, Qt::Key_Space);
        QVERIFY(!playback()->isPlaying());
        QCOMPARE(doc()->undoStack()->count(), 0); // the drag panned, it edited nothing
    }

    void spaceCommaAndPeriodStayWithFieldsAndCheckBoxes() {
        // Typing a number with a decimal point into a field steps no frame.
        QDoubleSpinBox *dx = mWindow->versusPanel()->dxBox();
        dx->setFocus();
        QTest::keyClick(dx, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(dx, QStringLiteral("1.5,"));
        QCOMPARE(frame(), 0);
        // A focused check box keeps its Space.
        QCheckBox *same = mWindow->versusPanel()->sameFacingBox();
        same->setFocus();
        const bool checked = same->isChecked();
        QTest::keyClick(same, Qt::Key_Space);
        QCOMPARE(same->isChecked(), !checked);
        QVERIFY(!playback()->isPlaying());
    }

    void focusMovingToAnotherPanelPausesPlayback() {
        strip()->setFocus();
        playback()->play();
        QVERIFY(playback()->isPlaying());
        timeline()->layerCombo()->setFocus();  // the Timeline's own controls keep it playing
        mWindow->canvas()->view()->setFocus(); // and so does the canvas
        QVERIFY(playback()->isPlaying());
        mWindow->versusPanel()->dxBox()->setFocus(); // about to type a number for this frame
        QVERIFY(!playback()->isPlaying());
    }

    void playbackStopsOnEditsAndOtherSprites() {
        playback()->play();
        Shape moved = doc()->shape({0, 0, 0});
        moved.center += QPointF(1, 0);
        doc()->undoStack()->push(new ChangeShapesCommand(doc(), {{0, 0, 0}}, {moved}, "Move body"));
        QVERIFY(!playback()->isPlaying());

        playback()->play();
        session()->setCurrentFrame({1, 0});
        QVERIFY(!playback()->isPlaying());

        // A click on the canvas stops playback before the tool acts, on the frame shown.
        session()->setCurrentFrame({0, 0});
        playback()->play();
        playback()->advance();
        QCOMPARE(frame(), 1);
        QGraphicsView *view = mWindow->canvas()->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(3, 3)); // on nothing
        QVERIFY(!playback()->isPlaying());
        QCOMPARE(frame(), 1);
        playback()->play();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->mapFromScene(QPointF(30, 10)));
        QVERIFY(!playback()->isPlaying());
        QCOMPARE(frame(), 1);
        QCOMPARE(session()->selectedShapes(), QList<int>{0}); // swing's body, not another's

        // A new document stops it too.
        playback()->play();
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        open(kDocument);
        QVERIFY(!playback()->isPlaying());
    }

    void typingADurationInTheStripIsOneUndoStep() {
        TimelineModel *model = timeline()->model();
        // Item views want the press before the double-click, as a real double-click has.
        QTest::mouseClick(strip()->viewport(), Qt::LeftButton, {}, durationPoint(1));
        QTest::mouseDClick(strip()->viewport(), Qt::LeftButton, {}, durationPoint(1));
        auto *editor = strip()->findChild<QSpinBox *>(QStringLiteral("frameDurationEditor"));
        QVERIFY(editor);
        QVERIFY(editor->isVisible());
        QCOMPARE(editor->value(), 120);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("250"));
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits on Return through a queued call.
        QTRY_COMPARE(doc()->frame({0, 1}).duration, std::optional<int>(250));
        QCOMPARE(model->index(1).data(TimelineModel::DurationRole).toInt(), 250);
        QVERIFY(model->index(1).data(TimelineModel::HasOwnDurationRole).toBool());
        QUndoStack *stack = doc()->undoStack();
        QCOMPARE(stack->count(), 1);
        QCOMPARE(stack->undoText(), tr("Set duration of swing to 250 ms"));
        stack->undo();
        QCOMPARE(doc()->frame({0, 1}).duration, std::nullopt);
        QCOMPARE(model->index(1).data(TimelineModel::DurationRole).toInt(), 120);
        stack->redo();
        QCOMPARE(doc()->frame({0, 1}).duration, std::optional<int>(250));

        // Playing then dwells 250 ms on it.
        session()->setCurrentFrame({0, 1});
        playback()->play();
        QCOMPARE(playback()->timer()->interval(), 250);
    }

    void openingADurationEditorPausesPlayback() {
        // Playing on swing; F2 opens its duration editor (the strip's edit key).
        session()->setCurrentFrame({0, 1});
        strip()->setFocus();
        playback()->play();
        QVERIFY(playback()->isPlaying());
        QTest::keyClick(strip(), Qt::Key_F2);
        auto *editor = strip()->findChild<QSpinBox *>(QStringLiteral("frameDurationEditor"));
        QVERIFY(editor);
        QVERIFY(editor->isVisible());
        QVERIFY(!playback()->isPlaying());
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("2"));
        // The frame's dwell is over mid-typing: what the timer's timeout does.
        playback()->advance();
        QCOMPARE(frame(), 1);
        QTest::keyClicks(editor, QStringLiteral("50"));
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(doc()->frame({0, 1}).duration, std::optional<int>(250));
        QVERIFY(!playback()->isPlaying());
        QCOMPARE(frame(), 1);
    }

    void useSpriteDefaultFromTheFramesContextMenu() {
        TimelineModel *model = timeline()->model();
        // Right-clicks the frame's duration and picks the item, as a user does.
        auto pick = [this](int row, bool *enabled) {
            *enabled = false;
            QTimer::singleShot(0, this, [enabled] {
                auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
                QVERIFY(menu);
                auto *action = menu->findChild<QAction *>(QStringLiteral("useSpriteDefaultAction"));
                QVERIFY(action);
                *enabled = action->isEnabled();
                if (action->isEnabled())
                    action->trigger();
                menu->close();
            });
            const QPoint pos = durationPoint(row);
            QContextMenuEvent event(QContextMenuEvent::Mouse, pos,
                                    strip()->viewport()->mapToGlobal(pos));
            QApplication::sendEvent(strip()->viewport(), &event);
        };
        bool enabled = false;
        pick(2, &enabled); // hold: 200 ms of its own
        QVERIFY(enabled);
        QCOMPARE(doc()->frame({0, 2}).duration, std::nullopt);
        QCOMPARE(model->index(2).data(TimelineModel::DurationRole).toInt(), 120);
        QUndoStack *stack = doc()->undoStack();
        QCOMPARE(stack->count(), 1);
        QCOMPARE(stack->undoText(), tr("Use sprite default duration for hold"));
        stack->undo();
        QCOMPARE(doc()->frame({0, 2}).duration, std::optional<int>(200));
        stack->redo();
        QCOMPARE(doc()->frame({0, 2}).duration, std::nullopt);

        pick(1, &enabled); // swing already plays the default: nothing to clear
        QVERIFY(!enabled);
        QCOMPARE(stack->count(), 1);
    }

    void onionSkinDrawsTheNeighboursFaintly() {
        OnionLayer *onion = mWindow->onionLayer();
        Canvas *canvas = mWindow->canvas();
        playback()->setLooping(Playback::Looping::Once);
        session()->setCurrentFrame({0, 1});
        QVERIFY(onion->ghosts().isEmpty()); // off by default
        const int items = canvas->itemCount();

        auto render = [canvas] {
            QImage image(90, 20, QImage::Format_ARGB32);
            image.fill(Qt::black);
            QPainter painter(&image);
            canvas->drawStaticLayer(&painter, QRectF(0, 0, 90, 20));
            return image;
        };
        const QImage without = render();

        onion->toggleAction()->trigger();
        QVERIFY(onion->isEnabled());
        QCOMPARE(QSettings().value(QStringLiteral("view/onionSkin")).toBool(), true);
        auto countSide = [onion](int sign) {
            int n = 0;
            for (const OnionLayer::Ghost &ghost : onion->ghosts())
                n += (ghost.offset * sign > 0);
            return n;
        };
        QCOMPARE(countSide(-1), 1);
        QCOMPARE(countSide(+1), 1);
        QCOMPARE(canvas->itemCount(), items); // nothing selectable was added
        // The previous frame's body (x 5..15) is drawn where the current frame has nothing.
        QVERIFY(render().pixelColor(10, 10) != without.pixelColor(10, 10));
        QCOMPARE(canvas->shapeAt(QPointF(10, 10)), -1); // and is not hit-tested

        mWindow->findChild<QAction *>(QStringLiteral("onionSkinCount3"))->trigger();
        QCOMPARE(onion->count(), 3);
        QCOMPARE(countSide(-1), 1); // only one frame before swing: no wrap while not looping
        QCOMPARE(countSide(+1), 2);
        // Previous and next tinted differently, fainter with distance.
        QColor previous, next1, next2;
        for (const OnionLayer::Ghost &ghost : onion->ghosts()) {
            if (ghost.offset == -1)
                previous = ghost.color;
            if (ghost.offset == 1)
                next1 = ghost.color;
            if (ghost.offset == 2)
                next2 = ghost.color;
        }
        QVERIFY(previous.rgb() != next1.rgb());
        QVERIFY(next2.alphaF() < next1.alphaF());

        // Looping: the first frame's previous is the last.
        playback()->setLooping(Playback::Looping::Loop);
        session()->setCurrentFrame({0, 0});
        QCOMPARE(countSide(-1), 2); // frames 3 and 2 (frame 1 is already a next one)
        QCOMPARE(countSide(+1), 1);

        onion->toggleAction()->trigger();
        QVERIFY(onion->ghosts().isEmpty());
        QCOMPARE(QSettings().value(QStringLiteral("view/onionSkinCount")).toInt(), 3);
    }

    void onionSkinImagesShowTheNeighboursCells() {
        openKnight();
        // The neighbours' origins moved off the current frame's (32, 62), each its own way:
        // idle (the previous frame) to (30, 60), attack-2 (the next) to (36, 62). Their cells
        // must then be drawn 2 px right and down, and 4 px left, of the current cell.
        QFile json(mDir.filePath(QStringLiteral("knight.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = json.readAll().split('\n');
        json.close();
        // The origin lines of the knight's idle and attack-2 frames (the first frames so named).
        const auto originLineOf = [&lines](const QByteArray &frame) {
            const qsizetype name = lines.indexOf("          \"name\": \"" + frame + "\",");
            for (qsizetype i = name; name >= 0 && i < lines.size(); ++i)
                if (lines[i].trimmed().startsWith("\"origin\""))
                    return i;
            return qsizetype(-1);
        };
        const qsizetype idle = originLineOf("idle"), attack2 = originLineOf("attack-2");
        QVERIFY(idle >= 0 && attack2 >= 0);
        QCOMPARE(lines[idle].trimmed(), QByteArray(R"("origin": [32, 62],)"));
        QCOMPARE(lines[attack2].trimmed(), QByteArray(R"("origin": [32, 62],)"));
        lines[idle].replace("[32, 62]", "[30, 60]");
        lines[attack2].replace("[32, 62]", "[36, 62]");
        QVERIFY(json.open(QIODevice::WriteOnly | QIODevice::Truncate));
        json.write(lines.join('\n'));
        json.close();
        QVERIFY(mWindow->openFile(json.fileName()));
        QCoreApplication::processEvents();

        // The cells as the sheet holds them, cut here without the product's image cache.
        const QImage sheet = QImage(mDir.filePath(QStringLiteral("knight.png")))
                                 .convertToFormat(QImage::Format_ARGB32_Premultiplied);
        QCOMPARE(sheet.size(), QSize(256, 64));
        auto cellOf = [&sheet](int frame) { return sheet.copy(64 * frame, 0, 64, 64); };
        QVERIFY(cellOf(0) != cellOf(1) && cellOf(2) != cellOf(1) && cellOf(0) != cellOf(2));
        struct Expected {
            int frame;
            QPoint at;
        };
        // Pivots aligned, then stepped by the knight's root motion (attack-1 steps 3 px,
        // attack-2 18 px): idle stands 3 px behind attack-1, attack-2 18 px ahead.
        const QHash<int, Expected> expected{{-1, {0, QPoint(2 - 3, 2)}},
                                            {+1, {2, QPoint(-4 + 18, 0)}}};

        OnionLayer *onion = mWindow->onionLayer();
        session()->setCurrentFrame({0, 1});
        mWindow->findChild<QAction *>(QStringLiteral("onionSkinAction"))->trigger();
        QCOMPARE(onion->ghosts().size(), 2);
        for (const OnionLayer::Ghost &ghost : onion->ghosts())
            QVERIFY(ghost.image.isNull()); // shapes only until asked
        // The ghosts painted without images, then with: what changes is the images alone.
        const QRect area(-16, -16, 96, 96);
        auto render = [onion, area] {
            QImage image(area.size(), QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            painter.translate(-area.topLeft());
            onion->paint(&painter, area);
            return image;
        };
        const QImage shapesOnly = render();
        mWindow->findChild<QAction *>(QStringLiteral("onionSkinImagesAction"))->trigger();
        QCOMPARE(onion->ghosts().size(), 2);
        QImage covered(area.size(), QImage::Format_ARGB32_Premultiplied); // by a shifted cell
        covered.fill(Qt::transparent);
        QPainter coverage(&covered);
        coverage.translate(-area.topLeft());
        for (const OnionLayer::Ghost &ghost : onion->ghosts()) {
            QVERIFY(expected.contains(ghost.offset));
            const Expected want = expected[ghost.offset];
            QCOMPARE(ghost.frame, (FrameRef{0, want.frame}));
            // The neighbour's own cell, pixel for pixel.
            QCOMPARE(ghost.image.toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied),
                     cellOf(want.frame));
            QCOMPARE(ghost.imageAt, QPointF(want.at));
            coverage.drawImage(want.at, cellOf(want.frame));
        }
        coverage.end();
        const QImage withImages = render();
        // Every changed pixel lies under a cell placed at its frame's origin, and every opaque
        // pixel of those cells changed something.
        int changed = 0;
        for (int y = 0; y < area.height(); ++y) {
            for (int x = 0; x < area.width(); ++x) {
                const bool differs = withImages.pixel(x, y) != shapesOnly.pixel(x, y);
                const int alpha = qAlpha(covered.pixel(x, y));
                const QString where = QStringLiteral("%1,%2").arg(x + area.x()).arg(y + area.y());
                QVERIFY2(!differs || alpha > 0, qPrintable(where + " changed outside the cells"));
                QVERIFY2(differs || alpha < 255, qPrintable(where + " unchanged under a cell"));
                changed += differs;
            }
        }
        QVERIFY(changed > 200);
        QCOMPARE(QSettings().value(QStringLiteral("view/onionSkinImages")).toBool(), true);
    }

    void theVersusCheckPlaysAlong() {
        // A setup on the first frame only: the foe's belly stands where swing's blade reaches.
        QByteArray json = kDocument;
        json.replace(R"(  ]
}
)",
                     R"(  ],
  "versus": [{"attacker": "hero/wind", "defender": "foe/idle", "dx": 50, "dy": 0}]
}
)");
        open(json);
        QCOMPARE(doc()->data().versus.size(), 1);
        const VersusService *versus = mWindow->versusPanel()->service();
        QVERIFY(versus->isActive());
        QCOMPARE(versus->placement().defender, (FrameRef{1, 0}));

        // Paused, swing has no setup of its own: no defender.
        session()->setCurrentFrame({0, 1});
        QVERIFY(!versus->isActive());
        session()->setCurrentFrame({0, 0});

        playback()->play();
        playback()->advance();
        QCOMPARE(frame(), 1);
        // Playing, swing is checked against the setup playback started with, and hits.
        QVERIFY(versus->isActive());
        QCOMPARE(versus->placement().attacker, (FrameRef{0, 1}));
        QCOMPARE(versus->placement().defender, (FrameRef{1, 0}));
        QCOMPARE(versus->placement().dx, 50.0);
        QTRY_VERIFY(!versus->hits().isEmpty());
        QCOMPARE(doc()->frame({0, 1}).shapes[versus->hits().first().attackerShape].id,
                 QStringLiteral("blade"));

        playback()->pause();
        QVERIFY(!versus->isActive());             // back to swing's own (absent) setup
        QCOMPARE(doc()->data().versus.size(), 1); // nothing was saved for it
        QCOMPARE(doc()->undoStack()->count(), 0);
    }

    void theAttackLayerFollowsARenameAndAnExplicitNoneStays() {
        QComboBox *layers = timeline()->layerCombo();
        TimelineModel *model = timeline()->model();
        QCOMPARE(layers->currentText(), QStringLiteral("hitbox")); // the automatic choice
        QUndoStack *stack = doc()->undoStack();

        // "strike" is not a name the automatic choice would pick: the combo follows the rename.
        QVERIFY(mWindow->layersPanel()->renameLayer(QStringLiteral("hitbox"),
                                                    QStringLiteral("strike")));
        QCOMPARE(layers->currentText(), QStringLiteral("strike"));
        QCOMPARE(model->attackLayer(), QStringLiteral("strike"));
        stack->undo();
        QCOMPARE(layers->currentText(), QStringLiteral("hitbox"));
        QCOMPARE(model->attackLayer(), QStringLiteral("hitbox"));
        stack->redo();
        QCOMPARE(layers->currentText(), QStringLiteral("strike"));

        // "(none)" chosen by the user stays when layers come and go.
        stack->undo();
        layers->setFocus();
        QTest::keyClick(layers, Qt::Key_Home);
        QCOMPARE(layers->currentIndex(), 0);
        mWindow->layersPanel()->addLayer();
        QCOMPARE(stack->undoText(), tr("Add Layer"));
        QCOMPARE(layers->currentIndex(), 0);
        QVERIFY(model->attackLayer().isEmpty());
        stack->undo();
        QCOMPARE(layers->currentIndex(), 0);

        // Choosing a layer again is followed as before.
        layers->setCurrentIndex(layers->findText(QStringLiteral("hitbox")));
        mWindow->layersPanel()->addLayer();
        QCOMPARE(layers->currentText(), QStringLiteral("hitbox"));
    }

    // The coloured runs FrameStripDelegate::paintBand draws for ticks on a band width px wide.
    static int bandSegments(int ticks, int width) {
        QImage image(width, 6, QImage::Format_RGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            FrameStripDelegate::paintBand(&painter, image.rect(), Qt::red, ticks);
        }
        int runs = 0;
        bool inside = false;
        for (int x = 0; x < width; ++x) {
            const bool red = image.pixelColor(x, 3) == QColor(Qt::red);
            runs += red && !inside;
            inside = red;
        }
        return runs;
    }

    void frameDataOfTheKnightsAttack() {
        openKnight();
        QComboBox *layers = timeline()->layerCombo();
        QCOMPARE(layers->currentText(), QStringLiteral("hitbox")); // chosen by name
        QLabel *label = timeline()->frameDataLabel();
        // idle has no hitbox; attack-1..3 have one. In ticks at 60/s (issue 42): 100 ms is 6
        // ticks, the first active tick is the 7th; the phases' ms beside them.
        QVERIFY2(shownText(label).contains(QStringLiteral("startup 7 (100 ms)")),
                 qPrintable(shownText(label)));
        QVERIFY(shownText(label).contains(QStringLiteral("active 18 (300 ms)")));
        QVERIFY(shownText(label).contains(QStringLiteral("recovery 0 (0 ms)")));
        TimelineModel *model = timeline()->model();
        QCOMPARE(model->index(0).data(TimelineModel::PhaseRole).toInt(),
                 int(TimelineModel::Phase::Startup));
        QCOMPARE(model->index(3).data(TimelineModel::PhaseRole).toInt(),
                 int(TimelineModel::Phase::Active));

        // The band under each thumbnail counts the frame's ticks: 100 ms at 60/s is 6 segments.
        QCOMPARE(model->index(3).data(TimelineModel::TicksRole).toInt(), 6);
        QCOMPARE(bandSegments(6, 60), 6);
        QCOMPARE(bandSegments(40, 60), 1); // 1.5 px a tick: one solid segment
        QCOMPARE(bandSegments(-1, 60), 1); // never ends

        // Durations count: attack-1 made 40 ms long (2.4 ticks: 2).
        model->setData(model->index(1), 40, Qt::EditRole);
        QVERIFY2(shownText(label).contains(QStringLiteral("active 14 (240 ms)")),
                 qPrintable(shownText(label)));

        // Another layer, chosen as a user does.
        layers->setFocus();
        QTest::keyClick(layers, Qt::Key_Home);
        QCOMPARE(layers->currentIndex(), 0);
        QVERIFY(!shownText(label).contains(QStringLiteral("active")));
        layers->setCurrentIndex(layers->findText(QStringLiteral("hurtbox")));
        QVERIFY2(shownText(label).contains(QStringLiteral("startup 1 (0 ms)")),
                 qPrintable(shownText(label)));
        QVERIFY(shownText(label).contains(QStringLiteral("active 20 (340 ms)")));
        // At 30 ticks/s (the document's tick rate, one undo step): 3, 1 (1.2), 3 and 3 ticks.
        mWindow->document()->undoStack()->push(new SetTickRateCommand(mWindow->document(), 30));
        QVERIFY2(shownText(label).contains(QStringLiteral("active 10 (340 ms)")),
                 qPrintable(shownText(label)));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
