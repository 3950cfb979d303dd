#pragma once

#include "fileformat.h"

namespace hitsmith {

/// Spine skeleton JSON (Spine 4.2, docs/formats.md#spine): one skeleton whose root bone sits at
/// each frame's origin (y up), one slot per layer (more, "<layer>#2", ..., when a frame has
/// several shapes on a layer), each rectangle and polygon a `boundingbox` attachment and each
/// point a `point` attachment named "<frame>/<id>" ("<sprite>/<frame>/<id>" when the document has
/// several sprites), circles as polygons, and one animation per sprite whose attachment timelines
/// show each frame's attachments exactly during that frame. Reads such skeletons back, and the
/// bounding boxes and points of other Spine projects (vertices through their bone's setup pose).
class SpineFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;

    /// The Spine version the export states ("skeleton": {"spine": ...}).
    static QString targetVersion() { return QStringLiteral("4.2"); }
    /// Vertices a circle of this radius becomes: enough that every point of the polygon lies
    /// within 0.5 px of the circle (vertices on it, edges at most 0.5 px inside), at least 8.
    static int circleVertexCount(double radius);
};

} // namespace hitsmith
