#include "animationcommands.h"

#include "shapecommands.h"
#include "structurecommands.h"

#include <QCoreApplication>

#include <algorithm>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::AnimationCommands", text);
}

/// Adds to parent the child commands that set shapes on a frame: replaced where the id exists,
/// appended otherwise.
void setShapesOnFrame(Document *document, FrameRef ref, const QList<Shape> &shapes,
                      QUndoCommand *parent) {
    const Frame &frame = document->frame(ref);
    QList<ShapeRef> changeRefs, insertRefs;
    QList<Shape> changed, inserted;
    qsizetype next = frame.shapes.size();
    for (const Shape &shape : shapes) {
        const qsizetype i = frame.indexOfShape(shape.id);
        if (i >= 0) {
            changeRefs << ShapeRef{ref.sprite, ref.frame, int(i)};
            changed << shape;
        } else {
            insertRefs << ShapeRef{ref.sprite, ref.frame, int(next++)};
            inserted << shape;
        }
    }
    if (!changed.isEmpty())
        new ChangeShapesCommand(document, changeRefs, changed, parent->text(), MergeMode::Separate,
                                parent);
    if (!inserted.isEmpty())
        new InsertShapesCommand(document, insertRefs, inserted, parent->text(), parent);
}

QList<ShapeRef> allShapes(const Document *document, int sprite, int frameIndex) {
    QList<ShapeRef> refs;
    const Frame &frame = document->frame({sprite, frameIndex});
    for (int i = 0; i < frame.shapes.size(); ++i)
        refs << ShapeRef{sprite, frameIndex, i};
    return refs;
}

} // namespace

std::unique_ptr<QUndoCommand> makeMirrorShapesCommand(Document *document, QList<ShapeRef> refs,
                                                      operations::MirrorAxis axis, QSizeF imageSize,
                                                      const QString &text) {
    QList<Shape> shapes;
    for (const ShapeRef &ref : refs) {
        const Frame &frame = document->frame(ref.frameRef());
        shapes << operations::mirrored(frame.shapes.at(ref.shape), axis,
                                       operations::mirrorPivot(frame, imageSize));
    }
    return std::make_unique<ChangeShapesCommand>(document, refs, shapes, text);
}

std::unique_ptr<QUndoCommand> makeMirrorFrameCommand(Document *document, FrameRef frame,
                                                     operations::MirrorAxis axis,
                                                     QSizeF imageSize) {
    return makeMirrorShapesCommand(document, allShapes(document, frame.sprite, frame.frame), axis,
                                   imageSize,
                                   tr("Mirror frame %1").arg(document->frame(frame).name));
}

std::unique_ptr<QUndoCommand> makeMirrorSpriteCommand(Document *document, int sprite,
                                                      operations::MirrorAxis axis,
                                                      QSizeF imageSize) {
    QList<ShapeRef> refs;
    for (int f = 0; f < document->sprite(sprite).frames.size(); ++f)
        refs << allShapes(document, sprite, f);
    return makeMirrorShapesCommand(document, refs, axis, imageSize,
                                   tr("Mirror sprite %1").arg(document->sprite(sprite).name));
}

std::unique_ptr<QUndoCommand> makeMirroredSpriteCopyCommand(Document *document, int sprite,
                                                            operations::MirrorAxis axis,
                                                            QSizeF imageSize,
                                                            const QString &newName) {
    const Sprite &source = document->sprite(sprite);
    return std::make_unique<InsertSpriteCommand>(
        document, sprite + 1, operations::mirroredCopy(source, axis, imageSize, newName),
        tr("Mirrored copy of %1").arg(source.name));
}

std::unique_ptr<QUndoCommand> makeCopyAcrossFramesCommand(Document *document, QList<ShapeRef> refs,
                                                          const QList<int> &targetFrames) {
    if (refs.isEmpty() || targetFrames.isEmpty())
        return {};
    QList<Shape> shapes;
    for (const ShapeRef &ref : refs)
        shapes << document->frame(ref.frameRef()).shapes.at(ref.shape);
    const QString what =
        shapes.size() == 1 ? shapes.first().id : tr("%1 shapes").arg(shapes.size());
    const QString text =
        targetFrames.size() == 1
            ? tr("Copy %1 to %2")
                  .arg(what, document->frame({refs.first().sprite, targetFrames.first()}).name)
            : tr("Copy %1 to %2 frames").arg(what).arg(targetFrames.size());
    auto parent = std::make_unique<QUndoCommand>(text);
    for (int f : targetFrames)
        setShapesOnFrame(document, {refs.first().sprite, f}, shapes, parent.get());
    return parent;
}

std::unique_ptr<QUndoCommand> makeInterpolateCommand(Document *document, int sprite, int firstKey,
                                                     int secondKey,
                                                     operations::Inbetweens *report) {
    if (firstKey > secondKey)
        std::swap(firstKey, secondKey);
    const Sprite &s = document->sprite(sprite);
    const operations::Inbetweens between = operations::inbetweens(
        s.frames.at(firstKey), s.frames.at(secondKey), secondKey - firstKey - 1);
    if (report)
        *report = between;
    const bool nothing = std::all_of(between.frames.begin(), between.frames.end(),
                                     [](const QList<Shape> &shapes) { return shapes.isEmpty(); });
    if (between.frames.isEmpty() || nothing)
        return {};
    auto parent = std::make_unique<QUndoCommand>(
        tr("Interpolate %1 to %2").arg(s.frames[firstKey].name, s.frames[secondKey].name));
    for (int k = 0; k < between.frames.size(); ++k) {
        const FrameRef target{sprite, firstKey + 1 + k};
        setShapesOnFrame(document, target,
                         operations::keepingFrameData(document->frame(target), between.frames[k]),
                         parent.get());
    }
    return parent;
}

std::unique_ptr<QUndoCommand> makeSetFrameMotionCommand(Document *document, FrameRef frame,
                                                        QPointF motion) {
    Frame info = document->frame(frame);
    if (info.motion.x() == motion.x() && info.motion.y() == motion.y()) // exact, not fuzzy
        return nullptr;
    info.motion = motion;
    return std::make_unique<ChangeFrameCommand>(document, frame, info,
                                                tr("Set motion of %1").arg(info.name));
}

} // namespace hitsmith
