#pragma once

// Stage 3b of tracing: the simplified outline's vertices moved to where its edges fit the
// contour best, within the same tolerance.

#include <QPolygonF>
#include <QRectF>

namespace hitsmith::operations {

/// The closed contour simplified to tolerance pixels with its edges fitted to the contour:
/// Douglas-Peucker (simplifiedOutline) picks which stretches of contour become edges, then each
/// edge is put on the least-squares line through its stretch and each vertex where the lines of
/// its two edges meet. A chord between contour points cuts every convex bump and fills every dent,
/// so plain Douglas-Peucker loses area on one side; the fitted edges balance it. Guarantees, else
/// the vertex stays on the contour: every contour vertex lies within tolerance of the edge that
/// replaces it, every vertex within tolerance of the contour and inside bounds (when valid; the
/// mask's extent, so pieces stay in the cell), and the result is simple with positive area (for a
/// simple input). tolerance <= 0 only drops collinear vertices.
QPolygonF fittedOutline(const QPolygonF &contour, double tolerance, const QRectF &bounds = {});

} // namespace hitsmith::operations
