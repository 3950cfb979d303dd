// The canvas's actions (tools, snapping, zoom, edit, fixes), its saved settings and zoom.
#include "canvas.h"

#include "abstracttool.h"
#include "actionlook.h"
#include "canvasview.h"
#include "collisionservice.h"
#include "creationtools.h"
#include "editorsession.h"
#include "imagepaths.h"
#include "layercolors.h"
#include "operations/convexpieces.h"
#include "operations/shapeoperations.h"
#include "selecttool.h"
#include "shapeclipboard.h"
#include "shapecommands.h"
#include "shapeitem.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QInputDialog>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace hitsmith {

namespace {

constexpr double kMinZoom = 0.05;
constexpr double kMaxZoom = 128.0;
const char kSettingPixels[] = "canvas/snapToPixels";
const char kSettingGrid[] = "canvas/snapToGrid";
const char kSettingGridSize[] = "canvas/gridSize";
const char kSettingVertices[] = "canvas/snapToVertices";

} // namespace

void Canvas::createActions() {
    auto add = [this](ActionId id, const QString &text, const QKeySequence &shortcut = {}) {
        auto *action = new QAction(text, this);
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        mActions.insert(id, action);
        addAction(action); // so shortcuts work wherever the canvas is shown
        return action;
    };

    mTools = {new SelectTool(this),  new RectTool(this),    new CircleTool(this),
              new CapsuleTool(this), new PolygonTool(this), new PointTool(this)};
    mToolGroup = new QActionGroup(this);
    const ActionId toolIds[] = {ActionId::SelectTool,  ActionId::RectTool,    ActionId::CircleTool,
                                ActionId::CapsuleTool, ActionId::PolygonTool, ActionId::PointTool};
    for (int i = 0; i < mTools.size(); ++i) {
        AbstractTool *tool = mTools[i];
        mToolGroup->addAction(tool->action());
        mActions.insert(toolIds[i], tool->action());
        addAction(tool->action());
        connect(tool->action(), &QAction::triggered, this, [this, tool] { setActiveTool(tool); });
    }

    auto *pixels = add(ActionId::SnapToPixels, tr("Snap to &Pixels"));
    pixels->setCheckable(true);
    pixels->setToolTip(tr("Snap to whole pixels (hold Alt to suspend snapping)"));
    connect(pixels, &QAction::toggled, this, &Canvas::setSnapToPixels);
    auto *grid = add(ActionId::SnapToGrid, tr("Snap to &Grid"));
    grid->setCheckable(true);
    grid->setToolTip(tr("Snap to the grid (hold Alt to suspend snapping)"));
    connect(grid, &QAction::toggled, this, &Canvas::setSnapToGrid);
    auto *gridSize = add(ActionId::GridSize, tr("Grid &Size..."));
    connect(gridSize, &QAction::triggered, this, [this] {
        bool ok = false;
        const double size = QInputDialog::getDouble(
            this, tr("Grid Size"), tr("Grid size (pixels):"), mSnapper.gridSize, 0.5, 4096, 1, &ok);
        if (ok)
            setGridSize(size);
    });
    auto *vertices = add(ActionId::SnapToVertices, tr("Snap to &Vertices"));
    vertices->setCheckable(true);
    vertices->setToolTip(tr("Snap to other shapes' vertices (hold Alt to suspend snapping)"));
    connect(vertices, &QAction::toggled, this, &Canvas::setSnapToVertices);

    connect(add(ActionId::ZoomIn, tr("Zoom &In"), QKeySequence::ZoomIn), &QAction::triggered, this,
            &Canvas::zoomIn);
    connect(add(ActionId::ZoomOut, tr("Zoom &Out"), QKeySequence::ZoomOut), &QAction::triggered,
            this, &Canvas::zoomOut);
    connect(add(ActionId::ZoomToFit, tr("&Fit to Frame"), QKeySequence(tr("Ctrl+0"))),
            &QAction::triggered, this, &Canvas::zoomToFit);
    connect(add(ActionId::ZoomToActualSize, tr("&Actual Size (100%)"), QKeySequence(tr("Ctrl+1"))),
            &QAction::triggered, this, &Canvas::zoomToActualSize);

    connect(add(ActionId::Copy, tr("&Copy"), QKeySequence::Copy), &QAction::triggered, this,
            &Canvas::copy);
    connect(add(ActionId::Cut, tr("Cu&t"), QKeySequence::Cut), &QAction::triggered, this,
            &Canvas::cut);
    connect(add(ActionId::Paste, tr("&Paste"), QKeySequence::Paste), &QAction::triggered, this,
            &Canvas::paste);
    connect(add(ActionId::Duplicate, tr("D&uplicate"), QKeySequence(tr("Ctrl+D"))),
            &QAction::triggered, this, &Canvas::duplicate);
    connect(add(ActionId::Delete, tr("&Delete"), QKeySequence::Delete), &QAction::triggered, this,
            &Canvas::deleteSelection);
    connect(add(ActionId::SelectAll, tr("Select &All"), QKeySequence::SelectAll),
            &QAction::triggered, this, &Canvas::selectAll);
    connect(add(ActionId::ReplaceByConvexHull, tr("Replace by Convex &Hull")), &QAction::triggered,
            this, &Canvas::replaceByConvexHull);
    connect(add(ActionId::RemoveOffendingVertex, tr("Remove Offending &Vertex")),
            &QAction::triggered, this, &Canvas::removeOffendingVertex);
    connect(add(ActionId::SplitIntoConvexPieces, tr("&Split into Convex Pieces")),
            &QAction::triggered, this, &Canvas::splitIntoConvexPieces);

    // The toolbar shows these as icons; the tooltip names the shortcut.
    const std::pair<ActionId, const char *> icons[] = {{ActionId::SelectTool, "tool-select"},
                                                       {ActionId::RectTool, "tool-rectangle"},
                                                       {ActionId::CircleTool, "tool-circle"},
                                                       {ActionId::CapsuleTool, "tool-capsule"},
                                                       {ActionId::PolygonTool, "tool-polygon"},
                                                       {ActionId::PointTool, "tool-point"},
                                                       {ActionId::SnapToPixels, "snap-pixels"},
                                                       {ActionId::SnapToGrid, "snap-grid"},
                                                       {ActionId::GridSize, "grid-size"},
                                                       {ActionId::SnapToVertices, "snap-vertices"},
                                                       {ActionId::ZoomIn, "zoom-in"},
                                                       {ActionId::ZoomOut, "zoom-out"},
                                                       {ActionId::ZoomToFit, "zoom-fit"},
                                                       {ActionId::ZoomToActualSize, "zoom-actual"},
                                                       {ActionId::Delete, "delete"}};
    for (const auto &[id, icon] : icons)
        decorateAction(action(id), QString::fromLatin1(icon));
}

