#pragma once

#include "document.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointF>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

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

    /// How many threads build a document's frame worlds on a reset (each world is built by one
    /// thread; a frame of 8,192 shapes or more is built alone, on its world's own two threads).
    /// The worlds are the same whichever is chosen.
    enum class ResetThreads : std::uint8_t {
        Auto, ///< two for a document of many small frames on a machine of two cores or more
        One,  ///< this thread only
        Two,  ///< always a helper thread too, whatever the size (for tests)
    };
    /// The choice for every service from now on (Auto unless changed).
    static void setResetThreads(ResetThreads threads);

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
    /// The collide matrix as layer numbers (nullopt: every pair); numbers its layers.
    using LayerFilter = std::optional<std::vector<std::pair<std::uint16_t, std::uint16_t>>>;
    LayerFilter layerFilter();
    /// Numbers the frame's layers that have no number yet, in file order; returns its polygons'
    /// vertex count (the same pass, which the world's vertex pool is sized by).
    std::size_t numberLayers(const Frame &frame);
    /// A frame's world; its layers are numbered in file order as the world reads the shapes (on
    /// one thread) or all at once before (when the world reads on two).
    std::shared_ptr<FrameWorld> buildWorld(const Frame &frame);
    std::shared_ptr<FrameWorld> buildWorld(const Frame &frame, const LayerFilter &filter);
    /// A frame's world, its layers numbered already (numberLayers gave vertexCount): safe on two
    /// threads at once.
    std::shared_ptr<FrameWorld> buildWorld(const Frame &frame, const LayerFilter &filter,
                                           std::size_t vertexCount) const;
    std::shared_ptr<FrameWorld> buildWorld(FrameSource &source, const LayerFilter &filter) const;
    void applyFilter(collision::World &world);
    static void applyFilter(collision::World &world, const LayerFilter &filter);
    collision::ShapeHandle addShape(FrameWorld &frameWorld, const Shape &shape);
    std::uint16_t layerIndex(const QString &layer);
    FrameWorld *world(FrameRef frame) const;
    void emitEvents(FrameRef frame);

    Document *mDocument;
    QList<QList<std::shared_ptr<FrameWorld>>> mWorlds; // [sprite][frame]
    QHash<QString, std::uint16_t> mLayerIndex;         // layer name -> collision layer
};

} // namespace hitsmith
