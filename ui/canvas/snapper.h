#pragma once

#include "shape.h"

#include <QList>
#include <QPointF>

namespace hitsmith {

/// Where a dragged or placed point lands: on other shapes' vertices (within a few screen
/// pixels), else on the grid, else on whole pixels. Holding Alt suspends all snapping.
class Snapper {
public:
    bool snapToPixels = true;
    bool snapToGrid = false;
    bool snapToVertices = false;
    double gridSize = 8.0;
    /// How close, in screen pixels, a vertex must be to attract the point.
    static constexpr double kVertexSnapDistance = 8.0;

    /// The snapped point. shapes are the frame's shapes; the one at skipShape (-1: none) is the
    /// one being edited and does not attract. scale is device pixels per frame pixel.
    QPointF snap(QPointF point, const QList<Shape> &shapes, int skipShape, double scale) const;
    /// Snaps a length (circle radius, rect size) to whole pixels or grid steps.
    double snapLength(double length) const;
};

} // namespace hitsmith
