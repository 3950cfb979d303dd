#pragma once

// Boost.Geometry's distance between two "cores" (a point, a segment or a convex polygon given by
// its vertices), for oracles of rounded shapes: a circle is its centre grown by its radius, a
// capsule its segment grown by its radius (issue 43). Shares no code with the collision library.

#include "collision/vec2.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <vector>

namespace hitsmith::collision::test {

namespace coredetail {
namespace bg = boost::geometry;
using Point = bg::model::d2::point_xy<double>;
using Polygon = bg::model::polygon<Point>;
using Line = bg::model::linestring<Point>;

inline Point point(const std::vector<Vec2> &pts) {
    return Point(pts[0].x, pts[0].y);
}
inline Line line(const std::vector<Vec2> &pts) {
    Line l;
    for (const Vec2 &p : pts)
        l.push_back(Point(p.x, p.y));
    return l;
}
inline Polygon polygon(const std::vector<Vec2> &pts) {
    Polygon poly;
    for (const Vec2 &p : pts)
        bg::append(poly.outer(), Point(p.x, p.y));
    bg::correct(poly);
    return poly;
}
} // namespace coredetail

/// Distance between two cores (1 point, 2 a segment, >= 3 a convex polygon); 0 when they meet.
inline double coreDistance(const std::vector<Vec2> &a, const std::vector<Vec2> &b) {
    using namespace coredetail;
    if (a.size() > b.size())
        return coreDistance(b, a);
    if (a.size() == 1) {
        if (b.size() == 1)
            return bg::distance(point(a), point(b));
        if (b.size() == 2)
            return bg::distance(point(a), line(b));
        return bg::distance(point(a), polygon(b));
    }
    if (a.size() == 2 && b.size() == 2)
        return bg::distance(line(a), line(b));
    if (a.size() == 2) {
        // 0 when an end lies inside or the segment crosses the outline, else the distance to the
        // outline (Boost's linestring-polygon distance trips GCC's maybe-uninitialized warning).
        const Polygon poly = polygon(b);
        Line outline(poly.outer().begin(), poly.outer().end());
        const Line segment = line(a);
        if (bg::within(point(a), poly) || bg::intersects(segment, outline))
            return 0.0;
        return bg::distance(segment, outline);
    }
    return bg::distance(polygon(a), polygon(b));
}

} // namespace hitsmith::collision::test
