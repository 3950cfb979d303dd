#pragma once

// Stage 3 of tracing: fewer vertices within a tolerance, without ever making the outline invalid.

#include <QPolygonF>

namespace hitsmith::operations {

/// The closed outline simplified by Douglas-Peucker to tolerance pixels, keeping only original
/// vertices. Where the result would cross or touch itself, fold back, fall below 3 vertices or
/// lose its area, the offending spans are refined with more original vertices until it does
/// not, so a simple input always gives a simple output with non-zero area. Collinear vertices
/// are dropped. tolerance <= 0 only drops collinear vertices.
QPolygonF simplifiedOutline(const QPolygonF &outline, double tolerance);

/// The outline with every corner cut at the middle of its edges (at most half a pixel), as
/// marching squares through pixel centres gives it: a pixel staircase becomes its diagonal
/// instead of a zigzag, so simplifying it neither bulges out nor caves in. Each corner gives
/// two points (one where an edge is shorter than a pixel).
QPolygonF cornerCutOutline(const QPolygonF &outline);

/// True when no two edges of the closed polygon cross or touch other than adjacent edges at
/// their shared vertex, no edge folds back onto its neighbour, and it has 3 or more vertices.
bool isSimplePolygon(const QPolygonF &polygon);

/// Start indices of the edges that cross or touch a non-adjacent edge, repeat a vertex or fold
/// back onto the next edge, ascending; empty for a simple polygon.
QList<qsizetype> offendingEdges(const QPolygonF &polygon);

/// The polygon without vertices that lie on the line through their neighbours.
QPolygonF withoutCollinearVertices(const QPolygonF &polygon);

} // namespace hitsmith::operations
