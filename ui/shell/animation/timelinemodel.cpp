#include "timelinemodel.h"

#include "commands/structurecommands.h"
#include "editorsession.h"
#include "motionfields.h"

#include <QDir>
#include <QFileInfo>

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
        // The game ticks frame data counts it as (issue 42).
        const operations::FrameTicks ticks =
            operations::frameTicks(sprite, index.row(), all.tickRate);
        const QString count = ticks.ticks == 1 ? tr("1 tick") : tr("%1 ticks").arg(ticks.ticks);
        tip += u'\n' + (ticks.open          ? tr("shows forever (a MUGEN time of -1)")
                        : ticks.fromElement ? tr("%1, the MUGEN element's time").arg(count)
                                            : tr("%1 at %2 ticks/s").arg(count).arg(all.tickRate));
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
    case TicksTextRole: {
        // MUGEN elements are shown in ticks, as their author wrote them.
        const operations::FrameTicks ticks =
            operations::frameTicks(sprite, index.row(), all.tickRate);
        if (!ticks.fromElement)
            return QString();
        if (ticks.open)
            return tr("forever");
        return ticks.ticks == 1 ? tr("1 tick") : tr("%1 ticks").arg(ticks.ticks);
    }
    case TicksRole: {
        const operations::FrameTicks ticks =
            operations::frameTicks(sprite, index.row(), all.tickRate);
        return ticks.open ? -1 : ticks.ticks;
    }
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
    mFrameData.reset(); // the label changes even when the phases do not
    frameDataMayHaveChanged();
}

const operations::FrameData &TimelineModel::frameData() const {
    if (!mFrameData) {
        mFrameData = mSprite >= 0 ? operations::frameData(mSession->document()->sprite(mSprite),
                                                          mAttackLayer,
                                                          mSession->document()->data().tickRate)
                                  : operations::FrameData{};
    }
    return *mFrameData;
}

void TimelineModel::frameDataMayHaveChanged() {
    // A drag changes a shape per mouse move and seldom the frame data: only a real change
    // repaints the whole strip and the label.
    const std::optional<operations::FrameData> before = mFrameData;
    mFrameData.reset();
    if (before && frameData() == *before)
        return;
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
    mPainter.forget();
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
    case Kind::ShapeChanged:
        // A drag: the thumbnail draws again only the shapes that change (FrameThumbnailPainter).
        if (change.sprite == mSprite) {
            mPainter.shapeChanged(change.sprite, change.frame, change.shape);
            invalidate(change.frame);
        }
        return;
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
    case Kind::FrameChanged:
        if (change.sprite == mSprite) {
            mPainter.forget();
            invalidate(change.frame);
        }
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
    case Kind::TickRateChanged: // the frame data counts ticks
        invalidateAll();
        frameDataMayHaveChanged();
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
    mPainter.forget();
    for (QPixmap &pixmap : mThumbnails)
        pixmap = QPixmap();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
}

QPixmap TimelineModel::thumbnail(int row) const {
    if (!mThumbnails[row].isNull())
        return mThumbnails[row];
    ++mThumbnailsDrawn;
    mThumbnails[row] = mPainter.draw(mSession->document()->data(), mSprite, row,
                                     mSession->picture({mSprite, row}));
    return mThumbnails[row];
}

} // namespace hitsmith
