#pragma once

#include "shape.h"

#include <QList>

class QMimeData;

namespace hitsmith {

/// Shapes on the system clipboard as Hitsmith JSON shape objects, so they paste into another
/// frame, another window or another Hitsmith process.
namespace shapeclipboard {

/// The MIME type of {"format": "hitsmith-shapes", "shapes": [shape objects as in the file]}.
inline constexpr char kMimeType[] = "application/x-hitsmith-shapes+json";

/// Clipboard data holding shapes (also as plain text JSON, for pasting into a bug report).
QMimeData *toMimeData(const QList<Shape> &shapes);
/// The shapes in the data; empty when it holds none (or they do not parse).
QList<Shape> fromMimeData(const QMimeData *data);
/// True when the data holds Hitsmith shapes.
bool hasShapes(const QMimeData *data);

} // namespace shapeclipboard
} // namespace hitsmith
