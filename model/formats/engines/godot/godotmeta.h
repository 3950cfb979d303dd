#pragma once

// The metadata keys the Godot writer stores on nodes so the reader gets the document back exactly.

#include <QString>

namespace hitsmith::godot {

/// Node metadata key.
inline const QString kMetaFrame = QStringLiteral("metadata/hitsmith_frame");
/// Node metadata key.
inline const QString kMetaSprite = QStringLiteral("metadata/hitsmith_sprite");
/// Node metadata key.
inline const QString kMetaName = QStringLiteral("metadata/hitsmith_name");
/// Node metadata key.
inline const QString kMetaLayer = QStringLiteral("metadata/hitsmith_layer");
/// Node metadata key.
inline const QString kMetaOrigin = QStringLiteral("metadata/hitsmith_origin");
/// Node metadata key.
inline const QString kMetaSource = QStringLiteral("metadata/hitsmith_source");
/// Node metadata key.
inline const QString kMetaImage = QStringLiteral("metadata/hitsmith_image");
/// Node metadata key.
inline const QString kMetaCollide = QStringLiteral("metadata/hitsmith_collide");
/// Node metadata key: a frame's or sprite's own duration in milliseconds.
inline const QString kMetaDuration = QStringLiteral("metadata/hitsmith_duration");
/// Node metadata key.
inline const QString kMetaOrder = QStringLiteral("metadata/hitsmith_order");

} // namespace hitsmith::godot

namespace hitsmith::godot {

/// Node metadata key: marks a Marker2D under a sprite node as one of the sprite's points.
inline const QString kMetaPoint = QStringLiteral("metadata/hitsmith_point");
/// Frame node metadata key: a JSON object of point id -> index in the frame's shape order,
/// written when the export's order (boxes by layer, then points) is not the document's.
inline const QString kMetaPointOrder = QStringLiteral("metadata/hitsmith_point_order");

} // namespace hitsmith::godot
