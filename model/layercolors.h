#pragma once

#include "documentdata.h"

#include <QColor>
#include <QString>

namespace hitsmith {

/// A layer's colour when the document stores none: a palette colour picked by a stable hash of
/// the name (the same in every run and Qt version), never the hit (orange) or invalid (red) one.
/// The default layer always gets the palette's first colour (green).
QColor defaultLayerColor(const QString &name);

/// The colour a layer is drawn with, wherever it is shown (canvas, Layers panel): the one the
/// document stores for it, else defaultLayerColor().
QColor layerColor(const QString &name, const DocumentData &data);

} // namespace hitsmith
