#include "editorsession.h"

#include <algorithm>

namespace hitsmith {

EditorSession::EditorSession(QObject *parent)
    : QObject(parent)
    , mDocument(new Document(this))
    , mCollisions(new CollisionService(mDocument, this)) {
    connect(mDocument, &Document::changed, this, &EditorSession::onDocumentChanged);
}

EditorSession::~EditorSession() = default;

void EditorSession::setCurrentFrame(FrameRef frame) {
    if (!mDocument->contains(frame))
        frame = {};
    if (frame == mCurrentFrame)
        return;
    mCurrentFrame = frame;
    mSelectedShapes.clear();
    mSelectedHit = {-1, -1};
    setEditedSprite(-1);
    Q_EMIT currentFrameChanged(frame);
    Q_EMIT selectionChanged(mSelectedShapes);
    Q_EMIT selectedHitChanged(-1, -1);
}

void EditorSession::setSelectedShapes(QList<int> shapes) {
    const int count =
        mDocument->contains(mCurrentFrame) ? int(mDocument->frame(mCurrentFrame).shapes.size()) : 0;
    shapes.erase(std::remove_if(shapes.begin(), shapes.end(),
                                [count](int i) { return i < 0 || i >= count; }),
                 shapes.end());
    std::sort(shapes.begin(), shapes.end());
    shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
    // std::equal, not QList::operator==: Qt 6.4's passes memcmp a null pointer when one of two
    // empty lists has storage and the other none (undefined behaviour, caught by UBSan).
    if (std::equal(shapes.cbegin(), shapes.cend(), mSelectedShapes.cbegin(),
                   mSelectedShapes.cend()))
        return;
    mSelectedShapes = shapes;
    if (!shapes.isEmpty()) {
        setEditedSprite(-1);
        setCurrentLayer(mDocument->frame(mCurrentFrame).shapes[shapes.first()].layer);
    }
    Q_EMIT selectionChanged(mSelectedShapes);
    if (mSelectedHit.first >= 0 &&
        !(shapes.contains(mSelectedHit.first) && shapes.contains(mSelectedHit.second))) {
        mSelectedHit = {-1, -1};
        Q_EMIT selectedHitChanged(-1, -1);
    }
}

void EditorSession::setSelectedHit(int a, int b) {
    if (a > b)
        std::swap(a, b);
    mSelectedHit = {a, b};
    if (a >= 0)
        setSelectedShapes({a, b});
    Q_EMIT selectedHitChanged(a, b);
}

void EditorSession::setEditedSprite(int sprite) {
    if (sprite < 0 || sprite >= mDocument->data().sprites.size())
        sprite = -1;
    if (sprite == mEditedSprite)
        return;
    mEditedSprite = sprite;
    Q_EMIT editedSpriteChanged(sprite);
}

void EditorSession::setCurrentLayer(const QString &layer) {
    if (layer.isEmpty() || layer == mCurrentLayer)
        return;
    mCurrentLayer = layer;
    const QString path = mDocument->filePath();
    if (!path.isEmpty())
        mLayerByPath.insert(path, layer);
    Q_EMIT currentLayerChanged(layer);
}

void EditorSession::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    const FrameRef frame = mCurrentFrame;
    switch (change.kind) {
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
        if (change.frameRef() == frame) {
            // Keep the selection pointing at the same shapes as indices shift.
            QList<int> shifted;
            for (int i : std::as_const(mSelectedShapes)) {
                if (change.kind == Kind::ShapeRemoved && i == change.shape)
                    continue;
                if (i >= change.shape)
                    i += change.kind == Kind::ShapeInserted ? 1 : -1;
                shifted.append(i);
            }
            mSelectedHit = {-1, -1};
            Q_EMIT selectedHitChanged(-1, -1);
            mSelectedShapes.clear(); // force the emit below
            setSelectedShapes(shifted);
            if (shifted.isEmpty())
                Q_EMIT selectionChanged({});
        }
        break;
    case Kind::Reset: {
        // Another document (or the same one reopened): its own drawing layer comes back.
        const QString path = mDocument->filePath();
        setCurrentLayer(path.isEmpty() ? Shape::defaultLayerName()
                                       : mLayerByPath.value(path, Shape::defaultLayerName()));
        mCurrentFrame = {};
        mSelectedShapes.clear();
        setEditedSprite(-1);
        keepValid();
        Q_EMIT currentFrameChanged(mCurrentFrame);
        Q_EMIT selectionChanged(mSelectedShapes);
        break;
    }
    case Kind::SpriteInserted:
    case Kind::SpriteRemoved:
    case Kind::SpriteMoved:
        // The edited sprite's row moved or went away: stop rather than edit another sprite.
        setEditedSprite(-1);
        followFrame(change);
        break;
    case Kind::FrameInserted:
    case Kind::FrameRemoved:
    case Kind::FrameMoved:
        followFrame(change);
        break;
    default:
        keepValid();
        break;
    }
}

