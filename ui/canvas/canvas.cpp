// The canvas's core: construction, model access, keeping the scene in step with the document,
// status text and tool dispatch. Actions, settings and zoom live in canvasactions.cpp, the
// clipboard in canvasclipboard.cpp, fixes and edit actions in canvasedits.cpp.
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

namespace {

const QList<Shape> &noShapes() {
    static const QList<Shape> empty;
    return empty;
}

} // namespace

Canvas::Canvas(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mScene(new QGraphicsScene(this)) {
    mView = new CanvasView(this, mScene);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mView);
    setFocusProxy(mView);

    mFrameItem = new QGraphicsRectItem;
    QPen framePen(QColor(255, 255, 255, 90), 1, Qt::DashLine);
    framePen.setCosmetic(true);
    mFrameItem->setPen(framePen);
    mFrameItem->setZValue(-1);
    mScene->addItem(mFrameItem);
    // Overlays sit above any number of shapes (shape items use z = their index).
    mPreview = new QGraphicsPathItem;
    QPen previewPen(ShapeItem::selectionColor(), 1.5, Qt::DashLine);
    previewPen.setCosmetic(true);
    mPreview->setPen(previewPen);
    QColor previewFill = ShapeItem::selectionColor();
    previewFill.setAlpha(40);
    mPreview->setBrush(previewFill);
    mPreview->setZValue(1e9);
    mScene->addItem(mPreview);
    mHitArrow = new QGraphicsPathItem;
    QPen arrowPen(Qt::white, 2);
    arrowPen.setCosmetic(true);
    mHitArrow->setPen(arrowPen);
    mHitArrow->setBrush(Qt::white);
    mHitArrow->setZValue(1e9 + 1);
    mScene->addItem(mHitArrow);

    createActions();
    loadSettings();

    connect(session->document(), &Document::changed, this, &Canvas::onDocumentChanged);
    connect(session->collisions(), &CollisionService::hitsChanged, this, &Canvas::onHitsChanged);
    connect(session->collisions(), &CollisionService::allHitsChanged, this,
            &Canvas::refreshColliding);
    connect(session, &EditorSession::currentFrameChanged, this, [this] {
        // Stepping through frames of one size keeps the zoom and scroll, like a flip book.
        // MUGEN elements differ in size but share the axis: keep the view while stepping.
        const QSizeF before = mFrameRect.size();
        const bool wasMugen = mPicture.isMugen;
        rebuild();
        if (mFrameRect.size() != before && !(wasMugen && mPicture.isMugen))
            zoomToFit();
    });
    connect(session, &EditorSession::selectionChanged, this, &Canvas::refreshSelection);
    connect(session, &EditorSession::picturesChanged, this, &Canvas::reloadFrameImage);
    connect(session, &EditorSession::selectedHitChanged, this, &Canvas::updateHitArrow);

    setActiveTool(mTools.first());
    rebuild();
}

Canvas::~Canvas() = default;

QGraphicsView *Canvas::view() const {
    return mView;
}

// --- Model access ---

Document *Canvas::document() const {
    return mSession->document();
}

FrameRef Canvas::currentFrame() const {
    return mSession->currentFrame();
}

const QList<Shape> &Canvas::shapes() const {
    const FrameRef frame = currentFrame();
    if (!document()->contains(frame))
        return noShapes();
    return document()->frame(frame).shapes;
}

bool Canvas::inSync() const {
    return mItems.size() == shapes().size();
}

QString Canvas::uniqueShapeId(const QString &base) const {
    const FrameRef frame = currentFrame();
    if (!document()->contains(frame))
        return base;
    return document()->frame(frame).uniqueShapeId(base);
}

void Canvas::insertShapes(const QList<Shape> &newShapes, const QString &text) {
    const FrameRef frame = currentFrame();
    if (!document()->contains(frame) || newShapes.isEmpty())
        return;
    Frame scratch = document()->frame(frame);
    QList<ShapeRef> refs;
    QList<Shape> toInsert;
    QList<int> indices;
    for (Shape shape : newShapes) {
        // Ids stay unique within the frame, also among the shapes inserted together.
        shape.id = scratch.uniqueShapeId(shape.id.isEmpty() ? shapeTypeName(shape.type) : shape.id);
        const int index = int(scratch.shapes.size());
        scratch.shapes.append(shape);
        refs.append({frame.sprite, frame.frame, index});
        toInsert.append(shape);
        indices.append(index);
    }
    document()->undoStack()->push(new InsertShapesCommand(document(), refs, toInsert, text));
    mSession->setSelectedShapes(indices);
}

