#pragma once

#include <QString>

namespace hitsmith {

struct DocumentData;

// Image paths are absolute in memory and relative only in files (as Tiled does): readers
// resolve them against the file's folder, writers make them relative to the target's folder.
// So a document never depends on where it was last saved, and Save As rewrites nothing. A versus
// setup's defender document (another character's file) is a path of the same kind.

/// path made absolute against dir (cleaned); absolute paths, Qt resources (":/...") and URLs are
/// returned as they are; a relative path stays relative when dir is empty.
QString absoluteImagePath(const QString &path, const QString &dir);
/// Makes every relative sprite image path, and every versus setup's defender document, absolute
/// against dir (no-op when dir is empty).
void resolveImagePaths(DocumentData &data, const QString &dir);
/// A copy of data for a file in dir: absolute image paths (and defender documents) become relative
/// to dir where they can (another drive on Windows stays absolute); nothing changes when dir is
/// empty.
DocumentData withImagePathsRelativeTo(DocumentData data, const QString &dir);
/// path as a file in dir would store it (relative to dir where it can be), for messages; path
/// itself when dir is empty.
QString storedImagePath(const QString &path, const QString &dir);

} // namespace hitsmith
