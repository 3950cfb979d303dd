#pragma once

#include "document.h"

#include <QObject>
#include <QPointer>

class QAction;
class QTimer;

namespace hitsmith {

class Canvas;
class EditorSession;

/// Plays the current sprite at its frames' durations by moving the session's current frame: the
/// canvas, the panels and the versus check simply follow it. One single-shot timer per frame
/// (its interval is that frame's duration), never a fixed tick.
///
/// Playback stops when the document changes (an edit, undo, load), when another sprite is shown,
/// when shapes get selected, and on a click or key on the canvas (see watchCanvas), so an edit
/// always lands on the frame the user sees.
class Playback : public QObject {
    Q_OBJECT

public:
    /// Whether playback wraps at the end of the sprite.
    enum class Looping { Once, Loop };

    explicit Playback(EditorSession *session, QObject *parent = nullptr);
    ~Playback() override;

    bool isPlaying() const { return mPlaying; }
    Looping looping() const { return mLooping; }
    void setLooping(Looping looping);

    /// The single-shot timer holding the current frame's dwell (interval = its duration).
    QTimer *timer() const { return mTimer; }

    /// Play/Pause (Space), Loop (checkable), Previous Frame (,), Next Frame (.).
    QAction *playAction() const { return mPlayAction; }
    QAction *loopAction() const { return mLoopAction; }
    QAction *previousAction() const { return mPreviousAction; }
    QAction *nextAction() const { return mNextAction; }

    /// The widget Space plays in (the Timeline; its Play action is added to it) and whose focus,
    /// like the canvas's, keeps playback going: focus moving anywhere else (a field of the
    /// Properties dock, a rename) pauses it first, so typing never lands on a frame that then
    /// changes under it.
    void setHome(QWidget *home);

    /// Lets a tap of Space on the canvas (pressed and released without panning) toggle playback
    /// while holding it still pans, and stops playback on a click or an editing key there.
    void watchCanvas(Canvas *canvas);

public Q_SLOTS:
    /// Starts at the current frame (from the first one when stopped on the last without loop).
    void play();
    void pause();
    void toggle();
    /// One frame back/forward in the current sprite; wraps only while Loop is on. Pauses.
    void stepBack();
    void stepForward();
    /// The timer's slot: shows the next frame and schedules its dwell.
    void advance();

Q_SIGNALS:
    void playingChanged(bool playing);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void step(int delta);
    void show(FrameRef frame);
    void schedule();
    void onFrameChanged(FrameRef frame);
    void onFocusChanged(QWidget *now);
    void updateActions();

    EditorSession *mSession;
    QTimer *mTimer;
    // A Canvas being destroyed is only a QWidget while its children go (and they send events
    // to the filter), so liveness, focus and "is it the view" go through QWidget pointers; the
    // Canvas itself is only asked for its tool on a key release, when it is whole.
    Canvas *mCanvas = nullptr;
    QPointer<QWidget> mCanvasWidget;
    QPointer<QWidget> mCanvasView;
    QPointer<QWidget> mHome;
    QAction *mPlayAction, *mLoopAction, *mPreviousAction, *mNextAction;
    Looping mLooping = Looping::Loop;
    bool mPlaying = false;
    bool mShowing = false; // the frame change is playback's own
    int mSprite = -1;      // the sprite being played
    bool mSpaceDown = false, mPannedWithSpace = false;
};

} // namespace hitsmith
