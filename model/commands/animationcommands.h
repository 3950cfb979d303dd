#pragma once

#include "document.h"
#include "operations/copyacrossframes.h"
#include "operations/interpolate.h"
#include "operations/mirror.h"

#include <QList>
#include <QPointF>
#include <QSizeF>
#include <QUndoCommand>

#include <memory>

namespace hitsmith {

/// Mirrors the shapes at refs, each about its own frame's pivot (origin, else cell or image
/// centre; imageSize is the sprite image's size, empty when unknown). One undo step named text.
std::unique_ptr<QUndoCommand> makeMirrorShapesCommand(Document *document, QList<ShapeRef> refs,
                                                      operations::MirrorAxis axis, QSizeF imageSize,
                                                      const QString &text);

/// Mirrors every shape of the frame; "Mirror frame NAME".
std::unique_ptr<QUndoCommand> makeMirrorFrameCommand(Document *document, FrameRef frame,
                                                     operations::MirrorAxis axis, QSizeF imageSize);

/// Mirrors every shape of every frame of the sprite; "Mirror sprite NAME".
std::unique_ptr<QUndoCommand> makeMirrorSpriteCommand(Document *document, int sprite,
                                                      operations::MirrorAxis axis,
                                                      QSizeF imageSize);

/// Inserts after the sprite a mirrored copy named newName (image flipped by reference);
/// "Mirrored copy of NAME".
std::unique_ptr<QUndoCommand> makeMirroredSpriteCopyCommand(Document *document, int sprite,
                                                            operations::MirrorAxis axis,
                                                            QSizeF imageSize,
                                                            const QString &newName);

/// Copies the shapes at refs (all on one frame) to the target frames of that sprite, keeping
/// ids: a shape with the same id there is replaced in place, others are appended. One undo step
/// ("Copy blade to 3 frames"). Ask the user first about operations::idClashes.
std::unique_ptr<QUndoCommand> makeCopyAcrossFramesCommand(Document *document, QList<ShapeRef> refs,
                                                          const QList<int> &targetFrames);

/// Fills the frames strictly between two key frames of a sprite with interpolated shapes (one
/// undo step, "Interpolate A to B"). report, when given, receives what could not be paired.
/// Nothing when the keys are adjacent or nothing could be paired.
std::unique_ptr<QUndoCommand> makeInterpolateCommand(Document *document, int sprite, int firstKey,
                                                     int secondKey,
                                                     operations::Inbetweens *report = nullptr);

/// Sets a frame's root motion (the character's step when the frame starts, see Frame::motion);
/// "Set motion of NAME". Nothing when the motion is already that.
std::unique_ptr<QUndoCommand> makeSetFrameMotionCommand(Document *document, FrameRef frame,
                                                        QPointF motion);

} // namespace hitsmith
