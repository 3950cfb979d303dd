#pragma once

// The Tiled readers and writers behind TiledTsxFormat and TiledTsjFormat: each turns bytes into
// the shared Tileset (tiledtileset.h) or back.

#include "jsonsupport.h"
#include "tiledtileset.h"

#include <QByteArray>

namespace hitsmith::tiled {

/// Parses a .tsx tileset; throws ReadError with the line and what is wrong.
Tileset readTsx(const QByteArray &bytes);
/// Reads a parsed .tsj tileset; throws json::SchemaError naming the JSON path.
Tileset readTsj(const json::Cursor &root);

/// The tileset as Tiled 1.8 XML.
QByteArray writeTsx(const Tileset &tileset);
/// The tileset as Tiled 1.8 JSON.
QByteArray writeTsj(const Tileset &tileset);

} // namespace hitsmith::tiled
