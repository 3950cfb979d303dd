// Trace stage 4: convex pieces within a vertex budget, and the budgeted convex hull.

#include "operations/convexpieces.h"
#include "operations/traceoutline.h"
#include "tracetestsupport.h"
#include "validation.h"

#include <QTest>
#include <QtMath>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

QPolygonF regularPolygon(int sides, double radius, QPointF centre) {
    QPolygonF polygon;
    for (int i = 0; i < sides; ++i) {
        const double angle = 2 * M_PI * i / sides;
        polygon.append(centre + radius * QPointF(std::cos(angle), std::sin(angle)));
    }
    return polygon;
}

QPolygonF star(int points, double outer, double inner, QPointF centre) {
    QPolygonF polygon;
    for (int i = 0; i < 2 * points; ++i) {
        const double angle = M_PI * i / points - M_PI / 2;
        polygon.append(centre +
                       (i % 2 ? inner : outer) * QPointF(std::cos(angle), std::sin(angle)));
    }
    return polygon;
}

QPolygonF scaled(const QPolygonF &polygon, double factor) {
    QPolygonF result;
    for (QPointF p : polygon)
        result.append(p * factor);
    return result;
}

// Rotation-insensitive comparison of two vertex cycles.
bool sameCycle(const QPolygonF &a, const QPolygonF &b) {
    if (a.size() != b.size())
        return false;
    for (qsizetype shift = 0; shift < a.size(); ++shift) {
        bool same = true;
        for (qsizetype i = 0; i < a.size() && same; ++i)
            same = a[(i + shift) % a.size()] == b[i];
        if (same)
            return true;
    }
    return false;
}

} // namespace

class TestConvexPieces : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pieces_data();
    void pieces();
    void degenerateInputGivesNoPieces();
    void splitShapeKeepsIdAndLayer();
    void hull_data();
    void hull();
};

void TestConvexPieces::pieces_data() {
    QTest::addColumn<QPolygonF>("polygon");
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("expectedPieces");
    const QPolygonF comb = polygonOf({{0, 3},
                                      {0, 0},
                                      {1, 0},
                                      {1, 2},
                                      {2, 2},
                                      {2, 0},
                                      {3, 0},
                                      {3, 2},
                                      {4, 2},
                                      {4, 0},
                                      {5, 0},
                                      {5, 3}});
    QTest::newRow("square") << polygonOf({{0, 0}, {4, 0}, {4, 4}, {0, 4}}) << 8 << 1;
    QTest::newRow("L") << polygonOf({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}) << 8 << 2;
    QTest::newRow("L other winding")
        << polygonOf({{0, 2}, {1, 2}, {1, 1}, {2, 1}, {2, 0}, {0, 0}}) << 8 << 2;
    QTest::newRow("U") << polygonOf(
                              {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 0}, {3, 0}, {3, 2}, {0, 2}})
                       << 8 << 3;
    QTest::newRow("comb: base and three teeth") << comb << 8 << 4;
    // Diagonals that run straight on from an edge resolve two reflex vertices at once.
    QTest::newRow("cut-corner square: 3 columns") << polygonOf({{2, 1},
                                                                {6, 1},
                                                                {6, 2},
                                                                {7, 2},
                                                                {7, 6},
                                                                {6, 6},
                                                                {6, 7},
                                                                {2, 7},
                                                                {2, 6},
                                                                {1, 6},
                                                                {1, 2},
                                                                {2, 2}})
                                                  << 8 << 3;
    QTest::newRow("cape") << polygonOf({{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}}) << 8 << 2;
    QTest::newRow("collinear vertices do not count")
        << polygonOf({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 3}, {2, 3}, {1, 3}, {0, 3}}) << 4 << 1;
    QTest::newRow("20-gon, no limit") << regularPolygon(20, 10, {20, 20}) << 0 << 1;
    QTest::newRow("20-gon, budget 8") << regularPolygon(20, 10, {20, 20}) << 8 << 3;
    QTest::newRow("20-gon, budget 3") << regularPolygon(20, 10, {20, 20}) << 3 << 18;
    QTest::newRow("5-point star") << star(5, 10, 4, {20, 20}) << 8 << 4;
}

