#pragma once

#include <QByteArray>
#include <QString>

namespace hitsmith {

/// Largest file any reader accepts; beyond this a file is refused, not loaded.
inline constexpr qint64 kMaxInputFileBytes = 256ll * 1024 * 1024;

/// Bytes past the end of what readWholeFile reads that are allocated (and zero): the native
/// reader's parser (simdjson, which reads up to 64 bytes past the text) parses such a buffer in
/// place.
inline constexpr qsizetype kReadPadding = 64;

/// Reads a whole file, refusing missing, unreadable, empty-path and over-large files.
/// Returns false with a user-facing message in error.
bool readWholeFile(const QString &path, QByteArray *bytes, QString *error);

/// Writes bytes through QSaveFile: the old file stays intact unless the new one is complete.
/// Returns false with a user-facing message in error.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

/// True when a and b name the same file (symbolic links and "..", resolved where they exist).
bool isSameFile(const QString &a, const QString &b);

} // namespace hitsmith
