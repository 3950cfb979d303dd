#include "versuslayer.h"
#include "shapepath.h"

#include "canvas.h"
#include "document.h"
#include "operations/versusplacement.h"
#include "versusservice.h"

#include <QGraphicsPathItem>
#include <QGraphicsPixmapItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainterPath>
#include <QPen>

namespace hitsmith {

namespace {

QPainterPath outlineOf(const Shape &shape) {
    QPainterPath path;
    if (shape.type == ShapeType::Circle)
        path.addEllipse(shape.center, shape.radius, shape.radius);
    else if (shape.type == ShapeType::Capsule)
        return filledShapePath(shape);
    else if (shape.type == ShapeType::Point)
        return path; // a locator: nothing to fill
    else
        path.addPolygon(shape.outline());
    path.closeSubpath();
    return path;
}

constexpr double kOnTop = 1e9 + 2; // over the shapes and the hit arrow

} // namespace

VersusLayer::VersusLayer(Canvas *canvas, Document *document, const VersusService *service,
                         QObject *parent)
    : QObject(parent)
    , mCanvas(canvas)
    , mDocument(document)
    , mService(service)
    , mPicture(new QGraphicsPixmapItem)
    , mDefender(new QGraphicsPathItem)
    , mArrows(new QGraphicsPathItem)
    , mReach(new QGraphicsPathItem)
    , mReachLabel(new QGraphicsSimpleTextItem) {
    QPen defenderPen(QColor(255, 170, 0), 2, Qt::DashLine);
    defenderPen.setCosmetic(true);
    mDefender->setPen(defenderPen);
    mDefender->setBrush(QColor(255, 170, 0, 40));
    QPen arrowPen(QColor(255, 60, 60), 2);
    arrowPen.setCosmetic(true);
    mArrows->setPen(arrowPen);
    mArrows->setBrush(QColor(255, 60, 60));
    QPen reachPen(QColor(80, 200, 255), 1, Qt::DashDotLine);
    reachPen.setCosmetic(true);
    mReach->setPen(reachPen);
    mReachLabel->setBrush(QColor(80, 200, 255));
    mReachLabel->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    int z = 0;
    for (QGraphicsItem *item :
         std::initializer_list<QGraphicsItem *>{mDefender, mArrows, mReach, mReachLabel}) {
        item->setZValue(kOnTop + z++);
        item->setAcceptedMouseButtons(Qt::NoButton);
        canvas->scene()->addItem(item);
    }
    // Faint, over the attacker's picture and under its shapes (the drag test ignores it).
    mPicture->setOpacity(0.4);
    mPicture->setZValue(-0.5);
    mPicture->setAcceptedMouseButtons(Qt::NoButton);
    mPicture->setTransformationMode(Qt::FastTransformation); // pixel art stays crisp
    canvas->scene()->addItem(mPicture);
    canvas->view()->viewport()->installEventFilter(this);
    refresh();
}

void VersusLayer::setPictureSource(std::function<FramePicture()> source) {
    mPictureSource = std::move(source);
    refresh();
}

bool VersusLayer::isShowing() const {
    const VersusPlacement p = mService->placement();
    return mService->isActive() && p.attacker == mCanvas->currentFrame();
}

void VersusLayer::refresh() {
    QPainterPath defender, arrows, reach;
    QString reachText;
    QPixmap picture;
    if (isShowing()) {
        const VersusPlacement p = mService->placement();
        // Versus space has the attacker's origin at its root position (the motion accumulated
        // up to its frame); the canvas shows the attacker's frame in its own coordinates.
        const QPointF origin = mDocument->frame(p.attacker).origin.value_or(QPointF()) -
                               mDocument->sprite(p.attacker.sprite).rootPosition(p.attacker.frame);
        const Frame &frame = mService->defenderFrame();
        if (const FramePicture shown = mPictureSource ? mPictureSource() : FramePicture();
            shown.isOk()) {
            // As placeDefenderShape places the frame's points: about its origin, mirrored to
            // face the attacker unless facing is Same, at (dx, dy) from the attacker's origin.
            const QPointF frameOrigin = frame.origin.value_or(QPointF());
            QTransform t;
            t.translate(origin.x() + p.dx, origin.y() + p.dy);
            t.scale(p.facing == Facing::Opposite ? -1.0 : 1.0, 1.0);
            t.translate(-frameOrigin.x(), -frameOrigin.y());
            picture = QPixmap::fromImage(shown.image);
            mPicture->setOffset(shown.position);
            mPicture->setTransform(t);
        }
        QList<QPointF> centres;
        for (const Shape &shape : frame.shapes) {
            Shape placed = placeDefenderShape(shape, frame, {p.dx, p.dy}, p.facing);
            placed.translate(origin);
            defender.addPath(outlineOf(placed));
            centres.append(placed.boundingRect().center());
        }
        const double head = 8.0 / std::max(mCanvas->zoom(), 1e-6);
        for (const VersusHit &hit : mService->hits()) {
            const QPointF start = centres.value(hit.defenderShape);
            const QPointF end = start + hit.normal * hit.depth;
            arrows.moveTo(start);
            arrows.lineTo(end);
            const QPointF side(-hit.normal.y(), hit.normal.x());
            arrows.addPolygon(QPolygonF(
                {end + hit.normal * head, end + side * head * 0.5, end - side * head * 0.5}));
            arrows.closeSubpath();
        }
        double farthest = 0;
        bool connects = false;
        FrameRef joined; // the defender in both characters' document
        const DocumentData data = mService->pairData(&joined);
        for (const DxInterval &i :
             versusRange(data, p.attacker, joined, p.dy, p.facing, mService->layers())) {
            farthest = connects ? std::max(farthest, i.hi) : i.hi;
            connects = true;
        }
        if (connects) {
            const QRectF scene = mCanvas->scene()->sceneRect();
            const double x = origin.x() + farthest;
            reach.moveTo(x, scene.top());
            reach.lineTo(x, scene.bottom());
            reachText = tr("reach dx %1").arg(farthest, 0, 'f', 1);
            mReachLabel->setPos(x, origin.y());
        }
    }
    mPicture->setPixmap(picture);
    mPicture->setVisible(!picture.isNull());
    mDefender->setPath(defender);
    mArrows->setPath(arrows);
    mReach->setPath(reach);
    mReachLabel->setText(reachText);
    mReachLabel->setVisible(!reachText.isEmpty());
}

bool VersusLayer::eventFilter(QObject *watched, QEvent *event) {
    Q_UNUSED(watched)
    const auto type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove &&
        type != QEvent::MouseButtonRelease)
        return false;
    auto *mouse = static_cast<QMouseEvent *>(event);
    const QPointF scenePos = mCanvas->view()->mapToScene(mouse->position().toPoint());
    if (type == QEvent::MouseButtonPress) {
        if (mouse->button() != Qt::LeftButton || mouse->modifiers() != Qt::NoModifier ||
            !isShowing() || !mDefender->path().contains(scenePos))
            return false;
        // An attacker shape under the cursor keeps the click: editing comes first.
        for (QGraphicsItem *item : mCanvas->scene()->items(scenePos))
            if (item->zValue() < kOnTop && item->zValue() >= 0)
                return false;
        mDragging = true;
        mDragStart = scenePos;
        return true;
    }
    if (!mDragging)
        return false;
    const QPointF delta = scenePos - mDragStart;
    if (type == QEvent::MouseMove) {
        mDefender->setPos(delta); // a preview only; the model moves on release
        return true;
    }
    mDragging = false;
    mDefender->setPos(0, 0);
    if (!delta.isNull()) {
        const VersusPlacement p = mService->placement();
        Q_EMIT defenderDropped(p.dx + delta.x(), p.dy + delta.y());
    }
    return true;
}

} // namespace hitsmith
