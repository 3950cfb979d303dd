#pragma once

#include "fileformat.h"

namespace hitsmith {

/// MUGEN / Ikemen GO animation files (.air): one sprite per [Begin Action N], one frame per
/// element, Clsn1 boxes on one layer and Clsn2 boxes on another (docs/formats.md). Every line
/// Hitsmith does not model is kept in the extras, so a document read from .air writes back
/// line for line, changed only where boxes were edited.
class AirFormat final : public FileFormat {
public:
    /// Clsn1 (attack) and Clsn2 (hurt) boxes go to and come from these layers.
    explicit AirFormat(QString clsn1Layer = QStringLiteral("hitbox"),
                       QString clsn2Layer = QStringLiteral("hurtbox"));

    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;

    /// Milliseconds for a tick count (1 tick = 1/60 s), at least 1.
    static int ticksToMs(int ticks);
    /// The tick count closest to a duration in milliseconds, at least 1.
    static int msToTicks(int ms);

private:
    QString mLayers[2];
};

} // namespace hitsmith
