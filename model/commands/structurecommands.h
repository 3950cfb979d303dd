#pragma once

// Commands that change the document's structure: sprites, frames and the collision rules.

#include "document.h"

#include <QUndoCommand>

namespace hitsmith {

/// Adds a sprite (with its frames and shapes) at an index.
class InsertSpriteCommand : public QUndoCommand {
public:
    InsertSpriteCommand(Document *document, int index, Sprite sprite, const QString &text,
                        QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    int mIndex;
    Sprite mSprite;
};

/// Removes a sprite with everything on it.
class RemoveSpriteCommand : public QUndoCommand {
public:
    RemoveSpriteCommand(Document *document, int index, const QString &text,
                        QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    int mIndex;
    Sprite mSprite;
};

/// Renames a sprite and/or changes its image path or its default frame duration.
class ChangeSpriteCommand : public QUndoCommand {
public:
    ChangeSpriteCommand(Document *document, int index, const QString &name, const QString &image,
                        const QString &text, QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

protected:
    /// The default frame duration redo sets (the sprite's current one unless called).
    void setNewDuration(std::optional<int> duration) { mNewDuration = duration; }

private:
    Document *mDocument;
    int mIndex;
    QString mOldName, mNewName, mOldImage, mNewImage;
    std::optional<int> mOldDuration, mNewDuration;
};

/// Renames a sprite; the undo text names it ("Rename sprite knight to hero").
class RenameSpriteCommand : public ChangeSpriteCommand {
public:
    RenameSpriteCommand(Document *document, int index, const QString &name,
                        QUndoCommand *parent = nullptr);
};

/// Points a sprite at another image (an absolute path, empty for none); the undo text names the
/// sprite ("Set image of knight").
class SetSpriteImageCommand : public ChangeSpriteCommand {
public:
    SetSpriteImageCommand(Document *document, int index, const QString &image,
                          QUndoCommand *parent = nullptr);
};

/// Sets a sprite's default frame duration in ms (nullopt: none, the editor's 100 ms); the undo
/// text names the sprite ("Set default duration of knight to 80 ms").
class SetSpriteDurationCommand : public ChangeSpriteCommand {
public:
    SetSpriteDurationCommand(Document *document, int index, std::optional<int> duration,
                             QUndoCommand *parent = nullptr);
};

/// Moves a sprite in the list.
class MoveSpriteCommand : public QUndoCommand {
public:
    MoveSpriteCommand(Document *document, int from, int to, const QString &text,
                      QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    int mFrom, mTo;
};

/// Adds a frame (with its shapes) to a sprite.
class InsertFrameCommand : public QUndoCommand {
public:
    InsertFrameCommand(Document *document, FrameRef ref, Frame frame, const QString &text,
                       QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    FrameRef mRef;
    Frame mFrame;
};

/// Removes a frame with its shapes.
class RemoveFrameCommand : public QUndoCommand {
public:
    RemoveFrameCommand(Document *document, FrameRef ref, const QString &text,
                       QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    FrameRef mRef;
    Frame mFrame;
};

/// Changes a frame's name, source rectangle, origin, duration and properties (its shapes are
/// untouched).
class ChangeFrameCommand : public QUndoCommand {
public:
    ChangeFrameCommand(Document *document, FrameRef ref, const Frame &newInfo, const QString &text,
                       QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    FrameRef mRef;
    Frame mOldInfo, mNewInfo; // shapes left empty: only the frame's own fields matter
};

/// Moves a frame within its sprite.
class MoveFrameCommand : public QUndoCommand {
public:
    MoveFrameCommand(Document *document, int sprite, int from, int to, const QString &text,
                     QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    int mSprite, mFrom, mTo;
};

/// Replaces the document's saved versus setups (add, change, remove one: one undo step).
class SetVersusCommand : public QUndoCommand {
public:
    SetVersusCommand(Document *document, QList<VersusSetup> versus, const QString &text,
                     QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    QList<VersusSetup> mOld;
    QList<VersusSetup> mNew;
};

/// Sets the document's tick rate (game ticks a second); the undo text says it ("Set tick rate to
/// 30 ticks/s").
class SetTickRateCommand : public QUndoCommand {
public:
    SetTickRateCommand(Document *document, int ticksPerSecond, QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    int mOld;
    int mNew;
};

/// Replaces the collision matrix and the layer styles together.
class SetCollisionRulesCommand : public QUndoCommand {
public:
    SetCollisionRulesCommand(Document *document, std::optional<QList<LayerPair>> collide,
                             QList<LayerStyle> layers, const QString &text,
                             QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    void apply(const std::optional<QList<LayerPair>> &collide, const QList<LayerStyle> &layers);

    Document *mDocument;
    std::optional<QList<LayerPair>> mOldCollide, mNewCollide;
    QList<LayerStyle> mOldLayers, mNewLayers;
};

} // namespace hitsmith
