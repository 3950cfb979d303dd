#include "selecttool.h"

#include "canvas.h"
#include "editorsession.h"
#include "segmentdistance.h"
#include "shapecommands.h"

#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QLineF>
#include <QUndoStack>

#include <cmath>

namespace hitsmith {

SelectTool::SelectTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Select"), QIcon(), QKeySequence(Qt::Key_S)) {}

void SelectTool::beginDrag(const QList<int> &shapes) {
    mDragShapes = shapes;
    mDragOriginal.clear();
    for (int index : shapes)
        mDragOriginal.append(mCanvas->shapes().value(index));
    mPushed = false;
}

void SelectTool::pushDrag(const QList<Shape> &newShapes, const QString &text) {
    const FrameRef frame = mCanvas->currentFrame();
    QList<ShapeRef> refs;
    for (int index : std::as_const(mDragShapes))
        refs.append({frame.sprite, frame.frame, index});
    // The first step stands alone; the rest merge into it, so the drag undoes in one step.
    mCanvas->document()->undoStack()->push(
        new ChangeShapesCommand(mCanvas->document(), refs, newShapes, text,
                                mPushed ? MergeMode::MergeWithPrevious : MergeMode::Separate));
    mPushed = true;
}

void SelectTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button == Qt::RightButton && isBusy()) {
        cancel();
        return;
    }
    if (event.button != Qt::LeftButton || isBusy())
        return;
    EditorSession *session = mCanvas->session();
    mPressPos = event.pos;
    mPressViewPos = event.viewPos;
    const bool shift = event.modifiers & Qt::ShiftModifier;

    if (const auto grip = mCanvas->gripAt(event.pos)) {
        mHandleShape = grip->first;
        mGrip = grip->second;
        if (mGrip.kind == Grip::Kind::Vertex) {
            QList<int> vertices =
                mCanvas->vertexShape() == mHandleShape ? mCanvas->selectedVertices() : QList<int>();
            if (shift) {
                // Shift-click toggles a vertex in the multi-vertex selection; no drag.
                if (vertices.contains(mGrip.index))
                    vertices.removeAll(mGrip.index);
                else
                    vertices.append(mGrip.index);
                mCanvas->setSelectedVertices(mHandleShape, vertices);
                return;
            }
            if (!vertices.contains(mGrip.index))
                mCanvas->setSelectedVertices(mHandleShape, {mGrip.index});
        }
        beginDrag({mHandleShape});
        mMode = Mode::DraggingHandle;
        return;
    }

    const int index = mCanvas->shapeAt(event.pos);
    mClickedShape = index;
    if (index >= 0) {
        QList<int> selected = session->selectedShapes();
        if (shift) {
            if (selected.contains(index))
                selected.removeAll(index);
            else
                selected.append(index);
            session->setSelectedShapes(selected);
            return;
        }
        if (!selected.contains(index))
            session->setSelectedShapes({index});
        mMode = Mode::PressedOnShape;
        return;
    }
    mMode = Mode::RubberBand;
    mCanvas->previewItem()->setPath({});
}

void SelectTool::mouseMoved(const ToolMouseEvent &event) {
    switch (mMode) {
    case Mode::Idle:
        return;
    case Mode::PressedOnShape:
        if (QLineF(event.viewPos, mPressViewPos).length() < kDragThreshold)
            return;
        beginDrag(mCanvas->session()->selectedShapes());
        mMode = Mode::MovingShapes;
        [[fallthrough]];
    case Mode::MovingShapes:
        moveShapes(event);
        return;
    case Mode::DraggingHandle:
        dragHandle(event);
        return;
    case Mode::RubberBand: {
        QPainterPath path;
        path.addRect(QRectF(mPressPos, event.pos).normalized());
        mCanvas->previewItem()->setPath(path);
        return;
    }
    }
}

