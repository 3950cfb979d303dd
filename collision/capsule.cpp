#include "capsule.h"

#include "narrowphase.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hitsmith::collision {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Closest point to `x` on the segment a0-a1.
Vec2 closestOnSegment(Vec2 x, Vec2 a0, Vec2 a1) {
    const Vec2 d = a1 - a0;
    const double l2 = dot(d, d);
    if (!(l2 > 0.0))
        return a0;
    const double t = std::clamp(dot(x - a0, d) / l2, 0.0, 1.0);
    return a0 + d * t;
}

double orient(Vec2 a, Vec2 b, Vec2 c) {
    return cross(b - a, c - a);
}

bool segmentsCross(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
    const double d1 = orient(b0, b1, a0), d2 = orient(b0, b1, a1);
    const double d3 = orient(a0, a1, b0), d4 = orient(a0, a1, b1);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

struct Closest {
    double distanceSquared = kInf;
    Vec2 onA;
    Vec2 onB;
};

void consider(Closest &best, Vec2 onA, Vec2 onB) {
    const double d2 = lengthSquared(onB - onA);
    if (d2 < best.distanceSquared)
        best = {d2, onA, onB};
}

// Closest points between segments a0-a1 and b0-b1 that do not properly cross: the minimum is
// reached at an end of one of them.
void closestSegments(Closest &best, Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
    consider(best, closestOnSegment(b0, a0, a1), b0);
    consider(best, closestOnSegment(b1, a0, a1), b1);
    consider(best, a0, closestOnSegment(a0, b0, b1));
    consider(best, a1, closestOnSegment(a1, b0, b1));
}

// Support value of a point set along n: max dot(p, n).
double support(std::span<const Vec2> pts, Vec2 n) {
    double m = -kInf;
    for (Vec2 p : pts)
        m = std::max(m, dot(p, n));
    return m;
}

} // namespace

double segmentDistance(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
    if (segmentsCross(a0, a1, b0, b1))
        return 0.0;
    Closest best;
    closestSegments(best, a0, a1, b0, b1);
    return std::sqrt(best.distanceSquared);
}

std::optional<Contact> collideHullCapsule(std::span<const Vec2> a, double ra, const Capsule &b) {
    if (a.empty() || !isUsableCapsule(b) || !std::isfinite(ra) || ra < 0.0)
        return std::nullopt;
    const std::array<Vec2, 2> seg{b.p, b.q};
    const double radii = ra + b.radius;
    const std::size_t n = a.size();
    double orientation = 1.0, area = 0.0;
    if (n >= 3) {
        for (std::size_t i = 0; i < n; ++i)
            area += cross(a[i], a[(i + 1) % n]);
        orientation = area >= 0.0 ? 1.0 : -1.0;
    }

    // Do the cores (a and the segment) intersect? Then the distance is 0. An end inside a: only
    // for a polygon with area (one of zero area, such as a rectangle of size 0, has no inside
    // and no usable normals; the segment tests below find where it meets the capsule).
    bool intersect = false;
    Closest best;
    if (n >= 3 && area != 0.0) {
        for (Vec2 x : seg) {
            bool inside = true;
            for (std::size_t i = 0; i < n && inside; ++i) {
                const Vec2 e = a[(i + 1) % n] - a[i];
                if (dot(x - a[i], Vec2{e.y, -e.x} * orientation) > 0.0)
                    inside = false;
            }
            intersect = intersect || inside;
        }
    }
    const std::size_t edges = n == 1 ? 1 : (n == 2 ? 1 : n);
    for (std::size_t i = 0; i < edges && !intersect; ++i) {
        const Vec2 a0 = a[i], a1 = a[n == 1 ? 0 : (i + 1) % n];
        if (segmentsCross(a0, a1, b.p, b.q)) {
            intersect = true;
            break;
        }
        closestSegments(best, a0, a1, b.p, b.q);
    }
    if (!intersect && best.distanceSquared > 0.0) {
        const double d = std::sqrt(best.distanceSquared);
        if (!std::isfinite(d) || d > radii + kTouchTolerance)
            return std::nullopt;
        return Contact{std::max(radii - d, 0.0), (best.onB - best.onA) / d};
    }

    // Cores intersect: SAT over every face normal of the Minkowski difference a - segment. Extra
    // axes never lower the minimum, so both directions of every edge's normal and direction are
    // tried where a shape is a segment or a point.
    double bestDepth = kInf;
    Vec2 bestNormal{1.0, 0.0};
    auto tryAxis = [&](Vec2 axis) {
        const double len = length(axis);
        if (!(len >= kMinEdgeLength))
            return;
        const Vec2 u = axis / len;
        const double overlap = support(a, u) + support(seg, -u);
        if (overlap < bestDepth) {
            bestDepth = overlap;
            bestNormal = u;
        }
    };
    if (n >= 3) {
        for (std::size_t i = 0; i < n; ++i) {
            const Vec2 e = a[(i + 1) % n] - a[i];
            tryAxis(Vec2{e.y, -e.x} * orientation);
        }
    } else if (n == 2) {
        const Vec2 e = a[1] - a[0];
        for (Vec2 axis : {Vec2{e.y, -e.x}, Vec2{-e.y, e.x}, e, -e})
            tryAxis(axis);
    }
    const Vec2 s = b.q - b.p;
    for (Vec2 axis : {Vec2{s.y, -s.x}, Vec2{-s.y, s.x}, s, -s})
        tryAxis(axis);
    if (bestDepth == kInf) // both cores points at one place
        bestDepth = 0.0;
    if (!std::isfinite(bestDepth))
        return std::nullopt;
    return Contact{std::max(bestDepth, 0.0) + radii, bestNormal};
}

std::optional<Contact> collideCapsules(const Capsule &a, const Capsule &b) {
    if (!isUsableCapsule(a))
        return std::nullopt;
    const std::array<Vec2, 2> pts{a.p, a.q};
    return collideHullCapsule(pts, a.radius, b);
}

std::optional<Contact> collideCapsuleCircle(const Capsule &a, const Circle &b) {
    return collideCapsules(a, Capsule{b.center, b.center, b.radius});
}

std::optional<Contact> collidePolygonCapsule(const PolygonView &a, const Capsule &b) {
    return collideHullCapsule(a.span(), 0.0, b);
}

std::optional<Contact> collideRectCapsule(const OrientedRect &a, const Capsule &b) {
    const std::array<Vec2, 4> pts{a.corner(0), a.corner(1), a.corner(2), a.corner(3)};
    return collideHullCapsule(pts, 0.0, b);
}

} // namespace hitsmith::collision
