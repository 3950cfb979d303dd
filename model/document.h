#pragma once

#include "documentdata.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QUndoStack;

namespace hitsmith {

/// Address of a frame by index; stays meaningful because every edit goes through the undo stack.
struct FrameRef {
    int sprite = -1;
    int frame = -1;
    bool isValid() const { return sprite >= 0 && frame >= 0; }
    bool operator==(const FrameRef &) const = default;
};

/// Address of a shape by index within its frame.
struct ShapeRef {
    int sprite = -1;
    int frame = -1;
    int shape = -1;
    FrameRef frameRef() const { return {sprite, frame}; }
    bool operator==(const ShapeRef &) const = default;
};

/// What one model change touched. Emitted once per change, after the data is updated.
struct DocumentChange {
    enum class Kind {
        Reset, ///< the whole document was replaced (load, new)
        SpriteInserted,
        SpriteRemoved,
        SpriteChanged, ///< name or image
        SpriteMoved,   ///< from -> to
        FrameInserted,
        FrameRemoved,
        FrameChanged, ///< name, source or origin
        FrameMoved,   ///< within sprite, from -> to
        ShapeInserted,
        ShapeRemoved,
        ShapeChanged,          ///< any field of one shape
        CollisionRulesChanged, ///< the collide matrix
        LayersChanged,         ///< layer styles
        VersusChanged,         ///< the saved versus setups
        TickRateChanged,       ///< the document's tick rate
    };
    Kind kind = Kind::Reset;
    int sprite = -1;
    int frame = -1;
    int shape = -1;
    int from = -1;
    int to = -1;

    FrameRef frameRef() const { return {sprite, frame}; }
    ShapeRef shapeRef() const { return {sprite, frame, shape}; }
};

/// Where a frame stands after a structural change (sprites or frames inserted, removed or
/// moved): its new address, or an invalid FrameRef when the change removed it.
FrameRef followFrameRef(FrameRef frame, const DocumentChange &change);

/// The open hitbox document: owns the data and its undo stack, and announces every change.
/// The mutators are for undo commands; user edits must push a command instead.
class Document : public QObject {
    Q_OBJECT

public:
    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    /// All data, read-only.
    const DocumentData &data() const { return mData; }
    /// One sprite; index must be valid.
    const Sprite &sprite(int index) const { return mData.sprites.at(index); }
    /// One frame; ref must be valid.
    const Frame &frame(FrameRef ref) const;
    /// One shape; ref must be valid.
    const Shape &shape(ShapeRef ref) const;
    /// True when ref points at an existing frame.
    bool contains(FrameRef ref) const;
    /// True when ref points at an existing shape.
    bool contains(ShapeRef ref) const;
    /// data().layerNames(), kept between changes: a shape edit that keeps its layer (each step
    /// of a drag) does not walk every shape of the document again.
    const QStringList &layerNames() const;

    /// The undo stack every user edit is pushed onto.
    QUndoStack *undoStack() const { return mUndoStack; }
    /// Where the document was loaded from or last saved to; empty for a new document.
    QString filePath() const { return mFilePath; }
    /// Sets the path, e.g. after "save as".
    void setFilePath(const QString &path);
    /// True when there are changes since the last save or load (the undo stack is not clean).
    bool isModified() const;
    /// Marks the current state as saved.
    void markSaved();
    /// Marks the document as saved nowhere (an import, restored work, its file replaced): it is
    /// modified until the next save, with nothing to undo.
    void markUnsaved();

    /// Replaces everything (load, new) and clears the undo history.
    void reset(DocumentData data, const QString &filePath = {});

    // --- Mutators for undo commands. Each emits one changed() signal. ---
    /// Replaces one shape.
    void setShape(ShapeRef ref, const Shape &shape);
    /// Inserts a shape at ref.shape (0..count).
    void insertShape(ShapeRef ref, const Shape &shape);
    /// Removes a shape and returns it.
    Shape takeShape(ShapeRef ref);
    /// Inserts a sprite at index.
    void insertSprite(int index, const Sprite &sprite);
    /// Removes a sprite and returns it.
    Sprite takeSprite(int index);
    /// Changes a sprite's name, image path and default frame duration (frames untouched).
    void setSpriteInfo(int index, const QString &name, const QString &image,
                       const QJsonObject &extra, std::optional<int> duration);
    /// Moves a sprite from one index to another.
    void moveSprite(int from, int to);
    /// Inserts a frame at ref.frame.
    void insertFrame(FrameRef ref, const Frame &frame);
    /// Removes a frame and returns it.
    Frame takeFrame(FrameRef ref);
    /// Changes a frame's name, source, origin, duration and properties (shapes untouched).
    void setFrameInfo(FrameRef ref, const Frame &info);
    /// Moves a frame within its sprite.
    void moveFrame(int sprite, int from, int to);
    /// Replaces the collision matrix (nullopt: every pair collides).
    void setCollide(const std::optional<QList<LayerPair>> &collide);
    /// Replaces the layer styles.
    void setLayers(const QList<LayerStyle> &layers);
    /// Replaces the saved versus setups.
    void setVersus(const QList<VersusSetup> &versus);
    /// Sets the tick rate (game ticks a second, kMinTickRate..kMaxTickRate).
    void setTickRate(int ticksPerSecond);

Q_SIGNALS:
    /// Emitted after every change of the data.
    void changed(const hitsmith::DocumentChange &change);
    /// Emitted when isModified() flips.
    void modifiedChanged(bool modified);
    /// Emitted when the file path changes.
    void filePathChanged(const QString &path);

private:
    void emitChange(DocumentChange::Kind kind, int sprite = -1, int frame = -1, int shape = -1,
                    int from = -1, int to = -1);

    DocumentData mData;
    mutable std::optional<QStringList> mLayerNames; // nullopt: to be listed again
    QUndoStack *mUndoStack;
    QString mFilePath;
};

} // namespace hitsmith

Q_DECLARE_METATYPE(hitsmith::DocumentChange)
