#pragma once

#include "fileformat.h"

#include <QJsonObject>

namespace hitsmith {

/// Phaser 3 / Matter.js bodies in PhysicsEditor's JSON layout: one body per frame, one fixture per
/// shape (label = shape id; polygons and rectangles as "vertices", circles as "circle"), the
/// collision matrix as collisionFilter category/mask bits (docs/formats.md).
class MatterFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    ReadResult read(const QByteArray &bytes, const FormatContext &context) const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;

    /// The body key a frame gets: the frame name when the document has one sprite, else
    /// "sprite/frame".
    static QString bodyKey(const DocumentData &document, const Sprite &sprite, const Frame &frame);
};

/// True for PhysicsEditor's Phaser 2 (P2) JSON: bodies as lists of fixtures with a "shape"
/// (no reader: the sniffer sends it to MatterFormat, which says what it is).
bool isPhaser2Json(const QJsonObject &root);

} // namespace hitsmith
