// Swept reach (collision/sweep.h) against Boost.Geometry: the hull of a shape at two frames is
// built here independently (Boost's convex_hull of the outlines; for circles a capsule as the
// distance to the centres' segment, or, for unequal radii, the two discs plus the quadrilateral
// of their outer tangent points; a disc and a polygon: the disc plus the hull of the polygon and
// the tangent points from its vertices), and Boost's overlap test must agree with the printed
// intervals at sampled distances outside a 1e-6 band, and flip within 1e-6 of every endpoint
// (bisection between disagreeing samples).

#include "coredistance.h"
#include "shapespec.h"

#include "collision/sweep.h"

#include <QTest>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/segment.hpp>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

namespace bg = boost::geometry;
using namespace hitsmith::collision;
using namespace hitsmith::collision::test;

namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;
using BSegment = bg::model::segment<BPoint>;

constexpr double kBand = 1e-6;

std::vector<Vec2> outline(const ShapeSpec &s) {
    if (s.type == GeometryKind::Polygon)
        return s.points;
    const double t = s.angleDegrees * std::numbers::pi / 180.0;
    const Vec2 ux{std::cos(t), std::sin(t)}, uy{-std::sin(t), std::cos(t)};
    const Vec2 hx = ux * (s.size.x / 2), hy = uy * (s.size.y / 2);
    return {s.center - hx - hy, s.center + hx - hy, s.center + hx + hy, s.center - hx + hy};
}

BPolygon hullOf(const std::vector<Vec2> &points) {
    bg::model::multi_point<BPoint> cloud;
    for (const Vec2 &p : points)
        bg::append(cloud, BPoint(p.x, p.y));
    BPolygon hull;
    bg::convex_hull(cloud, hull);
    return hull;
}

// The swept area as pieces whose union it is: polygons (with a radius of 0) and discs.
struct Swept {
    std::vector<BPolygon> polygons;
    std::vector<std::pair<Vec2, double>> discs;
    std::optional<std::pair<BSegment, double>> capsule; // equal circles
    // Two capsules of one radius (issue 43): the hull of their four ends, grown by the radius.
    std::optional<std::pair<std::vector<Vec2>, double>> rounded;
};

std::vector<Vec2> coreOf(const ShapeSpec &s) {
    return s.type == GeometryKind::Circle    ? std::vector<Vec2>{s.center}
           : s.type == GeometryKind::Capsule ? s.points
                                             : outline(s);
}

double radiusOf(const ShapeSpec &s) {
    return s.type == GeometryKind::Circle || s.type == GeometryKind::Capsule ? s.radius : 0.0;
}

// Tangent points on the circle (c, r) from the outside point p.
std::vector<Vec2> tangentPoints(Vec2 p, Vec2 c, double r) {
    const double dx = p.x - c.x, dy = p.y - c.y, d = std::hypot(dx, dy);
    if (d <= r)
        return {};
    const double phi = std::acos(r / d), base = std::atan2(dy, dx);
    return {{c.x + r * std::cos(base + phi), c.y + r * std::sin(base + phi)},
            {c.x + r * std::cos(base - phi), c.y + r * std::sin(base - phi)}};
}

