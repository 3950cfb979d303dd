#pragma once

class QModelIndex;
class QTreeView;

namespace hitsmith {

/// Widens the cell's column when its text (and icon) no longer fits, so nothing shows elided
/// ("12.3…"). Never narrows: columns must not jump while a drag updates a row. One cell is
/// measured, so this is cheap enough for every mouse move.
void widenColumnToFit(QTreeView *view, const QModelIndex &index);

} // namespace hitsmith
