#pragma once

#include "fileformat.h"

namespace hitsmith {

/// The reader for a file, for importers that are not told the format: .json is shared by the
/// native format, Tiled JSON, PhysicsEditor Phaser/Matter and Aseprite, so JSON content decides
/// (a "format": "hitsmith" member, Aseprite's "frames" + "meta", a Tiled "tiles"/"tilewidth"
/// or "type": "tileset", bodies with "fixtures", a Spine "skeleton" or "bones" with "slots"). .xml
/// and .plist go by their root elements (PhysicsEditor's AndEngine, libGDX/Box2D and cocos2d-x
/// layouts, a Tiled tileset); other extensions decide by themselves. Returns nullptr when nothing
/// fits.
const FileFormat *guessReadFormat(const QString &fileName, const QByteArray &bytes);

/// Reads a whole file in whichever format it holds, as `hitsmith-cli versus --defender-doc` and
/// the editor's Versus opponent do: a Hitsmith document, or what guessReadFormat finds (an .air, a
/// MUGEN .def, a Tiled tileset, ...); a file no reader claims reads as a Hitsmith document (its
/// error then says why). Relative image paths come out absolute. The error names no file: the
/// caller says which.
ReadResult readAnyDocumentFile(const QString &path);

/// The writer for a file name, or nullptr; ".json" alone is ambiguous and gives nullptr unless
/// allowNativeJson (then the native format).
const FileFormat *guessWriteFormat(const QString &fileName, bool allowNativeJson);

} // namespace hitsmith
