#include "versusservice.h"

#include "collisiongeometry.h"
#include "operations/versusplacement.h"
#include "validation.h"

#include "collision/world.h"

#include <QHash>

#include <algorithm>
#include <vector>

namespace hitsmith {

namespace {

constexpr collision::ShapeHandle kNoHandle = collision::kNoShape;

} // namespace

/// One world holding both frames' shapes. Layer names map to indices n; an attacker shape sits on
/// collision layer 2n, a defender shape on 2n + 1, and the filter lists only (attacker,
/// defender) layer pairs, so neither frame collides with itself.
class VersusService::State {
public:
    collision::World world;
    QHash<QString, std::uint16_t> layerIndex;
    std::vector<collision::ShapeHandle> attacker; // by shape index; kNoHandle for invalid
    std::vector<collision::ShapeHandle> defender;
    QString attackLayer; // the default's attack layer when built (empty for explicit pairs)

    std::uint16_t layer(const QString &name) const { return layerIndex.value(name); }
};

VersusService::VersusService(Document *document, QObject *parent)
    : QObject(parent)
    , mDocument(document) {
    connect(document, &Document::changed, this, &VersusService::onDocumentChanged);
}

VersusService::~VersusService() = default;

bool VersusService::isActive() const {
    if (!mDocument->contains(mPlacement.attacker))
        return false;
    if (!mOpponent)
        return mDocument->contains(mPlacement.defender);
    const FrameRef d = mPlacement.defender;
    return d.sprite >= 0 && d.sprite < mOpponent->sprites.size() && d.frame >= 0 &&
           d.frame < mOpponent->sprites[d.sprite].frames.size();
}

const Frame &VersusService::defenderFrame() const {
    const FrameRef d = mPlacement.defender;
    return mOpponent ? mOpponent->sprites.at(d.sprite).frames.at(d.frame) : mDocument->frame(d);
}

DocumentData VersusService::pairData(FrameRef *defender) const {
    DocumentData data = mDocument->data();
    *defender = mPlacement.defender;
    if (mOpponent && isActive())
        *defender = appendOpponentSprite(data, *mOpponent, mPlacement.defender, mOpponentFile);
    return data;
}

void VersusService::setPlacement(const VersusPlacement &placement,
                                 std::shared_ptr<const DocumentData> opponent,
                                 const QString &opponentFile) {
    if (opponent == mOpponent && opponentFile == mOpponentFile) {
        setPlacement(placement);
        return;
    }
    mOpponent = std::move(opponent);
    mOpponentFile = opponentFile;
    mPlacement = placement;
    rebuild();
    Q_EMIT hitsChanged();
}

void VersusService::setPlacement(const VersusPlacement &placement) {
    if (placement == mPlacement)
        return;
    const VersusPlacement old = std::exchange(mPlacement, placement);
    if (mState && old.attacker == placement.attacker && old.defender == placement.defender)
        moveDefender();
    else
        rebuild();
    Q_EMIT hitsChanged();
}

void VersusService::setLayers(const VersusLayers &layers) {
    mLayers = layers;
    rebuild();
    Q_EMIT hitsChanged();
}

void VersusService::rebuild() {
    mState.reset();
    if (!isActive())
        return;
    auto state = std::make_unique<State>();
    const Frame &a = mDocument->frame(mPlacement.attacker);
    const Frame &d = defenderFrame();
    const QPointF root =
        mDocument->sprite(mPlacement.attacker.sprite).rootPosition(mPlacement.attacker.frame);
    QStringList names;
    for (const Frame *frame : {&a, &d})
        for (const Shape &shape : frame->shapes)
            if (!state->layerIndex.contains(shape.layer)) {
                state->layerIndex.insert(shape.layer, std::uint16_t(names.size()));
                names << shape.layer;
            }
    std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs;
    FrameRef joined;
    const DocumentData data = pairData(&joined); // the opponent's layer names count, as in range
    const VersusLayerFilter filter(data, mLayers);
    state->attackLayer = filter.attackLayer();
    for (int x = 0; x < names.size(); ++x)
        for (int y = 0; y < names.size(); ++y)
            if (filter.allows(names[x], names[y]))
                pairs.emplace_back(std::uint16_t(2 * x), std::uint16_t(2 * y + 1));
    state->world.setLayerFilter(std::move(pairs));

    CollisionGeometry g;
    for (const Shape &shape : a.shapes) {
        collision::ShapeHandle h = kNoHandle;
        if (isCollidable(shape)) {
            toCollisionGeometry(placeAttackerShape(shape, a, root), 2 * state->layer(shape.layer),
                                g);
            h = state->world.add(g.input);
        }
        state->attacker.push_back(h);
    }
    for (const Shape &shape : d.shapes) {
        collision::ShapeHandle h = kNoHandle;
        if (isCollidable(shape)) {
            toCollisionGeometry(
                placeDefenderShape(shape, d, {mPlacement.dx, mPlacement.dy}, mPlacement.facing),
                2 * state->layer(shape.layer) + 1, g);
            h = state->world.add(g.input);
        }
        state->defender.push_back(h);
    }
    state->world.takeEvents();
    mState = std::move(state);
}

void VersusService::moveDefender() {
    const Frame &d = defenderFrame();
    CollisionGeometry g;
    for (int i = 0; i < d.shapes.size(); ++i) {
        if (mState->defender[i] == kNoHandle)
            continue;
        const Shape &shape = d.shapes[i];
        toCollisionGeometry(
            placeDefenderShape(shape, d, {mPlacement.dx, mPlacement.dy}, mPlacement.facing),
            2 * mState->layer(shape.layer) + 1, g);
        mState->world.update(mState->defender[i], g.input);
    }
    mState->world.takeEvents();
}

QList<VersusHit> VersusService::hits() const {
    QList<VersusHit> result;
    if (!mState)
        return result;
    std::vector<int> attackerOf, defenderOf; // by handle
    const auto index = [](const std::vector<collision::ShapeHandle> &handles,
                          std::vector<int> &of) {
        for (int i = 0; i < int(handles.size()); ++i) {
            if (handles[i] == kNoHandle)
                continue;
            if (handles[i] >= of.size())
                of.resize(handles[i] + 1, -1);
            of[handles[i]] = i;
        }
    };
    index(mState->attacker, attackerOf);
    index(mState->defender, defenderOf);
    const auto lookup = [](const std::vector<int> &of, collision::ShapeHandle h) {
        return h < of.size() ? of[h] : -1;
    };
    for (const collision::Hit &hit : mState->world.hits()) {
        // Orient every pair attacker -> defender: the normal moves the defender out.
        collision::ShapeHandle ha = hit.a, hd = hit.b;
        if (lookup(attackerOf, ha) < 0)
            std::swap(ha, hd);
        const int a = lookup(attackerOf, ha), d = lookup(defenderOf, hd);
        if (a < 0 || d < 0)
            continue;
        const std::optional<collision::Contact> c = mState->world.contact(ha, hd);
        if (c)
            result.append({a, d, c->depth, QPointF(c->normal.x, c->normal.y)});
    }
    std::sort(result.begin(), result.end(), [](const VersusHit &x, const VersusHit &y) {
        return std::pair(x.attackerShape, x.defenderShape) <
               std::pair(y.attackerShape, y.defenderShape);
    });
    return result;
}

void VersusService::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    // The default tests the document's attack layer, which any frame's layer names can change
    // (a first "attack" layer sorts before "hitbox").
    const bool namesMayChange =
        change.kind == Kind::ShapeChanged || change.kind == Kind::ShapeInserted ||
        change.kind == Kind::ShapeRemoved || change.kind == Kind::LayersChanged;
    FrameRef joined;
    if (mState && !mLayers && namesMayChange &&
        VersusLayerFilter(pairData(&joined), mLayers).attackLayer() != mState->attackLayer) {
        rebuild();
        Q_EMIT hitsChanged();
        return;
    }
    switch (change.kind) {
    case Kind::LayersChanged:
    case Kind::VersusChanged:
    case Kind::TickRateChanged:
    case Kind::SpriteChanged:
        return;
    case Kind::FrameChanged: // the origin may have moved, or the motion of a frame up to the
                             // attacker's (its accumulated position)
        if ((mOpponent || change.frameRef() != mPlacement.defender) &&
            (change.sprite != mPlacement.attacker.sprite ||
             change.frame > mPlacement.attacker.frame))
            return;
        break;
    case Kind::ShapeChanged: {
        const bool isAttacker = change.frameRef() == mPlacement.attacker;
        const bool isDefender = !mOpponent && change.frameRef() == mPlacement.defender;
        if (!isAttacker && !isDefender)
            return;
        if (!mState || (isAttacker && isDefender))
            break;
        const Shape &shape = mDocument->shape(change.shapeRef());
        const bool valid = isCollidable(shape);
        collision::ShapeHandle &handle =
            (isAttacker ? mState->attacker : mState->defender)[change.shape];
        // A new layer name or a shape turning (in)valid: rebuild.
        if (!mState->layerIndex.contains(shape.layer) || valid != (handle != kNoHandle))
            break;
        if (valid) {
            CollisionGeometry g;
            const Frame &frame = mDocument->frame(change.frameRef());
            const QPointF root = mDocument->sprite(mPlacement.attacker.sprite)
                                     .rootPosition(mPlacement.attacker.frame);
            toCollisionGeometry(isAttacker ? placeAttackerShape(shape, frame, root)
                                           : placeDefenderShape(shape, frame,
                                                                {mPlacement.dx, mPlacement.dy},
                                                                mPlacement.facing),
                                2 * mState->layer(shape.layer) + (isAttacker ? 0 : 1), g);
            mState->world.update(handle, g.input);
            mState->world.takeEvents();
        }
        Q_EMIT hitsChanged();
        return;
    }
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
        if (change.frameRef() != mPlacement.attacker &&
            (mOpponent || change.frameRef() != mPlacement.defender))
            return;
        break;
    case Kind::SpriteInserted:
    case Kind::SpriteRemoved:
    case Kind::SpriteMoved:
    case Kind::FrameInserted:
    case Kind::FrameRemoved:
    case Kind::FrameMoved:
        // Indices shift: keep both characters on their own frames (a removed one ends the
        // placement's hits until it is set again).
        mPlacement.attacker = followFrameRef(mPlacement.attacker, change);
        if (!mOpponent) // the opponent's frames never move
            mPlacement.defender = followFrameRef(mPlacement.defender, change);
        break;
    default:
        break;
    }
    rebuild();
    Q_EMIT hitsChanged();
}

} // namespace hitsmith
