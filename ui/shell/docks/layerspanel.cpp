#include "layerspanel.h"

#include "editorsession.h"
#include "layercolors.h"
#include "prompts.h"
#include "refusalline.h"
#include "shapecommands.h"
#include "spritespanel.h"
#include "structurecommands.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hitsmith {

namespace {

enum LayerColumn { VisibleColumn, ColorColumn, NameColumn };

bool samePair(const LayerPair &pair, const QString &a, const QString &b) {
    return (pair.first == a && pair.second == b) || (pair.first == b && pair.second == a);
}

} // namespace

LayersPanel::LayersPanel(EditorSession *session, Prompts *prompts, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mPrompts(prompts)
    , mLayers(new QTableWidget(this))
    , mRefusal(new RefusalLine(this))
    , mMatrix(new QTableWidget(this))
    , mAllPairs(new QCheckBox(tr("&All layer pairs collide"), this))
    , mAddLayer(new QPushButton(tr("Add &Layer"), this)) {
    mLayers->setObjectName(QStringLiteral("layersTable"));
    mLayers->setColumnCount(3);
    mLayers->setHorizontalHeaderLabels({tr("Visible"), tr("Colour"), tr("Name")});
    mLayers->verticalHeader()->hide();
    mLayers->horizontalHeader()->setStretchLastSection(true);
    mLayers->setSelectionBehavior(QAbstractItemView::SelectRows);
    mMatrix->setObjectName(QStringLiteral("collisionMatrix"));
    mMatrix->setToolTip(tr("Checked: shapes on these two layers are tested against each other."));
    mAllPairs->setObjectName(QStringLiteral("allPairsCollide"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mLayers, 1);
    layout->addWidget(mRefusal);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(mAddLayer);
    buttons->addStretch();
    layout->addLayout(buttons);
    layout->addWidget(new QLabel(tr("Which layers collide:"), this));
    layout->addWidget(mAllPairs);
    layout->addWidget(mMatrix, 1);

    connect(mAddLayer, &QPushButton::clicked, this, &LayersPanel::addLayer);
    connect(mAllPairs, &QCheckBox::toggled, this, [this](bool all) {
        if (!mUpdating)
            setAllPairsCollide(all);
    });
    connect(mLayers, &QTableWidget::itemChanged, this, &LayersPanel::onLayerItemChanged);
    connect(mMatrix, &QTableWidget::itemChanged, this, &LayersPanel::onMatrixItemChanged);
    connect(mLayers, &QTableWidget::currentCellChanged, this, [this] {
        if (!mUpdating) // a rebuild is no other choice of row
            mRefusal->clear();
    });
    connect(mLayers, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (column != ColorColumn || row >= mNames.size())
            return;
        const QString name = mNames[row];
        const QColor current =
            mLayers->item(row, ColorColumn)->data(Qt::DecorationRole).value<QColor>();
        // The colour dialog is modal: open it once the view has finished with the double-click,
        // not from inside its mouse event while a rebuild may replace the rows under it.
        QTimer::singleShot(0, this, [this, name, current] {
            const QColor color =
                mPrompts->pickColor(this, current, tr("Colour of Layer \"%1\"").arg(name));
            if (color.isValid() && mNames.contains(name))
                setLayerColor(name, color);
        });
    });
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        // Layer names come from shapes too, but a plain geometry change cannot add one.
        switch (change.kind) {
        case Kind::Reset:
        case Kind::CollisionRulesChanged:
        case Kind::LayersChanged:
        case Kind::ShapeInserted:
        case Kind::ShapeRemoved:
        case Kind::SpriteInserted:
        case Kind::SpriteRemoved:
        case Kind::FrameInserted:
        case Kind::FrameRemoved:
            scheduleRebuild();
            break;
        case Kind::ShapeChanged: {
            const QString layer = mSession->document()->shape(change.shapeRef()).layer;
            // Cheap per drag step; a layer that lost its last shape stays listed until the next
            // rebuild, which is harmless (its style and matrix entries are still real).
            if (!mNames.contains(layer))
                scheduleRebuild();
            break;
        }
        default:
            break;
        }
    });
    rebuild();
}

void LayersPanel::scheduleRebuild() {
    // Deferred: the change may come from an edit of one of our own items, which rebuilding
    // would delete while its signal is still being delivered.
    if (mRebuildPending)
        return;
    mRebuildPending = true;
    QTimer::singleShot(0, this, &LayersPanel::rebuild);
}

