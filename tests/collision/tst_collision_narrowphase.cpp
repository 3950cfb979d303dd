// Unit tests of the narrowphase: every pair type with exact expected depth and normal.

#include "collision/narrowphase.h"
#include "collision/polygon_check.h"
#include "shapespec.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

using namespace hitsmith::collision;
using namespace hitsmith::collision::test;

Q_DECLARE_METATYPE(std::vector<hitsmith::collision::Vec2>)

namespace {

// Expected values are exact to about 1e-15; the SAT adds a few roundings on coordinates <= 100.
constexpr double kDepthTolerance = 1e-9;
constexpr double kNormalTolerance = 1e-9;
// Nudge used to check that a reported MTV is enough and not more than enough.
constexpr double kNudge = 1e-6;

const double kSqrt2 = std::numbers::sqrt2;

ShapeSpec regularPolygon(Vec2 c, double radius, int n, double startDegrees) {
    ShapeSpec s;
    for (int i = 0; i < n; ++i) {
        const double t = (startDegrees + 360.0 * i / n) * std::numbers::pi / 180.0;
        s.points.push_back({c.x + radius * std::cos(t), c.y + radius * std::sin(t)});
    }
    return s;
}

// The square [0, 10]^2 with a redundant vertex in the middle of every side.
ShapeSpec squareWithMidpoints() {
    return polygon({{0, 0}, {5, 0}, {10, 0}, {10, 5}, {10, 10}, {5, 10}, {0, 10}, {0, 5}});
}

enum class Tie { None, Normal }; // Normal: the MTV direction is not unique (concentric shapes)

void addHit(const char *name, const ShapeSpec &a, const ShapeSpec &b, double depth, Vec2 normal,
            Tie tie = Tie::None) {
    QTest::newRow(name) << a << b << true << depth << normal.x << normal.y << (tie == Tie::Normal);
}

void addMiss(const char *name, const ShapeSpec &a, const ShapeSpec &b) {
    QTest::newRow(name) << a << b << false << 0.0 << 0.0 << 0.0 << false;
}

} // namespace

class TestNarrowphase : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pairs_data();
    void pairs();
    void rotationIsExactAtQuarterTurns_data();
    void rotationIsExactAtQuarterTurns();
    void rotationIsWithinAnUlpOfTheTrueValue();
    void bounds();
    void invalidInputNeverHits_data();
    void invalidInputNeverHits();
    void largePolygons();
    void convexScreenAgreesWithFullCheck_data();
    void convexScreenAgreesWithFullCheck();
};

