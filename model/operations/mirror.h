#pragma once

#include "documentdata.h"

#include <QPointF>
#include <QSizeF>
#include <QStringList>

namespace hitsmith::operations {

/// Which way a mirror flips: Horizontal swaps left and right (x), Vertical swaps up and down (y).
enum class MirrorAxis { Horizontal, Vertical };

/// The point a frame is mirrored about: its origin (pivot), else the centre of its source cell,
/// else the centre of an image of imageSize (an empty size gives (0, 0)).
QPointF mirrorPivot(const Frame &frame, QSizeF imageSize);

/// The shape mirrored about pivot. Polygons keep their winding (the first vertex stays first and
/// the rest are reversed), rectangles get the negated angle, circles move. Id, layer, properties
/// and unknown fields are kept. Mirroring twice about the same pivot gives the shape back.
Shape mirrored(const Shape &shape, MirrorAxis axis, QPointF pivot);

/// Every shape of the frame mirrored about pivot (the frame's own fields unchanged).
Frame mirrored(const Frame &frame, MirrorAxis axis, QPointF pivot);

/// A mirrored copy of a sprite named newName, for the other facing: the image is flipped by
/// reference (flip toggled on axis), each frame's source cell moves to where the flipped image
/// has it, and origin and shapes are mirrored within the cell, so boxes stay on the pixels they
/// covered. imageSize is the size of the sprite's image (empty when it has none: cells without a
/// source are then mirrored about their origin).
Sprite mirroredCopy(const Sprite &sprite, MirrorAxis axis, QSizeF imageSize,
                    const QString &newName);

/// The name a mirrored copy of a sprite named name gets by default: the facing word at its end
/// swapped ("knight-right" -> "knight-left", "bat_left" -> "bat_right"), else "-left" appended
/// ("knight" -> "knight-left"). A name in taken gets "-2", "-3", ... until it is free.
QString mirroredSpriteName(const QString &name, const QStringList &taken);

/// The flip after flipping once more on axis (Horizontal twice is None).
ImageFlip toggled(ImageFlip flip, MirrorAxis axis);

} // namespace hitsmith::operations
