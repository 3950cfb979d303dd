#pragma once

// The Tiled readers and writers behind TiledTsxFormat and TiledTsjFormat: each turns bytes into
// the shared Tileset (tiledtileset.h) or back.

#include "jsonsupport.h"
#include "tiledtileset.h"

#include <QByteArray>

namespace hitsmith::tiled {

/// Reads a parsed .tsj tileset; throws json::SchemaError naming the JSON path.
Tileset readTsj(const json::Cursor &root);
/// Parses a .tsx tileset or a .tmx map (its own tilesets); throws ReadError.
TiledFile readTsxFile(const QByteArray &bytes);
/// Reads a parsed .tsj tileset or a .tmj map (its own tilesets); throws json::SchemaError.
TiledFile readTsjFile(const json::Cursor &root);

/// The tileset as Tiled 1.8 XML.
QByteArray writeTsx(const Tileset &tileset);
/// The tileset as Tiled 1.8 JSON.
QByteArray writeTsj(const Tileset &tileset);

} // namespace hitsmith::tiled
