#pragma once

// The part of a Godot 4 scene that makes the exported hitboxes run: per sprite an
// AnimatedSprite2D with a SpriteFrames resource (AtlasTexture regions, frame durations) and an
// AnimationPlayer whose animation switches each frame's node visible and its shapes enabled,
// frame by frame, in step with the sprite's frame. Points are one Marker2D per point id under the
// sprite node, their position keyed per frame (visible false where a frame lacks the point); root
// motion keys the sprite node's own position (".:position") at each frame's root position.

#include "documentdata.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::godot {

/// Node name of the AnimatedSprite2D under each sprite node.
inline const QString kAnimatedSpriteNode = QStringLiteral("AnimatedSprite2D");
/// Node name of the AnimationPlayer under each sprite node.
inline const QString kAnimationPlayerNode = QStringLiteral("AnimationPlayer");

/// Where the writer put one frame's nodes, as paths relative to the sprite node.
struct ExportedFrame {
    QString node;       ///< the frame's Node2D
    QStringList shapes; ///< its CollisionShape2D / CollisionPolygon2D nodes
};

/// One Marker2D of a sprite: a point id (on one layer) across the sprite's frames.
struct ExportedPoint {
    QString node; ///< the Marker2D, a child of the sprite node
    /// Per frame, its position in the sprite node's space; nullopt where the frame lacks it.
    QList<std::optional<QPointF>> positions;
};

/// Resources and nodes for one sprite; the writer adds them to the scene.
struct SpriteAnimation {
    QStringList extResources; ///< [ext_resource] sections
    QStringList subResources; ///< [sub_resource] sections, in dependency order
    QStringList spriteNodes;  ///< nodes drawn under the frames (the AnimatedSprite2D)
    QStringList playerNodes;  ///< nodes after the frames (the AnimationPlayer)
};

/// A Godot animation name for a sprite name: '/', ':', ',' and '[' (refused by Godot's
/// AnimationLibrary) become '_'; empty becomes "default".
QString animationName(const QString &spriteName);

/// Builds the AnimatedSprite2D, SpriteFrames, Animation, AnimationLibrary and AnimationPlayer of
/// one sprite, with the tracks of its points and of its root motion (Sprite::rootPosition, keyed
/// on the sprite node's position when a frame has motion). spriteParent is the sprite node's path
/// in the scene ("." for the root); imagePath the image as the scene refers to it (relative to the
/// scene; empty = no texture); nextResource numbers resource ids and is advanced.
SpriteAnimation spriteAnimation(const Sprite &sprite, const QList<ExportedFrame> &frames,
                                const QList<ExportedPoint> &points, const QString &spriteParent,
                                const QString &imagePath, int *nextResource);

} // namespace hitsmith::godot