void SelectTool::moveShapes(const ToolMouseEvent &event) {
    if (mDragOriginal.isEmpty())
        return;
    // Snap a reference point of the grabbed shape (a vertex or the centre), not the cursor, so
    // shapes on whole pixels stay on whole pixels and corners land on grid lines.
    const int primaryIndex = mDragShapes.contains(mClickedShape) ? mClickedShape : mDragShapes[0];
    const Shape &primary = mDragOriginal[mDragShapes.indexOf(primaryIndex)];
    const bool byFirstPoint =
        (primary.type == ShapeType::Polygon || primary.type == ShapeType::Capsule) &&
        !primary.points.isEmpty();
    const QPointF anchor = byFirstPoint                      ? primary.points[0]
                           : primary.type == ShapeType::Rect ? primary.outline().value(0)
                                                             : primary.center;
    const QPointF raw = event.pos - mPressPos;
    const QPointF offset = mCanvas->snap(anchor + raw, event.modifiers, primaryIndex) - anchor;
    QList<Shape> moved = mDragOriginal;
    for (Shape &shape : moved)
        shape.translate(offset);
    pushDrag(moved, tr("Move %1"));
    mCanvas->setToolStatus(tr("Move by %1, %2").arg(offset.x()).arg(offset.y()));
}

void SelectTool::dragHandle(const ToolMouseEvent &event) {
    if (mDragOriginal.isEmpty())
        return;
    Shape shape = mDragOriginal[0];
    const QString problemPrefix = shape.id;
    switch (mGrip.kind) {
    case Grip::Kind::Vertex: {
        const QPointF target = mCanvas->snap(event.pos, event.modifiers, mHandleShape);
        const QPointF offset = target - mDragOriginal[0].points.value(mGrip.index);
        QList<int> vertices = mCanvas->selectedVertices();
        if (mCanvas->vertexShape() != mHandleShape || !vertices.contains(mGrip.index))
            vertices = {mGrip.index};
        for (int v : std::as_const(vertices)) {
            if (v < shape.points.size())
                shape.points[v] += offset;
        }
        pushDrag({shape},
                 vertices.size() > 1 ? tr("Move Vertices of %1") : tr("Move Vertex of %1"));
        break;
    }
    case Grip::Kind::Corner: {
        // The opposite corner stays put; size and centre follow in the rect's own frame.
        const QPolygonF corners = shape.outline();
        const QPointF fixed = corners.value((mGrip.index + 2) % 4);
        const QPointF moved = mCanvas->snap(event.pos, event.modifiers, mHandleShape);
        const QTransform toLocal = QTransform().rotate(-shape.angle);
        QPointF d = toLocal.map(moved - fixed);
        double w = std::abs(d.x()), h = std::abs(d.y());
        if (event.modifiers & Qt::ShiftModifier)
            w = h = std::max(w, h);
        if (w < 1e-6 || h < 1e-6)
            return;
        const QPointF localDiagonal(std::copysign(w, d.x()), std::copysign(h, d.y()));
        shape.size = QSizeF(w, h);
        shape.center = fixed + QTransform().rotate(shape.angle).map(localDiagonal) / 2.0;
        pushDrag({shape}, tr("Resize %1"));
        break;
    }
    case Grip::Kind::Rotation: {
        const QPointF d = event.pos - shape.center;
        if (d.isNull())
            return;
        // angle 0 points the grip straight up; QTransform::rotate turns clockwise on screen.
        double angle = std::atan2(d.x(), -d.y()) * 180.0 / M_PI;
        if (event.modifiers & Qt::ShiftModifier)
            angle = std::round(angle / 15.0) * 15.0;
        else if (!(event.modifiers & Qt::AltModifier))
            angle = std::round(angle); // whole degrees unless snapping is suspended
        if (angle < 0)
            angle += 360.0;
        shape.angle = angle;
        pushDrag({shape}, tr("Rotate %1"));
        mCanvas->setToolStatus(tr("Angle %1°").arg(angle));
        return;
    }
    case Grip::Kind::Radius: {
        const double r = shape.type == ShapeType::Capsule && shape.points.size() == 2
                             ? distanceToSegment(event.pos, shape.points[0], shape.points[1])
                             : QLineF(shape.center, event.pos).length();
        // A capsule's radius dragged onto its segment becomes 0: kept and flagged invalid (its
        // problem names the radius) rather than raised to the snap's smallest length.
        const bool ontoSegment = shape.type == ShapeType::Capsule && r < 0.5;
        shape.radius = ontoSegment ? 0.0 : mCanvas->snapLength(r, event.modifiers);
        pushDrag({shape}, tr("Resize %1"));
        break;
    }
    case Grip::Kind::End: {
        if (mGrip.index < 0 || mGrip.index >= shape.points.size())
            return;
        shape.points[mGrip.index] = mCanvas->snap(event.pos, event.modifiers, mHandleShape);
        pushDrag({shape}, tr("Move End of %1"));
        break;
    }
    case Grip::Kind::None:
        return;
    }
    // Live validation: the item re-validated on the change; say why while the mouse is down.
    const ShapeItem *item = mCanvas->item(mHandleShape);
    mCanvas->setToolStatus(item && item->problem()
                               ? tr("%1: %2").arg(problemPrefix, item->problem()->reason)
                               : QString());
}

