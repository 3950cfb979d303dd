#pragma once

#include "framepicture.h"
#include "versus.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableWidget;
class QToolButton;

namespace hitsmith {

class EditorSession;
class Prompts;
class VersusOpponents;
class VersusService;
struct DocumentChange;

/// The Versus dock: the frame on the canvas is the attacker (origin at (0, 0), facing right);
/// the user picks the defender's frame, its offset dx/dy and its facing, and steps through the
/// attacker's frames. It lists the hits between the two (attacker shape, defender shape, depth,
/// normal) and, for every frame of the attacker's sprite, the dx intervals at which it connects
/// with the defender (the move's reach) and those at which its swing from the frame before
/// passes through the defender although neither frame connects (versusTunnel), with a warning
/// naming those frames.
///
/// The defender may come from another document (another character, opened read only through
/// "Defender from"): its path is the setup's defenderDocument, so reopening the document brings
/// the opponent back; one that cannot be read is named in a note, and the setup is kept.
///
/// The setup is the document's versus entry for the attacker frame (the first one naming it):
/// every change is one SetVersusCommand, and undo brings the panel back with the document.
class VersusPanel : public QWidget {
    Q_OBJECT

public:
    VersusPanel(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);
    ~VersusPanel() override;

    /// The hits the table shows (for the canvas and tests).
    const VersusService *service() const { return mService; }
    /// Where the defender comes from: "This document", each opponent file (its name; the path
    /// in the item's data and tooltip), then "Open other…", which asks for a file.
    QComboBox *sourceCombo() const { return mSource; }
    /// Reads the chosen opponent's file again (it changed on disk).
    QToolButton *reloadButton() const { return mReload; }
    /// Why the opponent cannot be used (its file is missing or broken, or lacks the frame).
    QLabel *opponentNote() const { return mOpponentNote; }
    /// The defender choice: "(none)" first, then every "sprite/frame" of the defender's document.
    QComboBox *defenderCombo() const { return mDefender; }
    /// Defender origin x.
    QDoubleSpinBox *dxBox() const { return mDx; }
    /// Defender origin y.
    QDoubleSpinBox *dyBox() const { return mDy; }
    /// Checked: the defender faces the same way as the attacker (not mirrored).
    QCheckBox *sameFacingBox() const { return mSameFacing; }
    /// The layer pairs tested, typed as "hitbox:hurtbox, ..." (attacker layer first); empty:
    /// the document's collide matrix. Applied on Return or when focus leaves it.
    QLineEdit *layersEdit() const { return mLayers; }
    /// Why the typed layer pairs were refused, or which named layers the document lacks.
    QLabel *layersNote() const { return mLayersNote; }
    /// Attacker shape, defender shape, depth, normal: one row per hit.
    QTableWidget *hitsTable() const { return mHits; }
    /// Attacker frame, reach, tunnel ("Passes through": the dx at which the swing from the frame
    /// before meets the defender though neither frame connects): one row per frame of the
    /// attacker's sprite.
    QTableWidget *rangeTable() const { return mRange; }
    /// Names the frames whose swing can pass through the defender (hidden when none can).
    QLabel *tunnelWarning() const { return mTunnelWarning; }
    /// Steps the attacker to the previous frame of its sprite.
    QToolButton *previousFrameButton() const { return mPrevious; }
    /// Steps the attacker to the next frame of its sprite.
    QToolButton *nextFrameButton() const { return mNext; }

    /// Stands the defender's origin at (dx, dy): one undo command (the canvas drag ends here).
    void placeDefender(double dx, double dy);

    /// While the Timeline plays, an attacker frame without a setup of its own is checked with
    /// the setup of the frame playback started on (nothing is saved for it), so the versus check
    /// plays along with the move. Stopping goes back to each frame's own setup.
    void setPlaying(bool playing);

    /// The defender frame's picture as its own document draws it (for the canvas's versus
    /// layer); NoImage without a defender.
    FramePicture defenderPicture() const;

Q_SIGNALS:
    /// The defender's picture may look different (an opponent was read again).
    void defenderPictureChanged();

private:
    void onDocumentChanged(const DocumentChange &change);
    void refresh();      ///< the controls and the service from the document
    void refreshHits();  ///< the hits table from the service
    void refreshRange(); ///< the range table from the geometry
    void refillDefenders(const DocumentData *data); ///< the combo's frame list
    void refillSources(const QString &current);     ///< the source combo's files
    void onSourceActivated(int index);
    void openOpponent();                    ///< asks for a file, then chooseSource
    void reloadOpponent();                  ///< reads the setup's file again
    void chooseSource(const QString &path); ///< the defender's document as one undo command
    /// The setup the panel shows (the attacker's own, or the one held while playing).
    VersusSetup shownSetup() const;
    void stepAttacker(int delta);
    void commit(); ///< the controls' values as one undo command
    void commitSetup(double dx, double dy);
    /// The typed layer pairs as one undo command (empty: the collide matrix); a list that does
    /// not read is refused with a note and stays in the field.
    void commitLayers();
    /// Names the pairs' layers the document lacks (allowed, most often a typing slip).
    void showLayersNote(const std::optional<QList<LayerPair>> &layers);
    void refreshLayersNote(); ///< showLayersNote for the shown setup, unless a refusal is shown
    QString attackerName() const;
    int setupIndex() const; ///< the document's versus entry for the attacker, or -1

    EditorSession *mSession;
    Prompts *mPrompts;
    std::unique_ptr<VersusOpponents> mOpponents;
    VersusService *mService;
    QLabel *mAttacker;
    QToolButton *mPrevious;
    QToolButton *mNext;
    QComboBox *mSource;
    QToolButton *mReload;
    QLabel *mOpponentNote;
    QComboBox *mDefender;
    QDoubleSpinBox *mDx;
    QDoubleSpinBox *mDy;
    QCheckBox *mSameFacing;
    QLineEdit *mLayers;
    QLabel *mLayersNote;
    QString mLayersAttacker; ///< the attacker frame the field's text belongs to
    QTableWidget *mHits;
    QTableWidget *mRange;
    QLabel *mTunnelWarning;
    bool mRefreshing = false;
    std::optional<VersusSetup> mHeld; // while playing: the setup playback started with
};

} // namespace hitsmith
