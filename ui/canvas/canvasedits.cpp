// Geometry edits from the canvas: the one-click fixes for invalid polygons, delete, select all.
#include "canvas.h"

#include "abstracttool.h"
#include "canvasview.h"
#include "collisionservice.h"
#include "creationtools.h"
#include "editorsession.h"
#include "imagepaths.h"
#include "layercolors.h"
#include "operations/convexpieces.h"
#include "operations/shapeoperations.h"
#include "selecttool.h"
#include "shapeclipboard.h"
#include "shapecommands.h"
#include "shapeitem.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QInputDialog>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace hitsmith {

int Canvas::fixTarget() const {
    // The shape a fix applies to: the dragged/vertex-edited polygon, else the first invalid
    // selected polygon.
    QList<int> candidates;
    if (mVertexShape >= 0)
        candidates.append(mVertexShape);
    candidates += mSession->selectedShapes();
    for (int index : candidates) {
        if (index < mItems.size() && mItems[index]->problem() &&
            mItems[index]->shapeData().type == ShapeType::Polygon)
            return index;
    }
    return -1;
}

void Canvas::refreshFixActions() {
    const int target = inSync() ? fixTarget() : -1;
    action(ActionId::ReplaceByConvexHull)->setEnabled(target >= 0);
    bool canRemove = false;
    if (target >= 0) {
        const ShapeItem *item = mItems[target];
        canRemove = item->problem()->vertex >= 0 && item->shapeData().points.size() > 3;
    }
    action(ActionId::RemoveOffendingVertex)->setEnabled(canRemove);
    // Only a concave outline splits; a crossing one has no inside to split.
    action(ActionId::SplitIntoConvexPieces)
        ->setEnabled(target >= 0 && mItems[target]->problem()->kind == ProblemKind::NotConvex);
}

void Canvas::replaceByConvexHull() {
    const int target = fixTarget();
    if (target < 0)
        return;
    const std::optional<Shape> fixed =
        operations::replacedByConvexHull(mItems[target]->shapeData());
    if (!fixed)
        return; // a hull of collinear points is no better; leave the user's work alone
    const FrameRef frame = currentFrame();
    document()->undoStack()->push(
        new ChangeShapesCommand(document(), {{frame.sprite, frame.frame, target}}, {*fixed},
                                tr("Replace %1 by Convex Hull")));
}

void Canvas::removeOffendingVertex() {
    const int target = fixTarget();
    if (target < 0)
        return;
    const std::optional<Shape> fixed =
        operations::withoutVertex(mItems[target]->shapeData(), mItems[target]->problem()->vertex);
    if (!fixed)
        return;
    const FrameRef frame = currentFrame();
    document()->undoStack()->push(new ChangeShapesCommand(
        document(), {{frame.sprite, frame.frame, target}}, {*fixed}, tr("Remove Vertex of %1")));
}

void Canvas::splitIntoConvexPieces() {
    const int target = fixTarget();
    if (target < 0)
        return;
    const FrameRef frame = currentFrame();
    const Frame &data = document()->data().sprites[frame.sprite].frames[frame.frame];
    const std::optional<QList<Shape>> pieces =
        operations::splitIntoConvexPieces(mItems[target]->shapeData(), data);
    if (!pieces)
        return;
    // One undo step: the shape becomes the first piece, the others go right after it.
    auto *split =
        new QUndoCommand(tr("Split %1 into Convex Pieces").arg(mItems[target]->shapeData().id));
    new ChangeShapesCommand(document(), {{frame.sprite, frame.frame, target}}, {pieces->first()},
                            split->text(), MergeMode::Separate, split);
    QList<ShapeRef> refs;
    for (int k = 1; k < pieces->size(); ++k)
        refs.append({frame.sprite, frame.frame, target + k});
    new InsertShapesCommand(document(), refs, pieces->mid(1), split->text(), split);
    document()->undoStack()->push(split);
}

void Canvas::deleteSelection() {
    if (mActiveTool && mActiveTool->isBusy())
        return;
    const FrameRef frame = currentFrame();
    if (mVertexShape >= 0 && !mSelectedVertices.isEmpty() && mVertexShape < mItems.size()) {
        const Shape shape = mItems[mVertexShape]->shapeData();
        // Sorted and unique (see setSelectedVertices); any index past the end is skipped.
        QList<int> vertices = mSelectedVertices;
        vertices.removeIf([&shape](int v) { return v < 0 || v >= shape.points.size(); });
        if (vertices.isEmpty()) {
            setSelectedVertices(-1, {});
            return;
        }
        // A polygon keeps at least three vertices; delete the shape itself to go further.
        const std::optional<Shape> reduced = operations::withoutVertices(shape, vertices);
        if (!reduced) {
            setToolStatus(tr("A polygon needs at least 3 vertices"));
            mToolStatus.clear();
            return;
        }
        const int target = mVertexShape;
        const QString text =
            vertices.size() > 1 ? tr("Delete Vertices of %1") : tr("Delete Vertex of %1");
        setSelectedVertices(-1, {});
        document()->undoStack()->push(new ChangeShapesCommand(
            document(), {{frame.sprite, frame.frame, target}}, {*reduced}, text));
        return;
    }
    const QList<int> selected = mSession->selectedShapes();
    if (selected.isEmpty())
        return;
    QList<ShapeRef> refs;
    for (int index : selected)
        refs.append({frame.sprite, frame.frame, index});
    document()->undoStack()->push(new RemoveShapesCommand(document(), refs, tr("Delete %1")));
}

void Canvas::selectAll() {
    QList<int> all;
    for (int i = 0; i < mItems.size(); ++i) {
        if (mItems[i]->isLayerVisible())
            all.append(i);
    }
    mSession->setSelectedShapes(all);
}

} // namespace hitsmith
