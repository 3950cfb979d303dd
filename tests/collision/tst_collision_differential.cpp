// Randomised differential test of the narrowphase against Boost.Geometry, which shares no code
// with the SAT: fixed seeds, more than 100,000 pairs over every ordered pair of shape types.
//
// For each pair:
// - hit or not: polygons (rectangles converted to polygons here, with their own trigonometry)
//   use boost::geometry::intersects; a circle hits a polygon iff the distance from its centre to
//   the polygon is at most its radius; two circles compare centre distance with the radii.
//   Pairs within kBand of touching are skipped (counted, and required to be rare).
//   A pair with a capsule (issue 43): each shape is a core (capsule: its segment, circle: its
//   centre, else its outline) grown by a radius; a hit iff Boost's core distance <= the radii,
//   depth radii - distance, or (cores meeting) radii + the origin's distance to the boundary of
//   the cores' Minkowski difference.
// - depth: for polygon pairs, the distance from the origin to the boundary of the convex hull of
//   every vertex difference a_i - b_j (the Minkowski difference); for a circle and a polygon,
//   r - distance(centre, polygon) outside, r + distance(centre, boundary) inside; must agree
//   within kRelativeDepth.
// - normal: unit length, and moving b by (depth + kNudge) * normal separates the pair, while
//   (depth - kNudge) * normal does not.

#include "collision/narrowphase.h"
#include "shapespec.h"

#include <QTest>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/multi_point.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace bg = boost::geometry;
using namespace hitsmith::collision;
using namespace hitsmith::collision::test;

namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;
using BLine = bg::model::linestring<BPoint>;
// Boost 1.74's convex_hull is not robust for nearly collinear points (it can return an invalid
// hull; boostorg/geometry#1158, #1208), and the Minkowski difference of two rectangles is full of
// them. So the hull is computed in long double (whose 11 extra bits separate the 1e-16 noise of
// double corners from true collinearity), checked with is_valid, and recomputed in exact
// rational arithmetic (slow, rarely needed) when the check fails.
using BLongPoint = bg::model::d2::point_xy<long double>;
using BLongPolygon = bg::model::polygon<BLongPoint>;
using BLongMultiPoint = bg::model::multi_point<BLongPoint>;
using Rational = boost::multiprecision::cpp_rational;
using BExactPoint = bg::model::d2::point_xy<Rational>;
using BExactPolygon = bg::model::polygon<BExactPoint>;
using BExactMultiPoint = bg::model::multi_point<BExactPoint>;

int gExactHulls = 0; // how often the rational fallback ran

constexpr int kPairsPerCombination = 12000; // x 16 ordered type pairs = 192,000 pairs
// Pairs closer than this to touching (gap or depth) may legitimately disagree on hit/no-hit.
constexpr double kBand = 1e-7;
constexpr double kRelativeDepth = 1e-6;
constexpr double kNudge = 1e-6;
// At most this fraction of pairs may fall in the band (random placement rarely touches).
constexpr double kMaxBandFraction = 0.001;

// ---- shape generation ------------------------------------------------------------------------

class Generator {
public:
    explicit Generator(std::uint64_t seed)
        : mRng(seed) {}

    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(mRng);
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(mRng); }
    bool chance(double p) { return uniform(0.0, 1.0) < p; }

    // A convex polygon: points on a rotated ellipse at jittered, increasing angles; sometimes
    // with collinear midpoints inserted; either winding.
    ShapeSpec polygon(Vec2 c) {
        const int n = chance(0.1) ? integer(9, 20) : integer(3, 8);
        const double rx = uniform(2, 25), ry = uniform(2, 25), turn = uniform(0, 2 * kPi);
        ShapeSpec s;
        s.type = GeometryKind::Polygon;
        const double step = 2 * kPi / n;
        for (int i = 0; i < n; ++i) {
            const double t = step * (i + uniform(-0.3, 0.3));
            const Vec2 p{rx * std::cos(t), ry * std::sin(t)};
            s.points.push_back(c + Vec2{p.x * std::cos(turn) - p.y * std::sin(turn),
                                        p.x * std::sin(turn) + p.y * std::cos(turn)});
        }
        if (chance(0.2)) {
            std::vector<Vec2> withMidpoints;
            for (int i = 0; i < n; ++i) {
                withMidpoints.push_back(s.points[i]);
                if (chance(0.5))
                    withMidpoints.push_back((s.points[i] + s.points[(i + 1) % n]) * 0.5);
            }
            s.points = std::move(withMidpoints);
        }
        if (chance(0.5))
            std::reverse(s.points.begin(), s.points.end());
        return s;
    }

    ShapeSpec rect(Vec2 c) {
        double angle = uniform(-360, 360);
        if (chance(0.3))
            angle = 90.0 * integer(-4, 4);
        return test::rect(c, {uniform(1, 40), uniform(1, 40)}, angle);
    }

    ShapeSpec circle(Vec2 c) { return test::circle(c, uniform(0.5, 20)); }

    // A capsule: a segment 1-40 long through c at any angle, radius 0.5-12.
    ShapeSpec capsule(Vec2 c) {
        const double t = uniform(0, 2 * kPi), half = uniform(0.5, 20);
        const Vec2 d{half * std::cos(t), half * std::sin(t)};
        return test::capsule(c - d, c + d, uniform(0.5, 12));
    }

    ShapeSpec shape(GeometryKind type, Vec2 c) {
        switch (type) {
        case GeometryKind::Polygon:
            return polygon(c);
        case GeometryKind::Rect:
            return rect(c);
        case GeometryKind::Circle:
            return circle(c);
        case GeometryKind::Capsule:
            return capsule(c);
        }
        return {};
    }

