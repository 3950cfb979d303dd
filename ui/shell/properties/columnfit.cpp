#include "columnfit.h"

#include <QHeaderView>
#include <QTreeView>

namespace hitsmith {

void widenColumnToFit(QTreeView *view, const QModelIndex &index) {
    if (!index.isValid())
        return;
    QHeaderView *header = view->header();
    const int column = index.column();
    // The delegate's own measure: text, icon and the margins it draws them with.
    const int needed = view->sizeHintForIndex(index).width();
    if (header->sectionSize(column) < needed)
        header->resizeSection(column, needed);
}

} // namespace hitsmith
