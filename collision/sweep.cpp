#include "sweep.h"
#include "rounded.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::collision {

namespace {

struct Disc {
    Vec2 c;
    double r = 0.0;
};

// The x extent on the line y = 0 of the convex hull of discs (radius 0: points). Its endpoints
// lie on the hull's boundary: on a disc, or on an outer common tangent segment of two discs.
// Every such disc and segment lies inside the hull, so the extremes over all of them are the
// hull's extremes on the line.
std::optional<Interval> discHullOnLine(const std::vector<Disc> &discs) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    double lo = inf, hi = -inf;
    const auto add = [&](double x) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    };
    const auto addSegment = [&](Vec2 p, Vec2 q) {
        if (p.y == 0.0)
            add(p.x);
        if (q.y == 0.0)
            add(q.x);
        if ((p.y < 0.0 && q.y > 0.0) || (p.y > 0.0 && q.y < 0.0))
            add(p.x + (0.0 - p.y) * (q.x - p.x) / (q.y - p.y));
    };
    for (const Disc &d : discs)
        if (std::abs(d.c.y) <= d.r) {
            const double half = std::sqrt((d.r - d.c.y) * (d.r + d.c.y));
            add(d.c.x - half);
            add(d.c.x + half);
        }
    for (std::size_t i = 0; i < discs.size(); ++i) {
        for (std::size_t j = i + 1; j < discs.size(); ++j) {
            const Vec2 d = discs[j].c - discs[i].c;
            const double len = length(d);
            const double dr = discs[i].r - discs[j].r;
            if (!(len > std::abs(dr)))
                continue; // one disc inside the other: no outer tangent
            // A tangent's outward normal n: n.c_i + r_i = n.c_j + r_j, so n.d = dr.
            const Vec2 u = d * (1.0 / len), v{-u.y, u.x};
            const double cosA = dr / len, sinA = std::sqrt(std::max(0.0, 1.0 - cosA * cosA));
            for (double sign : {1.0, -1.0}) {
                const Vec2 n = u * cosA + v * (sign * sinA);
                addSegment(discs[i].c + n * discs[i].r, discs[j].c + n * discs[j].r);
            }
        }
    }
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi))
        return std::nullopt;
    return Interval{lo, hi};
}

} // namespace

std::optional<Interval> sweptRangeX(const ShapeInput &from, const ShapeInput &to,
                                    const ShapeInput &b) {
    const std::optional<Rounded> r1 = roundedOf(from), r2 = roundedOf(to), rb = roundedOf(b);
    if (!r1 || !r2 || !rb)
        return std::nullopt;
    if (r1->radius == r2->radius) {
        // Equal radii (two polygons or rectangles, or two equal circles: a capsule): the hull is
        // the hull of both point sets rounded by that radius, computed as range does.
        Rounded hull{r1->points, r1->radius};
        hull.points.insert(hull.points.end(), r2->points.begin(), r2->points.end());
        return roundedRangeX(hull, *rb);
    }
    // Unequal radii (a circle that grows, or a circle becoming a polygon): the Minkowski
    // difference hull(from, to) - b is the hull of the discs p - q rounded by r_p + r_b.
    std::vector<Disc> discs;
    for (const Rounded *a : {&*r1, &*r2})
        for (Vec2 p : a->points)
            for (Vec2 q : rb->points)
                discs.push_back({p - q, a->radius + rb->radius});
    return discHullOnLine(discs);
}

std::vector<Interval> subtractIntervals(std::span<const Interval> from,
                                        std::span<const Interval> minus) {
    const std::vector<Interval> cut = mergeIntervals({minus.begin(), minus.end()});
    std::vector<Interval> result;
    for (Interval piece : from) {
        const bool untouched = std::none_of(cut.begin(), cut.end(), [&](const Interval &m) {
            return m.hi >= piece.lo && m.lo <= piece.hi;
        });
        if (untouched) { // kept whole, a single touching offset too
            result.push_back(piece);
            continue;
        }
        double lo = piece.lo;
        for (const Interval &m : cut) {
            if (m.hi < lo || m.lo > piece.hi)
                continue;
            if (m.lo > lo)
                result.push_back({lo, m.lo});
            lo = std::max(lo, m.hi);
        }
        if (lo < piece.hi)
            result.push_back({lo, piece.hi});
    }
    return result;
}

} // namespace hitsmith::collision
