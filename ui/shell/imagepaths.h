#pragma once

#include <QString>

namespace hitsmith {

class Document;
struct DocumentData;

/// The directory a document's image paths are relative to; empty for a never-saved document.
QString documentDirectory(const Document *document);
/// The absolute path of a sprite image as stored in the document.
QString resolveImagePath(const Document *document, const QString &image);
/// How to store an image path: relative to the document's directory when it has one (so the
/// folder can move), absolute for a never-saved document.
QString storedImagePath(const Document *document, const QString &absolutePath);
/// Makes every relative sprite image path absolute, against dir (no-op when dir is empty).
void makeImagePathsAbsolute(DocumentData &data, const QString &dir);
/// A copy of data for writing into dir: absolute image paths become relative to dir (kept
/// absolute when dir is empty, as for a document that has no folder yet). Relative paths, if
/// any, are taken as relative to fromDir first.
DocumentData withImagePathsRelativeTo(DocumentData data, const QString &dir,
                                      const QString &fromDir = {});

} // namespace hitsmith
