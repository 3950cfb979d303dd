#pragma once

#include <QString>

#include <optional>

namespace hitsmith {

struct Frame;

/// One animation element line of an .air file ("group, number, x, y, ticks[, flip[, blend[,
/// xscale, yscale, angle]]]"), read as Ikemen GO's ReadAnimFrame reads it: comment cut at ';',
/// trimmed, lower-cased; the line must start with a digit or '-' and have at least 5 fields;
/// numbers are read as the engine's Atoi (leading sign and digits, the rest ignored, 0 when
/// none) and truncated to 16 bits; each 'h' or 'v' in the flip field toggles that flip.
struct AirElement {
    int group = -1;
    int number = 0;
    int x = 0; ///< offset as written (not negated by the flip)
    int y = 0;
    int ticks = -1; ///< -1 = forever
    bool flipH = false;
    bool flipV = false;
    QString blend; ///< the 7th field as written, trimmed ("A", "S", "AS128D128", ...)

    /// Group -1: the engine draws nothing.
    bool isBlank() const { return group == -1; }
};

/// The element of one .air line; nullopt when the engine would not read it as an element.
std::optional<AirElement> parseAirElement(const QString &line);
/// The element of a frame read from .air (its "air"/"element" extra); nullopt when none.
std::optional<AirElement> frameAirElement(const Frame &frame);

} // namespace hitsmith
