// Table tests of playback timing (which frame shows when, at the frames' durations) and of frame
// data (startup / active / recovery for an attack layer).
#include "airformat.h"
#include "operations/timing.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::Looping)

namespace {

/// Five frames of 50, default (80), 100, default, 200 ms; hitbox shapes on frames 1 and 3.
Sprite attack() {
    Sprite sprite;
    sprite.name = "attack";
    sprite.duration = 80;
    const std::optional<int> durations[] = {50, {}, 100, {}, 200};
    for (int i = 0; i < 5; ++i) {
        Frame frame;
        frame.name = QString::number(i);
        frame.duration = durations[i];
        frame.shapes << Shape::circle("body", {0, 0}, 5, "hurtbox");
        if (i == 1 || i == 3)
            frame.shapes << Shape::circle("blade", {0, 0}, 5, "hitbox");
        sprite.frames << frame;
    }
    return sprite;
}

} // namespace

class TestTiming : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void frameAt_data() {
        QTest::addColumn<qint64>("elapsed");
        QTest::addColumn<Looping>("looping");
        QTest::addColumn<int>("expected");
        // Starts: 0, 50, 130, 230, 310; total 510.
        QTest::newRow("start") << qint64(0) << Looping::Once << 0;
        QTest::newRow("last ms of frame 0") << qint64(49) << Looping::Once << 0;
        QTest::newRow("frame 1 at its start") << qint64(50) << Looping::Once << 1;
        QTest::newRow("sprite default 80 ms") << qint64(129) << Looping::Once << 1;
        QTest::newRow("frame 2") << qint64(130) << Looping::Once << 2;
        QTest::newRow("frame 4") << qint64(509) << Looping::Once << 4;
        QTest::newRow("after the end, once") << qint64(9999) << Looping::Once << 4;
        QTest::newRow("after the end, loop") << qint64(510 + 60) << Looping::Loop << 1;
        QTest::newRow("exactly one loop") << qint64(510) << Looping::Loop << 0;
        QTest::newRow("negative") << qint64(-5) << Looping::Loop << 0;
    }

    void frameAt() {
        QFETCH(qint64, elapsed);
        QFETCH(Looping, looping);
        QFETCH(int, expected);
        QCOMPARE(operations::frameAt(attack(), elapsed, looping), expected);
    }

    void frameStarts() {
        QCOMPARE(frameStart(attack(), 0), 0);
        QCOMPARE(frameStart(attack(), 3), 230);
        QCOMPARE(operations::frameAt(Sprite(), 10, Looping::Loop), -1);
    }

    void frameDataForALayer() {
        // Ticks at 60/s (issue 42): 50, 80, 100, 80, 200 ms are 3, 5 (4.8), 6, 5, 12 ticks; the
        // first active tick is the 4th.
        const FrameData hit = frameData(attack(), "hitbox");
        QCOMPARE(hit, (FrameData{1, 3, 1, 50, 260, 200, 1, 3, 4, 16, 12}));
        // At 30/s: 2 (1.5), 2 (2.4), 3, 2, 6.
        QCOMPARE(frameData(attack(), "hitbox", 30),
                 (FrameData{1, 3, 1, 50, 260, 200, 1, 3, 3, 7, 6}));
        // Every frame has a hurtbox: all active.
        QCOMPARE(frameData(attack(), "hurtbox"), (FrameData{0, 5, 0, 0, 510, 0, 0, 4, 1, 31, 0}));
        // No shape on the layer: all startup, nothing active.
        QCOMPARE(frameData(attack(), "pushbox"), (FrameData{5, 0, 0, 510, 0, 0, -1, -1}));
    }

    void frameDataOfAnOpenMugenAction() {
        // Elements of 2, 3 (Clsn1) and -1 ticks: the last shows forever, so recovery never ends.
        const ReadResult read = AirFormat().read("[Begin Action 1]\n1,0, 0,0, 2\nClsn1: 1\n"
                                                 " Clsn1[0] = 0, 0, 10, 10\n1,1, 0,0, 3\n"
                                                 "1,2, 0,0, -1\n",
                                                 {});
        QVERIFY(read.isOk());
        const FrameData data = frameData(read.document->sprites[0], "hitbox");
        QCOMPARE(data.startupTick, 3);
        QCOMPARE(data.activeTicks, std::optional<int>(3));
        QCOMPARE(data.recoveryTicks, std::optional<int>());
    }
};

QTEST_APPLESS_MAIN(TestTiming)
#include "tst_model_operations_timing.moc"
