#pragma once

#include "fileformat.h"

namespace hitsmith {

/// Aseprite sprite-sheet JSON (hash and array layouts), read only: each frame becomes a frame
/// with its source rectangle, each slice key a rectangle on the frames it applies to.
class AsepriteFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
};

/// The keys of the object at the top-level member `member` of JSON text (of the top-level object
/// itself when member is a null QString), in file order: QJsonObject sorts keys, but Aseprite's
/// hash layout and PhysicsEditor's bodies mean their order. Returns an empty or short list when
/// the text is not valid JSON or the member is not an object.
QStringList jsonMemberKeysInOrder(const QByteArray &bytes, const QString &member);

} // namespace hitsmith
