#pragma once

#include "versus.h"

#include <QObject>

#include <memory>

namespace hitsmith {

/// Keeps the hits of one versus placement in step with the placement and the document: moving
/// the defender re-tests only the defender's shapes, editing one shape of either frame re-tests
/// only that shape's pairs (an incremental collision world, as CollisionService keeps per frame).
///
/// The defender may come from another document (an opponent, read only): then the placement's
/// defender names a frame of that document, and everything is tested as versusRange tests the
/// two documents joined by appendOpponentSprite.
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
    /// The defender's document when it is not the attacker's (nullptr: the same document).
    std::shared_ptr<const DocumentData> opponent() const { return mOpponent; }
    /// The opponent's file (for the joined document's sprite name); empty without one.
    QString opponentFile() const { return mOpponentFile; }
    /// Takes the defender from another document (nullptr: from the attacker's); recomputes.
    /// Pass it together with a placement whose defender is a frame of it.
    void setPlacement(const VersusPlacement &placement,
                      std::shared_ptr<const DocumentData> opponent, const QString &opponentFile);
    /// True when both frames of the placement exist.
    bool isActive() const;
    /// The defender's frame (isActive() must be true).
    const Frame &defenderFrame() const;
    /// Both characters in one document, as versusRange and versusTunnel take them: the
    /// attacker's document, with the opponent's defender sprite appended when there is one;
    /// *defender is set to the defender's frame in it.
    DocumentData pairData(FrameRef *defender) const;
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
    std::shared_ptr<const DocumentData> mOpponent;
    QString mOpponentFile;
    std::unique_ptr<State> mState;
};

} // namespace hitsmith
