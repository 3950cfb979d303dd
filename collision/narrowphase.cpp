#include "narrowphase.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::collision {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// sqrt of the squared length: std::hypot's care for overflow costs more than the whole SAT step,
// and coordinates here are far from overflowing.
inline double norm(Vec2 v) {
    return std::sqrt(dot(v, v));
}

struct Best {
    double depth = kInf;
    Vec2 normal;
};

// Tests the outward edge normals of `a` as axes against the vertices of `b`. Along the outward
// normal n of an edge of a, b's farthest reach into a is -min(dot(b_j - v, n)); pushing b along
// sign * n by that much separates them. Returns false on the first separating axis.
bool polygonAxes(const PolygonView &a, const PolygonView &b, double sign, Best &best) {
    const Vec2 *pa = a.points;
    const Vec2 *pb = b.points;
    const std::uint32_t na = a.count;
    const std::uint32_t nb = b.count;
    for (std::uint32_t i = 0; i < na; ++i) {
        const Vec2 v = pa[i];
        const Vec2 e = pa[i + 1 == na ? 0 : i + 1] - v;
        const double len = norm(e);
        if (!(len >= kMinEdgeLength))
            continue;
        const Vec2 n = Vec2{e.y, -e.x} * (a.orientation / len);
        double minB = kInf;
        for (std::uint32_t j = 0; j < nb; ++j)
            minB = std::min(minB, dot(pb[j] - v, n));
        if (minB > kTouchTolerance)
            return false;
        if (-minB < best.depth) {
            best.depth = -minB;
            best.normal = n * sign;
        }
    }
    return true;
}

Contact finish(const Best &best) {
    return {std::max(best.depth, 0.0), best.normal};
}

// Pair functions on prepared shapes, for the dispatch table.
using PairFn = std::optional<Contact> (*)(const PreparedShape &, const PreparedShape &);

std::optional<Contact> polyPoly(const PreparedShape &a, const PreparedShape &b) {
    return collidePolygons(a.polygon, b.polygon);
}
std::optional<Contact> polyRect(const PreparedShape &a, const PreparedShape &b) {
    return collidePolygonRect(a.polygon, b.rect);
}
std::optional<Contact> polyCircle(const PreparedShape &a, const PreparedShape &b) {
    return collidePolygonCircle(a.polygon, b.circle);
}
std::optional<Contact> rectPoly(const PreparedShape &a, const PreparedShape &b) {
    auto c = collidePolygonRect(b.polygon, a.rect);
    return c ? std::optional(flipped(*c)) : std::nullopt;
}
std::optional<Contact> rectRect(const PreparedShape &a, const PreparedShape &b) {
    return collideRects(a.rect, b.rect);
}
std::optional<Contact> rectCircle(const PreparedShape &a, const PreparedShape &b) {
    return collideRectCircle(a.rect, b.circle);
}
std::optional<Contact> circlePoly(const PreparedShape &a, const PreparedShape &b) {
    auto c = collidePolygonCircle(b.polygon, a.circle);
    return c ? std::optional(flipped(*c)) : std::nullopt;
}
std::optional<Contact> circleRect(const PreparedShape &a, const PreparedShape &b) {
    auto c = collideRectCircle(b.rect, a.circle);
    return c ? std::optional(flipped(*c)) : std::nullopt;
}
std::optional<Contact> circleCircle(const PreparedShape &a, const PreparedShape &b) {
    return collideCircles(a.circle, b.circle);
}

// Indexed [a.type][b.type], in ShapeType order: Polygon, Rect, Circle.
constexpr PairFn kPairTable[kShapeTypeCount][kShapeTypeCount] = {
    {polyPoly, polyRect, polyCircle},
    {rectPoly, rectRect, rectCircle},
    {circlePoly, circleRect, circleCircle},
};

} // namespace

std::optional<Contact> collidePolygons(const PolygonView &a, const PolygonView &b) {
    if (a.count < 3 || b.count < 3)
        return std::nullopt;
    Best best;
    if (!polygonAxes(a, b, 1.0, best) || !polygonAxes(b, a, -1.0, best))
        return std::nullopt;
    if (best.depth == kInf)
        return std::nullopt; // no usable edge at all
    return finish(best);
}

std::optional<Contact> collidePolygonRect(const PolygonView &a, const OrientedRect &b) {
    const Vec2 corners[4] = {b.corner(0), b.corner(1), b.corner(2), b.corner(3)};
    // The corner order turns with positive signed area, and a rotation keeps it so.
    const PolygonView rect{corners, 4, 1.0};
    return collidePolygons(a, rect);
}

