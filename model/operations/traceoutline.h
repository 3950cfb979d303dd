#pragma once

// Stage 2 of tracing: the outline of each connected part of a mask, by marching squares over
// pixel corners (the boundary between solid and empty pixels).

#include "tracemask.h"

#include <QList>
#include <QPolygonF>

namespace hitsmith::operations {

/// Whether outlines keep the holes of a part (a hitbox rarely wants one).
enum class HoleMode { Ignore, Keep };

/// The outline of one connected part: a simple polygon and, with HoleMode::Keep, its holes.
struct PartOutline {
    QPolygonF outer;          ///< clockwise on screen (y down), no collinear vertices
    QList<QPolygonF> holes;   ///< counter-clockwise on screen
    qsizetype pixelCount = 0; ///< solid pixels of the part
};

/// One outline per 8-connected part, in the order of each part's first pixel (row by row). The
/// outline runs along pixel edges, so its area is the part's pixel count; where two pixels of a
/// part touch only at a corner the outline cuts that corner by a quarter pixel so that it never
/// touches itself.
QList<PartOutline> traceOutlines(const AlphaMask &mask, HoleMode holes = HoleMode::Ignore);

/// Signed area by the shoelace formula; positive for clockwise on screen (y down).
double signedArea(const QPolygonF &polygon);

} // namespace hitsmith::operations
