// Copy, cut, paste and duplicate of the canvas's selected shapes.
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

// --- Clipboard ---

void Canvas::copy() {
    QList<Shape> selected;
    for (int index : mSession->selectedShapes())
        selected.append(shapes().value(index));
    if (!selected.isEmpty())
        QGuiApplication::clipboard()->setMimeData(shapeclipboard::toMimeData(selected));
}

void Canvas::cut() {
    if (mSession->selectedShapes().isEmpty())
        return;
    copy();
    const QList<int> selected = mSession->selectedShapes();
    const FrameRef frame = currentFrame();
    QList<ShapeRef> refs;
    for (int index : selected)
        refs.append({frame.sprite, frame.frame, index});
    document()->undoStack()->push(new RemoveShapesCommand(document(), refs, tr("Cut %1")));
}

void Canvas::paste() {
    QList<Shape> pasted = shapeclipboard::fromMimeData(QGuiApplication::clipboard()->mimeData());
    if (pasted.isEmpty() || !document()->contains(currentFrame()))
        return;
    // Pasting where identical shapes already sit (same frame) offsets the copies so they show.
    const QList<Shape> &existing = shapes();
    const bool overlapsOriginal = std::any_of(pasted.cbegin(), pasted.cend(), [&](const Shape &p) {
        return std::any_of(existing.cbegin(), existing.cend(),
                           [&](const Shape &s) { return operations::hasSameGeometry(s, p); });
    });
    if (overlapsOriginal)
        pasted = operations::translated(pasted, QPointF(8, 8));
    insertShapes(pasted, tr("Paste %1"));
}

void Canvas::duplicate() {
    QList<Shape> copies;
    for (int index : mSession->selectedShapes())
        copies.append(shapes().value(index));
    insertShapes(operations::translated(copies, QPointF(8, 8)), tr("Duplicate %1"));
}

} // namespace hitsmith