void LayersPanel::rebuild() {
    mRebuildPending = false;
    const DocumentData &data = mSession->document()->data();
    mUpdating = true;
    mNames = mSession->document()->layerNames();
    mLayers->setRowCount(int(mNames.size()));
    for (int row = 0; row < mNames.size(); ++row) {
        const QString &name = mNames[row];
        LayerStyle style{name, defaultLayerColor(name), true, {}};
        for (const LayerStyle &s : data.layers) {
            if (s.name == name)
                style = s;
        }
        auto *visible = new QTableWidgetItem;
        visible->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        visible->setCheckState(style.visible ? Qt::Checked : Qt::Unchecked);
        mLayers->setItem(row, VisibleColumn, visible);
        auto *color = new QTableWidgetItem;
        color->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        // The same colour the canvas draws the layer with.
        const QColor shown = layerColor(name, data);
        // A swatch as decoration stays visible when the row is selected (a background does not).
        color->setData(Qt::DecorationRole, shown);
        color->setText(shown.name());
        color->setToolTip(tr("Double-click to choose a colour"));
        mLayers->setItem(row, ColorColumn, color);
        auto *nameItem = new QTableWidgetItem(name);
        nameItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable);
        mLayers->setItem(row, NameColumn, nameItem);
    }
    mLayers->resizeColumnToContents(VisibleColumn);

    const bool all = !data.collide.has_value();
    mAllPairs->setChecked(all);
    mMatrix->setEnabled(!all);
    mMatrix->clear();
    mMatrix->setRowCount(int(mNames.size()));
    mMatrix->setColumnCount(int(mNames.size()));
    mMatrix->setHorizontalHeaderLabels(mNames);
    mMatrix->setVerticalHeaderLabels(mNames);
    for (int row = 0; row < mNames.size(); ++row) {
        for (int column = 0; column < mNames.size(); ++column) {
            auto *item = new QTableWidgetItem;
            // The matrix is symmetric: only the lower triangle (with the diagonal) is editable.
            if (column <= row) {
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                item->setCheckState(
                    data.layersCollide(mNames[row], mNames[column]) ? Qt::Checked : Qt::Unchecked);
            } else {
                item->setFlags(Qt::NoItemFlags);
            }
            mMatrix->setItem(row, column, item);
        }
    }
    mMatrix->resizeColumnsToContents();
    mUpdating = false;
}

QList<LayerStyle> LayersPanel::stylesWith(const QString &layer,
                                          const std::function<void(LayerStyle &)> &edit) const {
    QList<LayerStyle> styles = mSession->document()->data().layers;
    for (LayerStyle &style : styles) {
        if (style.name == layer) {
            edit(style);
            return styles;
        }
    }
    // A layer only used by shapes gets a style the first time it is edited.
    LayerStyle style{layer, defaultLayerColor(layer), true, {}};
    edit(style);
    styles.append(style);
    return styles;
}

void LayersPanel::setPairCollides(const QString &a, const QString &b, bool collides) {
    Document *document = mSession->document();
    const DocumentData &data = document->data();
    if (data.layersCollide(a, b) == collides)
        return;
    QList<LayerPair> pairs;
    if (data.collide) {
        pairs = *data.collide;
    } else {
        // Leaving "all pairs" mode: spell out every pair so nothing else changes.
        for (int i = 0; i < mNames.size(); ++i) {
            for (int j = 0; j <= i; ++j)
                pairs.append({mNames[j], mNames[i]});
        }
    }
    pairs.removeIf([&](const LayerPair &pair) { return samePair(pair, a, b); });
    if (collides)
        pairs.append({a, b});
    document->undoStack()->push(
        new SetCollisionRulesCommand(document, pairs, data.layers,
                                     collides ? tr("Let %1 and %2 Collide").arg(a, b)
                                              : tr("Stop %1 and %2 Colliding").arg(a, b)));
}

void LayersPanel::setAllPairsCollide(bool all) {
    Document *document = mSession->document();
    const DocumentData &data = document->data();
    if (all == !data.collide.has_value())
        return;
    std::optional<QList<LayerPair>> collide;
    if (!all) {
        QList<LayerPair> pairs;
        for (int i = 0; i < mNames.size(); ++i) {
            for (int j = 0; j <= i; ++j)
                pairs.append({mNames[j], mNames[i]});
        }
        collide = pairs;
    }
    document->undoStack()->push(new SetCollisionRulesCommand(document, collide, data.layers,
                                                             all ? tr("All Layers Collide")
                                                                 : tr("Choose Colliding Layers")));
}