std::optional<Contact> collidePolygonCircle(const PolygonView &a, const Circle &b) {
    const std::uint32_t n = a.count;
    if (n < 3)
        return std::nullopt;
    const Vec2 c = b.center;
    const double r = b.radius;
    double maxSep = -kInf;
    Vec2 maxNormal;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 v = a.points[i];
        const Vec2 e = a.points[i + 1 == n ? 0 : i + 1] - v;
        const double len = norm(e);
        if (!(len >= kMinEdgeLength))
            continue;
        const Vec2 normal = Vec2{e.y, -e.x} * (a.orientation / len);
        const double sep = dot(c - v, normal);
        if (sep - r > kTouchTolerance)
            return std::nullopt;
        if (sep > maxSep) {
            maxSep = sep;
            maxNormal = normal;
        }
    }
    if (maxSep == -kInf)
        return std::nullopt;
    if (maxSep <= 0.0) // centre inside: leave through the nearest edge
        return Contact{r - maxSep, maxNormal};

    // Centre outside: the axis runs from the nearest boundary point, which is a vertex when the
    // centre lies in a vertex region. Scanning every edge (not only the most separating one)
    // keeps this exact when collinear vertices make several edges equally separating.
    double bestD2 = kInf;
    Vec2 bestDiff;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 v = a.points[i];
        const Vec2 e = a.points[i + 1 == n ? 0 : i + 1] - v;
        const double ee = dot(e, e);
        const double t = ee > 0.0 ? std::clamp(dot(c - v, e) / ee, 0.0, 1.0) : 0.0;
        const Vec2 diff = c - (v + e * t);
        const double d2 = dot(diff, diff);
        if (d2 < bestD2) {
            bestD2 = d2;
            bestDiff = diff;
        }
    }
    const double dist = std::sqrt(bestD2);
    if (dist - r > kTouchTolerance)
        return std::nullopt;
    const Vec2 normal = dist >= kMinEdgeLength ? bestDiff / dist : maxNormal;
    return Contact{std::max(r - dist, 0.0), normal};
}

std::optional<Contact> collideRects(const OrientedRect &a, const OrientedRect &b) {
    const Vec2 d = b.center - a.center;
    if (a.isAxisAligned() && b.isAxisAligned()) {
        // At 90 or 270 degrees the width runs along frame y.
        const Vec2 ea = a.rotation.c == 0.0 ? Vec2{a.halfSize.y, a.halfSize.x} : a.halfSize;
        const Vec2 eb = b.rotation.c == 0.0 ? Vec2{b.halfSize.y, b.halfSize.x} : b.halfSize;
        const double ox = ea.x + eb.x - std::abs(d.x);
        const double oy = ea.y + eb.y - std::abs(d.y);
        if (ox < -kTouchTolerance || oy < -kTouchTolerance)
            return std::nullopt;
        if (ox <= oy)
            return Contact{std::max(ox, 0.0), {d.x >= 0.0 ? 1.0 : -1.0, 0.0}};
        return Contact{std::max(oy, 0.0), {0.0, d.y >= 0.0 ? 1.0 : -1.0}};
    }

    const Vec2 ax = a.axisX(), ay = a.axisY(), bx = b.axisX(), by = b.axisY();
    // |dot| between the axes of a and of b, shared by the four projections.
    const double cxx = std::abs(dot(ax, bx)), cxy = std::abs(dot(ax, by));
    const double cyx = std::abs(dot(ay, bx)), cyy = std::abs(dot(ay, by));
    const Vec2 ha = a.halfSize, hb = b.halfSize;

    Best best;
    auto axis = [&](Vec2 u, double reachA, double reachB) {
        const double du = dot(d, u);
        const double overlap = reachA + reachB - std::abs(du);
        if (overlap < -kTouchTolerance)
            return false;
        if (overlap < best.depth) {
            best.depth = overlap;
            best.normal = du >= 0.0 ? u : -u;
        }
        return true;
    };
    if (!axis(ax, ha.x, hb.x * cxx + hb.y * cxy) || !axis(ay, ha.y, hb.x * cyx + hb.y * cyy) ||
        !axis(bx, ha.x * cxx + ha.y * cyx, hb.x) || !axis(by, ha.x * cxy + ha.y * cyy, hb.y))
        return std::nullopt;
    return finish(best);
}

std::optional<Contact> collideRectCircle(const OrientedRect &a, const Circle &b) {
    const Vec2 p = unrotate(a.rotation, b.center - a.center);
    const Vec2 h = a.halfSize;
    const double r = b.radius;
    if (std::abs(p.x) <= h.x && std::abs(p.y) <= h.y) {
        // Centre inside: leave through the nearest side.
        const double dx = h.x - std::abs(p.x);
        const double dy = h.y - std::abs(p.y);
        if (dx <= dy)
            return Contact{r + dx, rotate(a.rotation, {p.x >= 0.0 ? 1.0 : -1.0, 0.0})};
        return Contact{r + dy, rotate(a.rotation, {0.0, p.y >= 0.0 ? 1.0 : -1.0})};
    }
    const Vec2 q{std::clamp(p.x, -h.x, h.x), std::clamp(p.y, -h.y, h.y)};
    const Vec2 diff = p - q;
    const double dist = norm(diff);
    if (dist - r > kTouchTolerance)
        return std::nullopt;
    return Contact{std::max(r - dist, 0.0), rotate(a.rotation, diff / dist)};
}

std::optional<Contact> collideCircles(const Circle &a, const Circle &b) {
    const Vec2 d = b.center - a.center;
    const double dist = norm(d);
    const double sum = a.radius + b.radius;
    if (!(dist - sum <= kTouchTolerance))
        return std::nullopt;
    const Vec2 normal = dist >= kMinEdgeLength ? d / dist : Vec2{1.0, 0.0};
    return Contact{std::max(sum - dist, 0.0), normal};
}

std::optional<Contact> collide(const PreparedShape &a, const PreparedShape &b) {
    if (!a.valid || !b.valid)
        return std::nullopt;
    const auto ta = static_cast<unsigned>(a.type), tb = static_cast<unsigned>(b.type);
    if (ta >= kShapeTypeCount || tb >= kShapeTypeCount)
        return std::nullopt;
    return kPairTable[ta][tb](a, b);
}

std::optional<Contact> collide(const ShapeInput &a, const ShapeInput &b) {
    return collide(prepare(a), prepare(b));
}

} // namespace hitsmith::collision