private:
    static constexpr double kPi = std::numbers::pi;
    std::mt19937_64 mRng;
};

// ---- the independent reference ----------------------------------------------------------------

// Outline of a polygon or rectangle, computed here with plain radians trigonometry.
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
    bg::correct(poly); // orientation and closing point as Boost wants them
    return poly;
}

BLine boundaryOf(const BPolygon &poly) {
    BLine line;
    for (const BPoint &p : poly.outer())
        line.push_back(p);
    return line;
}

// Signed penetration of a pair as Boost sees it: depth (>= 0) when they intersect, else minus
// the gap.
struct Reference {
    bool hit = false;
    double depth = 0; // when hit
    double gap = 0;   // when not
};

// Distance from the origin to the boundary of the convex hull of every difference a_i - b_j
// (the Minkowski difference of the two point sets' hulls).
double originToDifferenceHull(const std::vector<Vec2> &a, const std::vector<Vec2> &b);

Reference polygonsReference(const std::vector<Vec2> &a, const std::vector<Vec2> &b) {
    const BPolygon pa = toBoost(a), pb = toBoost(b);
    Reference r;
    r.hit = bg::intersects(pa, pb);
    if (!r.hit) {
        r.gap = bg::distance(pa, pb);
        return r;
    }
    r.depth = originToDifferenceHull(a, b);
    return r;
}

double originToDifferenceHull(const std::vector<Vec2> &a, const std::vector<Vec2> &b) {
    BLongMultiPoint differences;
    for (const Vec2 &p : a)
        for (const Vec2 &q : b)
            bg::append(differences, BLongPoint((long double)p.x - q.x, (long double)p.y - q.y));
    BLongPolygon hull;
    bg::convex_hull(differences, hull);
    BLine boundary;
    if (bg::is_valid(hull)) {
        for (const BLongPoint &p : hull.outer())
            boundary.push_back(BPoint(static_cast<double>(p.x()), static_cast<double>(p.y())));
    } else {
        ++gExactHulls;
        BExactMultiPoint exact;
        for (const Vec2 &p : a)
            for (const Vec2 &q : b)
                bg::append(exact, BExactPoint(Rational(p.x) - Rational(q.x),
                                              Rational(p.y) - Rational(q.y)));
        BExactPolygon exactHull;
        bg::convex_hull(exact, exactHull);
        for (const BExactPoint &p : exactHull.outer())
            boundary.push_back(BPoint(static_cast<double>(p.x()), static_cast<double>(p.y())));
    }
    return bg::distance(BPoint(0, 0), boundary);
}

// A shape as a core (a point, a segment or a convex polygon) grown by a radius: a circle is its
// centre, a capsule its segment, polygons and rectangles their outline with radius 0.
struct Core {
    std::vector<Vec2> points;
    double radius = 0;
};

Core coreOf(const ShapeSpec &s) {
    if (s.type == GeometryKind::Circle)
        return {{s.center}, s.radius};
    if (s.type == GeometryKind::Capsule)
        return {s.points, s.radius};
    return {outline(s), 0.0};
}

