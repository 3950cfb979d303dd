#pragma once

// Versus: an attacker's frame against a defender's frame at a distance (see docs/collision.md).

#include "document.h"

#include <QList>
#include <QPointF>

#include <optional>

namespace hitsmith {

/// Which frames meet and where: the attacker at (0, 0) facing right, the defender's origin at
/// (dx, dy), mirrored to face the attacker unless facing is Same.
struct VersusPlacement {
    FrameRef attacker;                ///< attacker sprite and frame
    FrameRef defender;                ///< defender sprite and frame
    double dx = 0.0;                  ///< defender origin, x
    double dy = 0.0;                  ///< defender origin, y
    Facing facing = Facing::Opposite; ///< mirrored unless Same
    bool operator==(const VersusPlacement &) const = default;
};

/// Which layer pairs are tested: explicit ordered (attacker layer, defender layer) pairs such as
/// hitbox:hurtbox, or nullopt for the default: one way, the attacker's attack layer (the one the
/// Timeline shows frame data for, operations::defaultAttackLayer) against every defender layer
/// the collide matrix pairs with it. A document without a layer named like an attack tests the
/// collide matrix either way round.
using VersusLayers = std::optional<QList<LayerPair>>;

/// The layer pairs of a VersusLayers resolved once for a document (the default needs the
/// document's attack layer).
class VersusLayerFilter {
public:
    VersusLayerFilter(const DocumentData &data, const VersusLayers &layers);
    /// Puts a defender from another document (another character) into the attacker's document, as
    /// versusRange, versusTunnel and VersusService take both characters: the opponent's sprite
    /// holding `defender` is appended to data under a name none of data's sprites has ("name
    /// (file)", then "name (file) 2", ...; file is the opponent's file name). Frames of data keep
    /// their places; returns the defender's frame in data.
    FrameRef appendOpponentSprite(DocumentData &data, const DocumentData &opponent,
                                  FrameRef defender, const QString &opponentFile);

    /// Whether an attacker shape on layer `attacker` is tested against a defender shape on
    /// layer `defender`.
    bool allows(const QString &attacker, const QString &defender) const;
    /// Whether shapes on this attacker layer are tested at all.
    bool isAttackLayer(const QString &attacker) const;
    /// Whether the attacker frame has a shape on a tested attacker layer; a frame without one
    /// shows "no attack" instead of a reach.
    bool hasAttack(const Frame &attacker) const;
    /// The default's attack layer; empty for explicit pairs or a document without one.
    QString attackLayer() const { return mAttack; }
    /// Every tested pair among the document's layer names, attacker layer first.
    QList<LayerPair> pairs() const;

private:
    const DocumentData &mData;
    VersusLayers mLayers;
    QString mAttack;
};

/// One attacker shape overlapping one defender shape; moving the defender's shape by
/// depth * normal separates them.
struct VersusHit {
    int attackerShape = -1; ///< index in the attacker frame
    int defenderShape = -1; ///< index in the defender frame
    double depth = 0.0;     ///< >= 0; 0 when touching
    QPointF normal;         ///< unit; moves the defender out
    bool operator==(const VersusHit &) const = default;
};

/// A closed interval of defender offsets dx.
struct DxInterval {
    double lo = 0.0; ///< smallest dx
    double hi = 0.0; ///< largest dx
    bool operator==(const DxInterval &) const = default;
};

/// Puts a defender from another document (another character) into the attacker's document, as
/// versusRange, versusTunnel and VersusService take both characters: the opponent's sprite
/// holding `defender` is appended to data under a name none of data's sprites has ("name (file)",
/// then "name (file) 2", ...; file is the opponent's file name). Frames of data keep their
/// places; returns the defender's frame in data.
FrameRef appendOpponentSprite(DocumentData &data, const DocumentData &opponent, FrameRef defender,
                              const QString &opponentFile);

/// Whether an attacker shape on layer `attacker` is tested against a defender shape on layer
/// `defender` (one VersusLayerFilter; build one when asking many times).
bool versusLayersAllowed(const DocumentData &data, const VersusLayers &layers,
                         const QString &attacker, const QString &defender);

/// Parses "a:b,c:d" into explicit layer pairs; nullopt (with *error set) on a malformed list.
std::optional<QList<LayerPair>> parseVersusLayers(const QString &text, QString *error);
/// The pairs as parseVersusLayers reads them: "a:b, c:d".
QString formatVersusLayers(const QList<LayerPair> &pairs);

/// The exact dx values (dy and facing fixed) at which at least one allowed pair of valid shapes
/// overlaps or touches, as disjoint ascending closed intervals; empty when they never connect.
QList<DxInterval> versusRange(const DocumentData &data, FrameRef attacker, FrameRef defender,
                              double dy, Facing facing, const VersusLayers &layers);
/// The same with the layer pairs resolved once (for many frames: the default's attack layer
/// comes from every layer name of the document).
QList<DxInterval> versusRange(const DocumentData &data, FrameRef attacker, FrameRef defender,
                              double dy, Facing facing, const VersusLayerFilter &filter);

} // namespace hitsmith
