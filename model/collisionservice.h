#pragma once

#include "document.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointF>

#include <cstdint>
#include <memory>
#include <optional>

namespace hitsmith::collision {
class World;
using ShapeHandle = std::uint32_t;
} // namespace hitsmith::collision

namespace hitsmith {

/// A colliding pair of shapes in one frame. a < b are shape indices in file order; moving shape
/// b by depth * normal separates the pair.
struct FrameHit {
    int a = -1;
    int b = -1;
    double depth = 0.0;
    QPointF normal;
    bool operator==(const FrameHit &) const = default;
};

/// How a pair changed in one edit.
enum class HitChange { Began, Changed, Ended };

/// One pair that began, changed depth/normal, or ended.
struct HitEvent {
    HitChange change;
    FrameHit hit; ///< for Ended, the last known contact; -1 for a shape just removed
};

/// Keeps one incremental collision world per frame in step with the document: on every change it
/// updates only the changed shape's pairs, then says which pairs began, changed or ended.
/// Invalid shapes and layer pairs outside the document's collision matrix take part in no pair.
class CollisionService : public QObject {
    Q_OBJECT

public:
    explicit CollisionService(Document *document, QObject *parent = nullptr);
    ~CollisionService() override;

    /// Every colliding pair of the frame, sorted by (a, b).
    QList<FrameHit> hits(FrameRef frame) const;
    /// The contact of two shapes of a frame, oriented as asked (normal moves b out of a).
    std::optional<FrameHit> hit(FrameRef frame, int a, int b) const;
    /// True when the shape collides with any other.
    bool isColliding(ShapeRef shape) const;

Q_SIGNALS:
    /// Pairs of one frame that began, changed or ended, after one document change.
    void hitsChanged(hitsmith::FrameRef frame, const QList<hitsmith::HitEvent> &events);
    /// Every frame's hits may have changed (document reset, collision rules changed).
    void allHitsChanged();

private:
    class FrameWorld;
    class FrameSource;
    void onDocumentChanged(const DocumentChange &change);
    void rebuildAll();
    std::shared_ptr<FrameWorld> buildWorld(const Frame &frame);
    void applyFilter(collision::World &world);
    collision::ShapeHandle addShape(FrameWorld &frameWorld, const Shape &shape);
    std::uint16_t layerIndex(const QString &layer);
    FrameWorld *world(FrameRef frame) const;
    void emitEvents(FrameRef frame);

    Document *mDocument;
    QList<QList<std::shared_ptr<FrameWorld>>> mWorlds; // [sprite][frame]
    QHash<QString, std::uint16_t> mLayerIndex;         // layer name -> collision layer
};

} // namespace hitsmith
