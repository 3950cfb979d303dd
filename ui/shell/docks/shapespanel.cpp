#include "shapespanel.h"

#include "columnfit.h"
#include "editorsession.h"
#include "validation.h"

#include <QHeaderView>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hitsmith {

ShapesPanel::ShapesPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mTree(new QTreeWidget(this)) {
    mTree->setObjectName(QStringLiteral("shapesTree"));
    mTree->setColumnCount(3);
    mTree->setHeaderLabels({tr("Id"), tr("Type"), tr("Layer")});
    mTree->setRootIsDecorated(false);
    mTree->setUniformRowHeights(true);
    mTree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Not ResizeToContents: that measures every row again whenever one row changes (each step
    // of a drag), which cost ~11 ms per move with 2,000 shapes. Sized once per rebuild instead.
    mTree->header()->setSectionResizeMode(QHeaderView::Interactive);
    mTree->header()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTree);

    connect(mTree, &QTreeWidget::itemSelectionChanged, this, &ShapesPanel::onTreeSelectionChanged);
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if (change.kind == Kind::CollisionRulesChanged || change.kind == Kind::LayersChanged)
            return;
        // Shape edits in other frames do not change this list.
        if ((change.kind == Kind::ShapeChanged || change.kind == Kind::ShapeInserted ||
             change.kind == Kind::ShapeRemoved) &&
            change.frameRef() != mSession->currentFrame())
            return;
        // A drag changes one shape per mouse move: refresh its row only, never the whole list.
        if (change.kind == Kind::ShapeChanged && change.shape < mTree->topLevelItemCount()) {
            QTreeWidgetItem *item = mTree->topLevelItem(change.shape);
            const QString texts[] = {item->text(0), item->text(1)};
            const bool hadIcon = !item->icon(0).isNull();
            updateItem(item, mSession->document()->shape(change.shapeRef()));
            // A renamed shape, a new warning icon or a new layer name may need more room ("p…"
            // otherwise); an unchanged cell needs no measuring.
            for (int column = 0; column < mTree->columnCount() - 1; ++column) {
                if (item->text(column) != texts[column] ||
                    (column == 0 && hadIcon == item->icon(0).isNull()))
                    widenColumnToFit(mTree, mTree->model()->index(change.shape, column));
            }
            return;
        }
        rebuild();
    });
    connect(session, &EditorSession::currentFrameChanged, this, &ShapesPanel::rebuild);
    connect(session, &EditorSession::selectionChanged, this,
            &ShapesPanel::syncSelectionFromSession);
    rebuild();
}

void ShapesPanel::rebuild() {
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    mUpdating = true;
    mTree->clear();
    if (document->contains(frame)) {
        const QList<Shape> &shapes = document->frame(frame).shapes;
        QList<QTreeWidgetItem *> items;
        items.reserve(shapes.size());
        for (const Shape &shape : shapes) {
            auto *item = new QTreeWidgetItem;
            updateItem(item, shape);
            items.append(item);
        }
        mTree->addTopLevelItems(items);
    }
    for (int column = 0; column < mTree->columnCount() - 1; ++column)
        mTree->resizeColumnToContents(column);
    mUpdating = false;
    syncSelectionFromSession();
}

void ShapesPanel::updateItem(QTreeWidgetItem *item, const Shape &shape) {
    // A drag updates the dragged shape's row on each mouse move. Texts are compared by the item
    // (an equal one changes nothing), icons are not: set only when the row's warning comes or
    // goes, or each move would repaint the row.
    item->setText(0, shape.id);
    item->setText(1, shapeTypeName(shape.type));
    item->setText(2, shape.layer);
    const auto problem = validateShape(shape);
    if (item->icon(0).isNull() == problem.has_value())
        item->setIcon(0, problem ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    for (int column = 0; column < 3; ++column)
        item->setToolTip(column, problem ? problem->reason : QString());
}

void ShapesPanel::syncSelectionFromSession() {
    mUpdating = true;
    const QList<int> selected = mSession->selectedShapes();
    QItemSelection selection;
    for (int index : selected) {
        if (index < mTree->topLevelItemCount()) {
            const QModelIndex first = mTree->model()->index(index, 0);
            const QModelIndex last = mTree->model()->index(index, mTree->columnCount() - 1);
            selection.select(first, last);
        }
    }
    mTree->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selected.isEmpty() && selected.first() < mTree->topLevelItemCount())
        mTree->scrollToItem(mTree->topLevelItem(selected.first()));
    mUpdating = false;
}

void ShapesPanel::onTreeSelectionChanged() {
    if (mUpdating)
        return;
    QList<int> indices;
    for (QTreeWidgetItem *item : mTree->selectedItems())
        indices.append(mTree->indexOfTopLevelItem(item));
    mSession->setSelectedShapes(indices);
}

} // namespace hitsmith