// Boost's distance between two cores (0 when they intersect), whatever their kinds.
double coreDistance(const std::vector<Vec2> &a, const std::vector<Vec2> &b) {
    auto line = [](const std::vector<Vec2> &pts) {
        BLine l;
        for (const Vec2 &p : pts)
            l.push_back(BPoint(p.x, p.y));
        return l;
    };
    auto point = [](const std::vector<Vec2> &pts) { return BPoint(pts[0].x, pts[0].y); };
    if (a.size() >= 3 && b.size() >= 3)
        return bg::distance(toBoost(a), toBoost(b));
    if (a.size() >= 3) {
        if (b.size() == 1)
            return bg::distance(point(b), toBoost(a));
        // A segment and a polygon: 0 when an end lies inside or the segment crosses the
        // boundary, else the distance to the boundary. (Boost's linestring-polygon distance
        // trips GCC's maybe-uninitialized warning.)
        const BPolygon polygon = toBoost(a);
        const BLine boundary = boundaryOf(polygon), segment = line(b);
        if (bg::within(point(b), polygon) || bg::intersects(segment, boundary))
            return 0.0;
        return bg::distance(segment, boundary);
    }
    if (b.size() >= 3)
        return coreDistance(b, a);
    if (a.size() == 1 && b.size() == 1)
        return bg::distance(point(a), point(b));
    if (a.size() == 1)
        return bg::distance(point(a), line(b));
    if (b.size() == 1)
        return bg::distance(point(b), line(a));
    return bg::distance(line(a), line(b));
}

// A pair with a capsule in it: the cores' Boost distance against the radii; when the cores
// intersect, the depth is the radii plus the origin's distance to the boundary of the cores'
// Minkowski difference.
Reference roundedReference(const ShapeSpec &a, const ShapeSpec &b) {
    const Core ca = coreOf(a), cb = coreOf(b);
    const double radii = ca.radius + cb.radius;
    const double d = coreDistance(ca.points, cb.points);
    Reference r;
    r.hit = d <= radii;
    if (!r.hit)
        r.gap = d - radii;
    else if (d > 0)
        r.depth = radii - d;
    else
        r.depth = radii + originToDifferenceHull(ca.points, cb.points);
    return r;
}

Reference circlePolygonReference(Vec2 c, double radius, const std::vector<Vec2> &polygon) {
    const BPolygon poly = toBoost(polygon);
    const BPoint centre(c.x, c.y);
    const double d = bg::distance(centre, poly); // 0 when the centre is inside or on it
    Reference r;
    r.hit = d <= radius;
    if (!r.hit)
        r.gap = d - radius;
    else if (d > 0)
        r.depth = radius - d;
    else
        r.depth = radius + bg::distance(centre, boundaryOf(poly));
    return r;
}

Reference circlesReference(const ShapeSpec &a, const ShapeSpec &b) {
    const double d = bg::distance(BPoint(a.center.x, a.center.y), BPoint(b.center.x, b.center.y));
    Reference r;
    r.hit = d <= a.radius + b.radius;
    r.depth = r.hit ? a.radius + b.radius - d : 0;
    r.gap = r.hit ? 0 : d - a.radius - b.radius;
    return r;
}

Reference reference(const ShapeSpec &a, const ShapeSpec &b) {
    if (a.type == GeometryKind::Capsule || b.type == GeometryKind::Capsule)
        return roundedReference(a, b);
    const bool ca = a.type == GeometryKind::Circle, cb = b.type == GeometryKind::Circle;
    if (ca && cb)
        return circlesReference(a, b);
    if (ca)
        return circlePolygonReference(a.center, a.radius, outline(b));
    if (cb)
        return circlePolygonReference(b.center, b.radius, outline(a));
    return polygonsReference(outline(a), outline(b));
}

// Whether Boost sees the pair overlapping or touching (strictly: no tolerance).
bool referenceHit(const ShapeSpec &a, const ShapeSpec &b) {
    return reference(a, b).hit;
}

const char *typeName(GeometryKind t) {
    switch (t) {
    case GeometryKind::Polygon:
        return "polygon";
    case GeometryKind::Rect:
        return "rect";
    case GeometryKind::Circle:
        return "circle";
    case GeometryKind::Capsule:
        return "capsule";
    }
    return "?";
}

// Rough radius of the shapes the generator makes, to place pairs near each other.
constexpr double kReach = 22.0;

} // namespace

class TestDifferential : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void againstBoost_data();
    void againstBoost();
};

