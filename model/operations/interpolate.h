#pragma once

#include "documentdata.h"
#include "operations/copyacrossframes.h"

#include <QList>
#include <QStringList>

namespace hitsmith::operations {

/// The shape between a (t = 0) and b (t = 1): positions, sizes and radii linear, rect angles
/// the short way round. Id, layer and properties come from a. Requires a.type == b.type and, for
/// polygons, equal vertex counts (see canInterpolate). t = 0 gives a and t = 1 gives b exactly.
Shape interpolated(const Shape &a, const Shape &b, double t);

/// True when a and b can be interpolated: same type and, for polygons, same vertex count.
bool canInterpolate(const Shape &a, const Shape &b);

/// The frames between two key frames, and what could not be paired.
struct Inbetweens {
    QList<QList<Shape>> frames; ///< per in-between frame: the interpolated shapes, in a's order
    QStringList onlyInFirst;    ///< ids the first key has and the second does not
    QStringList onlyInSecond;   ///< ids the second key has and the first does not
    QStringList mismatched;     ///< ids on both whose type or vertex count differ
    bool operator==(const Inbetweens &other) const = default;
};

/// Shapes for count frames evenly between first and second (t = k / (count + 1)), paired by id.
/// Shapes that cannot be paired are reported, never guessed.
Inbetweens inbetweens(const Frame &first, const Frame &second, int count);

/// frame with the shapes of shapes set: a shape with the same id is replaced where it is, any
/// other is appended; the frame's other shapes are kept.
Frame withShapes(Frame frame, const QList<Shape> &shapes);

/// Interpolation moves geometry only: each of shapes whose id already exists on frame takes that
/// shape's layer, properties and unknown fields (a blade's damage on an in-between frame stays).
QList<Shape> keepingFrameData(const Frame &frame, QList<Shape> shapes);

/// The shapes Interpolate between keys firstKey and secondKey of sprite would overwrite: per
/// in-between frame in order, the ids it already holds whose shape the interpolated one would
/// change (a hand-placed box). Shapes equal to what interpolation gives are not listed.
QList<IdClash> interpolationOverwrites(const Sprite &sprite, int firstKey, int secondKey);

} // namespace hitsmith::operations
