#pragma once

#include "document.h"
#include "snapper.h"

#include "framepicture.h"

#include <QEvent>
#include <QHash>
#include <QList>

#include <QPixmap>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QActionGroup;
class QGraphicsPathItem;
class QPainter;
class QGraphicsRectItem;
class QGraphicsScene;
class QGraphicsView;

namespace hitsmith {

class AbstractTool;
class CanvasView;
class EditorSession;
class ShapeItem;
struct Grip;
struct HitEvent;
struct ToolMouseEvent;

/// The editing surface: the current frame's image, its shapes, tools, snapping and live
/// validation/collision feedback. Reads the session's document and pushes undo commands.
class Canvas : public QWidget {
    Q_OBJECT

public:
    /// Every action the canvas offers to menus and toolbars.
    enum class ActionId {
        SelectTool,
        RectTool,
        CircleTool,
        CapsuleTool,
        PolygonTool,
        PointTool,
        SnapToPixels,
        SnapToGrid,
        GridSize,
        SnapToVertices,
        ZoomIn,
        ZoomOut,
        ZoomToFit,
        ZoomToActualSize,
        Copy,
        Cut,
        Paste,
        Duplicate,
        Delete,
        SelectAll,
        ReplaceByConvexHull,
        RemoveOffendingVertex,
        SplitIntoConvexPieces,
    };

    Canvas(EditorSession *session, QWidget *parent = nullptr);
    ~Canvas() override;

    EditorSession *session() const { return mSession; }
    QGraphicsView *view() const;
    QGraphicsScene *scene() const { return mScene; }

    QAction *action(ActionId id) const { return mActions.value(id); }
    /// Select, rectangle, circle, polygon: checkable and exclusive.
    QList<QAction *> toolActions() const;
    /// Snap to pixels / grid / vertices and the grid size dialog.
    QList<QAction *> snapActions() const;
    QList<QAction *> zoomActions() const;
    /// Copy, cut, paste, duplicate, delete, select all.
    QList<QAction *> editActions() const;
    /// The one-click fixes for an invalid selected polygon.
    QList<QAction *> fixActions() const;

    /// Device pixels per frame pixel.
    double zoom() const;
    void setZoom(double zoom);
    /// The validation message currently shown (shape under the cursor, selected, or dragged).
    QString statusMessage() const { return mStatusMessage; }
    const Snapper &snapper() const { return mSnapper; }
    void setSnapToPixels(bool on);
    void setSnapToGrid(bool on);
    void setSnapToVertices(bool on);
    void setGridSize(double size);
    /// The frame's rectangle in frame pixels (image cell, or the shapes' extent without one).
    QRectF frameRect() const { return mFrameRect; }
    /// The frame's pivot in frame pixels.
    QPointF frameOrigin() const { return mFrameOrigin; }
    /// What the canvas writes over itself when there is nothing to show: "image not found:
    /// knight.png" for a sprite whose image is missing, how to start for an empty document.
    QString notice() const { return mNotice; }
    /// The current frame's picture as drawn (its pixels, where they sit, or why there are none).
    const FramePicture &picture() const { return mPicture; }
    /// What the status line says about the picture when nothing more pressing is shown: "Frame 3:
    /// sprite 200,1 is not in kfm.sff", "Frame 2: blank element (group -1)"; empty when it shows.
    QString pictureStatus() const { return mPictureStatus; }

    /// Paints the frame image and every quiet shape (the view caches this as its background).
    void drawStaticLayer(QPainter *painter, const QRectF &rect);
    /// Paints in frame pixels between the frame's image and its shapes (onion skin); it must only
    /// draw: nothing under it is selectable or hit-tested.
    using Underlay = std::function<void(QPainter *painter, const QRectF &rect)>;
    void setUnderlay(Underlay underlay);
    /// Paints the image, the underlay and the quiet shapes again (the underlay changed).
    void refreshStaticLayer();