QList<QAction *> Canvas::toolActions() const {
    return {action(ActionId::SelectTool),  action(ActionId::RectTool),
            action(ActionId::CircleTool),  action(ActionId::CapsuleTool),
            action(ActionId::PolygonTool), action(ActionId::PointTool)};
}

QList<QAction *> Canvas::snapActions() const {
    return {action(ActionId::SnapToPixels), action(ActionId::SnapToGrid),
            action(ActionId::GridSize), action(ActionId::SnapToVertices)};
}

QList<QAction *> Canvas::zoomActions() const {
    return {action(ActionId::ZoomIn), action(ActionId::ZoomOut), action(ActionId::ZoomToFit),
            action(ActionId::ZoomToActualSize)};
}

QList<QAction *> Canvas::editActions() const {
    return {action(ActionId::Copy),      action(ActionId::Cut),    action(ActionId::Paste),
            action(ActionId::Duplicate), action(ActionId::Delete), action(ActionId::SelectAll)};
}

QList<QAction *> Canvas::fixActions() const {
    return {action(ActionId::ReplaceByConvexHull), action(ActionId::RemoveOffendingVertex),
            action(ActionId::SplitIntoConvexPieces)};
}

// --- The underlay (onion skin) ---

void Canvas::setUnderlay(Underlay underlay) {
    mUnderlay = std::move(underlay);
    refreshStaticLayer();
}

