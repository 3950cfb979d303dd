#pragma once

#include "document.h"
#include "operations/copyacrossframes.h"
#include "operations/mirror.h"

#include <QHash>
#include <QKeySequence>
#include <QObject>
#include <QSizeF>

class QAction;
class QMenu;
class QWidget;

namespace hitsmith {

class EditorSession;
class Prompts;

/// The Animation menu's actions on the current selection, frame and sprite: copy across frames,
/// flip and mirror, a mirrored copy of the sprite, and interpolate. Each is one undo step through
/// the animation commands; questions go through Prompts, ranges and keys through small dialogs.
class AnimationActions : public QObject {
    Q_OBJECT

public:
    enum class ActionId {
        CopyToNextFrame,
        CopyToFrames,
        CopyToLaterFrames,
        FlipHorizontally,
        FlipVertically,
        MirrorFrameHorizontally,
        MirrorFrameVertically,
        MirrorSpriteHorizontally,
        MirrorSpriteVertically,
        MirroredCopy,
        Interpolate,
    };

    /// window parents the dialogs and prompts (and this object).
    AnimationActions(EditorSession *session, Prompts *prompts, QWidget *window);

    QAction *action(ActionId id) const { return mActions.value(id); }
    /// The Animation menu with every action (owned by parent).
    QMenu *createMenu(QWidget *parent) const;
    /// The actions on the selected shapes, for the shape list's context menu.
    QList<QAction *> selectionActions() const;

    /// The size of the sprite's image read from its file header; empty when it has none or the
    /// file cannot be read (the mirror pivot then falls back to the origin or cell).
    QSizeF imageSize(int sprite) const;

public Q_SLOTS:
    void copyToNextFrame();
    void copyToFrames();
    void copyToLaterFrames();
    void flip(hitsmith::operations::MirrorAxis axis);
    void mirrorFrame(hitsmith::operations::MirrorAxis axis);
    void mirrorSprite(hitsmith::operations::MirrorAxis axis);
    void mirroredCopy();
    void interpolate();

private:
    QAction *add(ActionId id, const QString &text, const char *objectName,
                 const QKeySequence &shortcut = {});
    int currentSprite() const;
    QList<ShapeRef> selectedRefs() const;
    bool copyTo(const QList<int> &frames);
    void updateActions();

    EditorSession *mSession;
    Prompts *mPrompts;
    QWidget *mWindow;
    QHash<ActionId, QAction *> mActions;
};

} // namespace hitsmith
