#include "shapecommands.h"

#include "commandids.h"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace hitsmith {

QString shapeCommandText(const QString &text, const QList<Shape> &shapes) {
    if (!text.contains(QLatin1String("%1")))
        return text;
    if (shapes.size() == 1 && !shapes.first().id.isEmpty())
        return text.arg(shapes.first().id);
    return text.arg(
        QCoreApplication::translate("hitsmith::ShapeCommands", "%1 shapes").arg(shapes.size()));
}

void sortShapeRefs(QList<ShapeRef> &refs) {
    std::sort(refs.begin(), refs.end(), [](const ShapeRef &a, const ShapeRef &b) {
        return std::tie(a.sprite, a.frame, a.shape) < std::tie(b.sprite, b.frame, b.shape);
    });
}

ChangeShapesCommand::ChangeShapesCommand(Document *document, QList<ShapeRef> refs,
                                         QList<Shape> newShapes, const QString &text,
                                         MergeMode mergeMode, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRefs(std::move(refs))
    , mNewShapes(std::move(newShapes))
    , mMergeMode(mergeMode) {
    Q_ASSERT(mRefs.size() == mNewShapes.size());
    for (const ShapeRef &ref : std::as_const(mRefs))
        mOldShapes.append(document->shape(ref));
    setText(shapeCommandText(text, mOldShapes));
}

void ChangeShapesCommand::undo() {
    for (qsizetype i = 0; i < mRefs.size(); ++i)
        mDocument->setShape(mRefs[i], mOldShapes[i]);
}

void ChangeShapesCommand::redo() {
    for (qsizetype i = 0; i < mRefs.size(); ++i)
        mDocument->setShape(mRefs[i], mNewShapes[i]);
}

int ChangeShapesCommand::id() const {
    return static_cast<int>(CommandId::ChangeShapes);
}

bool ChangeShapesCommand::mergeWith(const QUndoCommand *other) {
    const auto *next = static_cast<const ChangeShapesCommand *>(other);
    const bool dragStep = next->mMergeMode == MergeMode::MergeWithPrevious;
    // A nudge extends only a run of nudges ("Nudge blade" after "Nudge blade"), never the step
    // of a drag or a typed value before it.
    const bool nextNudge = next->mMergeMode == MergeMode::Nudge && mMergeMode == MergeMode::Nudge &&
                           next->text() == text();
    if ((!dragStep && !nextNudge) || next->mRefs != mRefs || next->mDocument != mDocument)
        return false;
    mNewShapes = next->mNewShapes;
    // A drag that ends where it started changes nothing: drop it from the history.
    setObsolete(mNewShapes == mOldShapes);
    return true;
}

InsertShapesCommand::InsertShapesCommand(Document *document, QList<ShapeRef> refs,
                                         QList<Shape> shapes, const QString &text,
                                         QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRefs(std::move(refs))
    , mShapes(std::move(shapes)) {
    Q_ASSERT(mRefs.size() == mShapes.size());
    // Keep each shape paired with its ref while sorting.
    QList<qsizetype> order(mRefs.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [this](qsizetype a, qsizetype b) {
        return std::tie(mRefs[a].sprite, mRefs[a].frame, mRefs[a].shape) <
               std::tie(mRefs[b].sprite, mRefs[b].frame, mRefs[b].shape);
    });
    QList<ShapeRef> refsSorted;
    QList<Shape> shapesSorted;
    for (qsizetype i : order) {
        refsSorted.append(mRefs[i]);
        shapesSorted.append(mShapes[i]);
    }
    mRefs = refsSorted;
    mShapes = shapesSorted;
    setText(shapeCommandText(text, mShapes));
}

void InsertShapesCommand::redo() {
    for (qsizetype i = 0; i < mRefs.size(); ++i)
        mDocument->insertShape(mRefs[i], mShapes[i]);
}

void InsertShapesCommand::undo() {
    for (qsizetype i = mRefs.size() - 1; i >= 0; --i)
        mDocument->takeShape(mRefs[i]);
}

RemoveShapesCommand::RemoveShapesCommand(Document *document, QList<ShapeRef> refs,
                                         const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRefs(std::move(refs)) {
    sortShapeRefs(mRefs);
    mRefs.erase(std::unique(mRefs.begin(), mRefs.end()), mRefs.end());
    QList<Shape> named;
    for (const ShapeRef &ref : std::as_const(mRefs))
        named.append(document->shape(ref));
    setText(shapeCommandText(text, named));
}

void RemoveShapesCommand::redo() {
    mShapes.clear();
    for (qsizetype i = mRefs.size() - 1; i >= 0; --i)
        mShapes.prepend(mDocument->takeShape(mRefs[i]));
}

void RemoveShapesCommand::undo() {
    for (qsizetype i = 0; i < mRefs.size(); ++i)
        mDocument->insertShape(mRefs[i], mShapes[i]);
}

} // namespace hitsmith
