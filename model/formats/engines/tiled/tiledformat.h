#pragma once

#include "fileformat.h"

namespace hitsmith {

/// Tiled tileset, XML (.tsx): one tile per frame, shapes in the tile's collision object group
/// (docs/formats.md). Reads every tileset Tiled 1.0 to 1.11 writes; writes the Tiled 1.8 dialect
/// plus Tiled 1.12's capsule objects (or capsules as polygons, WriteOptions::capsulesAsPolygons).
class TiledTsxFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    QStringList exportWarningsFor(const DocumentData &document,
                                  const WriteOptions &options) const override;
    QString capsulesAsPolygonsName() const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;
};

/// Tiled tileset, JSON (.tsj, also .json): the same mapping as TiledTsxFormat. Reads the layouts
/// of old (tiles as an object keyed by id) and new (tiles as an array) Tiled versions.
class TiledTsjFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    QStringList exportWarningsFor(const DocumentData &document,
                                  const WriteOptions &options) const override;
    QString capsulesAsPolygonsName() const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;
};

} // namespace hitsmith