// --- Syncing with the document ---

QColor Canvas::layerColor(const QString &layer) const {
    // Shared with the Layers panel, so a layer's swatch there matches its shapes here.
    return hitsmith::layerColor(layer, document()->data());
}

bool Canvas::layerVisible(const QString &layer) const {
    for (const LayerStyle &style : document()->data().layers) {
        if (style.name == layer)
            return style.visible;
    }
    return true;
}

void Canvas::rebuild() {
    if (mActiveTool)
        mActiveTool->abandon();
    qDeleteAll(mItems);
    mItems.clear();
    mHoveredShape = -1;
    mVertexShape = -1;
    mSelectedVertices.clear();
    const QList<Shape> &list = shapes();
    const double scale = zoom();
    mItems.reserve(list.size());
    for (int i = 0; i < list.size(); ++i) {
        auto *item = new ShapeItem(list[i]);
        item->setZValue(i);
        item->setViewScale(scale);
        mScene->addItem(item);
        mItems.append(item);
    }
    reloadFrameImage();
    refreshStyles();
    refreshColliding();
    refreshSelection();
    updateHitArrow();
}

void Canvas::reloadFrameImage() {
    const FrameRef frame = currentFrame();
    FramePicture picture;
    QRectF rect;
    QPointF origin;
    QString notice, status;
    if (!document()->contains(frame))
        notice = tr("Nothing to edit yet: add a sprite with Sprite > Add Sprite from PNG, or drop "
                    "a PNG here");
    if (document()->contains(frame)) {
        const Sprite &sprite = document()->sprite(frame.sprite);
        const Frame &f = document()->frame(frame);
        picture = mSession->picture(frame);
        const QString number = QString::number(frame.frame + 1);
        switch (picture.status) {
        case PictureStatus::NoImage:
        case PictureStatus::Ok:
            break;
        case PictureStatus::Blank:
            status = tr("Frame %1: blank element (sprite %2,%3): the engine draws nothing")
                         .arg(number)
                         .arg(picture.group)
                         .arg(picture.number);
            break;
        case PictureStatus::FileMissing:
            if (!picture.isMugen) {
                notice = tr("image not found: %1")
                             .arg(storedImagePath(
                                 sprite.image, QFileInfo(document()->filePath()).absolutePath()));
                break;
            }
            [[fallthrough]];
        case PictureStatus::SpriteMissing:
        case PictureStatus::DecodeFailed:
            notice = picture.message;
            status = tr("Frame %1: %2").arg(number, picture.message);
            break;
        }
        if (picture.isMugen) {
            // The axis is the origin; the frame holds the sprite and the boxes (a Clsn1 often
            // reaches past the sprite); without pixels, the room a character stands in.
            rect = picture.isOk() ? picture.rect() : QRectF(-32, -64, 64, 64);
            for (const Shape &s : f.shapes)
                rect |= s.boundingRect();
        } else {
            if (f.source)
                rect = QRectF(QPointF(0, 0), f.source->size());
            else if (picture.isOk())
                rect = picture.rect();
            if (rect.isEmpty()) {
                // No image: frame the shapes so "fit" still shows the work.
                rect = QRectF(0, 0, 64, 64);
                for (const Shape &s : f.shapes)
                    rect |= s.boundingRect();
            }
        }
        origin = f.origin.value_or(QPointF(0, 0));
    }
    mPicture = picture;
    mImage = picture.isOk() ? QPixmap::fromImage(picture.image) : QPixmap();
    mNotice = notice;
    mPictureStatus = status;
    mView->resetCachedContent();
    mView->viewport()->update();
    mFrameRect = rect;
    mFrameOrigin = origin;
    mFrameItem->setRect(rect);
    mFrameItem->setVisible(rect.isValid());
    updateSceneRect();
    mView->viewport()->update();
    refreshStatus();
}

void Canvas::updateSceneRect() {
    // Generous room around the frame so it can be panned to any corner of the view.
    const QRectF frame = mFrameRect.isValid() ? mFrameRect : QRectF(0, 0, 64, 64);
    const double marginX = mView->viewport()->width() / zoom();
    const double marginY = mView->viewport()->height() / zoom();
    mScene->setSceneRect(frame.adjusted(-marginX, -marginY, marginX, marginY));
}

