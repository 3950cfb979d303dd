#pragma once

// Stage 4 of tracing: convex pieces of a simple polygon, or one convex hull, within a vertex
// budget (Box2D takes at most 8 vertices per polygon).

#include "documentdata.h"

#include <QList>
#include <QPolygonF>

#include <optional>

namespace hitsmith::operations {

/// The simple polygon (either winding, no holes) split into convex pieces with at most
/// maxVertices vertices each (0 = no limit; 1 and 2 count as 3). The pieces tile the polygon
/// exactly and use only its vertices: an ear-clipping triangulation whose triangles are merged
/// across diagonals while the union stays convex and within the budget (Hertel-Mehlhorn), tried
/// from several starting vertices, keeping the fewest pieces. Pieces are clockwise on screen and
/// have no collinear vertices. An empty list for fewer than 3 vertices.
QList<QPolygonF> convexPieces(const QPolygonF &polygon, int maxVertices);

/// The convex hull of the points with at most maxVertices vertices (0 = no limit): while over
/// the budget, the vertex whose removal loses the least area goes. Clockwise on screen; empty
/// when the points have no area.
QPolygonF convexHullPiece(const QPolygonF &points, int maxVertices);

/// A concave but simple polygon as convex pieces on its layer (the "Split into Convex Pieces"
/// fix): the first keeps the shape's id, the others get id-2, id-3, ... skipping ids frame
/// already uses. Nothing when shape is not a polygon, crosses itself, has no area, or is
/// already convex (one piece).
std::optional<QList<Shape>> splitIntoConvexPieces(const Shape &shape, const Frame &frame,
                                                  int maxVertices = 8);

} // namespace hitsmith::operations