void TestNarrowphase::pairs_data() {
    QTest::addColumn<ShapeSpec>("a");
    QTest::addColumn<ShapeSpec>("b");
    QTest::addColumn<bool>("hit");
    QTest::addColumn<double>("depth");
    QTest::addColumn<double>("nx");
    QTest::addColumn<double>("ny");
    QTest::addColumn<bool>("tiedNormal");

    const ShapeSpec square = box(0, 0, 10, 10);

    // Polygon - polygon.
    addMiss("poly-poly separated", square, box(20, 0, 30, 10));
    addHit("poly-poly touching", square, box(10, 0, 20, 10), 0.0, {1, 0});
    addHit("poly-poly overlapping", square, box(8, 2, 18, 12), 2.0, {1, 0});
    addHit("poly-poly overlapping, b reversed", square, reversed(box(8, 2, 18, 12)), 2.0, {1, 0});
    addHit("poly-poly overlapping, a reversed", reversed(square), box(8, 2, 18, 12), 2.0, {1, 0});
    addHit("poly-poly overlapping leftwards", square, box(-8, 2, 2, 12), 2.0, {-1, 0});
    addHit("poly-poly contained", square, box(4, 1, 6, 3), 3.0, {0, -1});
    addHit("poly-poly containing", box(4, 1, 6, 3), square, 3.0, {0, 1});
    const ShapeSpec triangle = polygon({{0, 0}, {10, 0}, {0, 10}});
    addMiss("poly-poly separated by the slanted edge", triangle, box(6, 6, 10, 10));
    addHit("poly-poly through the slanted edge", triangle, box(4, 4, 8, 8), kSqrt2,
           {1 / kSqrt2, 1 / kSqrt2});
    addHit("poly-poly through the slanted edge, reversed", reversed(triangle),
           reversed(box(4, 4, 8, 8)), kSqrt2, {1 / kSqrt2, 1 / kSqrt2});
    addHit("poly-poly collinear vertices", squareWithMidpoints(), box(8, 2, 18, 12), 2.0, {1, 0});
    addHit("poly-poly collinear vertices, reversed", reversed(squareWithMidpoints()),
           box(8, 2, 18, 12), 2.0, {1, 0});
    // A regular 20-gon of radius 10 with a vertex on +x: a box's side at x = 9 is 1 deep.
    addHit("poly-poly 20-gon vertex", regularPolygon({0, 0}, 10, 20, 0), box(9, -1, 15, 1), 1.0,
           {1, 0});
    // Turned by half a step, its side at x = 10 cos 9deg faces the box.
    const double apothem = 10 * std::cos(9 * std::numbers::pi / 180);
    addHit("poly-poly 20-gon side", regularPolygon({0, 0}, 10, 20, 9), box(9, -1, 15, 1),
           apothem - 9, {1, 0});
    addMiss("poly-poly 20-gon separated", regularPolygon({0, 0}, 10, 20, 9),
            box(apothem + 0.01, -1, 15, 1));

    // Rectangle - rectangle.
    addHit("rect-rect 0deg", rect({0, 0}, {10, 10}), rect({8, 0}, {10, 4}), 2.0, {1, 0});
    addMiss("rect-rect 0deg separated", rect({0, 0}, {10, 10}), rect({10.5, 0}, {1, 1}));
    addHit("rect-rect 0deg touching", rect({0, 0}, {10, 10}), rect({5, 7}, {4, 4}), 0.0, {0, 1});
    // 20 x 4 turned 90deg spans x in [-2, 2], y in [-10, 10].
    addHit("rect-rect 90deg", rect({0, 0}, {20, 4}, 90), rect({5, 8}, {8, 2}), 1.0, {1, 0});
    addHit("rect-rect 90deg both", rect({0, 0}, {20, 4}, 90), rect({0, 10}, {2, 6}, -90), 1.0,
           {0, 1});
    addMiss("rect-rect 180deg separated", rect({0, 0}, {10, 6}, 180), rect({0, -7}, {4, 4}));
    addHit("rect-rect 180deg", rect({0, 0}, {10, 6}, 180), rect({0, -4.5}, {4, 4}), 0.5, {0, -1});
    // A 10 x 10 square at 45deg reaches x = 5 sqrt 2 with its corner.
    addHit("rect-rect 45deg corner", rect({0, 0}, {10, 10}, 45), rect({10, 0}, {6, 6}),
           5 * kSqrt2 - 7, {1, 0});
    addHit("rect-rect 45deg both", rect({0, 0}, {10, 10}, 45), rect({10, 1}, {10, 10}, 45),
           10 - 11 / kSqrt2, {1 / kSqrt2, 1 / kSqrt2});
    {
        // -30deg: local x runs to (cos 30, -sin 30) on screen (up and to the right).
        const Vec2 ux{std::cos(std::numbers::pi / 6), -0.5};
        addHit("rect-rect -30deg", rect({0, 0}, {10, 4}, -30), rect(ux * 5.5, {2, 2}, -30), 0.5,
               ux);
        addMiss("rect-rect -30deg separated", rect({0, 0}, {10, 4}, -30),
                rect(ux * 6.5, {2, 2}, -30));
        addHit("rect-rect -30deg touching", rect({0, 0}, {10, 4}, -30), rect(ux * 6, {2, 2}, -30),
               0.0, ux);
    }
    addHit("rect-rect contained", rect({0, 0}, {20, 10}), rect({1, 3}, {2, 2}), 3.0, {0, 1});

    // Circle - circle.
    addMiss("circle-circle separated", circle({0, 0}, 5), circle({11, 0}, 5));
    addHit("circle-circle touching", circle({0, 0}, 5), circle({6, 8}, 5), 0.0, {0.6, 0.8});
    addHit("circle-circle overlapping", circle({0, 0}, 5), circle({3, 4}, 5), 5.0, {0.6, 0.8});
    addHit("circle-circle contained", circle({0, 0}, 10), circle({-1, 0}, 2), 11.0, {-1, 0});
    addHit("circle-circle concentric", circle({0, 0}, 10), circle({0, 0}, 2), 12.0, {1, 0},
           Tie::Normal);

    // Polygon - circle.
    addMiss("poly-circle separated", square, circle({16, 5}, 5));
    addHit("poly-circle touching", square, circle({15, 5}, 5), 0.0, {1, 0});
    addHit("poly-circle overlapping", square, circle({13, 5}, 5), 2.0, {1, 0});
    addHit("poly-circle overlapping, reversed", reversed(square), circle({13, 5}, 5), 2.0, {1, 0});
    addHit("poly-circle centre inside", square, circle({8, 5}, 1), 3.0, {1, 0});
    addHit("poly-circle vertex region touching", square, circle({13, 14}, 5), 0.0, {0.6, 0.8});
    addHit("poly-circle vertex region", square, circle({12, 13}, 5), 5 - std::sqrt(13.0),
           {2 / std::sqrt(13.0), 3 / std::sqrt(13.0)});
    // Edge normals alone would call this a hit: only the vertex axis separates.
    addMiss("poly-circle vertex region separated", square, circle({14, 14}, 5));
    addMiss("poly-circle vertex region separated, collinear", squareWithMidpoints(),
            circle({14, 14}, 5));
    addHit("poly-circle vertex region, collinear", squareWithMidpoints(), circle({12, 13}, 5),
           5 - std::sqrt(13.0), {2 / std::sqrt(13.0), 3 / std::sqrt(13.0)});
    addHit("poly-circle vertex region, collinear reversed", reversed(squareWithMidpoints()),
           circle({-2, 13}, 5), 5 - std::sqrt(13.0), {-2 / std::sqrt(13.0), 3 / std::sqrt(13.0)});
    addHit("circle-poly vertex region", circle({12, 13}, 5), square, 5 - std::sqrt(13.0),
           {-2 / std::sqrt(13.0), -3 / std::sqrt(13.0)});
    addHit("poly-circle slanted edge touching", triangle, circle({6, 6}, kSqrt2), 0.0,
           {1 / kSqrt2, 1 / kSqrt2});
    addHit("poly-circle centre on the slanted edge", triangle, circle({5, 5}, kSqrt2), kSqrt2,
           {1 / kSqrt2, 1 / kSqrt2});

    // Rectangle - circle.
    addHit("rect-circle 0deg", rect({0, 0}, {10, 10}), circle({8, 0}, 4), 1.0, {1, 0});
    addMiss("rect-circle corner separated", rect({0, 0}, {10, 10}), circle({8, 8}, 4));
    addHit("rect-circle corner", rect({0, 0}, {10, 10}), circle({8, 9}, 5), 0.0, {0.6, 0.8});
    addHit("rect-circle 45deg corner", rect({0, 0}, {10, 10}, 45), circle({9, 0}, 2),
           2 - (9 - 5 * kSqrt2), {1, 0});
    addHit("rect-circle 90deg", rect({0, 0}, {20, 4}, 90), circle({5, 0}, 4), 1.0, {1, 0});
    addHit("rect-circle 180deg", rect({0, 0}, {20, 4}, 180), circle({-12, 0}, 4), 2.0, {-1, 0});
    {
        // Centre inside a -30deg rectangle, nearer its long side: out along local +y.
        const Vec2 ux{std::cos(std::numbers::pi / 6), -0.5},
            uy{0.5, std::cos(std::numbers::pi / 6)};
        addHit("rect-circle -30deg centre inside", rect({0, 0}, {10, 4}, -30),
               circle(ux * 3 + uy * 0.5, 1), 2.5, uy);
    }
    addHit("rect-circle concentric", rect({0, 0}, {10, 10}), circle({0, 0}, 1), 6.0, {1, 0});
    addHit("circle-rect 0deg", circle({8, 0}, 4), rect({0, 0}, {10, 10}), 1.0, {-1, 0});

    // Polygon - rectangle.
    addHit("poly-rect 0deg", square, rect({12, 5}, {6, 2}), 1.0, {1, 0});
    addHit("poly-rect 180deg", square, rect({12, 5}, {6, 2}, 180), 1.0, {1, 0});
    addHit("poly-rect 90deg", square, rect({5, 12}, {6, 2}, 90), 1.0, {0, 1});
    addMiss("poly-rect 45deg separated", square, rect({10 + 5 * kSqrt2 + 0.01, 5}, {10, 10}, 45));
    addHit("poly-rect 45deg corner", square, rect({10 + 5 * kSqrt2 - 0.5, 5}, {10, 10}, 45), 0.5,
           {1, 0});
    {
        // The square sits 1 off the centre of a big -30deg square, along its local +y.
        const double c30 = std::cos(std::numbers::pi / 6);
        const Vec2 uy{0.5, c30};
        addHit("rect-poly -30deg contained", rect(Vec2{5, 5} - uy, {40, 40}, -30), reversed(square),
               20 + 5 * (c30 + 0.5) - 1, uy);
    }
}

