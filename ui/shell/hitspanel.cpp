#include "hitspanel.h"

#include "editorsession.h"

#include <QHeaderView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hitsmith {

namespace {
constexpr int kPairRole = Qt::UserRole; // QPoint(a, b)
}

HitsPanel::HitsPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mTree(new QTreeWidget(this)) {
    mTree->setObjectName(QStringLiteral("hitsTree"));
    mTree->setColumnCount(4);
    mTree->setHeaderLabels({tr("Shape A"), tr("Shape B"), tr("Depth"), tr("Normal")});
    mTree->setRootIsDecorated(false);
    mTree->setUniformRowHeights(true);
    mTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTree);

    connect(mTree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        const QPoint pair = item->data(0, kPairRole).toPoint();
        mSession->setSelectedHit(pair.x(), pair.y());
    });
    connect(mTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        // Keyboard navigation selects the pair as a click does.
        if (mUpdating || !item)
            return;
        const QPoint pair = item->data(0, kPairRole).toPoint();
        if (mSession->selectedHit() != qMakePair(pair.x(), pair.y()))
            mSession->setSelectedHit(pair.x(), pair.y());
    });
    connect(session->collisions(), &CollisionService::hitsChanged, this, [this](FrameRef frame) {
        if (frame == mSession->currentFrame())
            scheduleRebuild();
    });
    connect(session->collisions(), &CollisionService::allHitsChanged, this,
            &HitsPanel::scheduleRebuild);
    // Shape ids show in the rows.
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        if (change.kind == DocumentChange::Kind::ShapeChanged &&
            change.frameRef() != mSession->currentFrame())
            return;
        scheduleRebuild();
    });
    connect(session, &EditorSession::currentFrameChanged, this, &HitsPanel::rebuild);
    connect(session, &EditorSession::selectedHitChanged, this, &HitsPanel::syncSelectedHit);
    rebuild();
}

void HitsPanel::scheduleRebuild() {
    // Many events can arrive for one user action (a macro, a drag step); list once per turn.
    if (mRebuildPending)
        return;
    mRebuildPending = true;
    QTimer::singleShot(0, this, &HitsPanel::rebuild);
}

void HitsPanel::rebuild() {
    mRebuildPending = false;
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    mUpdating = true;
    mTree->clear();
    if (document->contains(frame)) {
        const QList<Shape> &shapes = document->frame(frame).shapes;
        const QList<FrameHit> hits = mSession->collisions()->hits(frame);
        QList<QTreeWidgetItem *> items;
        for (const FrameHit &hit : hits) {
            if (hit.a >= shapes.size() || hit.b >= shapes.size())
                continue;
            auto *item = new QTreeWidgetItem({shapes[hit.a].id, shapes[hit.b].id,
                                              QString::number(hit.depth, 'f', 3),
                                              QStringLiteral("(%1, %2)")
                                                  .arg(QString::number(hit.normal.x(), 'f', 3),
                                                       QString::number(hit.normal.y(), 'f', 3))});
            item->setData(0, kPairRole, QPoint(hit.a, hit.b));
            items.append(item);
        }
        mTree->addTopLevelItems(items);
    }
    mUpdating = false;
    syncSelectedHit();
}

void HitsPanel::syncSelectedHit() {
    const auto [a, b] = mSession->selectedHit();
    mUpdating = true;
    QTreeWidgetItem *match = nullptr;
    for (int i = 0; i < mTree->topLevelItemCount() && !match; ++i) {
        if (mTree->topLevelItem(i)->data(0, kPairRole).toPoint() == QPoint(a, b))
            match = mTree->topLevelItem(i);
    }
    if (match)
        mTree->setCurrentItem(match);
    else
        mTree->clearSelection();
    mUpdating = false;
}

} // namespace hitsmith