void Canvas::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    const FrameRef frame = currentFrame();
    switch (change.kind) {
    case Kind::ShapeChanged:
        if (change.frameRef() == frame && change.shape < mItems.size()) {
            ShapeItem *item = mItems[change.shape];
            const Shape &shape = document()->shape(change.shapeRef());
            const bool layerChanged = item->shapeData().layer != shape.layer;
            item->setShapeData(shape);
            if (change.shape == mVertexShape) {
                // An undo, a history jump or a fix may have taken selected vertices away (or the
                // whole polygon): keep only those that still exist, through the setter.
                setSelectedVertices(mVertexShape, shape.type == ShapeType::Polygon
                                                      ? mSelectedVertices
                                                      : QList<int>());
            }
            if (layerChanged) {
                item->setLayerColor(layerColor(shape.layer));
                item->setLayerVisible(layerVisible(shape.layer));
            }
            const auto hit = mSession->selectedHit();
            if (change.shape == hit.first || change.shape == hit.second)
                updateHitArrow();
            if (change.shape == mHoveredShape || mSession->selectedShapes().contains(change.shape))
                refreshStatus();
        }
        return;
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
        if (change.frameRef() != frame)
            return;
        if (mActiveTool)
            mActiveTool->abandon();
        if (change.kind == Kind::ShapeInserted) {
            auto *item = new ShapeItem(document()->shape(change.shapeRef()));
            item->setViewScale(zoom());
            item->setLayerColor(layerColor(item->shapeData().layer));
            item->setLayerVisible(layerVisible(item->shapeData().layer));
            mScene->addItem(item);
            mItems.insert(change.shape, item);
        } else if (change.shape < mItems.size()) {
            delete mItems.takeAt(change.shape);
        }
        for (int i = change.shape; i < mItems.size(); ++i)
            mItems[i]->setZValue(i);
        mView->resetCachedContent();
        mHoveredShape = -1;
        mVertexShape = -1;
        mSelectedVertices.clear();
        refreshColliding();
        refreshSelection();
        updateHitArrow();
        return;
    case Kind::VersusChanged:
    case Kind::TickRateChanged:
        return; // the Versus view draws setups, not the frame canvas
    case Kind::LayersChanged:
    case Kind::CollisionRulesChanged:
        refreshStyles();
        refreshColliding();
        return;
    case Kind::FrameChanged:
    case Kind::SpriteChanged:
        if (change.sprite == frame.sprite)
            reloadFrameImage();
        return;
    case Kind::Reset:
        rebuild(); // the session has already forgotten the old document's pictures
        zoomToFit();
        return;
    default:
        // Structural edits: indices may have shifted under us.
        if (!inSync() || change.sprite == frame.sprite)
            rebuild();
        return;
    }
}

void Canvas::onHitsChanged(FrameRef frame, const QList<HitEvent> &events) {
    if (frame != currentFrame())
        return;
    if (!inSync()) {
        // An insert/remove: the collision service ran before the items caught up.
        mColoursDirty = true;
        return;
    }
    // Only the pairs that changed: the per-move cost stays flat with thousands of shapes.
    const auto hit = mSession->selectedHit();
    bool arrow = false;
    for (const HitEvent &event : events) {
        for (int index : {event.hit.a, event.hit.b}) {
            if (index >= 0 && index < mItems.size())
                mItems[index]->setColliding(
                    mSession->collisions()->isColliding({frame.sprite, frame.frame, index}));
        }
        if (event.hit.a == hit.first && event.hit.b == hit.second)
            arrow = true;
    }
    if (arrow)
        updateHitArrow();
}

void Canvas::refreshColliding() {
    mColoursDirty = false;
    const FrameRef frame = currentFrame();
    for (int i = 0; i < mItems.size(); ++i)
        mItems[i]->setColliding(
            mSession->collisions()->isColliding({frame.sprite, frame.frame, i}));
    updateHitArrow();
}

void Canvas::refreshStyles() {
    for (ShapeItem *item : std::as_const(mItems)) {
        item->setLayerColor(layerColor(item->shapeData().layer));
        item->setLayerVisible(layerVisible(item->shapeData().layer));
    }
    mView->resetCachedContent();
}

