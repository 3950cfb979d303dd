#include "timelinemodel.h"

#include "commands/structurecommands.h"
#include "editorsession.h"
#include "layercolors.h"
#include "motionfields.h"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPainterPath>

namespace hitsmith {

TimelineModel::TimelineModel(EditorSession *session, QObject *parent)
    : QAbstractListModel(parent)
    , mSession(session) {
    connect(session->document(), &Document::changed, this, &TimelineModel::onDocumentChanged);
    connect(session, &EditorSession::currentFrameChanged, this, &TimelineModel::onFrameChanged);
    connect(session, &EditorSession::picturesChanged, this, &TimelineModel::invalidateAll);
    onFrameChanged(session->currentFrame());
}

TimelineModel::~TimelineModel() = default;

int TimelineModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(mThumbnails.size());
}

QVariant TimelineModel::data(const QModelIndex &index, int role) const {
    // Between a structural change and the reset that follows it, rows may be stale.
    const DocumentData &all = mSession->document()->data();
    if (!index.isValid() || index.row() >= rowCount() || mSprite >= all.sprites.size() ||
        index.row() >= all.sprites[mSprite].frames.size())
        return {};
    const Sprite &sprite = all.sprites[mSprite];
    const Frame &frame = sprite.frames[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return frame.name;
    case Qt::ToolTipRole: {
        QString tip = frame.duration ? tr("%1: %2 ms").arg(frame.name).arg(*frame.duration)
                                     : tr("%1: %2 ms (the sprite's default)")
                                           .arg(frame.name)
                                           .arg(sprite.frameDuration(index.row()));
        if (!frame.motion.isNull()) {
            const QPointF root = sprite.rootPosition(index.row());
            tip += u'\n' + tr("steps %1, %2 (the origin at %3, %4)")
                               .arg(MotionFields::numberText(frame.motion.x()),
                                    MotionFields::numberText(frame.motion.y()),
                                    MotionFields::numberText(root.x()),
                                    MotionFields::numberText(root.y()));
        }
        return tip;
    }
    case Qt::DecorationRole:
        return thumbnail(index.row());
    case Qt::EditRole:
    case DurationRole:
        return sprite.frameDuration(index.row());
    case HasOwnDurationRole:
        return frame.duration.has_value();
    case CurrentRole:
        return index.row() == mCurrent;
    case PhaseRole: {
        const operations::FrameData &phases = frameData();
        if (phases.firstActive < 0 || index.row() < phases.firstActive)
            return int(Phase::Startup);
        return int(index.row() <= phases.lastActive ? Phase::Active : Phase::Recovery);
    }
    default:
        return {};
    }
}

bool TimelineModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount())
        return false;
    bool ok = false;
    const int ms = value.toInt(&ok);
    if (!ok || ms <= 0)
        return false;
    Document *document = mSession->document();
    const FrameRef ref{mSprite, index.row()};
    Frame info = document->frame(ref);
    if (info.duration == ms)
        return true;
    info.duration = ms;
    document->undoStack()->push(new ChangeFrameCommand(
        document, ref, info, tr("Set duration of %1 to %2 ms").arg(info.name).arg(ms)));
    return true;
}

void TimelineModel::useSpriteDefault(int row) {
    Document *document = mSession->document();
    const FrameRef ref{mSprite, row};
    if (!document->contains(ref) || !document->frame(ref).duration)
        return;
    Frame info = document->frame(ref);
    info.duration.reset();
    document->undoStack()->push(new ChangeFrameCommand(
        document, ref, info, tr("Use sprite default duration for %1").arg(info.name)));
}

void TimelineModel::setAttackLayer(const QString &layer) {
    if (layer == mAttackLayer)
        return;
    mAttackLayer = layer;
    frameDataMayHaveChanged();
}

const operations::FrameData &TimelineModel::frameData() const {
    if (!mFrameData) {
        mFrameData = mSprite >= 0 ? operations::frameData(mSession->document()->sprite(mSprite),
                                                          mAttackLayer)
                                  : operations::FrameData{};
    }
    return *mFrameData;
}

void TimelineModel::frameDataMayHaveChanged() {
    mFrameData.reset();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {PhaseRole});
    Q_EMIT frameDataChanged();
}

Qt::ItemFlags TimelineModel::flags(const QModelIndex &index) const {
    return QAbstractListModel::flags(index) | Qt::ItemIsEditable;
}

void TimelineModel::onFrameChanged(FrameRef frame) {
    const int sprite = mSession->document()->contains(frame) ? frame.sprite : -1;
    if (sprite != mSprite) {
        mSprite = sprite;
        mCurrent = frame.frame;
        resetSprite();
        return;
    }
    const int old = mCurrent;
    mCurrent = frame.frame;
    for (int row : {old, mCurrent})
        if (row >= 0 && row < rowCount())
            Q_EMIT dataChanged(index(row), index(row), {CurrentRole});
}

