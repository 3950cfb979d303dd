#pragma once

#include <QWidget>

class QTreeWidget;

namespace hitsmith {

class EditorSession;

/// The current frame's colliding pairs with penetration depth and normal, kept live from the
/// collision service. Clicking a pair selects both shapes and shows its arrow on the canvas.
class HitsPanel : public QWidget {
    Q_OBJECT

public:
    explicit HitsPanel(EditorSession *session, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return mTree; }

private:
    void scheduleRebuild();
    void rebuild();
    void syncSelectedHit();

    EditorSession *mSession;
    QTreeWidget *mTree;
    bool mRebuildPending = false;
    bool mUpdating = false;
};

} // namespace hitsmith
