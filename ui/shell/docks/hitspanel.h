#pragma once

#include <QList>
#include <QPoint>
#include <QStringList>
#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace hitsmith {

class DockSight;
class EditorSession;
struct FrameHit;
struct HitEvent;

/// The current frame's colliding pairs with penetration depth and normal, kept live from the
/// collision service. Clicking a pair selects both shapes and shows its arrow on the canvas.
///
/// During a drag the list is kept up to date incrementally: each CollisionService::hitsChanged
/// event inserts (Began, in (a, b) order), updates (Changed) or removes (Ended) one row. Only
/// changes that renumber shapes (insert, remove, reorder), a frame switch or a new document
/// rebuild the whole list, and only then are the columns sized to their contents. Behind another
/// tab (History) or closed, it skips all of that and lists afresh when shown.
class HitsPanel : public QWidget {
    Q_OBJECT

public:
    explicit HitsPanel(EditorSession *session, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return mTree; }

private:
    bool skipWhileOutOfSight(); ///< true (and stale) while no one can see the list
    void scheduleRebuild();
    void rebuild();
    void applyEvents(const QList<HitEvent> &events);
    void refreshShapeIds();
    /// Sets the row's cells; returns the columns whose text changed (bit i: column i).
    int fillItem(QTreeWidgetItem *item, const FrameHit &hit) const;
    int rowOf(QPoint pair) const;      ///< the row of a pair, or -1
    int lowerBound(QPoint pair) const; ///< where a pair belongs in (a, b) order
    void syncSelectedHit();
    void fitRow(int row, int columns); ///< columns: bit i for column i

    EditorSession *mSession;
    QTreeWidget *mTree;
    QList<QPoint> mPairs;            ///< (a, b) of each row, in row order (sorted)
    QStringList mIds;                ///< the shape ids the rows show, by shape index
    int mFittedWidth[3] = {0, 0, 0}; ///< widest text per column checked since the rebuild
    bool mRebuildPending = false;
    DockSight *mSight;
    bool mStale = false; ///< changes were skipped while out of sight: rebuild when shown
    bool mUpdating = false;
};

} // namespace hitsmith
