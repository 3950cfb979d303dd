#include "motionlayer.h"

#include "canvas.h"
#include "editorsession.h"
#include "onionlayer.h"
#include "operations/rootmotion.h"
#include "versusservice.h"

#include <QAction>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsScene>
#include <QMenu>
#include <QPainterPath>
#include <QPen>
#include <QSettings>

#include <utility>

namespace hitsmith {

namespace {

const QString kPathKey = QStringLiteral("view/rootMotionPath");

// Under the shape items (z = their index >= 0) and over the frame's outline (-1): the versus
// layer takes the canvas's mouse only where no item of z >= 0 is.
constexpr double kSweepZ = -0.6;
constexpr double kPathZ = -0.5;
constexpr double kDotZ = -0.4;

// As the onion skin: red before, blue after; the current frame in the origin cross's yellow.
const QColor kBefore(255, 110, 110);
const QColor kAfter(110, 170, 255);
const QColor kCurrent(255, 220, 0);
const QColor kSweep(255, 150, 40);

void prepare(QGraphicsItem *item, double z) {
    item->setZValue(z);
    item->setAcceptedMouseButtons(Qt::NoButton);
    item->setAcceptHoverEvents(false);
}

} // namespace

MotionLayer::MotionLayer(Canvas *canvas, OnionLayer *onion, const VersusService *versus,
                         QObject *parent)
    : QObject(parent)
    , mCanvas(canvas)
    , mOnion(onion)
    , mVersus(versus)
    , mPathAction(new QAction(tr("Root Motion &Path"), this))
    , mPath(new QGraphicsPathItem) {
    mPathAction->setObjectName(QStringLiteral("rootMotionPathAction"));
    mPathAction->setCheckable(true);
    mPathAction->setChecked(QSettings().value(kPathKey, true).toBool());
    mPathAction->setToolTip(tr("Show where the character's origin stands in every frame of a "
                               "sprite with root motion"));
    connect(mPathAction, &QAction::toggled, this, &MotionLayer::setPathShown);

    QPen pen(QColor(255, 255, 255, 170), 1.5, Qt::DashLine);
    pen.setCosmetic(true);
    mPath->setPen(pen);
    mPath->setBrush(Qt::NoBrush);
    prepare(mPath, kPathZ);
    canvas->scene()->addItem(mPath);

    EditorSession *session = canvas->session();
    connect(session, &EditorSession::currentFrameChanged, this, &MotionLayer::refresh);
    connect(session, &EditorSession::selectionChanged, this, &MotionLayer::refreshSweeps);
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if (!mCanvas)
            return;
        const FrameRef current = mCanvas->session()->currentFrame();
        const bool shapeChange = change.kind == Kind::ShapeChanged ||
                                 change.kind == Kind::ShapeInserted ||
                                 change.kind == Kind::ShapeRemoved;
        if (shapeChange) {
            // Shapes matter to the sweeps only, in the current frame and the one before it: a
            // drag redraws no path.
            if (change.sprite == current.sprite &&
                (change.frame == current.frame || change.frame == current.frame - 1))
                refreshSweeps();
            return;
        }
        refresh();
    });
    if (mOnion)
        connect(mOnion->toggleAction(), &QAction::toggled, this, &MotionLayer::refreshSweeps);
    if (mVersus) // its layer pairs decide the attack shapes
        connect(mVersus, &VersusService::hitsChanged, this, &MotionLayer::refreshSweeps);
    refresh();
}

MotionLayer::~MotionLayer() {
    if (!mCanvas)
        return;   // the scene went with the canvas, and the items with it
    delete mPath; // a deleted item leaves its scene
    clearItems(&mDots, &mSweeps);
}

void MotionLayer::addActionsTo(QMenu *menu) const {
    menu->addAction(mPathAction);
}

void MotionLayer::setPathShown(bool on) {
    QSettings().setValue(kPathKey, on);
    refresh();
}

