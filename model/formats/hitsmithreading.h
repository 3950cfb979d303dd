#pragma once

// The native reader's two paths: the reference reader over Qt's JSON values
// (hitsmithreading.cpp) and the fast one over simdjson (hitsmithfastreader.cpp), which hands the
// small parts of a document (layers, versus, properties, a frame's own fields) to the reference.
// HitsmithFormat::parse tries the fast one, then the reference.

#include "documentdata.h"
#include "jsonsupport.h"
#include "sharednames.h"

#include <QByteArray>

#include <optional>

namespace hitsmith::native {

/// The shape's fields that its type does not know (the writer writes them back too).
QJsonObject unknownShapeFields(QJsonObject object, ShapeType type);

/// The reference reader's parts (each throws json::SchemaError on bad data).
QJsonObject readProperties(const json::Cursor &c);
Frame readFrame(const json::Cursor &c, SharedNames &layers);
Sprite readSprite(const json::Cursor &c, SharedNames &layers);
DocumentData readDocument(const json::Cursor &root);

/// The document read through simdjson, exactly as the reference reader reads it; nullopt for
/// any error and for whatever this reader does not vouch for (then the reference reads it).
std::optional<DocumentData> readDocumentQuickly(const QByteArray &bytes);

/// True when the text is a JSON object whose top level holds "format": "hitsmith" once, found
/// without building the document; false when it does not, or when this cannot tell (then parse
/// the text to know). For telling the native format from the other JSON formats.
bool saysItIsHitsmith(const QByteArray &bytes);

} // namespace hitsmith::native
