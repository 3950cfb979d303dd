#include "onionlayer.h"
#include "shapepath.h"

#include "canvas.h"
#include "editorsession.h"
#include "operations/rootmotion.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QPainter>
#include <QSettings>

namespace hitsmith {

namespace {

const QString kEnabledKey = QStringLiteral("view/onionSkin");
const QString kImagesKey = QStringLiteral("view/onionSkinImages");
const QString kCountKey = QStringLiteral("view/onionSkinCount");

// Red before, blue after, as in most animation tools; each further frame fainter.
const QColor kPrevious(255, 90, 90);
const QColor kNext(90, 160, 255);

QPainterPath pathOf(const QList<Shape> &shapes, const DocumentData &data) {
    QPainterPath path;
    for (const Shape &shape : shapes) {
        const auto style = std::find_if(data.layers.begin(), data.layers.end(),
                                        [&](const LayerStyle &s) { return s.name == shape.layer; });
        if (style != data.layers.end() && !style->visible)
            continue; // a hidden layer stays hidden in the ghosts too
        if (shape.type == ShapeType::Circle)
            path.addEllipse(shape.center, shape.radius, shape.radius);
        else if (shape.type == ShapeType::Capsule)
            path.addPath(filledShapePath(shape));
        else if (shape.type == ShapeType::Point)
            continue; // a locator: nothing to fill in a ghost
        else
            path.addPolygon(shape.outline());
        path.closeSubpath();
    }
    return path;
}

} // namespace

OnionLayer::OnionLayer(Canvas *canvas, QObject *parent)
    : QObject(parent)
    , mCanvas(canvas)
    , mToggle(new QAction(tr("&Onion Skin"), this))
    , mImagesAction(new QAction(tr("Onion Skin &Images"), this))
    , mCountGroup(new QActionGroup(this)) {
    const QSettings settings;
    mEnabled = settings.value(kEnabledKey, false).toBool();
    mImages = settings.value(kImagesKey, false).toBool();
    mCount = std::clamp(settings.value(kCountKey, 1).toInt(), 1, kMaxCount);

    mToggle->setObjectName(QStringLiteral("onionSkinAction"));
    mToggle->setCheckable(true);
    mToggle->setChecked(mEnabled);
    mToggle->setToolTip(tr("Show the previous frames (red) and the next frames (blue) faintly"));
    connect(mToggle, &QAction::toggled, this, &OnionLayer::setEnabled);
    mImagesAction->setObjectName(QStringLiteral("onionSkinImagesAction"));
    mImagesAction->setCheckable(true);
    mImagesAction->setChecked(mImages);
    connect(mImagesAction, &QAction::toggled, this, &OnionLayer::setShowsImages);
    for (int n = 1; n <= kMaxCount; ++n) {
        QAction *action = mCountGroup->addAction(n == 1 ? tr("&1 Frame Each Way")
                                                        : tr("&%1 Frames Each Way").arg(n));
        action->setObjectName(QStringLiteral("onionSkinCount%1").arg(n));
        action->setCheckable(true);
        action->setChecked(n == mCount);
        connect(action, &QAction::triggered, this, [this, n] { setCount(n); });
        mCountActions.append(action);
    }

    EditorSession *session = canvas->session();
    connect(session, &EditorSession::currentFrameChanged, this, &OnionLayer::refresh);
    connect(session, &EditorSession::picturesChanged, this, [this] {
        if (mEnabled && mImages)
            refresh();
    });
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if (!mEnabled || change.kind == Kind::CollisionRulesChanged ||
            change.kind == Kind::VersusChanged)
            return;
        // A drag in the current frame changes no ghost: keep the canvas's cached background.
        const bool shapeChange = change.kind == Kind::ShapeChanged ||
                                 change.kind == Kind::ShapeInserted ||
                                 change.kind == Kind::ShapeRemoved;
        if (shapeChange && change.frameRef() == mCanvas->session()->currentFrame())
            return;
        refresh();
    });
    canvas->setUnderlay([this](QPainter *painter, const QRectF &rect) { paint(painter, rect); });
    refresh();
}

OnionLayer::~OnionLayer() {
    if (mCanvas)
        mCanvas->setUnderlay({});
}

