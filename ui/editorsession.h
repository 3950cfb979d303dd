#pragma once

#include "collisionservice.h"
#include "document.h"

#include <QHash>
#include <QList>
#include <QObject>

namespace hitsmith {

/// What the editor's panels share: the open document, its collision service, the frame being
/// edited, and the selection. Panels and the canvas read and set these; none owns the others.
class EditorSession : public QObject {
    Q_OBJECT

public:
    explicit EditorSession(QObject *parent = nullptr);
    ~EditorSession() override;

    /// The open document (never null; replaced content on load, same object).
    Document *document() const { return mDocument; }
    /// Live hits for every frame of the document.
    CollisionService *collisions() const { return mCollisions; }

    /// The frame shown on the canvas; invalid when the document has no frames.
    FrameRef currentFrame() const { return mCurrentFrame; }
    /// Shows another frame; clears the shape selection.
    void setCurrentFrame(FrameRef frame);

    /// Indices of the selected shapes in the current frame, ascending.
    QList<int> selectedShapes() const { return mSelectedShapes; }
    /// Selects shapes of the current frame (indices out of range are dropped).
    void setSelectedShapes(QList<int> shapes);

    /// The hit pair whose penetration arrow is drawn, as shape indices (a < b); {-1,-1} for none.
    QPair<int, int> selectedHit() const { return mSelectedHit; }
    /// Chooses the pair whose arrow is drawn (and selects both shapes).
    void setSelectedHit(int a, int b);

    /// The sprite whose own properties (name, image) are being edited, its row chosen in the
    /// Sprites dock; -1 while a frame or shapes are. Choosing another frame or selecting shapes
    /// ends it.
    int editedSprite() const { return mEditedSprite; }
    /// Starts (sprite >= 0) or ends (-1) editing a sprite's own properties.
    void setEditedSprite(int sprite);

    /// The layer new shapes are drawn on ("default" until a panel picks another).
    QString currentLayer() const { return mCurrentLayer; }
    /// Chooses the layer for new shapes. Selecting shapes follows the first one's layer; each
    /// document opened in this session keeps its own choice (restored when it is opened again).
    void setCurrentLayer(const QString &layer);

Q_SIGNALS:
    void currentFrameChanged(hitsmith::FrameRef frame);
    void selectionChanged(const QList<int> &shapes);
    void selectedHitChanged(int a, int b);
    void currentLayerChanged(const QString &layer);
    void editedSpriteChanged(int sprite);

private:
    void onDocumentChanged(const DocumentChange &change);
    void keepValid();
    void followFrame(const DocumentChange &change);
    FrameRef nearestFrame(const DocumentChange &change) const;
    void showFirstFrame(bool wasValid);

    Document *mDocument;
    CollisionService *mCollisions;
    FrameRef mCurrentFrame;
    QList<int> mSelectedShapes;
    QPair<int, int> mSelectedHit{-1, -1};
    int mEditedSprite = -1;
    QString mCurrentLayer = Shape::defaultLayerName();
    QString mDocumentPath;                // the path mCurrentLayer was chosen for
    QHash<QString, QString> mLayerByPath; // each document's drawing layer
};

} // namespace hitsmith
