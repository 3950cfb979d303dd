#pragma once

#include "sff.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace hitsmith::art {

/// Number of palettes a character can name in its .def (pal1..pal12).
inline constexpr int kMaxPalettes = 12;

/// A MUGEN .act palette: 256 RGB triples stored from colour 255 down to colour 0 (Ikemen GO's
/// loadPalette reads them in that order); colour 0 is transparent. nullopt unless bytes hold at
/// least 768 bytes.
std::optional<Palette> readActPalette(const QByteArray &bytes);

/// What a character's .def says about its files: the [Files] section's values as written.
struct MugenDef {
    QString name;                   ///< [Info] name (or displayname), may be empty
    QString sprite;                 ///< [Files] sprite (.sff)
    QString anim;                   ///< [Files] anim (.air)
    QString palettes[kMaxPalettes]; ///< [Files] pal1..pal12 (.act); empty when absent
    /// The state files, in the order the engine reads them: [Files] st, st0..st9, cmd, then
    /// stcommon (a state defined twice is the first one read). Values as written.
    QStringList stateFiles;
    QString stcommon; ///< [Files] stcommon (found beside the .def or in the engine's data/)
    QStringList warnings;
};

/// Largest .def read (a character's .def is a few kilobytes); larger bytes read as no .def.
inline constexpr qsizetype kMaxDefBytes = 1024 * 1024;

/// Reads a .def's [Info] and [Files] sections as the engine does (the first section of each
/// name and the first spelling of each key win; keys case-insensitive; ';' starts a comment;
/// [Files] values are taken as written, [Info] name without its quotes). Never fails: a .def
/// without [Files] gives empty names and a warning.
MugenDef parseMugenDef(const QByteArray &bytes);

/// The file a .def names, resolved as the engine finds it on Windows: relative to dir, '\' or '/'
/// separators, every path component matched case-insensitively when the exact spelling is absent.
/// Empty when no such file exists.
QString resolveMugenPath(const QString &dir, const QString &path);

/// A character's art: its .sff and its .act palettes, opened from a .def or a bare .sff.
/// Palette numbers are 1..12 (pal1..pal12) as the engine's palette select; 0 means each sprite's
/// own palette from the .sff. For an SFF v1 the chosen .act recolours the sprites that share the
/// palette of sprite 0,0 or 9000,0 (as Ikemen GO's remapPal does); for an SFF v2 palette N is the
/// SFF's palette 1,N and recolours the sprites using palette 1,1.
class MugenCharacter {
public:
    /// Opens path (.def or .sff). Always returns an object; error() says what failed.
    static std::shared_ptr<MugenCharacter> open(const QString &path);

    QString error() const { return mError; }
    QStringList warnings() const { return mWarnings; }
    QString defPath() const { return mDefPath; }
    QString sffPath() const { return mSffPath; }
    QString animPath() const { return mAnimPath; } ///< resolved .air, empty when none
    const MugenDef &def() const { return mDef; }
    /// Null when the .sff could not be opened.
    const SffFile *sff() const { return mSff.get(); }

    /// The palette numbers (1..12) this character has.
    QList<int> paletteNumbers() const;
    /// The palette number the engine starts with: the first of paletteNumbers(), else 0.
    int defaultPalette() const;
    /// Sprite group,number drawn with palette number (0 = the sprites' own palettes; a number
    /// the character lacks also gives the own palettes). Error when the .sff lacks it.
    SffImage sprite(int group, int number, int palette) const;

private:
    QString mError;
    QStringList mWarnings;
    QString mDefPath, mSffPath, mAnimPath;
    MugenDef mDef;
    std::unique_ptr<SffFile> mSff;
    std::optional<Palette> mActs[kMaxPalettes];
};

} // namespace hitsmith::art
