// The exact reach along x (collision/range.h): table tests of known geometry, and a randomised
// differential test against Boost.Geometry, which shares no code with it. For random sets of
// shapes on a few layers, the union of intervals must agree with Boost's overlap test of the
// moved shapes at sampled offsets (outside a 1e-6 band around each endpoint), Boost must see the
// hit/no-hit flip within 1e-6 of every endpoint, and every flip Boost finds by bisection between
// two samples must lie within 1e-6 of an endpoint.

#include "collision/range.h"
#include "coredistance.h"
#include "shapespec.h"

#include <QTest>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <cmath>
#include <numbers>
#include <random>

namespace bg = boost::geometry;
using namespace hitsmith::collision;
using namespace hitsmith::collision::test;

namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;

constexpr double kBand = 1e-6;

// ---- the independent reference ---------------------------------------------------------------

std::vector<Vec2> outline(const ShapeSpec &s) {
    if (s.type == GeometryKind::Polygon)
        return s.points;
    const double t = s.angleDegrees * std::numbers::pi / 180.0;
    const Vec2 ux{std::cos(t), std::sin(t)}, uy{-std::sin(t), std::cos(t)};
    const Vec2 hx = ux * (s.size.x / 2), hy = uy * (s.size.y / 2);
    return {s.center - hx - hy, s.center + hx - hy, s.center + hx + hy, s.center - hx + hy};
}

BPolygon toBoost(const std::vector<Vec2> &points) {
    BPolygon poly;
    for (const Vec2 &p : points)
        bg::append(poly.outer(), BPoint(p.x, p.y));
    bg::correct(poly);
    return poly;
}

bool referenceHit(const ShapeSpec &a, const ShapeSpec &b) {
    if (a.type == GeometryKind::Capsule || b.type == GeometryKind::Capsule) {
        // Cores grown by radii: a capsule is its segment, a circle its centre.
        auto core = [](const ShapeSpec &s) {
            return s.type == GeometryKind::Circle    ? std::vector<Vec2>{s.center}
                   : s.type == GeometryKind::Capsule ? s.points
                                                     : outline(s);
        };
        auto radius = [](const ShapeSpec &s) {
            return s.type == GeometryKind::Circle || s.type == GeometryKind::Capsule ? s.radius
                                                                                     : 0.0;
        };
        return coreDistance(core(a), core(b)) <= radius(a) + radius(b);
    }
    const bool ca = a.type == GeometryKind::Circle, cb = b.type == GeometryKind::Circle;
    if (ca && cb)
        return bg::distance(BPoint(a.center.x, a.center.y), BPoint(b.center.x, b.center.y)) <=
               a.radius + b.radius;
    if (ca)
        return bg::distance(BPoint(a.center.x, a.center.y), toBoost(outline(b))) <= a.radius;
    if (cb)
        return bg::distance(BPoint(b.center.x, b.center.y), toBoost(outline(a))) <= b.radius;
    return bg::intersects(toBoost(outline(a)), toBoost(outline(b)));
}

// ---- generation ------------------------------------------------------------------------------

class Generator {
public:
    explicit Generator(std::uint64_t seed)
        : mRng(seed) {}
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(mRng);
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(mRng); }
    bool chance(double p) { return uniform(0.0, 1.0) < p; }

    ShapeSpec shape(GeometryKind type, Vec2 c) {
        constexpr double kPi = std::numbers::pi;
        switch (type) {
        case GeometryKind::Polygon: {
            const int n = integer(3, 8);
            const double rx = uniform(2, 25), ry = uniform(2, 25), turn = uniform(0, 2 * kPi);
            ShapeSpec s;
            const double step = 2 * kPi / n;
            for (int i = 0; i < n; ++i) {
                const double t = step * (i + uniform(-0.3, 0.3));
                const Vec2 p{rx * std::cos(t), ry * std::sin(t)};
                s.points.push_back(c + Vec2{p.x * std::cos(turn) - p.y * std::sin(turn),
                                            p.x * std::sin(turn) + p.y * std::cos(turn)});
            }
            return chance(0.5) ? reversed(s) : s;
        }
        case GeometryKind::Rect: {
            double angle = uniform(-360, 360);
            if (chance(0.3))
                angle = 90.0 * integer(-4, 4);
            return rect(c, {uniform(1, 40), uniform(1, 40)}, angle);
        }
        case GeometryKind::Circle:
            return circle(c, uniform(0.5, 20));
        case GeometryKind::Capsule: {
            const double t = uniform(0, 2 * kPi), half = uniform(0, 15);
            const Vec2 d{half * std::cos(t), half * std::sin(t)};
            return capsule(c - d, c + d, uniform(0.5, 10));
        }
        }
        return {};
    }