void TestDifferential::againstBoost_data() {
    QTest::addColumn<int>("typeA");
    QTest::addColumn<int>("typeB");
    QTest::addColumn<quint64>("seed");
    quint64 seed = 20240611;
    constexpr GeometryKind kinds[] = {GeometryKind::Polygon, GeometryKind::Rect,
                                      GeometryKind::Circle, GeometryKind::Capsule};
    for (GeometryKind ta : kinds)
        for (GeometryKind tb : kinds)
            QTest::addRow("%s-%s", typeName(ta), typeName(tb)) << int(ta) << int(tb) << seed++;
}

void TestDifferential::againstBoost() {
    QFETCH(int, typeA);
    QFETCH(int, typeB);
    QFETCH(quint64, seed);
    Generator gen(seed);

    int hits = 0, misses = 0, band = 0;
    gExactHulls = 0;
    double worstRelative = 0;
    for (int i = 0; i < kPairsPerCombination; ++i) {
        const ShapeSpec a =
            gen.shape(GeometryKind(typeA), {gen.uniform(-5, 5), gen.uniform(-5, 5)});
        const ShapeSpec b = gen.shape(GeometryKind(typeB), {gen.uniform(-1.3, 1.3) * kReach,
                                                            gen.uniform(-1.3, 1.3) * kReach});
        const auto contact = collide(a.input(), b.input());
        const Reference ref = reference(a, b);
        auto describe = [](const ShapeSpec &s) {
            QString d = QString("%1 c(%2,%3) size(%4,%5) angle %6 r %7 pts")
                            .arg(typeName(s.type))
                            .arg(s.center.x, 0, 'g', 17)
                            .arg(s.center.y, 0, 'g', 17)
                            .arg(s.size.x, 0, 'g', 17)
                            .arg(s.size.y, 0, 'g', 17)
                            .arg(s.angleDegrees, 0, 'g', 17)
                            .arg(s.radius, 0, 'g', 17);
            for (const Vec2 &p : s.points)
                d += QString(" (%1,%2)").arg(p.x, 0, 'g', 17).arg(p.y, 0, 'g', 17);
            return d;
        };
        const QString where = QString("pair %1 of seed %2 [a: %3; b: %4]")
                                  .arg(i)
                                  .arg(seed)
                                  .arg(describe(a), describe(b));

        // Hit or not, outside the band around touching.
        const bool nearTouching = ref.hit ? ref.depth <= kBand : ref.gap <= kBand;
        if (nearTouching) {
            ++band;
        } else {
            QVERIFY2(contact.has_value() == ref.hit,
                     qPrintable(where + QString(": SAT says %1, Boost says %2 (gap %3, depth %4)")
                                            .arg(contact.has_value())
                                            .arg(ref.hit)
                                            .arg(ref.gap)
                                            .arg(ref.depth)));
        }
        if (!contact) {
            ++misses;
            continue;
        }
        ++hits;

        // Depth.
        if (ref.hit) {
            const double error = std::abs(contact->depth - ref.depth);
            if (ref.depth > kBand) {
                worstRelative = std::max(worstRelative, error / ref.depth);
                QVERIFY2(error <= kRelativeDepth * ref.depth,
                         qPrintable(where + QString(": depth %1, Boost %2")
                                                .arg(contact->depth, 0, 'g', 17)
                                                .arg(ref.depth, 0, 'g', 17)));
            } else {
                QVERIFY2(error <= 2 * kBand, qPrintable(where + ": depth near touching"));
            }
        }

        // Normal: unit, separating, and not more than needed.
        const Vec2 n = contact->normal;
        QVERIFY2(std::abs(length(n) - 1.0) <= 1e-12, qPrintable(where + ": normal not unit"));
        QVERIFY2(!referenceHit(a, b.translated(n * (contact->depth + kNudge))),
                 qPrintable(where + ": moving b by depth + nudge along the normal still hits"));
        if (contact->depth > kNudge)
            QVERIFY2(referenceHit(a, b.translated(n * (contact->depth - kNudge))),
                     qPrintable(where + ": moving b by depth - nudge already separates"));
    }
    qInfo("%d pairs: %d hits, %d misses, %d within %g of touching; worst relative depth error "
          "%.3g; %d exact hulls",
          kPairsPerCombination, hits, misses, band, kBand, worstRelative, gExactHulls);
    QVERIFY(hits > kPairsPerCombination / 5 && misses > kPairsPerCombination / 5);
    QVERIFY(band <= kMaxBandFraction * kPairsPerCombination);
}

QTEST_APPLESS_MAIN(TestDifferential)
#include "tst_collision_differential.moc"
