#pragma once

#include "operations/moveset.h"
#include "operations/movesetlayout.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QTimer;

namespace hitsmith {

class EditorSession;
class MovesetChart;
struct DocumentChange;

/// The Moveset dock (issue 29): every move of the document (each sprite with a shape on a
/// tested attacker layer) against one defender frame the user picks, drawn as the chart
/// `hitsmith-cli moveset --svg` writes (the same layout, model/operations/movesetlayout.h): a row
/// per move on one distance axis, a bar per active frame's interval coloured by frame, tunnels
/// hatched, whiff gaps dashed. Clicking a bar (or a tunnel) shows that frame on the canvas and
/// stands the defender there in its versus setup at the clicked distance (one SetVersusCommand),
/// then asks for the Versus dock (versusRequested).
///
/// The defender, dy, facing and layer pairs are the panel's own choice (a view, not saved). The
/// moves are recomputed once per turn of the event loop after the document changes, and only
/// while the panel is visible.
class MovesetPanel : public QWidget {
    Q_OBJECT

public:
    explicit MovesetPanel(EditorSession *session, QWidget *parent = nullptr);
    ~MovesetPanel() override;

    /// "(none)" first, then every "sprite/frame" of the document.
    QComboBox *defenderCombo() const { return mDefender; }
    /// Defender origin y.
    QDoubleSpinBox *dyBox() const { return mDy; }
    /// Checked: the defender faces the same way (not mirrored).
    QCheckBox *sameFacingBox() const { return mSameFacing; }
    /// "hitbox:hurtbox, ..." (empty: the default pairs); applied on Return or leaving it.
    QLineEdit *layersEdit() const { return mLayers; }
    /// How many moves, or why there is no chart.
    QLabel *statusLabel() const { return mStatus; }
    /// The widget the chart is drawn on (clicks and tooltips); inside a scroll area.
    QWidget *chart() const;

    /// The moves charted (empty without a defender).
    const QList<operations::MoveReach> &moves() const { return mMoves; }
    /// The chart as drawn, in the chart widget's coordinates.
    const operations::MovesetLayout &chartLayout() const { return mLayout; }
    /// The defender the moves were computed against, as "sprite/frame" (empty: none).
    QString defenderName() const { return mDefenderName; }
    /// How long the last recompute of the moves took, in milliseconds.
    double lastRecomputeMs() const { return mRecomputeMs; }
    /// How many times the moves were computed (edits in one turn of the event loop: once).
    int recomputeCount() const { return mRecomputes; }
    /// Recomputes now if a recompute is pending (tests; the panel does it on its own).
    void flush();

Q_SIGNALS:
    /// A bar was clicked: the frame is on the canvas and its versus setup placed.
    void versusRequested();

protected:
    void showEvent(QShowEvent *event) override;

private:
    friend class MovesetChart;
    void onDocumentChanged(const DocumentChange &change);
    void schedule(); ///< recompute on the next turn of the event loop
    void recompute();
    void relayout(); ///< the layout for the chart's width (no new moves)
    void refillDefenders();
    void applyLayers();
    /// The bar, tunnel or gap under a chart point, as a tooltip text; empty when none.
    QString describe(const QPointF &point);
    /// Opens the frame under a chart point in Versus at the point's distance; false when the
    /// point is on no bar or tunnel.
    bool openAt(const QPointF &point);
    void open(int move, int frame, const DxInterval &interval, double dx);

    EditorSession *mSession;
    QComboBox *mDefender;
    QDoubleSpinBox *mDy;
    QCheckBox *mSameFacing;
    QLineEdit *mLayers;
    QLabel *mStatus;
    QScrollArea *mScroll;
    MovesetChart *mChart;
    QTimer *mTimer;
    bool mDirty = true;
    VersusLayers mLayerPairs; ///< the applied layer pairs
    QString mDefenderName;
    FrameRef mDefenderFrame;
    QList<operations::MoveReach> mMoves;
    operations::MovesetLayout mLayout;
    double mRecomputeMs = 0.0;
    int mRecomputes = 0;
};

} // namespace hitsmith