void TestNarrowphase::pairs() {
    QFETCH(ShapeSpec, a);
    QFETCH(ShapeSpec, b);
    QFETCH(bool, hit);
    QFETCH(double, depth);
    QFETCH(double, nx);
    QFETCH(double, ny);
    QFETCH(bool, tiedNormal);

    const auto contact = collide(a.input(), b.input());
    QCOMPARE(contact.has_value(), hit);
    // The same pair the other way round: same depth, normal reversed.
    const auto back = collide(b.input(), a.input());
    QCOMPARE(back.has_value(), hit);
    if (!hit)
        return;
    QVERIFY2(
        std::abs(contact->depth - depth) <= kDepthTolerance,
        qPrintable(QString("depth %1, expected %2").arg(contact->depth, 0, 'g', 17).arg(depth)));
    QVERIFY2(std::abs(contact->normal.x - nx) <= kNormalTolerance &&
                 std::abs(contact->normal.y - ny) <= kNormalTolerance,
             qPrintable(QString("normal (%1, %2), expected (%3, %4)")
                            .arg(contact->normal.x)
                            .arg(contact->normal.y)
                            .arg(nx)
                            .arg(ny)));
    QVERIFY(std::abs(back->depth - depth) <= kDepthTolerance);
    if (!tiedNormal)
        QVERIFY(std::abs(back->normal.x + nx) <= kNormalTolerance &&
                std::abs(back->normal.y + ny) <= kNormalTolerance);

    // The MTV separates: a little further and they part, a little less and they still touch.
    const Vec2 n = contact->normal;
    QVERIFY(std::abs(length(n) - 1.0) <= 1e-12);
    QVERIFY(!collide(a.input(), b.translated(n * (contact->depth + kNudge)).input()));
    if (contact->depth > kNudge)
        QVERIFY(collide(a.input(), b.translated(n * (contact->depth - kNudge)).input()));
}

