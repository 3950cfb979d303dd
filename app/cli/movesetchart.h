#pragma once

// The moveset chart as SVG text: a row per move on a shared distance axis, a bar per active
// frame's interval coloured by frame, tunnels hatched, whiff gaps (between the first and last
// reach) outlined.

#include "operations/moveset.h"

#include <QString>

namespace hitsmith::cli {

/// The chart of `moves` (sprites of data) against `defenderName`; a standalone SVG document.
QString movesetSvg(const DocumentData &data, const QList<operations::MoveReach> &moves,
                   const QString &defenderName);

} // namespace hitsmith::cli
