#include "range.h"
#include "rounded.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::collision {

namespace {

// Andrew's monotone chain; collinear points dropped. Returns 1 point, 2 (a segment) or a convex
// polygon in counter-clockwise order (y up).
std::vector<Vec2> convexHull(std::vector<Vec2> pts) {
    std::sort(pts.begin(), pts.end(),
              [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() < 3)
        return pts;
    std::vector<Vec2> hull(2 * pts.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && cross(hull[k - 1] - hull[k - 2], pts[i] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = pts[i];
    }
    for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross(hull[k - 1] - hull[k - 2], pts[i] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = pts[i];
    }
    hull.resize(k - 1);
    return hull;
}

// Grows [lo, hi] by the x extent of a convex polygon (or segment or point) on the line y = 0.
void addConvexOnLine(std::span<const Vec2> poly, double &lo, double &hi) {
    const std::size_t n = poly.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 p = poly[i];
        if (p.y == 0.0) {
            lo = std::min(lo, p.x);
            hi = std::max(hi, p.x);
        }
        if (n == 1)
            break;
        const Vec2 q = poly[(i + 1) % n];
        if ((p.y < 0.0 && q.y > 0.0) || (p.y > 0.0 && q.y < 0.0)) {
            const double x = p.x + (0.0 - p.y) * (q.x - p.x) / (q.y - p.y);
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
        if (n == 2)
            break;
    }
}

} // namespace

std::optional<Rounded> roundedOf(const ShapeInput &shape) {
    const PreparedShape p = prepare(shape);
    if (!p.valid)
        return std::nullopt;
    Rounded r;
    switch (p.type) {
    case GeometryKind::Polygon:
        r.points.assign(p.polygon.points, p.polygon.points + p.polygon.count);
        break;
    case GeometryKind::Rect:
        for (int k = 0; k < 4; ++k)
            r.points.push_back(p.rect.corner(k));
        break;
    case GeometryKind::Circle:
        r.points.push_back(p.circle.center);
        r.radius = p.circle.radius;
        break;
    case GeometryKind::Capsule: // the segment rounded by the radius
        r.points.push_back(p.capsule.p);
        r.points.push_back(p.capsule.q);
        r.radius = p.capsule.radius;
        break;
    }
    return r;
}

std::optional<Interval> overlapRangeX(const ShapeInput &a, const ShapeInput &b) {
    const std::optional<Rounded> ra = roundedOf(a), rb = roundedOf(b);
    if (!ra || !rb)
        return std::nullopt;
    return roundedRangeX(*ra, *rb);
}

std::optional<Interval> roundedRangeX(const Rounded &a, const Rounded &b) {
    const Rounded *ra = &a, *rb = &b;
    // Minkowski difference a - b: the hull of every vertex difference, rounded by both radii.
    std::vector<Vec2> differences;
    differences.reserve(ra->points.size() * rb->points.size());
    for (Vec2 p : ra->points)
        for (Vec2 q : rb->points)
            differences.push_back(p - q);
    const std::vector<Vec2> hull = convexHull(std::move(differences));
    const double r = ra->radius + rb->radius;

    constexpr double inf = std::numeric_limits<double>::infinity();
    double lo = inf, hi = -inf;
    addConvexOnLine(hull, lo, hi);
    if (r > 0.0) {
        // The rounded hull is the hull plus a disc at every vertex plus a rectangle along every
        // edge; each meets the line in an interval and their union is the (convex) whole.
        for (Vec2 c : hull) {
            if (std::abs(c.y) <= r) {
                const double half = std::sqrt((r - c.y) * (r + c.y));
                lo = std::min(lo, c.x - half);
                hi = std::max(hi, c.x + half);
            }
        }
        const std::size_t n = hull.size();
        const std::size_t edges = n < 2 ? 0 : (n == 2 ? 1 : n);
        for (std::size_t i = 0; i < edges; ++i) {
            const Vec2 p = hull[i], q = hull[(i + 1) % n];
            const Vec2 e = q - p;
            const double len = length(e);
            if (!(len > 0.0))
                continue;
            const Vec2 off = Vec2{e.y, -e.x} * (r / len);
            const Vec2 band[4] = {p + off, q + off, q - off, p - off};
            addConvexOnLine(band, lo, hi);
        }
    }
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi))
        return std::nullopt;
    return Interval{lo, hi};
}

std::vector<Interval> mergeIntervals(std::vector<Interval> intervals) {
    std::sort(intervals.begin(), intervals.end(),
              [](const Interval &x, const Interval &y) { return x.lo < y.lo; });
    std::vector<Interval> merged;
    for (const Interval &i : intervals) {
        if (!merged.empty() && i.lo <= merged.back().hi)
            merged.back().hi = std::max(merged.back().hi, i.hi);
        else
            merged.push_back(i);
    }
    return merged;
}

std::vector<Interval> unionRangeX(std::span<const ShapeInput> fixed,
                                  std::span<const ShapeInput> moving,
                                  const LayerPairFilter &allowed) {
    std::vector<Interval> all;
    for (const ShapeInput &a : fixed) {
        for (const ShapeInput &b : moving) {
            if (allowed && !allowed(a.layer, b.layer))
                continue;
            if (const std::optional<Interval> i = overlapRangeX(a, b))
                all.push_back(*i);
        }
    }
    return mergeIntervals(std::move(all));
}

} // namespace hitsmith::collision