void Canvas::refreshSelection() {
    if (!inSync())
        return;
    const QList<int> selected = mSession->selectedShapes();
    for (int i = 0; i < mItems.size(); ++i) {
        const bool isSelected = selected.contains(i);
        mItems[i]->setShapeSelected(isSelected);
        mItems[i]->setLive(isSelected);
    }
    if (!selected.contains(mVertexShape))
        setSelectedVertices(-1, {});
    refreshFixActions();
    refreshStatus();
}

void Canvas::setSelectedVertices(int shape, QList<int> vertices) {
    if (mVertexShape >= 0 && mVertexShape < mItems.size())
        mItems[mVertexShape]->setSelectedVertices({});
    // Only vertices the shape has: Delete and the arrow keys index its points with them.
    const qsizetype count =
        shape >= 0 && shape < mItems.size() ? mItems[shape]->shapeData().points.size() : 0;
    vertices.removeIf([count](int v) { return v < 0 || v >= count; });
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    mVertexShape = vertices.isEmpty() ? -1 : shape;
    mSelectedVertices = mVertexShape < 0 ? QList<int>() : vertices;
    if (mVertexShape >= 0 && mVertexShape < mItems.size())
        mItems[mVertexShape]->setSelectedVertices(mSelectedVertices);
}

void Canvas::updateHitArrow() {
    const auto pair = mSession->selectedHit();
    const FrameRef frame = currentFrame();
    QPainterPath path;
    if (pair.first >= 0 && pair.second < mItems.size() && inSync()) {
        if (const auto hit = mSession->collisions()->hit(frame, pair.first, pair.second)) {
            // Drawn from b's centre: moving b along the arrow by its length separates the pair.
            const QPointF start = mItems[pair.second]->shapeData().boundingRect().center();
            const QPointF end = start + hit->normal * hit->depth;
            path.moveTo(start);
            path.lineTo(end);
            const double head = 8.0 / zoom();
            const QPointF n = hit->normal;
            const QPointF side(-n.y(), n.x());
            QPolygonF tip({end + n * head, end + side * head * 0.5, end - side * head * 0.5});
            path.addPolygon(tip);
            path.closeSubpath();
        }
    }
    mHitArrow->setPath(path);
}

// --- Status ---

void Canvas::setToolStatus(const QString &message) {
    mToolStatus = message;
    refreshStatus();
}

QString Canvas::currentLayerWarning() const {
    const QString layer = mSession->currentLayer();
    const DocumentData &data = document()->data();
    QStringList names = document()->layerNames();
    names.append(layer);
    for (const QString &other : std::as_const(names)) {
        if (data.layersCollide(layer, other))
            return {};
    }
    return tr("Layer \"%1\" collides with no layer: new shapes on it show no hits").arg(layer);
}

void Canvas::setDrawingStatus(const QString &message) {
    const QString warning = currentLayerWarning();
    if (warning.isEmpty() || message.isEmpty())
        setToolStatus(message.isEmpty() ? warning : message);
    else
        setToolStatus(message + QStringLiteral("  —  ") + warning);
}

void Canvas::refreshStatus() {
    QString message = mToolStatus;
    auto describe = [this](int index) -> QString {
        if (index < 0 || index >= mItems.size())
            return {};
        const ShapeItem *item = mItems[index];
        if (!item->problem())
            return {};
        return tr("%1: %2").arg(item->shapeData().id, item->problem()->reason);
    };
    if (message.isEmpty())
        message = describe(mHoveredShape);
    if (message.isEmpty()) {
        for (int index : mSession->selectedShapes()) {
            message = describe(index);
            if (!message.isEmpty())
                break;
        }
    }
    if (message.isEmpty())
        message = mPictureStatus; // what the frame shows instead of a sprite, and why
    refreshFixActions();
    if (message == mStatusMessage)
        return;
    mStatusMessage = message;
    Q_EMIT statusMessageChanged(message);
}

// --- Tools ---

void Canvas::setActiveTool(AbstractTool *tool) {
    if (!tool || tool == mActiveTool)
        return;
    if (mActiveTool)
        mActiveTool->deactivate();
    mActiveTool = tool;
    tool->action()->setChecked(true);
    mPreview->setPath({});
    tool->activate();
}

int Canvas::shapeAt(QPointF pos) const {
    if (!inSync())
        return -1;
    // Quiet items are not scene items (see ShapeItem), so test geometry directly: live
    // (selected) shapes are drawn on top and win, then the rest from the top of the stack down.
    for (const bool live : {true, false}) {
        for (int i = int(mItems.size()) - 1; i >= 0; --i) {
            const ShapeItem *item = mItems[i];
            if (item->isLive() == live && item->isLayerVisible() &&
                item->boundingRect().contains(pos) && item->shape().contains(pos))
                return i;
        }
    }
    return -1;
}

