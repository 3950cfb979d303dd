#pragma once

#include "documentdata.h"

#include <QStringList>

namespace hitsmith::engines {

/// The counted warnings for the animation data a target cannot hold: frame and sprite
/// durations, shape and frame properties and sprite image flips, each with how much is lost
/// ("frame durations are not stored in Godot scenes: 3 frame durations and 1 sprite default
/// lost"); a zero count is left out and a count of one is singular ("2 properties on 1
/// shape"). target names the target as in "... not stored in <target>". Empty when nothing is
/// lost.
/// kept says what the target does store (and so is not warned about).
enum class KeptAnimationData { Nothing, Durations, Properties, DurationsAndProperties };
/// See above.
QStringList animationLossWarnings(const DocumentData &document, const QString &target,
                                  KeptAnimationData kept = KeptAnimationData::Nothing);

} // namespace hitsmith::engines