void TestConvexPieces::pieces() {
    QFETCH(QPolygonF, polygon);
    QFETCH(int, budget);
    QFETCH(int, expectedPieces);
    const QList<QPolygonF> pieces = convexPieces(polygon, budget);
    QCOMPARE(pieces.size(), expectedPieces);
    double area = 0;
    for (const QPolygonF &piece : pieces) {
        const auto problem = validateShape(Shape::polygon(QStringLiteral("p"), piece.toList()));
        QVERIFY2(!problem, problem ? qPrintable(problem->reason) : "");
        if (budget > 0)
            QVERIFY(piece.size() <= budget);
        QVERIFY(signedArea(piece) > 0);
        area += signedArea(piece);
    }
    // The pieces tile the polygon: same area, same pixels (at 8x to see thin pieces).
    QVERIFY(qFuzzyCompare(area, std::abs(signedArea(polygon))));
    QList<QPolygonF> big;
    for (const QPolygonF &piece : pieces)
        big.append(scaled(piece, 8));
    QCOMPARE(rasterizedMask(big, 400, 400), rasterizedMask({scaled(polygon, 8)}, 400, 400));
}

void TestConvexPieces::degenerateInputGivesNoPieces() {
    QVERIFY(convexPieces(polygonOf({{0, 0}, {1, 1}}), 8).isEmpty());
    QVERIFY(convexPieces(polygonOf({{0, 0}, {1, 1}, {2, 2}}), 8).isEmpty());
    QVERIFY(convexHullPiece(polygonOf({{0, 0}, {1, 1}, {2, 2}, {1, 1}}), 8).isEmpty());
}

void TestConvexPieces::splitShapeKeepsIdAndLayer() {
    const Shape cape =
        Shape::polygon(QStringLiteral("cape"), {{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}},
                       QStringLiteral("hurtbox"));
    Frame frame;
    frame.shapes = {cape};
    std::optional<QList<Shape>> split = splitIntoConvexPieces(cape, frame);
    QVERIFY(split);
    QCOMPARE(split->size(), 2);
    QCOMPARE((*split)[0].id, QStringLiteral("cape"));
    QCOMPARE((*split)[1].id, QStringLiteral("cape-2"));
    for (const Shape &piece : *split) {
        QCOMPARE(piece.layer, QStringLiteral("hurtbox"));
        QVERIFY(isCollidable(piece));
    }
    frame.shapes.append(Shape::circle(QStringLiteral("cape-2"), {0, 0}, 1));
    QCOMPARE((*splitIntoConvexPieces(cape, frame))[1].id, QStringLiteral("cape-3"));
    // Nothing to split: convex, crossing, flat, or not a polygon.
    QVERIFY(!splitIntoConvexPieces(
        Shape::polygon(QStringLiteral("box"), {{0, 0}, {1, 0}, {1, 1}, {0, 1}}), frame));
    QVERIFY(!splitIntoConvexPieces(
        Shape::polygon(QStringLiteral("tie"), {{0, 0}, {1, 1}, {1, 0}, {0, 1}}), frame));
    QVERIFY(!splitIntoConvexPieces(Shape::polygon(QStringLiteral("line"), {{0, 0}, {1, 1}, {2, 2}}),
                                   frame));
    QVERIFY(!splitIntoConvexPieces(Shape::circle(QStringLiteral("c"), {0, 0}, 1), frame));
}

void TestConvexPieces::hull_data() {
    QTest::addColumn<QPolygonF>("points");
    QTest::addColumn<int>("budget");
    QTest::addColumn<QPolygonF>("expected");
    QTest::newRow("cape") << polygonOf({{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}}) << 8
                          << polygonOf({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
    QTest::newRow("collinear points dropped")
        << polygonOf({{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}) << 0
        << polygonOf({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
    // Over budget: the vertex whose removal loses the least area goes first (the one at (5,-1)).
    QTest::newRow("budget 4") << polygonOf({{0, 0}, {5, -1}, {10, 0}, {10, 10}, {0, 10}}) << 4
                              << polygonOf({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
}

void TestConvexPieces::hull() {
    QFETCH(QPolygonF, points);
    QFETCH(int, budget);
    QFETCH(QPolygonF, expected);
    const QPolygonF hull = convexHullPiece(points, budget);
    QVERIFY2(sameCycle(hull, expected), qPrintable(QStringLiteral("%1 vertices").arg(hull.size())));
    QVERIFY(signedArea(hull) > 0);
    const QPolygonF octagon = convexHullPiece(regularPolygon(20, 10, {0, 0}), 8);
    QCOMPARE(octagon.size(), 8);
    QVERIFY(!validateShape(Shape::polygon(QStringLiteral("p"), octagon.toList())));
}

QTEST_APPLESS_MAIN(TestConvexPieces)
#include "tst_model_operations_convexpieces.moc"