void Canvas::drawStaticLayer(QPainter *painter, const QRectF &rect) {
    if (!mImage.isNull()) {
        // Pixel art stays crisp: no smoothing when zoomed.
        painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter->drawPixmap(mPicture.position, mImage);
    } else if (mPicture.isMugen && mPicture.status != PictureStatus::NoImage) {
        drawMissingPictureMarker(painter);
    }
    if (mUnderlay) {
        painter->save();
        mUnderlay(painter, rect);
        painter->restore();
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    for (ShapeItem *item : std::as_const(mItems)) {
        if (!item->isLive() && item->isLayerVisible() && item->boundingRect().intersects(rect))
            item->paintInto(painter);
    }
}

void Canvas::drawMissingPictureMarker(QPainter *painter) const {
    // A small square on the axis: dashed grey for a blank element (nothing on purpose), crossed
    // red for a sprite that is missing or cannot be decoded.
    const double half = 6.0 / zoom();
    const QRectF box(mFrameOrigin - QPointF(half, half), QSizeF(2 * half, 2 * half));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const bool blank = mPicture.status == PictureStatus::Blank;
    QPen pen(blank ? QColor(200, 200, 200) : QColor(235, 80, 80), 1.5,
             blank ? Qt::DashLine : Qt::SolidLine);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(box.translated(0, -3 * half));
    if (!blank) {
        const QRectF b = box.translated(0, -3 * half);
        painter->drawLine(b.topLeft(), b.bottomRight());
        painter->drawLine(b.topRight(), b.bottomLeft());
    }
    painter->restore();
}

std::optional<std::pair<int, Grip>> Canvas::gripAt(QPointF pos) const {
    if (!inSync())
        return std::nullopt;
    const double reach = (ShapeItem::kHandleRadius + 2) / zoom();
    std::optional<std::pair<int, Grip>> best;
    double bestDistance = reach * reach;
    const QList<int> selected = mSession->selectedShapes();
    for (int index : selected) {
        if (!mItems[index]->isLayerVisible())
            continue;
        for (const Grip &h : mItems[index]->grips()) {
            const QPointF d = h.pos - pos;
            const double d2 = QPointF::dotProduct(d, d);
            if (d2 <= bestDistance) {
                bestDistance = d2;
                best = std::make_pair(index, h);
            }
        }
    }
    return best;
}

QPointF Canvas::snap(QPointF pos, Qt::KeyboardModifiers modifiers, int skipShape) const {
    if (modifiers & Qt::AltModifier)
        return pos;
    return mSnapper.snap(pos, shapes(), skipShape, zoom());
}

double Canvas::snapLength(double length, Qt::KeyboardModifiers modifiers) const {
    if (modifiers & Qt::AltModifier)
        return length;
    return mSnapper.snapLength(length);
}

void Canvas::toolEvent(QEvent::Type type, const ToolMouseEvent &event) {
    if (!mActiveTool)
        return;
    if (type == QEvent::MouseMove) {
        Q_EMIT cursorPositionChanged(event.pos);
        if (!(event.buttons & Qt::LeftButton))
            hoverAt(event.pos);
    }
    if (!document()->contains(currentFrame()))
        return;
    switch (type) {
    case QEvent::MouseButtonPress:
        mView->setFocus(Qt::MouseFocusReason);
        mActiveTool->mousePressed(event);
        break;
    case QEvent::MouseMove:
        mActiveTool->mouseMoved(event);
        break;
    case QEvent::MouseButtonRelease:
        mActiveTool->mouseReleased(event);
        break;
    case QEvent::MouseButtonDblClick:
        mActiveTool->mouseDoubleClicked(event);
        break;
    default:
        break;
    }
}

bool Canvas::toolKey(QKeyEvent *event) {
    return mActiveTool && mActiveTool->keyPressed(event);
}

void Canvas::hoverAt(QPointF pos) {
    const int hovered = std::isnan(pos.x()) ? -1 : shapeAt(pos);
    if (hovered == mHoveredShape)
        return;
    mHoveredShape = hovered;
    refreshStatus();
}

} // namespace hitsmith