void OnionLayer::addActionsTo(QMenu *menu) {
    menu->addAction(mToggle);
    menu->addAction(mImagesAction);
    QMenu *frames = menu->addMenu(tr("Onion Skin &Frames"));
    frames->setObjectName(QStringLiteral("onionSkinFramesMenu"));
    frames->addActions(mCountActions);
}

void OnionLayer::setEnabled(bool on) {
    if (mEnabled == on)
        return;
    mEnabled = on;
    mToggle->setChecked(on);
    saveSettings();
    refresh();
}

void OnionLayer::setShowsImages(bool on) {
    if (mImages == on)
        return;
    mImages = on;
    mImagesAction->setChecked(on);
    saveSettings();
    refresh();
}

void OnionLayer::setCount(int count) {
    count = std::clamp(count, 1, kMaxCount);
    mCountActions[count - 1]->setChecked(true);
    if (mCount == count)
        return;
    mCount = count;
    saveSettings();
    refresh();
}

void OnionLayer::setWrapping(bool on) {
    if (mWrapping == on)
        return;
    mWrapping = on;
    refresh();
}

void OnionLayer::saveSettings() const {
    QSettings settings;
    settings.setValue(kEnabledKey, mEnabled);
    settings.setValue(kImagesKey, mImages);
    settings.setValue(kCountKey, mCount);
}

void OnionLayer::refresh() {
    const bool hadGhosts = !mGhosts.isEmpty();
    mGhosts.clear();
    const Document *document = mCanvas->session()->document();
    const FrameRef current = mCanvas->session()->currentFrame();
    if (mEnabled && document->contains(current)) {
        const Sprite &sprite = document->sprite(current.sprite);
        const int frames = int(sprite.frames.size());
        // Root motion over one run of the sprite: a neighbour reached by wrapping round is a run
        // earlier (before frame 0) or later (after the last frame).
        const QPointF run = sprite.rootPosition(frames - 1);
        QList<int> shown{current.frame};
        for (int distance = 1; distance <= mCount; ++distance) {
            for (const int side : {-1, +1}) {
                int index = current.frame + side * distance;
                if (mWrapping)
                    index = ((index % frames) + frames) % frames;
                if (index < 0 || index >= frames || shown.contains(index))
                    continue; // past an end, or (wrapping round a short sprite) already nearer
                shown.append(index);
                const Frame &frame = sprite.frames[index];
                Ghost ghost;
                ghost.offset = side * distance;
                ghost.frame = {current.sprite, index};
                // Pivots aligned (a frame whose cell is placed differently still lines up), and
                // moved by the character's root motion between the two frames.
                QPointF shift = operations::shownOffset(sprite, index, current.frame);
                if (side < 0 && index > current.frame)
                    shift -= run;
                else if (side > 0 && index < current.frame)
                    shift += run;
                ghost.path = pathOf(frame.shapes, document->data()).translated(shift);
                ghost.color = side < 0 ? kPrevious : kNext;
                ghost.color.setAlphaF(0.6 / distance);
                ghost.imageAt = shift;
                if (mImages) {
                    const FramePicture picture = mCanvas->session()->picture(ghost.frame);
                    if (picture.isOk())
                        ghost.image = QPixmap::fromImage(picture.image);
                    ghost.imageAt += picture.position;
                }
                mGhosts.append(ghost);
            }
        }
    }
    if (hadGhosts || !mGhosts.isEmpty())
        mCanvas->refreshStaticLayer();
}

void OnionLayer::paint(QPainter *painter, const QRectF &rect) const {
    // The farthest first, so nearer frames lie on top of them.
    for (int i = int(mGhosts.size()) - 1; i >= 0; --i) {
        const Ghost &ghost = mGhosts[i];
        if (!ghost.image.isNull()) {
            painter->setOpacity(ghost.color.alphaF() * 0.6);
            painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
            painter->drawPixmap(ghost.imageAt, ghost.image);
            painter->setOpacity(1.0);
        }
        if (!ghost.path.boundingRect().intersects(rect))
            continue;
        painter->setRenderHint(QPainter::Antialiasing, true);
        QPen pen(ghost.color, 1.0, Qt::DashLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        QColor fill = ghost.color;
        fill.setAlphaF(ghost.color.alphaF() * 0.25);
        painter->setBrush(fill);
        painter->drawPath(ghost.path);
    }
}

} // namespace hitsmith
