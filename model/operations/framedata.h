#pragma once

// Frame data as fighting-game players count it (issue 42): in game ticks, numbered from 1;
// startup = the first tick with an attack shape; active windows with their gaps ("3(2)3");
// total and recovery; the hit numbers (damage, hitstun, blockstun, hitstop) and the advantage on
// hit and on block. Unknown numbers stay nullopt, never guessed.

#include "documentdata.h"
#include "versus.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::mugen {
struct CharacterStates;
}

namespace hitsmith::operations {

/// How the defender's stun counts against the attacker's recovery. Engines differ by one tick
/// here (Ikemen GO issue #2113).
enum class StunConvention {
    /// The stun as written: the defender acts on the tick after `hitstun` ticks (on_hit =
    /// hitstun - (total - startup)).
    Written,
    /// MUGEN's: a defender that was hit acts one tick later (its HitOver comes when the hit time
    /// has counted below 0; Ikemen GO adds that tick to MUGEN characters' hit time): on_hit is
    /// one more than Written. Guarding is counted as written.
    Mugen,
};

/// One window of consecutive active ticks; last is nullopt when the window never ends (an open
/// MUGEN element).
struct ActiveWindow {
    int first = 0;
    std::optional<int> last;
    bool operator==(const ActiveWindow &) const = default;
};

/// One row of the frame data table: a move, or one hit of a multi-hit MUGEN move.
struct MoveFrameData {
    int sprite = -1;
    std::optional<int> action; ///< the MUGEN action number (a sprite read from .air)
    int hit = 0;               ///< 1, 2, ... for the hits of a multi-hit move; 0 for a move
    std::optional<int> total;  ///< ticks of the whole sprite; nullopt when it never ends
    std::optional<int> startup;
    QList<ActiveWindow> active;
    QString activeText; ///< window lengths, gaps in parentheses: "3(2)3"; "" when none
    std::optional<int> recovery;
    std::optional<double> damage, hitstun, blockstun, hitstop;
    std::optional<int> onHit, onBlock;
    QStringList notes; ///< what was not computed, and why
    bool operator==(const MoveFrameData &) const = default;
};

/// What frame data is computed with.
struct FrameDataOptions {
    VersusLayers layers; ///< the attack layers, as in moveset
    StunConvention convention = StunConvention::Written;
    /// The character's states for sprites read from MUGEN .air files (nullptr: not read, their
    /// hit numbers unknown).
    const mugen::CharacterStates *states = nullptr;
};

/// The ticks of a sprite, frame by frame, at the document's tick rate (frameTicks).
struct SpriteTicks {
    QList<int> start;         ///< first tick of each frame (1-based); a frame of 0 ticks has none
    QList<int> ticks;         ///< ticks of each frame
    std::optional<int> total; ///< nullopt when a frame never ends
    int openFrame = -1;       ///< the frame that never ends, or -1
};

/// The ticks of every frame of the sprite.
SpriteTicks spriteTicks(const Sprite &sprite, int tickRate);

/// The active windows of the frames for which active is true (ticks, from 1).
QList<ActiveWindow> activeWindows(const SpriteTicks &ticks, const QList<bool> &active);

/// "3(2)3": each window's length, the gap before it in parentheses; an open window is "∞".
QString activeText(const QList<ActiveWindow> &windows);

/// The frame data of every sprite with a shape on a tested attacker layer (as moveset decides
/// it), in document order: one row a move, or one row a hit for a MUGEN state whose HitDefs fire
/// at different ticks.
QList<MoveFrameData> frameDataTable(const DocumentData &data, const FrameDataOptions &options);

} // namespace hitsmith::operations
