#include "narrowphase.h"

#include "capsule.h"

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

// The shallowest polygon axis so far, kept unnormalised so the SAT loop needs no square root:
// along the unit normal n / |n|, depth = -raw / |n| with raw = min_j dot(b_j - v, n).
struct BestAxis {
    double raw = 0.0;
    double lengthSquared = 0.0; // 0: no axis yet
    Vec2 normal;                // unnormalised, already pointing the way b must move
};

// Whether an axis (raw, lengthSquared) is shallower than the best so far, i.e. whether
// raw / |n| > best.raw / |n_best|, compared on squares to avoid the roots.
inline bool isShallower(double raw, double lengthSquared, const BestAxis &best) {
    if (best.lengthSquared == 0.0)
        return true;
    const bool up = raw >= 0.0, bestUp = best.raw >= 0.0;
    if (up != bestUp)
        return up;
    const double lhs = raw * raw * best.lengthSquared;
    const double rhs = best.raw * best.raw * lengthSquared;
    return up ? lhs > rhs : lhs < rhs;
}

// Tests the outward edge normals of `a` as axes against the vertices of `b`. Along the outward
// normal n of an edge of a, b's farthest reach into a is -min(dot(b_j - v, n)); pushing b along
// sign * n by that much separates them. Returns false on the first separating axis.
bool polygonAxes(const PolygonView &a, const PolygonView &b, double sign, BestAxis &best) {
    constexpr double kMinEdgeLengthSquared = kMinEdgeLength * kMinEdgeLength;
    constexpr double kTouchToleranceSquared = kTouchTolerance * kTouchTolerance;
    const Vec2 *pa = a.points;
    const Vec2 *pb = b.points;
    const std::uint32_t na = a.count;
    const std::uint32_t nb = b.count;
    for (std::uint32_t i = 0; i < na; ++i) {
        const Vec2 v = pa[i];
        const Vec2 e = pa[i + 1 == na ? 0 : i + 1] - v;
        const double lengthSquared = dot(e, e);
        if (!(lengthSquared >= kMinEdgeLengthSquared))
            continue;
        const Vec2 n = Vec2{e.y, -e.x} * a.orientation;
        double raw = kInf;
        for (std::uint32_t j = 0; j < nb; ++j)
            raw = std::min(raw, dot(pb[j] - v, n));
        // Separated by more than the tolerance: raw / |n| > kTouchTolerance.
        if (raw > 0.0 && raw * raw > kTouchToleranceSquared * lengthSquared)
            return false;
        if (isShallower(raw, lengthSquared, best))
            best = {raw, lengthSquared, n * sign};
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

std::optional<Contact> flip(std::optional<Contact> c) {
    return c ? std::optional(flipped(*c)) : std::nullopt;
}
std::optional<Contact> polyCapsule(const PreparedShape &a, const PreparedShape &b) {
    return collidePolygonCapsule(a.polygon, b.capsule);
}
std::optional<Contact> rectCapsule(const PreparedShape &a, const PreparedShape &b) {
    return collideRectCapsule(a.rect, b.capsule);
}
std::optional<Contact> circleCapsule(const PreparedShape &a, const PreparedShape &b) {
    return flip(collideCapsuleCircle(b.capsule, a.circle));
}
std::optional<Contact> capsulePoly(const PreparedShape &a, const PreparedShape &b) {
    return flip(collidePolygonCapsule(b.polygon, a.capsule));
}
std::optional<Contact> capsuleRect(const PreparedShape &a, const PreparedShape &b) {
    return flip(collideRectCapsule(b.rect, a.capsule));
}
std::optional<Contact> capsuleCircle(const PreparedShape &a, const PreparedShape &b) {
    return collideCapsuleCircle(a.capsule, b.circle);
}
std::optional<Contact> capsuleCapsule(const PreparedShape &a, const PreparedShape &b) {
    return collideCapsules(a.capsule, b.capsule);
}

// Indexed [a.type][b.type], in GeometryKind order: Polygon, Rect, Circle, Capsule.
constexpr PairFn kPairTable[kGeometryKindCount][kGeometryKindCount] = {
    {polyPoly, polyRect, polyCircle, polyCapsule},
    {rectPoly, rectRect, rectCircle, rectCapsule},
    {circlePoly, circleRect, circleCircle, circleCapsule},
    {capsulePoly, capsuleRect, capsuleCircle, capsuleCapsule},
};

} // namespace

std::optional<Contact> collidePolygons(const PolygonView &a, const PolygonView &b) {
    if (a.count < 3 || b.count < 3)
        return std::nullopt;
    BestAxis best;
    if (!polygonAxes(a, b, 1.0, best) || !polygonAxes(b, a, -1.0, best))
        return std::nullopt;
    if (best.lengthSquared == 0.0)
        return std::nullopt; // no usable edge at all
    const double length = std::sqrt(best.lengthSquared);
    return Contact{std::max(-best.raw / length, 0.0), best.normal / length};
}

std::optional<Contact> collidePolygonRect(const PolygonView &a, const OrientedRect &b) {
    constexpr double kMinEdgeLengthSquared = kMinEdgeLength * kMinEdgeLength;
    constexpr double kTouchToleranceSquared = kTouchTolerance * kTouchTolerance;
    const std::uint32_t n = a.count;
    if (n < 3)
        return std::nullopt;
    const Vec2 ux = b.axisX(), uy = b.axisY(), h = b.halfSize, c = b.center;
    BestAxis best;
    // The polygon's edge normals: the rectangle's lowest point along n is its centre minus its
    // reach h.x |ux.n| + h.y |uy.n|, so each axis costs O(1) instead of four corners.
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 v = a.points[i];
        const Vec2 e = a.points[i + 1 == n ? 0 : i + 1] - v;
        const double lengthSquared = dot(e, e);
        if (!(lengthSquared >= kMinEdgeLengthSquared))
            continue;
        const Vec2 normal = Vec2{e.y, -e.x} * a.orientation;
        const double raw = dot(c - v, normal) -
                           (h.x * std::abs(dot(ux, normal)) + h.y * std::abs(dot(uy, normal)));
        if (raw > 0.0 && raw * raw > kTouchToleranceSquared * lengthSquared)
            return std::nullopt;
        if (isShallower(raw, lengthSquared, best))
            best = {raw, lengthSquared, normal};
    }
    if (best.lengthSquared == 0.0)
        return std::nullopt; // no usable edge
    // The rectangle's two axes: the polygon's extent in the rectangle's frame. Leaving through
    // the rectangle's +u side moves the rectangle along -u by h - min, and the other way by
    // h + max; both are unit axes, so raw = -depth.
    double minX = kInf, maxX = -kInf, minY = kInf, maxY = -kInf;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 p = a.points[i] - c;
        const double px = dot(p, ux), py = dot(p, uy);
        minX = std::min(minX, px);
        maxX = std::max(maxX, px);
        minY = std::min(minY, py);
        maxY = std::max(maxY, py);
    }
    const double rawAxes[4] = {minX - h.x, -h.x - maxX, minY - h.y, -h.y - maxY};
    const Vec2 normals[4] = {-ux, ux, -uy, uy};
    for (int k = 0; k < 4; ++k) {
        if (rawAxes[k] > kTouchTolerance)
            return std::nullopt;
        if (isShallower(rawAxes[k], 1.0, best))
            best = {rawAxes[k], 1.0, normals[k]};
    }
    const double length = std::sqrt(best.lengthSquared);
    return Contact{std::max(-best.raw / length, 0.0), best.normal / length};
}

