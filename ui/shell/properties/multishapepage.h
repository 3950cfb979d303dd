#pragma once

#include "document.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace hitsmith {

class EditorSession;
class PropertiesTable;

/// The Properties page while several shapes are selected: what they have in common. The layer
/// box moves all of them to one layer; the table edits the properties of all of them. Geometry
/// (centre, size, angle, radius, vertices) is not shown: it is never common to several shapes.
class MultiShapePage : public QWidget {
    Q_OBJECT

public:
    explicit MultiShapePage(EditorSession *session, QWidget *parent = nullptr);

    /// Shows the selected shapes of the current frame.
    void showShapes(const QList<ShapeRef> &shapes);

    QLabel *countLabel() const { return mCount; }
    /// The common layer; empty with "(mixed)" as placeholder when the layers differ.
    QComboBox *layerBox() const { return mLayer; }
    PropertiesTable *properties() const { return mProperties; }

private:
    void commitLayer();

    EditorSession *mSession;
    QList<ShapeRef> mShapes;
    QLabel *mCount;
    QComboBox *mLayer;
    PropertiesTable *mProperties;
};

} // namespace hitsmith