void EditorSession::followFrame(const DocumentChange &change) {
    // Structural edits shift indices: keep showing the same frame (with the same selection),
    // and fall back to another frame only when the shown one itself was removed.
    const FrameRef frame = followFrameRef(mCurrentFrame, change);
    if (frame.isValid() && mDocument->contains(frame)) {
        if (frame != mCurrentFrame) {
            mCurrentFrame = frame;
            Q_EMIT currentFrameChanged(frame);
        }
        return;
    }
    // The shown frame or sprite itself went away (deleted, or an undo took back the sprite or
    // frame a command had added and shown): show its nearest neighbour, which after such an
    // undo is where the user was before the command, not the document's first frame.
    if (const FrameRef near = nearestFrame(change); near.isValid()) {
        mCurrentFrame = {};
        setCurrentFrame(near);
        return;
    }
    showFirstFrame(mCurrentFrame.isValid());
}

FrameRef EditorSession::nearestFrame(const DocumentChange &change) const {
    using Kind = DocumentChange::Kind;
    const QList<Sprite> &sprites = mDocument->data().sprites;
    const int f = std::max(mCurrentFrame.frame, 0);
    // The same frame index in another sprite, the previous sprite first (commands add a sprite
    // after the one it came from): s-1, s, s-2, s+1, ...
    const auto inSprite = [&](int s) -> FrameRef {
        if (s < 0 || s >= sprites.size() || sprites[s].frames.isEmpty())
            return {};
        return {s, std::min(f, int(sprites[s].frames.size()) - 1)};
    };
    if (change.kind == Kind::SpriteRemoved && change.sprite == mCurrentFrame.sprite) {
        for (int step = 0; step <= sprites.size(); ++step) {
            if (const FrameRef before = inSprite(change.sprite - 1 - step); before.isValid())
                return before;
            if (const FrameRef after = inSprite(change.sprite + step); after.isValid())
                return after;
        }
        return {};
    }
    if (change.kind == Kind::FrameRemoved && change.sprite == mCurrentFrame.sprite &&
        change.frame == mCurrentFrame.frame && change.sprite < sprites.size()) {
        // The previous frame (commands add a frame after the one it came from), else the next.
        const int count = int(sprites[change.sprite].frames.size());
        if (count > 0)
            return {change.sprite, std::clamp(change.frame - 1, 0, count - 1)};
    }
    return {};
}

void EditorSession::keepValid() {
    // After structural edits (frames removed, moved) fall back to the first frame there is.
    if (mDocument->contains(mCurrentFrame))
        return;
    showFirstFrame(mCurrentFrame.isValid());
}

void EditorSession::showFirstFrame(bool wasValid) {
    FrameRef fallback;
    const auto &sprites = mDocument->data().sprites;
    for (int s = 0; s < sprites.size() && !fallback.isValid(); ++s) {
        if (!sprites[s].frames.isEmpty())
            fallback = {s, 0};
    }
    mCurrentFrame = {};
    if (fallback.isValid())
        setCurrentFrame(fallback);
    else if (wasValid) {
        mSelectedShapes.clear();
        Q_EMIT currentFrameChanged(mCurrentFrame);
        Q_EMIT selectionChanged(mSelectedShapes);
    }
}

} // namespace hitsmith
