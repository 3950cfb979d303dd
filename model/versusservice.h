#pragma once

#include "versus.h"

#include <QObject>

#include <memory>

namespace hitsmith {

/// Keeps the hits of one versus placement in step with the placement and the document: moving
/// the defender re-tests only the defender's shapes, editing one shape of either frame re-tests
/// only that shape's pairs (an incremental collision world, as CollisionService keeps per frame).
class VersusService : public QObject {
    Q_OBJECT

public:
    /// Starts with no placement (no hits).
    explicit VersusService(Document *document, QObject *parent = nullptr);
    ~VersusService() override;

    /// The current placement.
    VersusPlacement placement() const { return mPlacement; }
    /// Changes frames, offset or facing; recomputes what changed.
    void setPlacement(const VersusPlacement &placement);
    /// The layer pairs tested (nullopt: the document's collide matrix).
    VersusLayers layers() const { return mLayers; }
    /// Changes the layer pairs tested; recomputes every pair.
    void setLayers(const VersusLayers &layers);
    /// True when both frames of the placement exist.
    bool isActive() const;
    /// Every overlapping attacker/defender pair, sorted by (attacker, defender) shape index.
    QList<VersusHit> hits() const;

Q_SIGNALS:
    /// The hits may have changed (placement, layers or one of the two frames changed).
    void hitsChanged();

private:
    class State;
    void rebuild();
    void moveDefender();
    void onDocumentChanged(const DocumentChange &change);

    Document *mDocument;
    VersusPlacement mPlacement;
    VersusLayers mLayers;
    std::unique_ptr<State> mState;
};

} // namespace hitsmith
