#pragma once

#include "documentdata.h"

#include <QByteArray>
#include <QFlags>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith {

/// What a reader produced: a whole document, or an error and nothing (never half a document).
struct ReadResult {
    std::optional<DocumentData> document;
    QString error;        ///< set when document is empty: says where ("line 3, column 7: ...")
    QStringList warnings; ///< what was read but could not be represented, and was skipped
    bool isOk() const { return document.has_value(); }
};

/// Where the bytes being read or written live, for relative image paths and messages.
struct FormatContext {
    QString filePath;    ///< the file read from or written to
    QString documentDir; ///< the directory relative image paths in DocumentData are relative to
};

/// What a writer produced: the file's bytes, or an error.
struct WriteResult {
    QByteArray bytes;
    QString error;
    QStringList warnings; ///< what the target cannot hold and was converted or skipped
    bool isOk() const { return error.isEmpty(); }
};

/// Options a user chooses when exporting.
struct WriteOptions {
    bool skipInvalid = false; ///< write valid shapes and skip invalid ones instead of failing
    /// Write each capsule as a polygon within 0.5 px of it, for readers that predate capsules
    /// (Tiled before 1.12); formats without capsules always do.
    bool capsulesAsPolygons = false;
};

/// One file format behind one small interface (as Tiled's MapFormat): the native format and every
/// game-engine format. Formats turn bytes into DocumentData and back; they never touch files,
/// so every format is testable in memory and every save goes through one atomic writer.
class FileFormat {
public:
    enum Capability { CanRead = 0x1, CanWrite = 0x2 };
    Q_DECLARE_FLAGS(Capabilities, Capability)

    virtual ~FileFormat() = default;

    /// Short stable name for the command line ("hitsmith", "tiled-tsx", ...).
    virtual QString name() const = 0;
    /// Name for menus and file dialogs.
    virtual QString displayName() const = 0;
    /// File name extensions without the dot, the first one preferred.
    virtual QStringList extensions() const = 0;
    /// Whether it reads, writes or both.
    virtual Capabilities capabilities() const = 0;
    /// Reads a whole file's bytes; never crashes, never returns half a document.
    virtual ReadResult read(const QByteArray &bytes, const FormatContext &context) const;
    /// What the target cannot hold, said before writing (invalid shapes skipped, conversions).
    virtual QStringList exportWarnings(const DocumentData &document) const;
    /// The same for a write with these options (formats whose output options change).
    virtual QStringList exportWarningsFor(const DocumentData &document,
                                          const WriteOptions &options) const;
    /// For a format whose newer readers hold capsules and older ones do not: the name of the
    /// export for the older ones (WriteOptions::capsulesAsPolygons), for menus. Empty otherwise.
    virtual QString capsulesAsPolygonsName() const;
    /// Serializes a document; same document -> same bytes.
    virtual WriteResult write(const DocumentData &document, const FormatContext &context,
                              const WriteOptions &options) const;

    /// Reads bytes that came from filePath the way a document holds them in memory: relative
    /// image paths come back absolute, resolved against the file's folder.
    ReadResult readFrom(const QByteArray &bytes, const QString &filePath) const;
    /// Writes for filePath: absolute image paths are written relative to the file's folder.
    WriteResult writeFor(const DocumentData &document, const QString &filePath,
                         const WriteOptions &options = {}) const;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(FileFormat::Capabilities)

} // namespace hitsmith