QList<int> MotionLayer::selectedAttackShapes() const {
    const EditorSession *session = mCanvas->session();
    const Document *document = session->document();
    const VersusLayers layers = mVersus ? mVersus->layers() : VersusLayers{};
    const VersusLayerFilter filter(document->data(), layers);
    const QList<Shape> &shapes = document->frame(session->currentFrame()).shapes;
    QList<int> result;
    for (const int index : session->selectedShapes())
        if (index < shapes.size() && filter.isAttackLayer(shapes[index].layer))
            result.append(index);
    return result;
}

void MotionLayer::refresh() {
    refreshPath();
    refreshSweeps();
}

void MotionLayer::clearItems(QList<QGraphicsEllipseItem *> *dots,
                             QList<QGraphicsPolygonItem *> *sweeps) {
    // A deleted item leaves its scene.
    if (dots)
        qDeleteAll(std::exchange(*dots, {}));
    if (sweeps)
        qDeleteAll(std::exchange(*sweeps, {}));
}

void MotionLayer::refreshPath() {
    if (!mCanvas)
        return;
    clearItems(&mDots, nullptr);
    QPainterPath path;
    const Document *document = mCanvas->session()->document();
    const FrameRef current = mCanvas->session()->currentFrame();
    const Sprite *sprite =
        document->contains(current) ? &document->sprite(current.sprite) : nullptr;
    if (sprite && mPathAction->isChecked() && operations::hasRootMotion(*sprite)) {
        const QPointF origin = sprite->frames[current.frame].origin.value_or(QPointF());
        const QPointF here = sprite->rootPosition(current.frame);
        for (int k = 0; k < sprite->frames.size(); ++k) {
            const QPointF at = origin + sprite->rootPosition(k) - here;
            if (k == 0)
                path.moveTo(at);
            else
                path.lineTo(at);
            const bool isCurrent = k == current.frame;
            const double r = isCurrent ? 5.0 : 3.0; // screen pixels: the dots ignore the zoom
            auto *dot = new QGraphicsEllipseItem(-r, -r, 2 * r, 2 * r);
            dot->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            const QColor colour = isCurrent ? kCurrent : k < current.frame ? kBefore : kAfter;
            QPen pen(isCurrent ? colour : QColor(20, 20, 20, 200), isCurrent ? 2.0 : 1.0);
            dot->setPen(pen);
            dot->setBrush(isCurrent ? QBrush(Qt::NoBrush) : QBrush(colour));
            dot->setPos(at);
            dot->setToolTip(tr("%1: origin at %2, %3")
                                .arg(sprite->frames[k].name)
                                .arg(sprite->rootPosition(k).x())
                                .arg(sprite->rootPosition(k).y()));
            prepare(dot, kDotZ + (isCurrent ? 0.01 : 0.0));
            mCanvas->scene()->addItem(dot);
            mDots.append(dot);
        }
    }
    mPath->setPath(path);
}

void MotionLayer::refreshSweeps() {
    if (!mCanvas)
        return;
    clearItems(nullptr, &mSweeps);
    const Document *document = mCanvas->session()->document();
    const FrameRef current = mCanvas->session()->currentFrame();
    if (!mOnion || !mOnion->isEnabled() || !document->contains(current))
        return;
    const Sprite &sprite = document->sprite(current.sprite);
    for (const operations::SweptArea &area :
         operations::sweptAreas(sprite, current.frame, selectedAttackShapes())) {
        auto *item = new QGraphicsPolygonItem(area.hull);
        QPen pen(kSweep, 1.5, Qt::DashLine);
        pen.setCosmetic(true);
        item->setPen(pen);
        QColor fill = kSweep;
        fill.setAlpha(80);
        item->setBrush(fill);
        item->setToolTip(tr("%1 sweeps this area from the previous frame")
                             .arg(sprite.frames[current.frame].shapes[area.shape].id));
        prepare(item, kSweepZ);
        mCanvas->scene()->addItem(item);
        mSweeps.append(item);
    }
}

} // namespace hitsmith