void TestNarrowphase::rotationIsExactAtQuarterTurns_data() {
    QTest::addColumn<double>("degrees");
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("s");
    QTest::newRow("0") << 0.0 << 1.0 << 0.0;
    QTest::newRow("90") << 90.0 << 0.0 << 1.0;
    QTest::newRow("180") << 180.0 << -1.0 << 0.0;
    QTest::newRow("270") << 270.0 << 0.0 << -1.0;
    QTest::newRow("-90") << -90.0 << 0.0 << -1.0;
    QTest::newRow("450") << 450.0 << 0.0 << 1.0;
    QTest::newRow("-720") << -720.0 << 1.0 << 0.0;
}

void TestNarrowphase::rotationIsExactAtQuarterTurns() {
    QFETCH(double, degrees);
    QFETCH(double, c);
    QFETCH(double, s);
    const Rotation r = rotationFromDegrees(degrees);
    QCOMPARE(r.c, c);
    QCOMPARE(r.s, s);
    QVERIFY(makeRect({0, 0}, {4, 2}, degrees).isAxisAligned());
    // 30deg is not exact, but close.
    const Rotation r30 = rotationFromDegrees(degrees + 30);
    QVERIFY(std::abs(r30.c - std::cos((degrees + 30) * std::numbers::pi / 180)) < 1e-15);
    QVERIFY(std::abs(r30.s - std::sin((degrees + 30) * std::numbers::pi / 180)) < 1e-15);
}

