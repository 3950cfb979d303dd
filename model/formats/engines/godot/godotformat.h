#pragma once

#include "fileformat.h"

namespace hitsmith {

/// Godot scenes: writes a Godot 4 .tscn (per sprite a Node2D, per frame a Node2D holding one
/// Area2D per layer with CollisionShape2D / CollisionPolygon2D children); reads collision shapes
/// from Godot 3 and 4 .tscn scenes and .tres resources, tile sets included (docs/formats.md).
class GodotFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;

    /// A node name Godot accepts: . : @ / " % become '_' (an empty name becomes "_").
    static QString nodeName(const QString &name);
};

} // namespace hitsmith
