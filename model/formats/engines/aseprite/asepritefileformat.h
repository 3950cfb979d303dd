#pragma once

#include "fileformat.h"

namespace hitsmith {

/// Aseprite's own files (.aseprite / .ase, told by the magic 0xA5E0): one sprite per tag (one of
/// all frames without tags), each frame recording its Aseprite frame index in its extras
/// ("aseprite": {"frame": N}), each slice key an axis-aligned rect on the frames it holds for.
/// Writing replaces the source file's slices by the document's rects and keeps every other chunk
/// byte for byte.
class AsepriteFileFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;
};

/// The Aseprite frame index a document frame records, or -1.
int asepriteFrameIndex(const Frame &frame);

} // namespace hitsmith