void Canvas::refreshStaticLayer() {
    mView->resetCachedContent();
    mView->viewport()->update();
}

// --- Settings ---

void Canvas::loadSettings() {
    QSettings settings;
    mSnapper.snapToPixels = settings.value(QLatin1String(kSettingPixels), true).toBool();
    mSnapper.snapToGrid = settings.value(QLatin1String(kSettingGrid), false).toBool();
    mSnapper.gridSize =
        std::max(0.5, settings.value(QLatin1String(kSettingGridSize), 8.0).toDouble());
    mSnapper.snapToVertices = settings.value(QLatin1String(kSettingVertices), false).toBool();
    const QSignalBlocker b1(action(ActionId::SnapToPixels)), b2(action(ActionId::SnapToGrid)),
        b3(action(ActionId::SnapToVertices));
    action(ActionId::SnapToPixels)->setChecked(mSnapper.snapToPixels);
    action(ActionId::SnapToGrid)->setChecked(mSnapper.snapToGrid);
    action(ActionId::SnapToVertices)->setChecked(mSnapper.snapToVertices);
}

void Canvas::saveSettings() const {
    QSettings settings;
    settings.setValue(QLatin1String(kSettingPixels), mSnapper.snapToPixels);
    settings.setValue(QLatin1String(kSettingGrid), mSnapper.snapToGrid);
    settings.setValue(QLatin1String(kSettingGridSize), mSnapper.gridSize);
    settings.setValue(QLatin1String(kSettingVertices), mSnapper.snapToVertices);
}

void Canvas::setSnapToPixels(bool on) {
    mSnapper.snapToPixels = on;
    action(ActionId::SnapToPixels)->setChecked(on);
    saveSettings();
}

void Canvas::setSnapToGrid(bool on) {
    mSnapper.snapToGrid = on;
    action(ActionId::SnapToGrid)->setChecked(on);
    saveSettings();
    mView->viewport()->update();
}

void Canvas::setSnapToVertices(bool on) {
    mSnapper.snapToVertices = on;
    action(ActionId::SnapToVertices)->setChecked(on);
    saveSettings();
}

void Canvas::setGridSize(double size) {
    if (!(size > 0))
        return;
    mSnapper.gridSize = size;
    saveSettings();
    mView->viewport()->update();
}

// --- Zoom ---

double Canvas::zoom() const {
    return mView->transform().m11();
}

void Canvas::setZoom(double value) {
    value = std::clamp(value, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(value, zoom()))
        return;
    mView->setTransform(QTransform::fromScale(value, value));
    onZoomChanged();
}

void Canvas::onZoomChanged() {
    const double scale = zoom();
    for (ShapeItem *item : std::as_const(mItems))
        item->setViewScale(scale);
    mView->resetCachedContent();
    updateSceneRect();
    updateHitArrow();
    Q_EMIT zoomChanged(scale);
}

void Canvas::zoomIn() {
    setZoom(zoom() * 1.25);
}

void Canvas::zoomOut() {
    setZoom(zoom() / 1.25);
}

void Canvas::zoomToFit() {
    const QRectF frame = mFrameRect.isValid() ? mFrameRect : QRectF(0, 0, 64, 64);
    const QSizeF available = QSizeF(mView->viewport()->size()) * 0.9;
    const double value =
        std::min(available.width() / frame.width(), available.height() / frame.height());
    if (value > 0) {
        mView->setTransform(QTransform::fromScale(std::clamp(value, kMinZoom, kMaxZoom),
                                                  std::clamp(value, kMinZoom, kMaxZoom)));
        onZoomChanged();
    }
    mView->centerOn(frame.center());
}

void Canvas::zoomToActualSize() {
    setZoom(1.0);
}

} // namespace hitsmith
