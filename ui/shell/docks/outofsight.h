#pragma once

#include <QWidget>

namespace hitsmith {

/// True while a dock's panel cannot be seen: its dock is closed, or a tab behind another dock.
/// Such a panel skips its updates during edits (a drag sends one per mouse move) and brings
/// itself up to date in its showEvent. A panel of a window not shown yet counts as in sight, so
/// it keeps up as before.
inline bool outOfSight(const QWidget *panel) {
    return !panel->isVisibleTo(panel->window());
}

} // namespace hitsmith
