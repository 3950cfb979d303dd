#pragma once

#include "fileformat.h"

namespace hitsmith {

/// PhysicsEditor's AndEngine XML export, read only (docs/formats.md): one sprite per body,
/// shapes relative to the image centre, y down.
class AndEngineFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
};

/// PhysicsEditor's libGDX/Box2D XML export, read only: one sprite per body, shapes relative to
/// the anchor point, y up (flipped on import).
class Box2dXmlFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
};

/// PhysicsEditor's cocos2d-x Box2D plist export, read only: one sprite per body, shapes relative
/// to the anchor point, y up (flipped on import); the anchor point is kept in the frame's extras.
class Cocos2dPlistFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
};

} // namespace hitsmith
