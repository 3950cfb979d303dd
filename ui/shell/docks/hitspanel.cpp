#include "hitspanel.h"

#include "columnfit.h"
#include "editorsession.h"
#include "outofsight.h"

#include <QHeaderView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace hitsmith {

namespace {
constexpr int kPairRole = Qt::UserRole; // QPoint(a, b)

bool pairLess(QPoint x, QPoint y) {
    return std::tie(x.rx(), x.ry()) < std::tie(y.rx(), y.ry());
}
} // namespace

HitsPanel::HitsPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mTree(new QTreeWidget(this))
    , mSight(new DockSight(this)) {
    mTree->setObjectName(QStringLiteral("hitsTree"));
    mTree->setColumnCount(4);
    mTree->setHeaderLabels({tr("Shape A"), tr("Shape B"), tr("Depth"), tr("Normal")});
    mTree->setRootIsDecorated(false);
    mTree->setUniformRowHeights(true);
    // Not ResizeToContents: that measures every row again whenever one cell changes, which
    // during a drag cost more than the whole canvas. Columns are sized once per rebuild.
    mTree->header()->setSectionResizeMode(QHeaderView::Interactive);
    mTree->header()->setStretchLastSection(true);
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
    connect(session->collisions(), &CollisionService::hitsChanged, this,
            [this](FrameRef frame, const QList<HitEvent> &events) {
                if (frame == mSession->currentFrame())
                    applyEvents(events);
            });
    connect(session->collisions(), &CollisionService::allHitsChanged, this,
            &HitsPanel::scheduleRebuild);
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        switch (change.kind) {
        case Kind::ShapeChanged:
            // Pairs come as hitsChanged events; only a new shape id needs the rows' text.
            if (change.frameRef() == mSession->currentFrame())
                refreshShapeIds();
            return;
        case Kind::SpriteChanged:
        case Kind::FrameChanged:
        case Kind::LayersChanged:
        case Kind::VersusChanged:
        case Kind::TickRateChanged:
        case Kind::CollisionRulesChanged: // allHitsChanged follows
            return;
        case Kind::ShapeInserted:
        case Kind::ShapeRemoved:
            if (change.frameRef() != mSession->currentFrame())
                return;
            break;
        default:
            break;
        }
        // Shape indices (or the frame itself) may have moved: list again.
        scheduleRebuild();
    });
    connect(session, &EditorSession::currentFrameChanged, this, &HitsPanel::rebuild);
    connect(mSight, &DockSight::shown, this, [this] {
        if (mStale)
            rebuild();
    });
    connect(session, &EditorSession::selectedHitChanged, this, &HitsPanel::syncSelectedHit);
    rebuild();
}

bool HitsPanel::skipWhileOutOfSight() {
    // Once a change is skipped, the rows stay as they are until a rebuild lists them afresh.
    if (!mSight->inSight())
        mStale = true;
    return mStale;
}

void HitsPanel::scheduleRebuild() {
    if (skipWhileOutOfSight())
        return;
    // Many events can arrive for one user action (a macro, an import); list once per turn.
    if (mRebuildPending)
        return;
    mRebuildPending = true;
    QTimer::singleShot(0, this, &HitsPanel::rebuild);
}

int HitsPanel::fillItem(QTreeWidgetItem *item, const FrameHit &hit) const {
    const QString texts[] = {
        mIds.value(hit.a), mIds.value(hit.b), QString::number(hit.depth, 'f', 3),
        QStringLiteral("(%1, %2)")
            .arg(QString::number(hit.normal.x(), 'f', 3), QString::number(hit.normal.y(), 'f', 3))};
    // Only cells that read differently: each change repaints and re-lays out its text.
    int changed = 0;
    for (int column = 0; column < 4; ++column) {
        if (item->text(column) != texts[column]) {
            item->setText(column, texts[column]);
            changed |= 1 << column;
        }
    }
    const QPoint pair(hit.a, hit.b);
    if (item->data(0, kPairRole).toPoint() != pair || !item->data(0, kPairRole).isValid())
        item->setData(0, kPairRole, pair);
    return changed;
}

void HitsPanel::rebuild() {
    mRebuildPending = false;
    if (!mSight->inSight()) {
        mStale = true;
        return;
    }
    mStale = false;
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    mUpdating = true;
    mTree->clear();
    mPairs.clear();
    mIds.clear();
    if (document->contains(frame)) {
        const QList<Shape> &shapes = document->frame(frame).shapes;
        mIds.reserve(shapes.size());
        for (const Shape &shape : shapes)
            mIds.append(shape.id);
        const QList<FrameHit> hits = mSession->collisions()->hits(frame);
        QList<QTreeWidgetItem *> items;
        items.reserve(hits.size());
        for (const FrameHit &hit : hits) {
            if (hit.a >= shapes.size() || hit.b >= shapes.size())
                continue;
            auto *item = new QTreeWidgetItem;
            fillItem(item, hit);
            items.append(item);
            mPairs.append(QPoint(hit.a, hit.b));
        }
        mTree->addTopLevelItems(items);
    }
    for (int column = 0; column < mTree->columnCount() - 1; ++column)
        mTree->resizeColumnToContents(column);
    std::fill(std::begin(mFittedWidth), std::end(mFittedWidth), 0);
    mUpdating = false;
    syncSelectedHit();
}

