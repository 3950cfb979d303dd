#pragma once

#include "document.h"

#include <QList>
#include <QUndoCommand>

namespace hitsmith {

/// Fills the "%1" of an undo text with what the command acts on: the shape's id for one shape
/// ("Move %1" -> "Move blade"), "N shapes" for several. A text without "%1" is kept as is.
QString shapeCommandText(const QString &text, const QList<Shape> &shapes);

/// Whether a command may fold into the previous one of its kind: one drag is one undo step (its
/// first command Separate, the rest MergeWithPrevious), and so is a run of arrow-key nudges on
/// the same shapes (each Nudge folds into a Nudge before it with the same shapes and text).
enum class MergeMode { Separate, MergeWithPrevious, Nudge };

/// Replaces one or more shapes. A drag pushes one per mouse move: the first Separate, the rest
/// MergeWithPrevious, so the whole drag undoes in one step.
class ChangeShapesCommand : public QUndoCommand {
public:
    ChangeShapesCommand(Document *document, QList<ShapeRef> refs, QList<Shape> newShapes,
                        const QString &text, MergeMode mergeMode = MergeMode::Separate,
                        QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *mDocument;
    QList<ShapeRef> mRefs;
    QList<Shape> mOldShapes;
    QList<Shape> mNewShapes;
    MergeMode mMergeMode;
};

/// Inserts shapes at the given refs (applied in ascending order, so refs name final positions).
class InsertShapesCommand : public QUndoCommand {
public:
    InsertShapesCommand(Document *document, QList<ShapeRef> refs, QList<Shape> shapes,
                        const QString &text, QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    QList<ShapeRef> mRefs; // sorted ascending
    QList<Shape> mShapes;
};

/// Removes shapes (any order given; removed from the highest index down).
class RemoveShapesCommand : public QUndoCommand {
public:
    RemoveShapesCommand(Document *document, QList<ShapeRef> refs, const QString &text,
                        QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    QList<ShapeRef> mRefs; // sorted ascending
    QList<Shape> mShapes;
};

/// Orders shape refs by sprite, frame, then shape index.
void sortShapeRefs(QList<ShapeRef> &refs);

} // namespace hitsmith
