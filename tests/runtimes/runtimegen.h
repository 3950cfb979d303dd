#pragma once

// Generated characters for the runtime loaders' conformance tests, and an independent oracle:
// its own frame lookup, placement and a Minkowski-difference contact (a convex hull of vertex
// differences grown by the radii), sharing no code with collision/ or with the loaders.

#include <QByteArray>
#include <QList>
#include <QPointF>
#include <QRandomGenerator>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace hitsmith::test {

/// One shape as the generator made it, in absolute frame pixels (as a document holds it).
struct GenShape {
    enum Kind { Polygon, Rect, Circle, Capsule };
    QString id;
    QString layer;
    Kind kind = Polygon;
    QList<QPointF> points; ///< polygon vertices; capsule: its two ends
    QPointF center;        ///< rect, circle
    QSizeF size;           ///< rect
    double angle = 0.0;    ///< rect, degrees clockwise
    double radius = 0.0;   ///< circle, capsule
};

/// One frame: duration as resolved, what the document spells, origin, motion, shapes.
struct GenFrame {
    QString name;
    int durationMs = 100;           ///< resolved (own, else the sprite's, else 100)
    std::optional<int> ownDuration; ///< written as the frame's "duration" when set
    std::optional<QPointF> origin;  ///< absent: (0, 0)
    QPointF motion;
    QList<GenShape> shapes;
};

struct GenSprite {
    QString name;
    std::optional<int> duration; ///< the sprite's default
    QList<GenFrame> frames;
};

using LayerPairs = QList<std::pair<QString, QString>>;

/// A generated document.
struct GenDoc {
    QStringList styledLayers;          ///< written as the "layers" styles
    std::optional<LayerPairs> collide; ///< absent: every pair collides
    QList<GenSprite> sprites;
};

/// One conformance query (runtimes/FORMAT.md section 7).
struct GenQuery {
    QString attacker;
    double attackerTime = 0.0;
    QString defender;
    double defenderTime = 0.0;
    double dx = 0.0;
    double dy = 0.0;
    bool sameFacing = false;
    std::optional<LayerPairs> layers;
};

/// What the oracle expects of one attacker/defender shape pair.
struct OracleHit {
    QString a, b, aLayer, bLayer;
    bool certain = true; ///< false: within 1e-10 px of the touch tolerance, either answer goes
    double depth = 0.0;
    QList<QPointF> normals; ///< acceptable unit normals (ties); empty: any unit normal
};

/// Options for a generated document.
struct GenOptions {
    QStringList layers;                ///< layer names used by shapes
    std::optional<LayerPairs> collide; ///< the collide matrix (nullopt: absent)
    int sprites = 3;
    bool capsules = false;     ///< add capsules
    bool integerRects = false; ///< one sprite of axis-aligned whole-pixel rectangles
};

/// A random document.
GenDoc generateDocument(QRandomGenerator &random, const GenOptions &options);

/// The document as a native Hitsmith file.
QByteArray documentJson(const GenDoc &doc);
/// The document as a runtime file, written by the test itself: shapes origin-relative, as
/// FORMAT.md says (compared with the exporter's file by tst_runtimes_conformance).
QByteArray runtimeJson(const GenDoc &doc);
/// The queries as the drivers read them.
QByteArray queriesJson(const QList<GenQuery> &queries);

/// ~count queries: times inside frames, at boundaries, past the end and before 0; both facings;
/// explicit and default layers; near misses 1e-3 px either side of a touching distance.
QList<GenQuery> generateQueries(QRandomGenerator &random, const GenDoc &doc, int count);

/// The oracle's frame at a time (looping), by its own arithmetic.
int oracleFrameAt(const GenSprite &sprite, double timeMs);
/// The oracle's attack layer: the first sorted layer name like hitbox, attack or exactly hit.
QString oracleAttackLayer(const GenDoc &doc);
/// The hits the oracle expects for a query, sorted by (a, b).
QList<OracleHit> oracleHits(const GenDoc &doc, const GenQuery &query);

/// The sprite with this name.
const GenSprite &spriteNamed(const GenDoc &doc, const QString &name);

} // namespace hitsmith::test