void SelectTool::mouseReleased(const ToolMouseEvent &event) {
    if (event.button != Qt::LeftButton)
        return;
    const Mode mode = mMode;
    mMode = Mode::Idle;
    mCanvas->setToolStatus({});
    switch (mode) {
    case Mode::PressedOnShape:
        // A plain click on one of several selected shapes selects just that one.
        if (mClickedShape >= 0)
            mCanvas->session()->setSelectedShapes({mClickedShape});
        mCanvas->setSelectedVertices(-1, {});
        break;
    case Mode::RubberBand:
        finishRubberBand(event);
        break;
    default:
        break;
    }
    mDragShapes.clear();
    mDragOriginal.clear();
    mPushed = false;
}

void SelectTool::finishRubberBand(const ToolMouseEvent &event) {
    mCanvas->previewItem()->setPath({});
    const QRectF band = QRectF(mPressPos, event.pos).normalized();
    const bool shift = event.modifiers & Qt::ShiftModifier;
    EditorSession *session = mCanvas->session();
    if (QLineF(event.viewPos, mPressViewPos).length() < kDragThreshold) {
        if (!shift) {
            session->setSelectedShapes({});
            mCanvas->setSelectedVertices(-1, {});
        }
        return;
    }
    // A band over vertices of a selected polygon selects those vertices (to move them
    // together); otherwise it selects the shapes it fully encloses.
    for (int index : session->selectedShapes()) {
        const Shape shape = mCanvas->shapes().value(index);
        if (shape.type != ShapeType::Polygon)
            continue;
        QList<int> vertices =
            shift && mCanvas->vertexShape() == index ? mCanvas->selectedVertices() : QList<int>();
        bool any = false;
        for (int v = 0; v < shape.points.size(); ++v) {
            if (band.contains(shape.points[v])) {
                vertices.append(v);
                any = true;
            }
        }
        if (any && !band.contains(shape.boundingRect())) {
            mCanvas->setSelectedVertices(index, vertices);
            return;
        }
    }
    QList<int> selected = shift ? session->selectedShapes() : QList<int>();
    for (int i = 0; i < mCanvas->itemCount(); ++i) {
        if (mCanvas->item(i)->isLayerVisible() &&
            band.contains(mCanvas->item(i)->shapeData().boundingRect()))
            selected.append(i);
    }
    session->setSelectedShapes(selected);
    mCanvas->setSelectedVertices(-1, {});
}