void LayersPanel::setLayerColor(const QString &layer, const QColor &color) {
    mRefusal->clear();
    Document *document = mSession->document();
    document->undoStack()->push(new SetCollisionRulesCommand(
        document, document->data().collide,
        stylesWith(layer, [color](LayerStyle &s) { s.color = color; }), tr("Change Layer Colour")));
}

void LayersPanel::setLayerVisible(const QString &layer, bool visible) {
    mRefusal->clear();
    Document *document = mSession->document();
    document->undoStack()->push(new SetCollisionRulesCommand(
        document, document->data().collide,
        stylesWith(layer, [visible](LayerStyle &s) { s.visible = visible; }),
        visible ? tr("Show Layer") : tr("Hide Layer")));
}

bool LayersPanel::renameLayer(const QString &from, const QString &to) {
    Document *document = mSession->document();
    const DocumentData &data = document->data();
    if (to.isEmpty() || document->layerNames().contains(to)) {
        // In place, never a modal box: this runs inside the item editor's commit.
        mRefusal->refuse(to.isEmpty()
                             ? tr("A layer needs a name: \"%1\" keeps its name.").arg(from)
                             : tr("There is already a layer named \"%1\": \"%2\" keeps its name.")
                                   .arg(to, from));
        return false;
    }
    mRefusal->clear();
    QList<LayerStyle> styles = stylesWith(from, [to](LayerStyle &s) { s.name = to; });
    // bothSides false: only the attacker's layer is this document's (a versus defender from
    // another document keeps its own layer names).
    const auto renamePairs = [&](std::optional<QList<LayerPair>> &pairs, bool bothSides) {
        if (!pairs)
            return;
        for (LayerPair &pair : *pairs) {
            if (pair.first == from)
                pair.first = to;
            if (bothSides && pair.second == from)
                pair.second = to;
        }
    };
    std::optional<QList<LayerPair>> collide = data.collide;
    renamePairs(collide, true);
    // Versus setups that name the layer follow it (their pairs would otherwise match nothing).
    QList<VersusSetup> versus = data.versus;
    for (VersusSetup &setup : versus)
        renamePairs(setup.layers, setup.defenderDocument.isEmpty());
    QList<ShapeRef> refs;
    QList<Shape> shapes;
    for (int s = 0; s < data.sprites.size(); ++s) {
        for (int f = 0; f < data.sprites[s].frames.size(); ++f) {
            const QList<Shape> &frameShapes = data.sprites[s].frames[f].shapes;
            for (int i = 0; i < frameShapes.size(); ++i) {
                if (frameShapes[i].layer == from) {
                    refs.append({s, f, i});
                    shapes.append(frameShapes[i]);
                    shapes.last().layer = to;
                }
            }
        }
    }
    QUndoStack *stack = document->undoStack();
    stack->beginMacro(tr("Rename Layer"));
    stack->push(new SetCollisionRulesCommand(document, collide, styles, tr("Rename Layer")));
    if (!refs.isEmpty())
        stack->push(new ChangeShapesCommand(document, refs, shapes, tr("Rename Layer")));
    if (versus != data.versus)
        stack->push(new SetVersusCommand(document, versus, tr("Rename Layer")));
    stack->endMacro();
    return true;
}

void LayersPanel::addLayer() {
    Document *document = mSession->document();
    const QString name = uniqueName(tr("layer"), document->layerNames());
    QList<LayerStyle> styles = document->data().layers;
    styles.append({name, defaultLayerColor(name), true, {}});
    std::optional<QList<LayerPair>> collide = document->data().collide;
    document->undoStack()->push(
        new SetCollisionRulesCommand(document, collide, styles, tr("Add Layer")));
}

void LayersPanel::onLayerItemChanged(QTableWidgetItem *item) {
    if (mUpdating || item->row() >= mNames.size())
        return;
    const QString name = mNames[item->row()];
    if (item->column() == VisibleColumn) {
        setLayerVisible(name, item->checkState() == Qt::Checked);
    } else if (item->column() == NameColumn) {
        const QString to = item->text().trimmed();
        if (to != name && !renameLayer(name, to)) {
            mUpdating = true;
            item->setText(name);
            mUpdating = false;
        }
    }
}

void LayersPanel::onMatrixItemChanged(QTableWidgetItem *item) {
    if (mUpdating || item->row() >= mNames.size() || item->column() >= mNames.size())
        return;
    const QString a = mNames[item->column()];
    const QString b = mNames[item->row()];
    setPairCollides(a, b, item->checkState() == Qt::Checked);
}

} // namespace hitsmith