private:
    std::mt19937_64 mRng;
};

const char *typeName(GeometryKind t) {
    return t == GeometryKind::Polygon   ? "polygon"
           : t == GeometryKind::Rect    ? "rect"
           : t == GeometryKind::Capsule ? "capsule"
                                        : "circle";
}

std::vector<ShapeInput> inputs(const std::vector<ShapeSpec> &specs) {
    std::vector<ShapeInput> result;
    for (const ShapeSpec &s : specs)
        result.push_back(s.input());
    return result;
}

bool inside(const std::vector<Interval> &intervals, double x) {
    for (const Interval &i : intervals)
        if (x >= i.lo && x <= i.hi)
            return true;
    return false;
}

double distanceToEndpoint(const std::vector<Interval> &intervals, double x) {
    double d = std::numeric_limits<double>::infinity();
    for (const Interval &i : intervals)
        d = std::min({d, std::abs(x - i.lo), std::abs(x - i.hi)});
    return d;
}

} // namespace

class TestRange : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void single_data();
    void single();
    void invalidShapesHaveNoRange();
    void mergeJoinsTouchingIntervals();
    void unionHonoursTheLayerFilter();
    void againstBoost_data();
    void againstBoost();
};

void TestRange::single_data() {
    QTest::addColumn<ShapeSpec>("a");
    QTest::addColumn<ShapeSpec>("b");
    QTest::addColumn<bool>("hits");
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    // Boxes [0,10]x[0,10] and [0,4]x[y,..]: b's right edge meets a's left edge at dx = -4.
    QTest::newRow("boxes") << box(0, 0, 10, 10) << box(0, 2, 4, 6) << true << -4.0 << 10.0;
    QTest::newRow("boxes touching in y")
        << box(0, 0, 10, 10) << box(0, 10, 4, 12) << true << -4.0 << 10.0;
    QTest::newRow("boxes apart in y")
        << box(0, 0, 10, 10) << box(0, 11, 4, 12) << false << 0.0 << 0.0;
    QTest::newRow("rect and box") << test::rect({5, 5}, {10, 10}) << box(0, 0, 2, 2) << true << -2.0
                                  << 10.0;
    // Diamond |x|+|y| <= 2 against a point-like tiny box at y = 1: |x| <= 1.
    QTest::newRow("diamond") << polygon({{2, 0}, {0, 2}, {-2, 0}, {0, -2}})
                             << box(0, 1, 0, 1.0000000000000002) << true << -1.0 << 1.0;
    // Circles r = 3 and 2 with centres 4 apart in y: |dx| <= 3.
    QTest::newRow("circles") << test::circle({0, 0}, 3) << test::circle({0, 4}, 2) << true << -3.0
                             << 3.0;
    // Circle r = 5 at the origin against box [0,2]x[3,..]: the box corner (0,3) or (2,3) reaches
    // the circle at |x| = 4 from the centre.
    QTest::newRow("circle and box corner")
        << test::circle({0, 0}, 5) << box(0, 3, 2, 8) << true << -6.0 << 4.0;
    QTest::newRow("box and circle corner")
        << box(0, 3, 2, 8) << test::circle({0, 0}, 5) << true << -4.0 << 6.0;
}