void TestNarrowphase::rotationIsWithinAnUlpOfTheTrueValue() {
    // rotationFromDegrees reduces angles without calling fmod or nearbyint where it can, and
    // computes the sine and cosine of the remainder with its own polynomials. The oracle: the
    // formula with both library calls for the reduction, and long double sinl and cosl of the
    // same remainder (a zero remainder gives exactly (1, +0), as it always has). Every component
    // must be within 1 ulp of that, in the ulp of the true value's own binade, and a zero must be
    // the same zero, sign and all (quarter turns). Over quarter turns, ties (45, 135, ...; either
    // rounding of a tie gives the same values, so the tie rule is not what this checks), both
    // signs of zero, values just inside and beyond a turn, tiny angles, the worst remainder
    // found by a sweep of 90 million (0.852 ulp) and random angles.
    struct Exact {
        long double c, s;
    };
    const auto reference = [](double degrees) {
        double r = std::fmod(degrees, 360.0);
        if (r < 0.0)
            r += 360.0;
        const double quarter = std::nearbyint(r / 90.0);
        const double rest = (r - quarter * 90.0) * (std::numbers::pi / 180.0);
        const long double c = rest == 0.0 ? 1.0L : cosl(static_cast<long double>(rest));
        const long double s = rest == 0.0 ? 0.0L : sinl(static_cast<long double>(rest));
        switch (static_cast<int>(quarter) & 3) {
        case 0:
            return Exact{c, s};
        case 1:
            return Exact{-s, c};
        case 2:
            return Exact{-c, -s};
        default:
            return Exact{s, -c};
        }
    };
    // How far got is from want, in units of the last place of doubles in want's binade; a zero
    // must be met exactly, with its sign.
    const auto ulpsOff = [](double got, long double want) {
        if (want == 0.0L)
            return std::signbit(got) == std::signbit(want) && got == 0.0 ? 0.0 : 1e9;
        const long double ulp = std::ldexp(1.0L, std::ilogb(want) - 52);
        return static_cast<double>(std::abs(static_cast<long double>(got) - want) / ulp);
    };
    std::vector<double> angles = {0.0,
                                  -0.0,
                                  1e-300,
                                  -1e-300,
                                  1e-9,
                                  359.99999999999994,
                                  -359.99999999999994,
                                  360.0,
                                  -360.0,
                                  360.00000000000006,
                                  720.0,
                                  44.99999999999999,
                                  45.00000000000001,
                                  44.536325503147928, // the sine's worst remainder found
                                  1e17,
                                  -1e17};
    for (int k = -16; k <= 16; ++k)
        angles.push_back(22.5 * k);
    std::mt19937_64 random(3);
    std::uniform_real_distribution<double> anywhere(-1e6, 1e6), turn(-360.0, 360.0);
    for (int i = 0; i < 200000; ++i)
        angles.push_back(i % 2 ? anywhere(random) : turn(random));
    double worst = 0.0;
    for (double degrees : angles) {
        const Rotation got = rotationFromDegrees(degrees);
        const Exact want = reference(degrees);
        const double off = std::max(ulpsOff(got.c, want.c), ulpsOff(got.s, want.s));
        worst = std::max(worst, off);
        QVERIFY2(
            off < 1.0,
            qPrintable(QStringLiteral("%1 degrees: %2 ulp off").arg(degrees, 0, 'g', 17).arg(off)));
    }
    QVERIFY(worst > 0.5); // the oracle is not the function itself, and is more precise than it
}