    // --- For tools ---
    AbstractTool *activeTool() const { return mActiveTool; }
    Document *document() const;
    FrameRef currentFrame() const;
    /// The current frame's shapes (empty without a frame).
    const QList<Shape> &shapes() const;
    /// The item drawing shape index of the current frame, or null.
    ShapeItem *item(int index) const { return mItems.value(index); }
    int itemCount() const { return int(mItems.size()); }
    /// Topmost visible shape containing pos (frame pixels), or -1.
    int shapeAt(QPointF pos) const;
    /// A grip of a selected shape within reach of pos: shape index and handle.
    std::optional<std::pair<int, Grip>> gripAt(QPointF pos) const;
    /// A point snapped by the current settings (none while Alt is held).
    QPointF snap(QPointF pos, Qt::KeyboardModifiers modifiers, int skipShape = -1) const;
    double snapLength(double length, Qt::KeyboardModifiers modifiers) const;
    /// A path item above the shapes for rubber bands and shapes being drawn.
    QGraphicsPathItem *previewItem() const { return mPreview; }
    /// Selected polygon vertices (of one polygon) for multi-vertex moves and deletion.
    int vertexShape() const { return mVertexShape; }
    QList<int> selectedVertices() const { return mSelectedVertices; }
    void setSelectedVertices(int shape, QList<int> vertices);
    /// Status text set by a tool during an operation (empty: back to hover/selection).
    void setToolStatus(const QString &message);
    /// The warning shown while drawing when the current layer collides with no layer (new
    /// shapes on it never show a hit); empty when it collides with something.
    QString currentLayerWarning() const;
    /// Sets the tool status of a shape being drawn: message, plus the current layer's warning.
    void setDrawingStatus(const QString &message);
    /// A new shape id for the current frame ("polygon", "rect-2", ...).
    QString uniqueShapeId(const QString &base) const;
    /// Pushes shapes into the current frame as one undo step and selects them.
    void insertShapes(const QList<Shape> &shapes, const QString &text);

public Q_SLOTS:
    void copy();
    void cut();
    void paste();
    void duplicate();
    void deleteSelection();
    void selectAll();
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void zoomToActualSize();
    void replaceByConvexHull();
    void removeOffendingVertex();
    void splitIntoConvexPieces();
    void setActiveTool(hitsmith::AbstractTool *tool);

Q_SIGNALS:
    void cursorPositionChanged(QPointF framePixels);
    void zoomChanged(double zoom);
    void statusMessageChanged(const QString &message);

private:
    friend class CanvasView;
    void createActions();
    void loadSettings();
    void saveSettings() const;
    void rebuild();
    void reloadFrameImage();
    void drawMissingPictureMarker(QPainter *painter) const;
    void onDocumentChanged(const DocumentChange &change);
    void onHitsChanged(FrameRef frame, const QList<HitEvent> &events);
    void refreshColliding();
    void refreshStyles();
    void refreshSelection();
    void refreshStatus();
    void refreshFixActions();
    void updateHitArrow();
    void updateSceneRect();
    void onZoomChanged();
    void toolEvent(QEvent::Type type, const ToolMouseEvent &event);
    bool toolKey(QKeyEvent *event);
    void hoverAt(QPointF pos);
    bool inSync() const;
    int fixTarget() const;
    QColor layerColor(const QString &layer) const;
    bool layerVisible(const QString &layer) const;

    EditorSession *mSession;
    QGraphicsScene *mScene;
    CanvasView *mView;
    FramePicture mPicture; // the frame's pixels and where they sit
    QPixmap mImage;        // mPicture's image, ready to draw
    QString mPictureStatus;
    QString mNotice;
    QGraphicsRectItem *mFrameItem;
    QGraphicsPathItem *mPreview;
    QGraphicsPathItem *mHitArrow;
    QList<ShapeItem *> mItems;
    QHash<ActionId, QAction *> mActions;
    QActionGroup *mToolGroup;
    QList<AbstractTool *> mTools;
    AbstractTool *mActiveTool = nullptr;
    Snapper mSnapper;
    QRectF mFrameRect;
    QPointF mFrameOrigin;
    int mHoveredShape = -1;
    int mVertexShape = -1;
    QList<int> mSelectedVertices;
    QString mToolStatus;
    QString mStatusMessage;
    bool mColoursDirty = false;
    Underlay mUnderlay;
};

} // namespace hitsmith
