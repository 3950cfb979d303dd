// Root motion in the editor's terms (model/operations/rootmotion.h): where another frame of a
// sprite lands when one frame is shown, and the swept hull of an attack shape between frames.
// Expected hulls are written out by hand (corners, a capsule's distance to its segment).
#include "operations/rootmotion.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

/// Three frames: motions (2, 0), (10, -1), (4, 3); origins (30, 60), (30, 60), (35, 61).
Sprite stepping() {
    Sprite sprite;
    sprite.name = "knight";
    const QPointF motions[] = {{2, 0}, {10, -1}, {4, 3}};
    const QPointF origins[] = {{30, 60}, {30, 60}, {35, 61}};
    for (int i = 0; i < 3; ++i) {
        Frame frame;
        frame.name = QString::number(i);
        frame.motion = motions[i];
        frame.origin = origins[i];
        frame.shapes << Shape::rect("body", {30, 40}, {10, 20}, 0, "hurtbox");
        sprite.frames << frame;
    }
    // The blade: frame 0 at (50, 40) 10x4, frame 1 at (60, 30) 10x4, frame 2 a circle.
    sprite.frames[0].shapes << Shape::rect("blade", {50, 40}, {10, 4}, 0, "hitbox");
    sprite.frames[1].shapes << Shape::rect("blade", {60, 30}, {10, 4}, 0, "hitbox");
    sprite.frames[2].shapes << Shape::circle("blade", {70, 30}, 3, "hitbox");
    return sprite;
}

// The same points in any order and either winding (each vertex within 1e-9).
bool samePoints(QPolygonF a, QPolygonF b) {
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

QString text(const QPolygonF &polygon) {
    QStringList points;
    for (QPointF p : polygon)
        points << QStringLiteral("(%1, %2)").arg(p.x()).arg(p.y());
    return points.join(u' ');
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF d = b - a;
    const double t =
        std::clamp(QPointF::dotProduct(p - a, d) / QPointF::dotProduct(d, d), 0.0, 1.0);
    const QPointF q = a + t * d - p;
    return std::hypot(q.x(), q.y());
}

} // namespace

