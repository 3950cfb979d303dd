#pragma once

#include "fileformat.h"

namespace hitsmith {

/// A MUGEN / Ikemen GO character (.def), read only: the document of its [Files] anim (.air, read
/// by AirFormat) whose sprites' image is the .def itself, so each frame shows the SFF sprite its
/// element names (FramePictures). The .sff, .act and .def are never written.
class DefFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    /// Needs context.filePath to find the .air beside the .def.
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
};

} // namespace hitsmith