Swept sweptArea(const ShapeSpec &from, const ShapeSpec &to) {
    Swept s;
    if (from.type == GeometryKind::Capsule && to.type == GeometryKind::Capsule) {
        const BPolygon hull = hullOf({from.points[0], from.points[1], to.points[0], to.points[1]});
        std::vector<Vec2> ring;
        for (const BPoint &p : hull.outer())
            ring.push_back({p.x(), p.y()});
        ring.pop_back(); // the closing point
        s.rounded = {ring, from.radius};
        return s;
    }
    const bool cf = from.type == GeometryKind::Circle, ct = to.type == GeometryKind::Circle;
    if (!cf && !ct) {
        std::vector<Vec2> all = outline(from);
        for (const Vec2 &p : outline(to))
            all.push_back(p);
        s.polygons.push_back(hullOf(all));
        return s;
    }
    if (cf && ct && from.radius == to.radius) {
        s.capsule = {
            BSegment(BPoint(from.center.x, from.center.y), BPoint(to.center.x, to.center.y)),
            from.radius};
        return s;
    }
    if (cf && ct) {
        s.discs = {{from.center, from.radius}, {to.center, to.radius}};
        // Outer tangents through the external homothety centre (or parallel when equal radii).
        const double r1 = from.radius, r2 = to.radius;
        const Vec2 c1 = from.center, c2 = to.center;
        const double d = std::hypot(c2.x - c1.x, c2.y - c1.y);
        if (d > std::abs(r1 - r2)) {
            const Vec2 h{(r1 * c2.x - r2 * c1.x) / (r1 - r2), (r1 * c2.y - r2 * c1.y) / (r1 - r2)};
            std::vector<Vec2> quad = tangentPoints(h, c1, r1);
            for (const Vec2 &p : tangentPoints(h, c2, r2))
                quad.push_back(p);
            s.polygons.push_back(hullOf(quad));
        }
        return s;
    }
    const ShapeSpec &disc = cf ? from : to, &poly = cf ? to : from;
    s.discs = {{disc.center, disc.radius}};
    std::vector<Vec2> all = outline(poly);
    for (const Vec2 &p : outline(poly))
        for (const Vec2 &t : tangentPoints(p, disc.center, disc.radius))
            all.push_back(t);
    s.polygons.push_back(hullOf(all));
    return s;
}

bool sweptHit(const Swept &s, const ShapeSpec &b) {
    if (s.rounded)
        return coreDistance(s.rounded->first, coreOf(b)) <= s.rounded->second + radiusOf(b);
    const bool cb = b.type == GeometryKind::Circle;
    BPolygon pb;
    if (!cb) {
        for (const Vec2 &p : outline(b))
            bg::append(pb.outer(), BPoint(p.x, p.y));
        bg::correct(pb);
    }
    const BPoint bc(b.center.x, b.center.y);
    for (const BPolygon &p : s.polygons)
        if (cb ? bg::distance(bc, p) <= b.radius : bg::intersects(p, pb))
            return true;
    for (const auto &[c, r] : s.discs)
        if (cb ? std::hypot(c.x - b.center.x, c.y - b.center.y) <= r + b.radius
               : bg::distance(BPoint(c.x, c.y), pb) <= r)
            return true;
    if (s.capsule)
        return cb ? bg::distance(s.capsule->first, bc) <= s.capsule->second + b.radius
                  : bg::distance(s.capsule->first, pb) <= s.capsule->second;
    return false;
}

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
            const int n = integer(3, 7);
            const double rx = uniform(2, 20), ry = uniform(2, 20), turn = uniform(0, 2 * kPi);
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
        case GeometryKind::Rect:
            return rect(c, {uniform(1, 30), uniform(1, 30)}, uniform(-360, 360));
        case GeometryKind::Circle:
            return circle(c, uniform(0.5, 15));
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

const char *typeName(GeometryKind t) {
    return t == GeometryKind::Polygon ? "polygon" : t == GeometryKind::Rect ? "rect" : "circle";
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void capsuleOfAFastSwing();
    void subtractKeepsWhatIsNotCovered();
    void againstBoost_data();
    void againstBoost();
};

// A small circle jumping from x = 0 to x = 100 sweeps a capsule; a thin wall at x 50..52 is
// met by the capsule only.
void TestSweep::capsuleOfAFastSwing() {
    const ShapeSpec a = circle({0, 0}, 2), b = circle({100, 0}, 2);
    const ShapeSpec wall = box(0, -10, 2, 10); // slid by dx: spans dx..dx+2
    const std::optional<Interval> swept = sweptRangeX(a.input(), b.input(), wall.input());
    QVERIFY(swept);
    QCOMPARE(swept->lo, -4.0);
    QCOMPARE(swept->hi, 102.0);
    // Unequal radii: the hull of discs r 2 and r 6 reaches the wall from -4 to 106.
    const ShapeSpec big = circle({100, 0}, 6);
    const std::optional<Interval> grown = sweptRangeX(a.input(), big.input(), wall.input());
    QVERIFY(grown);
    QCOMPARE(grown->lo, -4.0);
    QCOMPARE(grown->hi, 106.0);
    QVERIFY(!sweptRangeX(a.input(), circle({0, 0}, -1).input(), wall.input()));
}

