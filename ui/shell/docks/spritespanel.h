#pragma once

#include "document.h"

#include <QSet>
#include <QWidget>

class QAction;
class QTreeWidget;
class QTreeWidgetItem;

namespace hitsmith {

class EditorSession;
class Prompts;
class RefusalLine;

/// The sprites/frames tree: sprites at the top level, their frames below. Choosing a frame makes
/// it the session's current frame; every structural edit is one undo command.
class SpritesPanel : public QWidget {
    Q_OBJECT

public:
    SpritesPanel(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return mTree; }
    /// Why a name typed in the tree was refused; hidden after a rename or another item.
    RefusalLine *refusalLine() const { return mRefusal; }
    QAction *addSpriteAction() const { return mAddSprite; }
    QAction *addFrameAction() const { return mAddFrame; }
    QAction *renameAction() const { return mRename; }
    QAction *deleteAction() const { return mDelete; }
    QAction *moveUpAction() const { return mMoveUp; }
    QAction *moveDownAction() const { return mMoveDown; }
    QAction *splitSheetAction() const { return mSplitSheet; }
    QAction *traceAction() const { return mTrace; }

    /// The sprite the selection is in (a sprite row or one of its frames), or -1.
    int currentSprite() const;
    /// The selected frame, or invalid when a sprite row (or nothing) is selected.
    FrameRef currentFrameItem() const;
    /// Frame indices of the current sprite selected in the tree, ascending.
    QList<int> selectedFrames() const;
    /// Selects a sprite row.
    void selectSprite(int sprite);

    /// Adds an empty sprite with one frame (one undo step).
    void addSprite();
    /// Adds a frame after the current one.
    void addFrame();
    /// Removes the selected sprite or frame.
    void removeCurrent();
    /// Moves the selected sprite or frame by delta rows (-1 up, +1 down).
    void moveCurrent(int delta);
    /// Opens the "split sheet" dialog for the current sprite.
    void splitCurrentSheet();
    /// Opens the Trace dialog for the frame on the canvas.
    void traceCurrentFrame();

Q_SIGNALS:
    /// A message for the status bar.
    void statusMessage(const QString &message);

private:
    void scheduleRebuild();
    void rebuild();
    void syncCurrentFromSession();
    void onItemChanged(QTreeWidgetItem *item, int column);
    void onCurrentItemChanged(QTreeWidgetItem *current);
    void updateActions();

    EditorSession *mSession;
    Prompts *mPrompts;
    QTreeWidget *mTree;
    RefusalLine *mRefusal;
    QAction *mAddSprite, *mAddFrame, *mRename, *mDelete, *mMoveUp, *mMoveDown, *mSplitSheet,
        *mTrace;
    bool mUpdating = false;
    bool mRebuildPending = false;
};

/// The name a new item gets: base, or base-2, base-3... so that it is not in taken.
QString uniqueName(const QString &base, const QStringList &taken);
/// The same against a set, for many names in a row (linear instead of quadratic).
QString uniqueName(const QString &base, const QSet<QString> &taken);

} // namespace hitsmith
