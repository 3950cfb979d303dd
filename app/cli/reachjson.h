#pragma once

// JSON spellings shared by `range` and `moveset`: interval lists and the sweep option.

#include "versus.h"

#include <QCommandLineOption>
#include <QString>

namespace hitsmith::cli {

/// "[[x0,x1],...]" with json::number spellings.
QString intervalsJson(const QList<DxInterval> &intervals);

/// --sweep of `range`: also print each frame's "tunnel" (see versusTunnel).
QCommandLineOption sweepOption();

/// The `,"tunnel":[...]` member of frame `frame` of the attacker sprite (frame 0: []).
QString tunnelMember(const DocumentData &data, FrameRef attacker, FrameRef defender, double dy,
                     Facing facing, const VersusLayers &layers);

} // namespace hitsmith::cli
