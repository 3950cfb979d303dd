#pragma once

// Tracing hitboxes from a sprite's alpha: mask -> outline -> simplify -> convex pieces -> shapes.

#include "documentdata.h"
#include "tracemask.h"

#include <QList>
#include <QPolygonF>
#include <QRect>

class QImage;

namespace hitsmith::operations {

/// What tracing makes of each connected part.
enum class TraceShapes { ConvexPieces, ConvexHull };

/// Every knob of the trace pipeline, with the defaults of `hitsmith-cli trace`.
struct TraceOptions {
    int alphaThreshold = 128; ///< a pixel is solid when its alpha is >= this (0..255)
    int grow = 0;             ///< whole pixels to grow (> 0) or shrink (< 0) the mask by
    double tolerance = 1.0;   ///< simplification tolerance in pixels
    int maxVertices = 8;      ///< vertex budget per piece; 0 = no limit
    TraceShapes shapes = TraceShapes::ConvexPieces;
    QString layer = QStringLiteral("hurtbox"); ///< layer of the traced shapes
};

/// The pieces traced from one mask, and what they cover.
struct TracedPieces {
    QList<QPolygonF> pieces; ///< valid convex polygons in mask pixels (y down)
    int partCount = 0;       ///< connected parts of the mask
    int droppedCount = 0;    ///< pieces refused by validation (none expected; reported, not kept)
    int speckCount = 0; ///< parts within a circle of the tolerance's radius: no piece (see docs)
};

/// The simplified outline of one part (outer as traceOutlines gives it) that the convex stage
/// splits: the corner-cut pixel outline simplified and fitted to options.tolerance with its
/// vertices inside bounds (fittedOutline). For convex pieces, simplified from several starting
/// points along a long outline, keeping the one that splits into the fewest pieces.
QPolygonF tracedOutline(const QPolygonF &outer, const TraceOptions &options,
                        const QRectF &bounds = {});

/// Runs outline, simplify and convex stages on a mask (already thresholded and grown).
TracedPieces tracePieces(const AlphaMask &mask, const TraceOptions &options);

/// The mask of cell under options: threshold, then grow or shrink.
AlphaMask traceMask(const QImage &image, const QRect &cell, const TraceOptions &options);

/// tracePieces(traceMask(image, cell, options), options) for every cell, in order, on up to
/// threads threads (0: one per core). The cells are independent, so the result is the same
/// whatever the threads.
QList<TracedPieces> traceCells(const QImage &image, const QList<QRect> &cells,
                               const TraceOptions &options, int threads = 0);

/// The pieces as Hitsmith polygons on options.layer, with ids trace-1, trace-2, ... skipping
/// ids frame already uses.
QList<Shape> tracedShapes(const QList<QPolygonF> &pieces, const TraceOptions &options,
                          const Frame &frame = {});

} // namespace hitsmith::operations
