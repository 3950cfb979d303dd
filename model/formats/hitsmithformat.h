#pragma once

#include "fileformat.h"

namespace hitsmith {

/// The native hitbox document, JSON version 1 (docs/format.md). Keys come out in a fixed order,
/// one shape per line, so files diff well; unknown fields are kept and written back.
class HitsmithFormat final : public FileFormat {
public:
    /// The newest file version this build reads and the one it writes.
    static constexpr int kVersion = 1;

    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;

    /// Serializes without a context (image paths are stored as they are).
    static QByteArray serialize(const DocumentData &document);
    /// Parses without a context: simdjson's parser for well-formed documents, Qt's otherwise.
    static ReadResult parse(const QByteArray &bytes);
    /// The same through Qt's parser alone: the reference the fast reader is tested against.
    static ReadResult parseWithQt(const QByteArray &bytes);
    /// The document as readFrom(bytes, filePath) gives it, when the fast reader reads the text
    /// by itself; nullopt otherwise (an error, or anything it leaves to Qt's parser). A text it
    /// reads is a native document ("format": "hitsmith"), so a .json file need not be sniffed
    /// first.
    static std::optional<DocumentData> readQuickly(const QByteArray &bytes,
                                                   const QString &filePath);
};

/// Loads a native document from disk (file errors, parse and schema errors in result.error);
/// image paths come back absolute, resolved against the file's folder.
ReadResult loadDocumentFile(const QString &path);
/// Saves a native document atomically, image paths relative to the file's folder; returns false
/// with a message in error.
bool saveDocumentFile(const DocumentData &document, const QString &path, QString *error);
/// True when path is an existing file holding a Hitsmith document ("format": "hitsmith"),
/// whatever its name: another format must not silently replace one.
bool holdsHitsmithDocument(const QString &path);

} // namespace hitsmith