int HitsPanel::lowerBound(QPoint pair) const {
    return int(std::lower_bound(mPairs.cbegin(), mPairs.cend(), pair, pairLess) - mPairs.cbegin());
}

int HitsPanel::rowOf(QPoint pair) const {
    const int row = lowerBound(pair);
    return row < mPairs.size() && mPairs[row] == pair ? row : -1;
}

void HitsPanel::applyEvents(const QList<HitEvent> &events) {
    // A full rebuild is on its way (shapes were renumbered): it reads the service afresh.
    if (mRebuildPending || skipWhileOutOfSight())
        return;
    const Document *document = mSession->document();
    if (!document->contains(mSession->currentFrame()))
        return;
    const int shapeCount = int(mIds.size());
    mUpdating = true;
    bool selectionTouched = false;
    const auto [selA, selB] = mSession->selectedHit();
    for (const HitEvent &event : events) {
        const QPoint pair(event.hit.a, event.hit.b);
        if (pair.x() < 0 || pair.y() < 0 || pair.x() >= shapeCount || pair.y() >= shapeCount)
            continue; // a shape just removed; the rebuild that follows lists the rest
        const int row = rowOf(pair);
        if (event.change == HitChange::Ended) {
            if (row >= 0) {
                delete mTree->takeTopLevelItem(row);
                mPairs.removeAt(row);
            }
        } else {
            int at = row;
            int changed = 0;
            if (row >= 0) {
                changed = fillItem(mTree->topLevelItem(row), event.hit);
            } else {
                at = lowerBound(pair);
                auto *item = new QTreeWidgetItem;
                changed = fillItem(item, event.hit);
                mTree->insertTopLevelItem(at, item);
                mPairs.insert(at, pair);
            }
            fitRow(at, changed);
        }
        if (pair == QPoint(selA, selB))
            selectionTouched = true;
    }
    mUpdating = false;
    if (selectionTouched)
        syncSelectedHit();
}

void HitsPanel::refreshShapeIds() {
    if (mRebuildPending || skipWhileOutOfSight())
        return;
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    if (!document->contains(frame))
        return;
    const QList<Shape> &shapes = document->frame(frame).shapes;
    if (shapes.size() != mIds.size()) {
        scheduleRebuild();
        return;
    }
    for (int s = 0; s < shapes.size(); ++s) {
        if (shapes[s].id == mIds[s])
            continue;
        mIds[s] = shapes[s].id;
        for (int row = 0; row < mPairs.size(); ++row) {
            if (mPairs[row].x() == s)
                mTree->topLevelItem(row)->setText(0, mIds[s]);
            if (mPairs[row].y() == s)
                mTree->topLevelItem(row)->setText(1, mIds[s]);
            if (mPairs[row].x() == s || mPairs[row].y() == s)
                fitRow(row, (mPairs[row].x() == s ? 1 : 0) | (mPairs[row].y() == s ? 2 : 0));
        }
    }
}

void HitsPanel::fitRow(int row, int columns) {
    // Rows that change between rebuilds (a drag, a rename) may need wider columns; the last
    // one stretches to the dock's edge. A text no wider than one already fitted needs no
    // measuring by the delegate: a drag updates many rows per mouse move.
    const QTreeWidgetItem *item = mTree->topLevelItem(row);
    const QFontMetrics metrics = mTree->fontMetrics();
    for (int column = 0; column < 3; ++column) {
        if (!(columns & (1 << column)))
            continue; // unchanged: it was measured when it was set
        const int width = metrics.horizontalAdvance(item->text(column));
        if (width <= mFittedWidth[column])
            continue;
        mFittedWidth[column] = width;
        widenColumnToFit(mTree, mTree->model()->index(row, column));
    }
}

void HitsPanel::syncSelectedHit() {
    if (mStale)
        return; // the rebuild when shown selects it
    const auto [a, b] = mSession->selectedHit();
    mUpdating = true;
    const int row = rowOf(QPoint(a, b));
    if (row >= 0)
        mTree->setCurrentItem(mTree->topLevelItem(row));
    else
        mTree->clearSelection();
    mUpdating = false;
}

} // namespace hitsmith