class TestRootMotion : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shownOffset_data() {
        QTest::addColumn<int>("frame");
        QTest::addColumn<int>("shown");
        QTest::addColumn<QPointF>("expected");
        // Roots: (2, 0), (12, -1), (16, 2).
        QTest::newRow("itself") << 1 << 1 << QPointF(0, 0);
        QTest::newRow("previous frame stands behind") << 0 << 1 << QPointF(-10, 1);
        QTest::newRow("next frame stands ahead") << 1 << 0 << QPointF(10, -1);
        // Frame 2's pivot is (35, 61): its pixels shift by (30, 60) - (35, 61) as well.
        QTest::newRow("pivots aligned and stepped") << 2 << 0 << QPointF(14 - 5, 2 - 1);
        QTest::newRow("back from the last") << 0 << 2 << QPointF(-14 + 5, -2 + 1);
    }

    void shownOffset() {
        QFETCH(int, frame);
        QFETCH(int, shown);
        QFETCH(QPointF, expected);
        QCOMPARE(operations::shownOffset(stepping(), frame, shown), expected);
    }

    void hasRootMotion() {
        Sprite sprite = stepping();
        QVERIFY(operations::hasRootMotion(sprite));
        for (Frame &frame : sprite.frames)
            frame.motion = {};
        QVERIFY(!operations::hasRootMotion(sprite));
        sprite.frames[2].motion = {0, -0.5};
        QVERIFY(operations::hasRootMotion(sprite));
    }

    void hullOfTwoRectangles() {
        // Side by side: one long box.
        QPolygonF hull =
            sweptHull(Shape::rect("a", {0, 0}, {10, 10}), Shape::rect("a", {20, 0}, {10, 10}));
        QVERIFY2(samePoints(hull, QPolygonF({{-5, -5}, {25, -5}, {25, 5}, {-5, 5}})),
                 qPrintable(text(hull)));
        // Diagonal: a hexagon, the two inner corners dropped.
        hull = sweptHull(Shape::rect("a", {0, 0}, {10, 10}), Shape::rect("a", {20, 20}, {10, 10}));
        QVERIFY2(
            samePoints(hull, QPolygonF({{-5, -5}, {5, -5}, {25, 15}, {25, 25}, {15, 25}, {-5, 5}})),
            qPrintable(text(hull)));
        // Rotated by 45 degrees about its centre: corners at distance 5 * sqrt(2) on the axes.
        const double h = 5 * std::sqrt(2.0);
        hull = sweptHull(Shape::rect("a", {0, 0}, {10, 10}, 45),
                         Shape::rect("a", {0, 0}, {10, 10}, 45));
        QVERIFY2(samePoints(hull, QPolygonF({{0, -h}, {h, 0}, {0, h}, {-h, 0}})),
                 qPrintable(text(hull)));
    }

    void hullOfRectangleAndPolygon() {
        const Shape triangle = Shape::polygon("a", {{0, 0}, {10, 0}, {0, 10}});
        const QPolygonF hull = sweptHull(triangle, Shape::rect("a", {30, 5}, {4, 10}));
        QVERIFY2(samePoints(hull, QPolygonF({{0, 0}, {32, 0}, {32, 10}, {0, 10}})),
                 qPrintable(text(hull)));
    }

    void capsuleOfTwoCircles() {
        const QPointF a(0, 0), b(30, 40);
        const QPolygonF hull = sweptHull(Shape::circle("a", a, 5), Shape::circle("a", b, 5));
        QVERIFY(hull.size() >= 3);
        // Every vertex on the capsule's boundary or just inside it, where a chord's end on one
        // disc is the last sample before the tangent: 5 cos(pi / 64) to 5 from the segment.
        const double least = 5 * std::cos(3.14159265358979 / 64);
        for (QPointF p : hull) {
            const double d = distanceToSegment(p, a, b);
            QVERIFY2(d >= least - 1e-9 && d <= 5 + 1e-9, qPrintable(text(hull)));
        }
        // Chords fall short of the arc by at most 5 (1 - cos(pi / 64)) < 0.002.
        QVERIFY(
            hull.containsPoint({15 + 4 * 0.8, 20 - 4 * 0.6}, Qt::OddEvenFill)); // 4 off the middle
        QVERIFY(!hull.containsPoint({15 + 5.1 * 0.8, 20 - 5.1 * 0.6}, Qt::OddEvenFill));
        QVERIFY(hull.containsPoint({-4.99, 0}, Qt::OddEvenFill)); // round end, behind a
        QVERIFY(!hull.containsPoint({-5.01, 0}, Qt::OddEvenFill));
        QVERIFY(hull.containsPoint({30 + 3.99, 40 + 0.0}, Qt::OddEvenFill)); // round end at b
    }

    void circleGrowingIntoRectangle() {
        // The hull of a disc and a box: its vertices are box corners or on the circle.
        const QPolygonF hull =
            sweptHull(Shape::circle("a", {0, 0}, 4), Shape::rect("a", {20, 0}, {4, 4}));
        int corners = 0;
        for (QPointF p : hull) {
            if (std::abs(std::hypot(p.x(), p.y()) - 4) < 1e-9)
                continue;
            QVERIFY2(std::abs(std::abs(p.x() - 20) - 2) < 1e-9 &&
                         std::abs(std::abs(p.y()) - 2) < 1e-9,
                     qPrintable(text(hull)));
            ++corners;
        }
        QCOMPARE(corners, 2); // the two far corners; the near ones lie inside
    }

    void nothingForPointsOrInvalidShapes() {
        QVERIFY(sweptHull(Shape::point("a", {0, 0}), Shape::rect("a", {0, 0}, {4, 4})).isEmpty());
        QVERIFY(
            sweptHull(Shape::rect("a", {0, 0}, {4, 4}), Shape::circle("a", {0, 0}, 0)).isEmpty());
        const Shape concave = Shape::polygon("a", {{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}});
        QVERIFY(sweptHull(concave, Shape::rect("a", {0, 0}, {4, 4})).isEmpty());
    }

    void sweptAreasInTheShownFrame() {
        const Sprite sprite = stepping();
        // Frame 1: the blade of frame 0 stands 10 behind and 1 below (motion of frame 1 is
        // (10, -1)): centred at (40, 41), 10x4; frame 1's at (60, 30).
        QList<SweptArea> areas = sweptAreas(sprite, 1, {1});
        QCOMPARE(areas.size(), 1);
        QCOMPARE(areas[0].shape, 1);
        QVERIFY2(
            samePoints(areas[0].hull,
                       QPolygonF({{35, 39}, {35, 43}, {45, 43}, {65, 32}, {65, 28}, {55, 28}})),
            qPrintable(text(areas[0].hull)));
        // The body stood still in its frame, so the step alone sweeps it: (20, 41) to (30, 40).
        areas = sweptAreas(sprite, 1, {0, 1});
        QCOMPARE(areas.size(), 2);
        QCOMPARE(areas[0].shape, 0);
        QVERIFY2(
            samePoints(areas[0].hull,
                       QPolygonF({{15, 31}, {25, 30}, {35, 30}, {35, 50}, {25, 51}, {15, 51}})),
            qPrintable(text(areas[0].hull)));
        // Frame 2: pivot (35, 61) against (30, 60) and motion (4, 3): frame 1's pixels move by
        // (5, 1) - (4, 3) = (1, -2). The box (61, 30) 10x4 sweeps to the circle at (70, 30) r 3.
        areas = sweptAreas(sprite, 2, {1});
        QCOMPARE(areas.size(), 1);
        for (QPointF p : areas[0].hull) {
            const bool onCircle = std::abs(std::hypot(p.x() - 70, p.y() - 30) - 3) < 1e-9;
            const bool corner = std::abs(std::abs(p.x() - 61) - 5) < 1e-9 &&
                                std::abs(std::abs(p.y() - 28) - 2) < 1e-9;
            QVERIFY2(onCircle || corner, qPrintable(text(areas[0].hull)));
        }
        QVERIFY(areas[0].hull.containsPoint({56.5, 26.5}, Qt::OddEvenFill)); // frame 1's far corner
        QVERIFY(sweptAreas(sprite, 0, {0, 1}).isEmpty());  // nothing before frame 0
        QVERIFY(sweptAreas(sprite, 1, {7, -1}).isEmpty()); // no such shapes
    }

    void shapeWithoutPartnerHasNoSweep() {
        Sprite sprite = stepping();
        sprite.frames[0].shapes[1].id = QStringLiteral("dagger");
        QVERIFY(sweptAreas(sprite, 1, {1}).isEmpty());
        sprite.frames[0].shapes[1].id.clear();
        sprite.frames[1].shapes[1].id.clear();
        QVERIFY(sweptAreas(sprite, 1, {1}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRootMotion)
#include "tst_model_operations_rootmotion.moc"