void TestSweep::subtractKeepsWhatIsNotCovered() {
    const std::vector<Interval> from{{0, 10}, {20, 30}, {40, 40}};
    const std::vector<Interval> minus{{2, 3}, {9, 21}, {25, 26}};
    QCOMPARE(subtractIntervals(from, minus),
             (std::vector<Interval>{{0, 2}, {3, 9}, {21, 25}, {26, 30}, {40, 40}}));
    QVERIFY(subtractIntervals(from, std::vector<Interval>{{-1, 50}}).empty());
}

void TestSweep::againstBoost_data() {
    QTest::addColumn<int>("typeFrom");
    QTest::addColumn<int>("typeTo");
    QTest::addColumn<bool>("sameRadius");
    quint64 seed = 0;
    for (GeometryKind a : {GeometryKind::Polygon, GeometryKind::Rect, GeometryKind::Circle})
        for (GeometryKind b : {GeometryKind::Polygon, GeometryKind::Rect, GeometryKind::Circle})
            QTest::addRow("%s-%s", typeName(a), typeName(b)) << int(a) << int(b) << false;
    QTest::addRow("capsule") << int(GeometryKind::Circle) << int(GeometryKind::Circle) << true;
    // A capsule shape swung between frames (issue 43), against every kind of defender.
    QTest::addRow("capsule shape")
        << int(GeometryKind::Capsule) << int(GeometryKind::Capsule) << true;
    Q_UNUSED(seed);
}

void TestSweep::againstBoost() {
    QFETCH(int, typeFrom);
    QFETCH(int, typeTo);
    QFETCH(bool, sameRadius);
    Generator gen(20261126 + quint64(typeFrom * 3 + typeTo) + (sameRadius ? 100 : 0));
    constexpr int kTrials = 120, kSamples = 60;
    constexpr double kSpan = 140.0;
    int checked = 0, endpoints = 0, bisections = 0, hits = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
        const Vec2 c0{gen.uniform(-30, 30), gen.uniform(-15, 15)};
        const Vec2 c1 = c0 + Vec2{gen.uniform(-60, 60), gen.uniform(-30, 30)};
        const ShapeSpec from = gen.shape(GeometryKind(typeFrom), c0);
        ShapeSpec to = gen.shape(GeometryKind(typeTo), c1);
        if (sameRadius)
            to.radius = from.radius;
        const double dy = gen.uniform(-25, 25);
        const int lastKind = typeFrom == int(GeometryKind::Capsule) ? 3 : 2;
        const ShapeSpec b =
            gen.shape(GeometryKind(gen.integer(0, lastKind)), {gen.uniform(-5, 5), dy});
        const Swept area = sweptArea(from, to);
        std::vector<Interval> intervals;
        if (const std::optional<Interval> i = sweptRangeX(from.input(), to.input(), b.input()))
            intervals.push_back(*i);
        const auto boostHit = [&](double dx) { return sweptHit(area, b.translated({dx, 0})); };
        const QString where = QString("trial %1").arg(trial);
        double previousX = 0;
        bool previousHit = false;
        for (int k = 0; k <= kSamples; ++k) {
            const double x = -kSpan + 2 * kSpan * k / kSamples + gen.uniform(-0.5, 0.5);
            const bool hit = boostHit(x);
            hits += hit;
            if (distanceToEndpoint(intervals, x) > kBand) {
                ++checked;
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
        for (const Interval &iv : intervals) {
            ++endpoints;
            if (iv.hi - iv.lo > 2 * kBand) {
                QVERIFY2(boostHit(iv.lo + kBand), qPrintable(where + ": misses inside lo"));
                QVERIFY2(boostHit(iv.hi - kBand), qPrintable(where + ": misses inside hi"));
            }
            QVERIFY2(!boostHit(iv.lo - kBand), qPrintable(where + ": hits outside lo"));
            QVERIFY2(!boostHit(iv.hi + kBand), qPrintable(where + ": hits outside hi"));
        }
    }
    qInfo("%d samples checked (%d hits), %d intervals, %d bisections", checked, hits, endpoints,
          bisections);
    QVERIFY(hits > kTrials && endpoints > kTrials / 2 && bisections > kTrials / 2);
}

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_collision_sweep.moc"