std::optional<Contact> collidePolygonCircle(const PolygonView &a, const Circle &b) {
    constexpr double kMinEdgeLengthSquared = kMinEdgeLength * kMinEdgeLength;
    const std::uint32_t n = a.count;
    if (n < 3)
        return std::nullopt;
    const Vec2 c = b.center;
    const double r = b.radius;
    const double reachSquared = (r + kTouchTolerance) * (r + kTouchTolerance);
    // The edge whose line the centre is farthest beyond (raw / |n| largest), root-free as in the
    // polygon SAT.
    BestAxis farthest;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 v = a.points[i];
        const Vec2 e = a.points[i + 1 == n ? 0 : i + 1] - v;
        const double lengthSquared = dot(e, e);
        if (!(lengthSquared >= kMinEdgeLengthSquared))
            continue;
        const Vec2 normal = Vec2{e.y, -e.x} * a.orientation;
        const double raw = dot(c - v, normal);
        if (raw > 0.0 && raw * raw > reachSquared * lengthSquared)
            return std::nullopt; // the circle lies beyond this edge
        if (isShallower(raw, lengthSquared, farthest))
            farthest = {raw, lengthSquared, normal};
    }
    if (farthest.lengthSquared == 0.0)
        return std::nullopt;
    const double length = std::sqrt(farthest.lengthSquared);
    const Vec2 edgeNormal = farthest.normal / length;
    if (farthest.raw <= 0.0) // centre inside: leave through the nearest edge
        return Contact{r - farthest.raw / length, edgeNormal};

    // Centre outside: the axis runs from the nearest boundary point, which is a vertex when the
    // centre lies in a vertex region. That point lies on an edge the centre is beyond (an edge
    // interior faces it; at a vertex, one of its two edges does). Scanning all such edges, not
    // only the farthest one, keeps this exact when collinear vertices tie several edges.
    double bestD2 = kInf;
    Vec2 bestDiff;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec2 v = a.points[i];
        const Vec2 e = a.points[i + 1 == n ? 0 : i + 1] - v;
        const Vec2 cv = c - v;
        if (dot(cv, Vec2{e.y, -e.x} * a.orientation) <= 0.0)
            continue;
        const double ee = dot(e, e);
        const double t = ee > 0.0 ? std::clamp(dot(cv, e) / ee, 0.0, 1.0) : 0.0;
        const Vec2 diff = cv - e * t;
        const double d2 = dot(diff, diff);
        if (d2 < bestD2) {
            bestD2 = d2;
            bestDiff = diff;
        }
    }
    const double dist = std::sqrt(bestD2);
    if (dist - r > kTouchTolerance)
        return std::nullopt;
    const Vec2 normal = dist >= kMinEdgeLength ? bestDiff / dist : edgeNormal;
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
    if (ta >= kGeometryKindCount || tb >= kGeometryKindCount)
        return std::nullopt;
    const auto contact = kPairTable[ta][tb](a, b);
    // Coordinates near the limits of double can overflow inside the tests; such a result means
    // nothing, so it is no hit rather than a NaN or infinite contact.
    if (contact && !(std::isfinite(contact->depth) && isFinite(contact->normal)))
        return std::nullopt;
    return contact;
}

std::optional<Contact> collide(const ShapeInput &a, const ShapeInput &b) {
    return collide(prepare(a), prepare(b));
}

} // namespace hitsmith::collision
