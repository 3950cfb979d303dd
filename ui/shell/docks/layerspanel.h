#pragma once

#include "documentdata.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QTableWidget;
class QTableWidgetItem;
class QPushButton;

namespace hitsmith {

class EditorSession;
class Prompts;
class RefusalLine;

/// A layer's colour when the document gives none: stable per name, so it does not jump around.
QColor defaultLayerColor(const QString &name);

/// Layers (name, colour, visibility) and the collision matrix: which layer pairs are tested.
/// Every change is one SetCollisionRulesCommand (renames also relabel the shapes, in one macro).
class LayersPanel : public QWidget {
    Q_OBJECT

public:
    LayersPanel(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);

    QTableWidget *layersTable() const { return mLayers; }
    QTableWidget *matrixTable() const { return mMatrix; }
    QCheckBox *allPairsBox() const { return mAllPairs; }
    /// Why a typed layer name was refused; hidden after a layer edit is taken or another row.
    RefusalLine *refusalLine() const { return mRefusal; }

    /// Sets whether layers a and b collide (leaves "all pairs" mode if needed).
    void setPairCollides(const QString &a, const QString &b, bool collides);
    /// Switches between "every pair collides" (collide absent) and an explicit matrix.
    void setAllPairsCollide(bool all);
    /// Changes a layer's colour, as picking it in the dialog does.
    void setLayerColor(const QString &layer, const QColor &color);
    /// Shows or hides a layer.
    void setLayerVisible(const QString &layer, bool visible);
    /// Renames a layer everywhere (styles, matrix, shapes); false when the name is taken or empty
    /// (the reason is shown on the refusal line).
    bool renameLayer(const QString &from, const QString &to);
    /// Adds an unused layer with a fresh name.
    void addLayer();

private:
    void scheduleRebuild();
    void rebuild();
    QList<LayerStyle> stylesWith(const QString &layer,
                                 const std::function<void(LayerStyle &)> &edit) const;
    void onLayerItemChanged(QTableWidgetItem *item);
    void onMatrixItemChanged(QTableWidgetItem *item);

    EditorSession *mSession;
    Prompts *mPrompts;
    QTableWidget *mLayers;
    RefusalLine *mRefusal;
    QTableWidget *mMatrix;
    QCheckBox *mAllPairs;
    QPushButton *mAddLayer;
    QStringList mNames; // rows of both tables
    bool mUpdating = false;
    bool mRebuildPending = false;
};

} // namespace hitsmith
