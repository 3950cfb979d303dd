#pragma once

// "Never self-intersecting", judged by Boost.Geometry rather than by the product's own
// isSimplePolygon (which is the very condition the simplifier loops on, so a bug in it would be
// shared by the code and its test). An outline is simple when
//  - it has three vertices or more and no edge of length zero,
//  - no two of its edges meet, by boost::geometry::intersects on segments, except neighbours at
//    their shared vertex (and only there: a neighbour folding back over its edge meets it in more
//    than one point, found by boost::geometry::intersection),
//  - as a ring, boost::geometry::is_simple holds (for a ring Boost checks repeated points only),
//    and as a polygon (wound either way) boost::geometry::is_valid holds: no self-intersection,
//    self-touching or spike, and an area other than zero.
// (Not is_simple on the boundary as a closed linestring: Boost 1.74, Debian 12's, calls simple
// staircase outlines not simple, e.g. the 24-vertex blob of tst_model_operations_traceoutline.)
// simplicityProblem() names the first failure, empty when the outline is simple.

#include <QPolygonF>
#include <QString>
#include <QStringList>

// GCC 12 calls a member of Boost 1.74's rescale policy (used by is_valid) maybe-uninitialized
// in Release builds: a false positive inside Boost, silenced for its headers only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/ring.hpp>
#include <boost/geometry/geometries/segment.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <string>
#include <vector>

namespace boostsimplicity {

namespace bg = boost::geometry;
using Point = bg::model::d2::point_xy<double>;
using Segment = bg::model::segment<Point>;
using OpenRing = bg::model::ring<Point, true, false>;
using Polygon = bg::model::polygon<Point, true, false>; // clockwise in Boost's terms, open

inline Point point(QPointF p) {
    return Point(p.x(), p.y());
}

inline QString simplicityProblem(const QPolygonF &polygon) {
    const qsizetype n = polygon.size();
    if (n < 3)
        return QStringLiteral("%1 vertices").arg(n);
    std::vector<Segment> edges;
    for (qsizetype i = 0; i < n; ++i) {
        const Segment edge(point(polygon[i]), point(polygon[(i + 1) % n]));
        if (bg::equals(edge.first, edge.second))
            return QStringLiteral("edge %1 has length zero").arg(i);
        edges.push_back(edge);
    }
    for (qsizetype i = 0; i < n; ++i) {
        for (qsizetype j = i + 1; j < n; ++j) {
            const bool neighbours = j == i + 1 || (i == 0 && j == n - 1);
            if (!neighbours) {
                if (bg::intersects(edges[i], edges[j]))
                    return QStringLiteral("edges %1 and %2 meet").arg(i).arg(j);
                continue;
            }
            std::vector<Point> common;
            bg::intersection(edges[i], edges[j], common);
            // Two neighbours that share more than their vertex overlap (a fold-back).
            if (common.size() != 1)
                return QStringLiteral("neighbouring edges %1 and %2 share %3 points")
                    .arg(i)
                    .arg(j)
                    .arg(common.size());
        }
    }
    OpenRing ring;
    for (QPointF p : polygon)
        ring.push_back(point(p));
    if (!bg::is_simple(ring))
        return QStringLiteral("boost::geometry::is_simple says the ring is not simple");
    Polygon shape;
    shape.outer() = ring;
    if (bg::area(shape) == 0)
        return QStringLiteral("area zero");
    if (bg::area(shape) < 0)
        std::reverse(shape.outer().begin(), shape.outer().end());
    std::string why;
    if (!bg::is_valid(shape, why))
        return QStringLiteral("boost::geometry::is_valid: ") + QString::fromStdString(why);
    return {};
}

/// The outline's vertices, for a failure message (at most 64).
inline QString verticesOf(const QPolygonF &polygon) {
    QStringList points;
    for (qsizetype i = 0; i < polygon.size() && i < 64; ++i)
        points << QStringLiteral("(%1,%2)").arg(polygon[i].x()).arg(polygon[i].y());
    return points.join(u' ') + (polygon.size() > 64 ? QStringLiteral(" ...") : QString());
}

inline bool isSimple(const QPolygonF &polygon) {
    return simplicityProblem(polygon).isEmpty();
}

} // namespace boostsimplicity
