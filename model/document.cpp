#include "document.h"

#include <QUndoStack>

namespace hitsmith {

Document::Document(QObject *parent)
    : QObject(parent)
    , mUndoStack(new QUndoStack(this)) {
    qRegisterMetaType<DocumentChange>();
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

Document::~Document() = default;

const Frame &Document::frame(FrameRef ref) const {
    return mData.sprites.at(ref.sprite).frames.at(ref.frame);
}

const Shape &Document::shape(ShapeRef ref) const {
    return mData.sprites.at(ref.sprite).frames.at(ref.frame).shapes.at(ref.shape);
}

bool Document::contains(FrameRef ref) const {
    return ref.sprite >= 0 && ref.sprite < mData.sprites.size() && ref.frame >= 0 &&
           ref.frame < mData.sprites[ref.sprite].frames.size();
}

bool Document::contains(ShapeRef ref) const {
    return contains(ref.frameRef()) && ref.shape >= 0 &&
           ref.shape < frame(ref.frameRef()).shapes.size();
}

void Document::setFilePath(const QString &path) {
    if (path == mFilePath)
        return;
    mFilePath = path;
    Q_EMIT filePathChanged(path);
}

bool Document::isModified() const {
    return !mUndoStack->isClean();
}

void Document::markSaved() {
    mUndoStack->setClean();
}

void Document::markUnsaved() {
    mUndoStack->resetClean();
}

FrameRef followFrameRef(FrameRef frame, const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    if (!frame.isValid())
        return frame;
    const auto shift = [](int index, int from, int to) {
        if (index == from)
            return to;
        if (from < to && index > from && index <= to)
            return index - 1;
        if (from > to && index >= to && index < from)
            return index + 1;
        return index;
    };
    switch (change.kind) {
    case Kind::SpriteInserted:
        if (frame.sprite >= change.sprite)
            ++frame.sprite;
        break;
    case Kind::SpriteRemoved:
        if (frame.sprite == change.sprite)
            return {};
        if (frame.sprite > change.sprite)
            --frame.sprite;
        break;
    case Kind::SpriteMoved:
        frame.sprite = shift(frame.sprite, change.from, change.to);
        break;
    case Kind::FrameInserted:
        if (frame.sprite == change.sprite && frame.frame >= change.frame)
            ++frame.frame;
        break;
    case Kind::FrameRemoved:
        if (frame.sprite == change.sprite && frame.frame == change.frame)
            return {};
        if (frame.sprite == change.sprite && frame.frame > change.frame)
            --frame.frame;
        break;
    case Kind::FrameMoved:
        if (frame.sprite == change.sprite)
            frame.frame = shift(frame.frame, change.from, change.to);
        break;
    default:
        break;
    }
    return frame;
}

const QStringList &Document::layerNames() const {
    if (!mLayerNames)
        mLayerNames = mData.layerNames();
    return *mLayerNames;
}

void Document::reset(DocumentData data, const QString &filePath) {
    mUndoStack->clear();
    mData = std::move(data);
    setFilePath(filePath);
    emitChange(DocumentChange::Kind::Reset);
    // clear() returns early on a stack without commands, so one made unclean by resetClean()
    // (an import, restored work) would stay modified with nothing to undo.
    mUndoStack->setClean(); // emits modifiedChanged(false) when it was modified
}

void Document::setShape(ShapeRef ref, const Shape &shape) {
    Shape &stored = mData.sprites[ref.sprite].frames[ref.frame].shapes[ref.shape];
    if (stored.layer != shape.layer)
        mLayerNames.reset();
    stored = shape;
    emitChange(DocumentChange::Kind::ShapeChanged, ref.sprite, ref.frame, ref.shape);
}

void Document::insertShape(ShapeRef ref, const Shape &shape) {
    mData.sprites[ref.sprite].frames[ref.frame].shapes.insert(ref.shape, shape);
    emitChange(DocumentChange::Kind::ShapeInserted, ref.sprite, ref.frame, ref.shape);
}

Shape Document::takeShape(ShapeRef ref) {
    Shape shape = mData.sprites[ref.sprite].frames[ref.frame].shapes.takeAt(ref.shape);
    emitChange(DocumentChange::Kind::ShapeRemoved, ref.sprite, ref.frame, ref.shape);
    return shape;
}

void Document::insertSprite(int index, const Sprite &sprite) {
    mData.sprites.insert(index, sprite);
    emitChange(DocumentChange::Kind::SpriteInserted, index);
}

Sprite Document::takeSprite(int index) {
    Sprite sprite = mData.sprites.takeAt(index);
    emitChange(DocumentChange::Kind::SpriteRemoved, index);
    return sprite;
}

void Document::setSpriteInfo(int index, const QString &name, const QString &image,
                             const QJsonObject &extra, std::optional<int> duration) {
    Sprite &sprite = mData.sprites[index];
    sprite.name = name;
    sprite.image = image;
    sprite.extra = extra;
    sprite.duration = duration;
    emitChange(DocumentChange::Kind::SpriteChanged, index);
}

void Document::moveSprite(int from, int to) {
    mData.sprites.move(from, to);
    emitChange(DocumentChange::Kind::SpriteMoved, -1, -1, -1, from, to);
}

void Document::insertFrame(FrameRef ref, const Frame &frame) {
    mData.sprites[ref.sprite].frames.insert(ref.frame, frame);
    emitChange(DocumentChange::Kind::FrameInserted, ref.sprite, ref.frame);
}

Frame Document::takeFrame(FrameRef ref) {
    Frame frame = mData.sprites[ref.sprite].frames.takeAt(ref.frame);
    emitChange(DocumentChange::Kind::FrameRemoved, ref.sprite, ref.frame);
    return frame;
}

void Document::setFrameInfo(FrameRef ref, const Frame &info) {
    Frame &frame = mData.sprites[ref.sprite].frames[ref.frame];
    frame.name = info.name;
    frame.source = info.source;
    frame.origin = info.origin;
    frame.extra = info.extra;
    frame.duration = info.duration;
    frame.properties = info.properties;
    frame.motion = info.motion;
    emitChange(DocumentChange::Kind::FrameChanged, ref.sprite, ref.frame);
}

void Document::moveFrame(int sprite, int from, int to) {
    mData.sprites[sprite].frames.move(from, to);
    emitChange(DocumentChange::Kind::FrameMoved, sprite, -1, -1, from, to);
}

void Document::setCollide(const std::optional<QList<LayerPair>> &collide) {
    mData.collide = collide;
    emitChange(DocumentChange::Kind::CollisionRulesChanged);
}

void Document::setLayers(const QList<LayerStyle> &layers) {
    mData.layers = layers;
    emitChange(DocumentChange::Kind::LayersChanged);
}

void Document::setVersus(const QList<VersusSetup> &versus) {
    mData.versus = versus;
    emitChange(DocumentChange::Kind::VersusChanged);
}

void Document::setTickRate(int ticksPerSecond) {
    mData.tickRate = ticksPerSecond;
    emitChange(DocumentChange::Kind::TickRateChanged);
}

void Document::emitChange(DocumentChange::Kind kind, int sprite, int frame, int shape, int from,
                          int to) {
    // Every change but a shape's (setShape knows whether its layer changed) may add or remove a
    // layer name.
    if (kind != DocumentChange::Kind::ShapeChanged)
        mLayerNames.reset();
    DocumentChange change;
    change.kind = kind;
    change.sprite = sprite;
    change.frame = frame;
    change.shape = shape;
    change.from = from;
    change.to = to;
    Q_EMIT changed(change);
}

} // namespace hitsmith