void TestRange::single() {
    QFETCH(ShapeSpec, a);
    QFETCH(ShapeSpec, b);
    QFETCH(bool, hits);
    QFETCH(double, lo);
    QFETCH(double, hi);
    const std::optional<Interval> range = overlapRangeX(a.input(), b.input());
    QCOMPARE(range.has_value(), hits);
    if (!hits)
        return;
    QVERIFY2(std::abs(range->lo - lo) <= 1e-12, qPrintable(QString::number(range->lo, 'g', 17)));
    QVERIFY2(std::abs(range->hi - hi) <= 1e-12, qPrintable(QString::number(range->hi, 'g', 17)));
}

void TestRange::invalidShapesHaveNoRange() {
    const ShapeSpec twoPoints = polygon({{0, 0}, {1, 1}});
    QVERIFY(!overlapRangeX(box(0, 0, 10, 10).input(), twoPoints.input()));
    QVERIFY(!overlapRangeX(test::circle({0, 0}, std::nan("")).input(), box(0, 0, 1, 1).input()));
}

void TestRange::mergeJoinsTouchingIntervals() {
    const std::vector<Interval> merged =
        mergeIntervals({{5, 6}, {0, 1}, {1, 2}, {1.5, 1.7}, {7, 9}, {8, 8.5}});
    const std::vector<Interval> expected{{0, 2}, {5, 6}, {7, 9}};
    QVERIFY(merged == expected);
}

void TestRange::unionHonoursTheLayerFilter() {
    ShapeSpec near = box(0, 0, 10, 10), far = box(100, 0, 110, 10);
    near.layer = 1;
    far.layer = 2;
    ShapeSpec mover = box(0, 0, 2, 2);
    mover.layer = 3;
    // The specs own the polygon points the inputs view, so they outlive the inputs.
    const std::vector<ShapeSpec> fixedSpecs{near, far}, movingSpecs{mover};
    const std::vector<ShapeInput> fixed = inputs(fixedSpecs), moving = inputs(movingSpecs);
    const std::vector<Interval> both = unionRangeX(fixed, moving, {});
    QCOMPARE(both.size(), std::size_t(2));
    QCOMPARE(both[1].lo, 98.0);
    const std::vector<Interval> onlyFar = unionRangeX(
        fixed, moving, [](std::uint16_t a, std::uint16_t b) { return a == 2 && b == 3; });
    QCOMPARE(onlyFar.size(), std::size_t(1));
    QCOMPARE(onlyFar[0].lo, 98.0);
    QCOMPARE(onlyFar[0].hi, 110.0);
}

void TestRange::againstBoost_data() {
    QTest::addColumn<int>("typeA");
    QTest::addColumn<int>("typeB");
    QTest::addColumn<quint64>("seed");
    quint64 seed = 20261123;
    for (GeometryKind ta : {GeometryKind::Polygon, GeometryKind::Rect, GeometryKind::Circle})
        for (GeometryKind tb : {GeometryKind::Polygon, GeometryKind::Rect, GeometryKind::Circle})
            QTest::addRow("%s-%s", typeName(ta), typeName(tb)) << int(ta) << int(tb) << seed++;
    QTest::addRow("mixed") << -1 << -1 << seed++;
    // Capsules (issue 43), after the rows above so that their seeds stay as they were.
    for (GeometryKind t :
         {GeometryKind::Polygon, GeometryKind::Rect, GeometryKind::Circle, GeometryKind::Capsule}) {
        QTest::addRow("capsule-%s", typeName(t)) << int(GeometryKind::Capsule) << int(t) << seed++;
        if (t != GeometryKind::Capsule)
            QTest::addRow("%s-capsule", typeName(t))
                << int(t) << int(GeometryKind::Capsule) << seed++;
    }
}

