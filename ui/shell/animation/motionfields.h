#pragma once

#include "document.h"

#include <QList>
#include <QPointF>
#include <QWidget>

class QLabel;
class QLineEdit;

namespace hitsmith {

class EditorSession;
class RefusalLine;

/// The current frame's root motion in the Timeline (issue 29): two fields, x (forward in the
/// sprite's facing) and y (down), in pixels, and where the character's origin stands during the
/// frame (the motion of frames 0..k summed). Enter or leaving a field sets the frame's motion as
/// one undo step; a word, "nan", "inf" or a step past kLimit pixels is refused in place on a red
/// line (never a modal box: issue 26) and the field shows the frame's value again; a value typed
/// but not confirmed when the frame changes by other means is dropped. When an undo
/// or redo changes a frame's motion, that frame is shown, so the change is seen where it
/// happens.
class MotionFields : public QWidget {
    Q_OBJECT

public:
    /// The largest step either way, as the Properties dock's coordinates.
    static constexpr double kLimit = 1e7;

    explicit MotionFields(EditorSession *session, QWidget *parent = nullptr);
    ~MotionFields() override;

    QLineEdit *xEdit() const { return mEdits[0]; }
    QLineEdit *yEdit() const { return mEdits[1]; }
    /// "at 21, 0": the origin's accumulated position during the current frame.
    QLabel *rootLabel() const { return mRoot; }
    /// The refusal line; the owner places it (under the Timeline's frame data).
    RefusalLine *refusalLine() const { return mRefusal; }

    /// A number as the fields show it ("3", "-0.5", "12.25").
    static QString numberText(double value);

private:
    void commit(int axis);
    void showFrame();
    void recordMotions();
    void onDocumentChanged(const DocumentChange &change);
    void onHistoryMoved();

    EditorSession *mSession;
    QLineEdit *mEdits[2];
    QLabel *mRoot;
    RefusalLine *mRefusal;
    FrameRef mShown;                // the frame the fields show
    QList<QList<QPointF>> mMotions; // every frame's motion as last seen, per sprite
    FrameRef mChangedByHistory;     // a frame whose motion an undo or redo changed
    bool mCommitting = false;
    int mHistoryCount = 0; // the undo stack's count and index as last seen
    int mHistoryIndex = 0;
    QMetaObject::Connection mHistoryConnection; ///< cut when the session goes (see constructor)
};

} // namespace hitsmith