void TestNarrowphase::bounds() {
    QCOMPARE(boundsOf(box(1, 2, 3, 4).input()), (Aabb{{1, 2}, {3, 4}}));
    QCOMPARE(boundsOf(circle({1, 2}, 3).input()), (Aabb{{-2, -1}, {4, 5}}));
    QCOMPARE(boundsOf(rect({0, 0}, {20, 4}, 90).input()), (Aabb{{-2, -10}, {2, 10}}));
    const Aabb diamond = boundsOf(rect({0, 0}, {10, 10}, 45).input());
    QVERIFY(std::abs(diamond.max.x - 5 * kSqrt2) < 1e-12);
    QVERIFY(std::abs(diamond.min.y + 5 * kSqrt2) < 1e-12);
}

void TestNarrowphase::invalidInputNeverHits_data() {
    QTest::addColumn<ShapeSpec>("invalid");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("no points") << polygon({});
    QTest::newRow("two points") << polygon({{0, 0}, {10, 10}});
    QTest::newRow("NaN vertex") << polygon({{0, 0}, {10, nan}, {0, 10}});
    QTest::newRow("infinite vertex") << polygon({{0, 0}, {inf, 0}, {0, 10}});
    QTest::newRow("all points equal") << polygon({{5, 5}, {5, 5}, {5, 5}});
    QTest::newRow("NaN rect angle") << rect({5, 5}, {4, 4}, nan);
    QTest::newRow("negative rect size") << rect({5, 5}, {-4, 4});
    QTest::newRow("NaN circle centre") << circle({nan, 5}, 4);
    QTest::newRow("negative radius") << circle({5, 5}, -1);
    QTest::newRow("infinite radius") << circle({5, 5}, inf);
}

void TestNarrowphase::invalidInputNeverHits() {
    QFETCH(ShapeSpec, invalid);
    for (const ShapeSpec &other :
         {box(0, 0, 10, 10), rect({5, 5}, {10, 10}, 30), circle({5, 5}, 5), invalid}) {
        QVERIFY(!collide(invalid.input(), other.input()));
        QVERIFY(!collide(other.input(), invalid.input()));
    }
}

void TestNarrowphase::largePolygons() {
    // No vertex limit: two 1000-gons, one inside the other's rim.
    const ShapeSpec big = regularPolygon({0, 0}, 100, 1000, 0);
    const ShapeSpec shifted = regularPolygon({150, 0}, 100, 1000, 0);
    const auto c = collide(big.input(), shifted.input());
    QVERIFY(c);
    // The Minkowski difference is the same 1000-gon at twice the size: its nearest side to the
    // centres' offset (150, 0) lies half a step off the x axis (either way: a tie).
    const double step = std::numbers::pi / 1000;
    QVERIFY(std::abs(c->depth - 50 * std::cos(step)) < 1e-9);
    QVERIFY(std::abs(c->normal.x - std::cos(step)) < 1e-9);
    QVERIFY(std::abs(std::abs(c->normal.y) - std::sin(step)) < 1e-9);
    QVERIFY(!collide(big.input(), regularPolygon({200.001, 0}, 100, 1000, 0).input()));
}

