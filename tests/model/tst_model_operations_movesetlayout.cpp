// The moveset chart's layout (model/operations/movesetlayout.h) on hand-made moves: the axis
// spans every reach and tunnel with a margin and whole ticks, x() and dxAt() invert each other,
// a lane per active frame with its bars at x() of their intervals, gaps between reach pieces,
// tunnel hatching inside its rectangle, and the options (the editor's) move things as told.

#include "operations/movesetlayout.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

DocumentData twoSprites() {
    DocumentData data;
    for (const char *name : {"jab", "kick"}) {
        Sprite sprite;
        sprite.name = QString::fromLatin1(name);
        for (int f = 0; f < 4; ++f) {
            Frame frame;
            frame.name = QStringLiteral("f%1").arg(f);
            sprite.frames.append(frame);
        }
        data.sprites.append(sprite);
    }
    return data;
}

/// jab: frames 1 and 2 active, reaching 9..21 and 39..51, a tunnel 21..39. kick: frame 2 alone,
/// -1..31.
QList<MoveReach> moves() {
    MoveReach jab;
    jab.sprite = 0;
    jab.timing = {1, 2, 1, 100, 200, 100, 1, 2, 7, 12, 6};
    jab.ranges = {{}, {{9, 21}}, {{39, 51}}, {}};
    jab.reach = {{9, 21}, {39, 51}};
    jab.tunnel = {{21, 39}};
    MoveReach kick;
    kick.sprite = 1;
    kick.timing = {2, 1, 1, 0, 0, 0, 2, 2};
    kick.ranges = {{}, {}, {{-1, 31}}, {}};
    kick.reach = {{-1, 31}};
    return {jab, kick};
}

} // namespace

class TestMovesetLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void axisAndRows() {
        const MovesetLayout layout = movesetLayout(twoSprites(), moves());
        // -1..51 with a 4 px margin (5% of 52 is less), in steps of 10: -10..60.
        QCOMPARE(layout.step, 10.0);
        QCOMPARE(layout.lo, -10.0);
        QCOMPARE(layout.hi, 60.0);
        QCOMPARE(layout.ticks.size(), 8);
        QCOMPARE(layout.ticks.first().label, QStringLiteral("-10"));
        QCOMPARE(layout.ticks.last().x, layout.options.left + layout.options.width);
        for (double dx : {-10.0, 0.0, 12.5, 60.0})
            QCOMPARE(layout.dxAt(layout.x(dx)), dx);

        QCOMPARE(layout.rows.size(), 2);
        const MovesetRow &jab = layout.rows[0], &kick = layout.rows[1];
        QCOMPARE(jab.name, QStringLiteral("jab"));
        QCOMPARE(jab.timing, QStringLiteral("7/12/6 ticks (100/200/100 ms)"));
        QCOMPARE(jab.rect.height(), 18.0); // two lanes of 9 are the least row
        QCOMPARE(kick.rect.top(), jab.rect.bottom() + layout.options.rowGap);
        QCOMPARE(jab.bars.size(), 2);
        for (const MovesetBar &bar : jab.bars) {
            QCOMPARE(bar.rect.left(), layout.x(bar.interval.lo));
            QCOMPARE(bar.rect.right(), layout.x(bar.interval.hi));
            // Lane by lane: frame 1 in the first lane, frame 2 under it.
            QCOMPARE(bar.rect.top(), jab.rect.top() + (bar.frame - 1) * layout.options.lane + 1);
        }
        QVERIFY(jab.bars[0].colour != jab.bars[1].colour);
        QCOMPARE(jab.gaps.size(), 1);
        QCOMPARE(jab.gaps[0].interval, (DxInterval{21, 39}));
        QCOMPARE(jab.gaps[0].rect.left(), layout.x(21));
        QCOMPARE(jab.tunnels.size(), 1);
        const MovesetTunnel &tunnel = jab.tunnels[0];
        QVERIFY(tunnel.hatch.size() > 3);
        for (const QLineF &line : tunnel.hatch)
            for (const QPointF &p : {line.p1(), line.p2()})
                QVERIFY(tunnel.rect.adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(p));
        QVERIFY(kick.gaps.isEmpty() && kick.tunnels.isEmpty());
        QCOMPARE(layout.axisY, kick.rect.bottom() + 6);
        QCOMPARE(layout.height, layout.axisY + layout.options.bottom);
    }

    void options() {
        MovesetLayoutOptions options;
        options.left = 100;
        options.width = 350;
        options.top = 8;
        options.lane = 12;
        options.minRow = 30;
        const MovesetLayout layout = movesetLayout(twoSprites(), moves(), options);
        QCOMPARE(layout.rows[0].rect, QRectF(100, 8, 350, 30));
        QCOMPARE(layout.x(layout.lo), 100.0);
        QCOMPARE(layout.x(layout.hi), 450.0);
        QCOMPARE(layout.rows[0].bars[1].rect.top(), 8 + 12 + 1.0);
        QCOMPARE(layout.rows[0].bars[1].rect.height(), 10.0);
    }

    void noMoves() {
        const MovesetLayout layout = movesetLayout(twoSprites(), {});
        QVERIFY(layout.rows.isEmpty());
        QVERIFY(layout.lo <= 0 && layout.hi >= 100); // 0..100 with its margin
    }
};

QTEST_GUILESS_MAIN(TestMovesetLayout)
#include "tst_model_operations_movesetlayout.moc"
