#pragma once

#include "shape.h"

#include <QList>
#include <QPointF>

#include <optional>

namespace hitsmith::operations {

/// The polygon replaced by the convex hull of its vertices (counter-clockwise on a y-down screen
/// as the hull comes, repeated and collinear points dropped). Nothing when shape is not a polygon
/// or its hull has fewer than 3 vertices: a hull of collinear points would be no better.
std::optional<Shape> replacedByConvexHull(const Shape &shape);

/// The polygon without vertex index. Nothing when shape is not a polygon, index is out of range
/// or fewer than 3 vertices would remain.
std::optional<Shape> withoutVertex(const Shape &shape, int index);

/// The polygon without the vertices at indices (any order, duplicates and out-of-range indices
/// ignored). Nothing when shape is not a polygon, no index is in range, or fewer than 3 vertices
/// would remain.
std::optional<Shape> withoutVertices(const Shape &shape, const QList<int> &indices);

/// Every shape moved by offset.
QList<Shape> translated(QList<Shape> shapes, QPointF offset);

/// True when a and b have the same type and exactly the same geometry (id and layer aside).
bool hasSameGeometry(const Shape &a, const Shape &b);

} // namespace hitsmith::operations