void TimelineModel::resetSprite() {
    beginResetModel();
    mThumbnails.clear();
    if (mSprite >= 0 && mSprite < mSession->document()->data().sprites.size())
        mThumbnails.resize(mSession->document()->sprite(mSprite).frames.size());
    else
        mSprite = -1;
    mFrameData.reset();
    endResetModel();
    Q_EMIT frameDataChanged();
}

void TimelineModel::invalidate(int frame) {
    if (frame < 0 || frame >= rowCount())
        return;
    mThumbnails[frame] = QPixmap();
    Q_EMIT dataChanged(index(frame), index(frame));
    frameDataMayHaveChanged();
}

void TimelineModel::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    switch (change.kind) {
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
    case Kind::ShapeChanged:
    case Kind::FrameChanged:
        if (change.sprite == mSprite)
            invalidate(change.frame);
        return;
    case Kind::SpriteChanged:
        if (change.sprite != mSprite)
            return;
        // A new image or default duration: every frame of the sprite.
        invalidateAll();
        frameDataMayHaveChanged();
        return;
    case Kind::LayersChanged:
        invalidateAll();
        return;
    case Kind::CollisionRulesChanged:
    case Kind::VersusChanged:
        return;
    default:
        // Frames or sprites added, removed, moved; a new document. The session follows the
        // current frame; the strip starts over for whichever sprite it shows now.
        mSprite = mSession->document()->contains(mSession->currentFrame())
                      ? mSession->currentFrame().sprite
                      : -1;
        mCurrent = mSession->currentFrame().frame;
        resetSprite();
    }
}

void TimelineModel::invalidateAll() {
    for (QPixmap &pixmap : mThumbnails)
        pixmap = QPixmap();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
}

QPixmap TimelineModel::thumbnail(int row) const {
    if (!mThumbnails[row].isNull())
        return mThumbnails[row];
    ++mThumbnailsDrawn;
    const DocumentData &data = mSession->document()->data();
    const Frame &frame = data.sprites[mSprite].frames[row];
    // The same picture the canvas draws, where it draws it (a PNG cell at the frame's corner, a
    // MUGEN sprite placed about the axis); framed like the canvas frames it.
    const FramePicture picture = mSession->picture({mSprite, row});
    QRectF extent;
    if (!picture.isMugen && frame.source)
        extent = QRectF(QPointF(0, 0), frame.source->size());
    else if (picture.isOk())
        extent = picture.rect();
    if (picture.isMugen) {
        for (const Shape &shape : frame.shapes)
            extent |= shape.boundingRect(); // the canvas frames a character's boxes too
    }
    if (extent.isEmpty()) {
        // No image: the shapes' extent, as the canvas frames it.
        extent = picture.isMugen ? QRectF(-32, -64, 64, 64) : QRectF(0, 0, 64, 64);
        for (const Shape &shape : frame.shapes)
            extent |= shape.boundingRect();
    }
    QPixmap pixmap(kThumbnailSize, kThumbnailSize);
    pixmap.fill(QColor(0x3a, 0x3a, 0x3a));
    QPainter painter(&pixmap);
    const double scale =
        std::min((kThumbnailSize - 4) / extent.width(), (kThumbnailSize - 4) / extent.height());
    painter.translate(kThumbnailSize / 2.0, kThumbnailSize / 2.0);
    painter.scale(scale, scale);
    painter.translate(-extent.center());
    if (picture.isOk()) {
        painter.setRenderHint(QPainter::SmoothPixmapTransform, scale < 1.0);
        painter.drawImage(picture.position, picture.image);
    } else if (picture.isMugen && picture.status != PictureStatus::NoImage) {
        // The canvas's marker, above the axis: dashed for a blank element, crossed when missing.
        const QPointF axis = painter.transform().map(frame.origin.value_or(QPointF()));
        const QRectF box(axis - QPointF(5, 15), QSizeF(10, 10));
        painter.save();
        painter.resetTransform();
        const bool blank = picture.status == PictureStatus::Blank;
        painter.setPen(QPen(blank ? QColor(200, 200, 200) : QColor(235, 80, 80), 1.5,
                            blank ? Qt::DashLine : Qt::SolidLine));
        painter.drawRect(box);
        if (!blank) {
            painter.drawLine(box.topLeft(), box.bottomRight());
            painter.drawLine(box.topRight(), box.bottomLeft());
        }
        painter.restore();
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const Shape &shape : frame.shapes) {
        const auto style = std::find_if(data.layers.begin(), data.layers.end(),
                                        [&](const LayerStyle &s) { return s.name == shape.layer; });
        if (style != data.layers.end() && !style->visible)
            continue;
        QColor colour = layerColor(shape.layer, data);
        QPen pen(colour, 1.5);
        pen.setCosmetic(true);
        painter.setPen(pen);
        colour.setAlpha(70);
        painter.setBrush(colour);
        if (shape.type == ShapeType::Circle)
            painter.drawEllipse(shape.center, shape.radius, shape.radius);
        else if (shape.type == ShapeType::Point)
            painter.drawPoint(shape.center);
        else
            painter.drawPolygon(shape.outline());
    }
    painter.end();
    mThumbnails[row] = pixmap;
    return pixmap;
}

} // namespace hitsmith