void TestNarrowphase::convexScreenAgreesWithFullCheck_data() {
    QTest::addColumn<std::vector<Vec2>>("points");
    QTest::addColumn<bool>("clearlyConvex"); // what the screen must answer
    QTest::newRow("square") << std::vector<Vec2>{{0, 0}, {10, 0}, {10, 10}, {0, 10}} << true;
    QTest::newRow("square, clockwise")
        << std::vector<Vec2>{{0, 0}, {0, 10}, {10, 10}, {10, 0}} << true;
    QTest::newRow("triangle far out")
        << std::vector<Vec2>{{1e14, 1e14}, {1e14 + 5, 1e14}, {1e14, 1e14 + 5}} << true;
    // Everything below goes to the full check, which decides.
    QTest::newRow("pentagram (winds twice)")
        << std::vector<Vec2>{{0, -10}, {5.9, 8.1}, {-9.5, -3.1}, {9.5, -3.1}, {-5.9, 8.1}} << false;
    QTest::newRow("collinear vertex")
        << std::vector<Vec2>{{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}} << false;
    QTest::newRow("repeated vertex")
        << std::vector<Vec2>{{0, 0}, {10, 0}, {10, 0}, {10, 10}, {0, 10}} << false;
    QTest::newRow("not convex") << std::vector<Vec2>{{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}}
                                << false;
    QTest::newRow("bow tie") << std::vector<Vec2>{{0, 0}, {10, 10}, {10, 0}, {0, 10}} << false;
    QTest::newRow("flat") << std::vector<Vec2>{{0, 0}, {5, 1e-13}, {10, 0}} << false;
    QTest::newRow("flat with sharp turns")
        << std::vector<Vec2>{{-10, 1e-15}, {-10, 9e-16}, {10, -2e-15}, {10, 0}} << false;
    QTest::newRow("too far out") << std::vector<Vec2>{{0, 0}, {2e15, 0}, {0, 10}} << false;
    QTest::newRow("NaN") << std::vector<Vec2>{{0, 0}, {std::nan(""), 0}, {0, 10}} << false;
    QTest::newRow("two points") << std::vector<Vec2>{{0, 0}, {10, 0}} << false;
}

void TestNarrowphase::convexScreenAgreesWithFullCheck() {
    QFETCH(std::vector<Vec2>, points);
    QFETCH(bool, clearlyConvex);
    QCOMPARE(detail::isClearlyConvex(points), clearlyConvex);
    if (clearlyConvex)
        QVERIFY(checkConvexPolygon(points).isValid());

    // Random outlines around this one (jittered, shuffled, stars that wind k times): the screen
    // never accepts what the full check refuses.
    std::mt19937_64 random(std::hash<std::string>()(QTest::currentDataTag()));
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int trial = 0; trial < 2000; ++trial) {
        const int n = 3 + int(unit(random) * 9);
        const int windings = 1 + int(unit(random) * 3);
        const double jitter = unit(random) < 0.5 ? 0.0 : unit(random) * 0.6;
        std::vector<Vec2> p;
        for (int i = 0; i < n; ++i) {
            const double t = 2 * std::numbers::pi * windings * (i + jitter * unit(random)) / n;
            const double r = 10.0 * (1.0 + jitter * (unit(random) - 0.5));
            p.push_back({r * std::cos(t), r * std::sin(t) * (0.05 + unit(random))});
        }
        if (unit(random) < 0.1)
            std::swap(p[0], p[std::size_t(unit(random) * n)]);
        if (detail::isClearlyConvex(p)) {
            QString text;
            for (Vec2 v : p)
                text += QStringLiteral("(%1, %2) ").arg(v.x, 0, 'g', 17).arg(v.y, 0, 'g', 17);
            QVERIFY2(detail::checkConvexPolygonFully(p).isValid(),
                     qPrintable(QStringLiteral("trial %1: %2 issue %3")
                                    .arg(trial)
                                    .arg(text)
                                    .arg(int(detail::checkConvexPolygonFully(p).issue))));
        }
    }
}

QTEST_APPLESS_MAIN(TestNarrowphase)
#include "tst_collision_narrowphase.moc"
