#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::mugen {

// What frame data needs from a MUGEN character's states (.cns / .st files, issue 42): each
// [Statedef]'s anim and, in order, its HitDef, Projectile and ChangeAnim controllers with the
// parameters read as plain numbers. An expression ("35 + var(1)") is no number: it stays unknown
// (nullopt), never guessed. Keys are case-insensitive; a key given twice in one controller is
// its first spelling, as the engine reads it.

/// One controller of a state that frame data looks at.
struct StateController {
    enum class Kind { HitDef, Projectile, ChangeAnim };
    Kind kind = Kind::HitDef;
    QString file; ///< file name, for notes
    int line = 0; ///< 1-based line of its [State ...] header
    QString attr; ///< HitDef attr as written ("S, NA")
    /// The parameters as written (lower-case keys): damage, ground.hittime, guard.hittime,
    /// pausetime, guard.pausetime, value (ChangeAnim), trigger1, triggerall, ... (the lines of
    /// one trigger number joined with " && ")
    QHash<QString, QString> params;

    /// A throw: the attr's second part names a throw (NT, ST, HT).
    bool isThrow() const;
    /// The first value of a parameter as a plain number; nullopt when absent or an expression.
    std::optional<double> number(const QString &key, int index = 0) const;
    /// True when the parameter is given (whatever its value).
    bool has(const QString &key) const { return params.contains(key); }
};

/// One [Statedef N].
struct StateDef {
    int number = 0;
    std::optional<int> anim; ///< the statedef's anim, when a plain number
    QString file;
    int line = 0;
    QList<StateController> controllers; ///< HitDef, Projectile and ChangeAnim only, in order
};

/// The states of a character, the first definition of each number kept.
struct CharacterStates {
    QList<StateDef> states; ///< in the order read
    QStringList files;      ///< the files read, as named
    QStringList warnings;   ///< files named but not found or not read
};

/// Reads the states of one file's text into states (a number already there is skipped).
void readStates(const QByteArray &bytes, const QString &fileName, CharacterStates *states);

/// Reads the state files a character's .def names (st, st0..st9, cmd, stcommon), resolved as
/// the engine finds them (stcommon also in the engine's data/ folder two levels up).
CharacterStates readCharacterStates(const QString &defPath);

/// The .def a document imported from a MUGEN character refers to: the image of its first sprite
/// whose image is a .def; empty when none.
QString characterDefinition(const QStringList &spriteImages);

} // namespace hitsmith::mugen