void TestRange::againstBoost() {
    QFETCH(int, typeA);
    QFETCH(int, typeB);
    QFETCH(quint64, seed);
    Generator gen(seed);
    constexpr int kTrials = 150, kSamples = 60;
    constexpr double kSpan = 140.0;
    int checkedSamples = 0, endpoints = 0, bisections = 0, hitSamples = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
        auto type = [&](int t) {
            return t >= 0 ? GeometryKind(t) : GeometryKind(gen.integer(0, 2));
        };
        // Sets of one to three shapes on layers 0..1 (attacker) and 0..1 (defender); a random
        // filter drops some layer pairs.
        const int na = typeA >= 0 && trial % 2 ? 1 : gen.integer(1, 3);
        const int nb = typeA >= 0 && trial % 2 ? 1 : gen.integer(1, 3);
        std::vector<ShapeSpec> as, bs;
        for (int i = 0; i < na; ++i) {
            as.push_back(gen.shape(type(typeA), {gen.uniform(-30, 30), gen.uniform(-15, 15)}));
            as.back().layer = std::uint16_t(gen.integer(0, 1));
        }
        const double dy = gen.uniform(-30, 30);
        for (int i = 0; i < nb; ++i) {
            bs.push_back(gen.shape(type(typeB), {gen.uniform(-10, 10), dy + gen.uniform(-10, 10)}));
            bs.back().layer = std::uint16_t(gen.integer(0, 1));
        }
        const int mask = na == 1 && nb == 1 ? 15 : gen.integer(1, 15);
        auto allowed = [mask](std::uint16_t a, std::uint16_t b) {
            return (mask >> (a * 2 + b)) & 1;
        };
        const std::vector<Interval> intervals = unionRangeX(inputs(as), inputs(bs), allowed);
        auto boostHit = [&](double dx) {
            for (const ShapeSpec &a : as)
                for (const ShapeSpec &b : bs)
                    if (allowed(a.layer, b.layer) && referenceHit(a, b.translated({dx, 0})))
                        return true;
            return false;
        };
        const QString where = QString("trial %1 of seed %2").arg(trial).arg(seed);

        // Sampled distances, with a bisection between neighbouring samples that disagree.
        double previousX = 0;
        bool previousHit = false;
        for (int k = 0; k <= kSamples; ++k) {
            const double x = -kSpan + 2 * kSpan * k / kSamples + gen.uniform(-0.5, 0.5);
            const bool hit = boostHit(x);
            hitSamples += hit;
            if (distanceToEndpoint(intervals, x) > kBand) {
                ++checkedSamples;
                QVERIFY2(inside(intervals, x) == hit,
                         qPrintable(where + QString(": at dx %1 Boost says %2").arg(x).arg(hit)));
            }
            if (k > 0 && hit != previousHit) {
                double lo = previousX, hi = x;
                for (int step = 0; step < 60 && hi - lo > 1e-10; ++step) {
                    const double mid = (lo + hi) / 2;
                    (boostHit(mid) == previousHit ? lo : hi) = mid;
                }
                ++bisections;
                QVERIFY2(distanceToEndpoint(intervals, (lo + hi) / 2) <= kBand,
                         qPrintable(where + QString(": Boost flips at %1, no endpoint near")
                                                .arg((lo + hi) / 2, 0, 'g', 17)));
            }
            previousX = x;
            previousHit = hit;
        }
        // Every endpoint: Boost hits just inside and misses just outside (unless a neighbouring
        // interval is closer than the band).
        for (std::size_t i = 0; i < intervals.size(); ++i) {
            const Interval &iv = intervals[i];
            ++endpoints;
            if (iv.hi - iv.lo > 2 * kBand) {
                QVERIFY2(boostHit(iv.lo + kBand), qPrintable(where + ": misses inside lo"));
                QVERIFY2(boostHit(iv.hi - kBand), qPrintable(where + ": misses inside hi"));
            }
            if (i == 0 || iv.lo - intervals[i - 1].hi > 2 * kBand)
                QVERIFY2(!boostHit(iv.lo - kBand), qPrintable(where + ": hits outside lo"));
            if (i + 1 == intervals.size() || intervals[i + 1].lo - iv.hi > 2 * kBand)
                QVERIFY2(!boostHit(iv.hi + kBand), qPrintable(where + ": hits outside hi"));
        }
    }
    qInfo("%d samples checked (%d hits), %d endpoints, %d bisections", checkedSamples, hitSamples,
          endpoints, bisections);
    QVERIFY(hitSamples > kTrials && endpoints > kTrials / 2 && bisections > kTrials / 2);
}

QTEST_APPLESS_MAIN(TestRange)
#include "tst_collision_range.moc"