void SelectTool::mouseDoubleClicked(const ToolMouseEvent &event) {
    if (mPushed)
        return; // a drag is under way; the double-click is a slip of the finger
    // The double-click's own press started a click or band: this event replaces it.
    mMode = Mode::Idle;
    mCanvas->previewItem()->setPath({});
    // Double-clicking an edge of a selected polygon inserts a vertex there.
    const double reach = (ShapeItem::kHandleRadius + 2) / mCanvas->zoom();
    for (int index : mCanvas->session()->selectedShapes()) {
        Shape shape = mCanvas->shapes().value(index);
        if (shape.type != ShapeType::Polygon || shape.points.size() < 2)
            continue;
        const int n = int(shape.points.size());
        for (int i = 0; i < n; ++i) {
            const QPointF a = shape.points[i], b = shape.points[(i + 1) % n];
            const QPointF ab = b - a;
            const double len2 = QPointF::dotProduct(ab, ab);
            if (len2 <= 0)
                continue;
            const double t = std::clamp(QPointF::dotProduct(event.pos - a, ab) / len2, 0.0, 1.0);
            if (QLineF(a + ab * t, event.pos).length() > reach)
                continue;
            const QPointF at = mCanvas->snap(a + ab * t, event.modifiers, index);
            shape.points.insert(i + 1, at);
            const FrameRef frame = mCanvas->currentFrame();
            mCanvas->document()->undoStack()->push(
                new ChangeShapesCommand(mCanvas->document(), {{frame.sprite, frame.frame, index}},
                                        {shape}, tr("Insert Vertex in %1")));
            mCanvas->setSelectedVertices(index, {i + 1});
            return;
        }
    }
    mousePressed(event);
}

bool SelectTool::keyPressed(QKeyEvent *event) {
    if (event->key() == Qt::Key_Escape) {
        if (isBusy()) {
            cancel();
        } else {
            mCanvas->setSelectedVertices(-1, {});
            mCanvas->session()->setSelectedShapes({});
        }
        return true;
    }
    if (isBusy())
        return false;
    const double step = event->modifiers() & Qt::ShiftModifier ? 10.0 : 1.0;
    switch (event->key()) {
    case Qt::Key_Left:
        nudge({-step, 0});
        return true;
    case Qt::Key_Right:
        nudge({step, 0});
        return true;
    case Qt::Key_Up:
        nudge({0, -step});
        return true;
    case Qt::Key_Down:
        nudge({0, step});
        return true;
    default:
        return false;
    }
}

void SelectTool::nudge(QPointF offset) {
    const QList<int> selected = mCanvas->session()->selectedShapes();
    if (selected.isEmpty())
        return;
    const FrameRef frame = mCanvas->currentFrame();
    QList<ShapeRef> refs;
    QList<Shape> moved;
    const bool vertices = mCanvas->vertexShape() >= 0 && !mCanvas->selectedVertices().isEmpty();
    if (vertices) {
        // Nudging selected vertices moves just them.
        Shape shape = mCanvas->shapes().value(mCanvas->vertexShape());
        bool any = false;
        for (int v : mCanvas->selectedVertices()) {
            if (v < 0 || v >= shape.points.size())
                continue; // a vertex the shape no longer has: never index past its points
            shape.points[v] += offset;
            any = true;
        }
        if (!any)
            return;
        refs.append({frame.sprite, frame.frame, mCanvas->vertexShape()});
        moved.append(shape);
    } else {
        for (int index : selected) {
            Shape shape = mCanvas->shapes().value(index);
            shape.translate(offset);
            refs.append({frame.sprite, frame.frame, index});
            moved.append(shape);
        }
    }
    // A run of nudges on the same shapes is one undo step, as a drag is.
    mCanvas->document()->undoStack()->push(new ChangeShapesCommand(
        mCanvas->document(), refs, moved, vertices ? tr("Nudge Vertices of %1") : tr("Nudge %1"),
        MergeMode::Nudge));
}

void SelectTool::abandon() {
    mPushed = false;
    cancel();
}

void SelectTool::cancel() {
    if (mPushed) {
        // Pushing the original state merges into the drag's command, which then nets to
        // nothing and drops out of the history (no stray redo step either).
        pushDrag(mDragOriginal, QString());
    }
    mMode = Mode::Idle;
    mPushed = false;
    mDragShapes.clear();
    mDragOriginal.clear();
    mCanvas->previewItem()->setPath({});
    mCanvas->setToolStatus({});
}

} // namespace hitsmith
