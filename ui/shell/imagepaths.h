#pragma once

#include <QString>

namespace hitsmith {

class Document;

/// The directory a document's image paths are relative to; empty for a never-saved document.
QString documentDirectory(const Document *document);
/// The absolute path of a sprite image as stored in the document.
QString resolveImagePath(const Document *document, const QString &image);
/// How to store an image path: relative to the document's directory when it has one (so the
/// folder can move), absolute for a never-saved document.
QString storedImagePath(const Document *document, const QString &absolutePath);

} // namespace hitsmith
