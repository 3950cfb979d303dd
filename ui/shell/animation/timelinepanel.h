#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QListView;
class QMenu;
class QToolButton;

namespace hitsmith {

class EditorSession;
class FrameStripDelegate;
class MotionFields;
class Playback;
class TimelineModel;

/// The Timeline dock under the canvas: the current sprite's frames as a strip of thumbnails
/// (click shows a frame, double-click edits its duration), Play/Pause, Loop, previous/next frame,
/// and the move's frame data (startup, active, recovery) for a chosen attack layer, as a band
/// under the thumbnails and as a line of text; the current frame's root motion (MotionFields).
class TimelinePanel : public QWidget {
    Q_OBJECT

public:
    TimelinePanel(EditorSession *session, QWidget *parent = nullptr);
    ~TimelinePanel() override;

    Playback *playback() const { return mPlayback; }
    TimelineModel *model() const { return mModel; }
    /// The frame strip.
    QListView *strip() const { return mStrip; }
    /// The attack layer for the frame data: "(none)" first, then every layer of the document.
    QComboBox *layerCombo() const { return mLayers; }
    /// "startup 1 (100 ms) · active 3 (300 ms) · recovery 0 (0 ms)".
    QLabel *frameDataLabel() const { return mFrameData; }
    /// The current frame's root motion (x and y fields).
    MotionFields *motionFields() const { return mMotion; }

    /// Adds the playback actions (Play/Pause, Loop, Previous/Next Frame) to a menu.
    void addActionsTo(QMenu *menu) const;

private:
    void refillLayers();
    void refreshFrameData();
    void showCurrentFrame();
    void showFrameMenu(const QPoint &pos);

    EditorSession *mSession;
    Playback *mPlayback;
    TimelineModel *mModel;
    FrameStripDelegate *mDelegate;
    QListView *mStrip;
    QComboBox *mLayers;
    QLabel *mFrameData;
    MotionFields *mMotion;
    bool mUpdating = false;
    bool mChoseNone = false; // the user picked "(none)": no automatic choice comes back
    QString mAddedLayer;     // the one layer added earlier in the same undo step (a rename)
};

} // namespace hitsmith
