#pragma once

#include "document.h"
#include "operations/trace.h"

#include <QDialog>
#include <QImage>
#include <QList>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace hitsmith {

class Prompts;

/// Traces hitboxes from the sprite's alpha: the pipeline's settings, a live preview of the
/// current frame with its piece count and covered area, and Apply to this frame, the selected
/// frames or the whole sprite as one undo step. Traced shapes go on layer hurtbox unless another
/// is chosen (as `hitsmith-cli trace`), never on the drawing layer by surprise; before shapes are
/// replaced the user is told how many, on which frames, and may keep them.
class TraceDialog : public QDialog {
    Q_OBJECT

public:
    /// Which frames Apply traces.
    enum class Scope { CurrentFrame, SelectedFrames, WholeSprite };
    /// Whether traced shapes replace the shapes already on the chosen layer.
    enum class Placement { ReplaceLayer, Add };

    /// image is the sprite's image (already read); selectedFrames are frame indices of sprite;
    /// prompts asks before a replace removes shapes (none: they are removed without asking).
    TraceDialog(Document *document, FrameRef frame, QList<int> selectedFrames, const QImage &image,
                Prompts *prompts, QWidget *parent = nullptr);

    /// The settings as the pipeline takes them.
    operations::TraceOptions options() const;
    Scope scope() const;
    Placement placement() const;
    /// The frames Apply traces, for the current scope.
    QList<int> targetFrames() const;
    /// The shapes a replace would remove from the target frames (empty when adding).
    QList<ShapeRef> shapesToReplace() const;
    /// Traces the target frames and pushes one undo command; false when nothing changed or the
    /// user kept the shapes a replace would remove.
    bool apply();

    QSpinBox *thresholdBox() const { return mThreshold; }
    QSpinBox *growBox() const { return mGrow; }
    QDoubleSpinBox *toleranceBox() const { return mTolerance; }
    QSpinBox *budgetBox() const { return mBudget; }
    QComboBox *shapesBox() const { return mShapes; }
    QComboBox *layerBox() const { return mLayer; }
    QComboBox *placementBox() const { return mPlacement; }
    QComboBox *scopeBox() const { return mScope; }
    QLabel *previewLabel() const { return mPreview; }
    QLabel *summaryLabel() const { return mSummary; }
    /// Pieces in the preview of the current frame.
    int previewPieceCount() const { return int(mPreviewPieces.size()); }

private:
    QRect cellOf(int frame) const;
    /// Asks before removing shapes; true when there are none or the user agrees.
    bool confirmReplace(const QList<ShapeRef> &removed);
    void updatePreview();

    Document *mDocument;
    FrameRef mFrame;
    QList<int> mSelectedFrames;
    QImage mImage;
    Prompts *mPrompts;
    QSpinBox *mThreshold, *mGrow, *mBudget;
    QDoubleSpinBox *mTolerance;
    QComboBox *mShapes, *mLayer, *mPlacement, *mScope;
    QLabel *mPreview, *mSummary;
    QList<QPolygonF> mPreviewPieces;
    bool mConfirmed = false; // Trace asked already
};

} // namespace hitsmith
