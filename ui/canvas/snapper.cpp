#include "snapper.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace hitsmith {

QPointF Snapper::snap(QPointF point, const QList<Shape> &shapes, int skipShape,
                      double scale) const {
    if (snapToVertices) {
        const double reach = kVertexSnapDistance / scale;
        double best = reach * reach;
        std::optional<QPointF> found;
        for (int i = 0; i < shapes.size(); ++i) {
            if (i == skipShape)
                continue;
            const Shape &s = shapes[i];
            // A cheap bounds test first: thousands of shapes are scanned on every mouse move.
            if (!s.boundingRect().adjusted(-reach, -reach, reach, reach).contains(point))
                continue;
            const QPolygonF corners = s.type == ShapeType::Circle || s.type == ShapeType::Point
                                          ? QPolygonF({s.center})
                                      : s.type == ShapeType::Capsule ? QPolygonF(s.points)
                                                                     : s.outline();
            for (const QPointF &v : corners) {
                const QPointF d = v - point;
                const double d2 = QPointF::dotProduct(d, d);
                if (d2 <= best) {
                    best = d2;
                    found = v;
                }
            }
        }
        if (found)
            return *found;
    }
    if (snapToGrid && gridSize > 0)
        return {std::round(point.x() / gridSize) * gridSize,
                std::round(point.y() / gridSize) * gridSize};
    if (snapToPixels)
        return {std::round(point.x()), std::round(point.y())};
    return point;
}

double Snapper::snapLength(double length) const {
    if (snapToGrid && gridSize > 0)
        return std::max(gridSize, std::round(length / gridSize) * gridSize);
    if (snapToPixels)
        return std::max(1.0, std::round(length));
    return length;
}

} // namespace hitsmith
