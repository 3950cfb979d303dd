#pragma once

#include "shape.h"

#include <QPainterPath>

namespace hitsmith {

/// The stadium a capsule covers: the segment a..b grown by radius (a circle when a == b). Empty
/// when the radius is not a positive finite number.
QPainterPath capsulePath(QPointF a, QPointF b, double radius);

/// The area a shape covers as the canvas fills it: polygon, rect, circle or capsule; empty for a
/// point (a locator) and for a circle or capsule whose radius is not positive and finite.
QPainterPath filledShapePath(const Shape &shape);

} // namespace hitsmith
