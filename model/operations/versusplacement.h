#pragma once

// Where a versus pair's shapes stand: the attacker's frame with its origin at (0, 0) facing
// right, the defender's frame with its origin at an offset, mirrored about its origin when it
// faces the attacker.

#include "documentdata.h"

#include <QPointF>

namespace hitsmith {

/// The attacker's shape in versus space: moved so that the frame's origin is at `position`, the
/// root motion accumulated up to that frame (Sprite::rootPosition; (0, 0) without motion).
Shape placeAttackerShape(const Shape &shape, const Frame &frame, QPointF position);

/// The defender's shape in versus space: moved so that the frame's origin is at `offset`, and
/// mirrored horizontally about that origin unless `facing` is Facing::Same (a rectangle's angle
/// changes sign; a polygon keeps its vertex order, so its winding flips).
Shape placeDefenderShape(const Shape &shape, const Frame &frame, QPointF offset, Facing facing);

} // namespace hitsmith
