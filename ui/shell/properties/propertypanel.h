#pragma once

#include "document.h"

#include <QJsonObject>
#include <QList>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QStackedWidget;

namespace hitsmith {

class EditorSession;
class MultiShapePage;
class Prompts;
class PropertiesTable;
class RefusalLine;
class SpriteProperties;

/// Numeric editing of the selected shape (or of the current frame when no shape is selected, or
/// of a sprite's name and image when its row is chosen in the Sprites dock), with the shape's or
/// frame's game properties; with several shapes selected, their common layer and properties.
/// Every committed field is one undo command; typing alone changes nothing until Enter or focus
/// leaves, so a half-typed number never reaches the model.
class PropertyPanel : public QWidget {
    Q_OBJECT

public:
    PropertyPanel(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);

    // The editors, for tests and for keyboard focus.
    QLineEdit *idEdit() const { return mId; }
    QComboBox *layerBox() const { return mLayer; }
    QDoubleSpinBox *centerXBox() const { return mCenterX; }
    QDoubleSpinBox *centerYBox() const { return mCenterY; }
    QDoubleSpinBox *widthBox() const { return mWidth; }
    QDoubleSpinBox *heightBox() const { return mHeight; }
    QDoubleSpinBox *angleBox() const { return mAngle; }
    QDoubleSpinBox *radiusBox() const { return mRadius; }
    /// A capsule's ends: coordinate 0..3 is x1, y1, x2, y2.
    QDoubleSpinBox *capsuleEndBox(int coordinate) const { return mEndBoxes.value(coordinate); }
    /// A capsule's length and angle, shown (not edited: they follow from the ends).
    QLabel *capsuleMeasureLabel() const { return mCapsuleMeasure; }
    /// The x (coordinate 0) or y (coordinate 1) editor of polygon vertex index.
    QDoubleSpinBox *vertexBox(int index, int coordinate) const;
    QLineEdit *frameNameEdit() const { return mFrameName; }
    QGroupBox *sourceGroup() const { return mSourceGroup; }
    QGroupBox *originGroup() const { return mOriginGroup; }
    QDoubleSpinBox *sourceBox(int index) const { return mSource[index]; }
    QDoubleSpinBox *originBox(int index) const { return mOrigin[index]; }
    /// What the selected shape's type line says, with the reason when it is invalid.
    QLabel *typeLabel() const { return mType; }
    /// The page shown while a sprite's own properties are edited.
    SpriteProperties *spritePage() const { return mSpritePage; }
    /// The selected shape's game properties.
    PropertiesTable *shapeProperties() const { return mShapeProperties; }
    /// The current frame's game properties (no shape selected).
    PropertiesTable *frameProperties() const { return mFrameProperties; }
    /// The page shown while several shapes are selected.
    MultiShapePage *multiShapePage() const { return mMultiPage; }

private:
    QDoubleSpinBox *makeSpinBox(QWidget *parent, std::function<void(double)> commit);
    void refresh();
    void refreshShape(const Shape &shape);
    void refreshFrame(const Frame &frame);
    void rebuildVertexRows(int count);
    void keepFieldsInView();
    ShapeRef selectedShape() const;
    void commitShape(const std::function<void(Shape &)> &edit, const QString &text);
    void commitFrame(const std::function<void(Frame &)> &edit, const QString &text);
    void commitId();
    void commitLayer();
    void commitFrameName();

    EditorSession *mSession;
    ShapeRef mTableShape;         ///< the shape whose properties mShapeProperties shows
    QJsonObject mTableProperties; ///< and the properties it was shown with
    QScrollArea *mScroll;
    QStackedWidget *mStack;
    QLabel *mEmptyLabel;
    // Shape page
    QFormLayout *mShapeForm;
    QLabel *mType;
    RefusalLine *mIdRefusal;        // why a typed id was refused
    RefusalLine *mFrameNameRefusal; // why a typed frame name was refused
    QLineEdit *mId;
    QComboBox *mLayer;
    QWidget *mCenterRow, *mSizeRow, *mEnd1Row, *mEnd2Row;
    QList<QDoubleSpinBox *> mEndBoxes; // x1, y1, x2, y2
    QLabel *mCapsuleMeasure;
    QDoubleSpinBox *mCenterX, *mCenterY, *mWidth, *mHeight, *mAngle, *mRadius;
    QGroupBox *mVertexGroup;
    QGridLayout *mVertexGrid;
    QList<QDoubleSpinBox *> mVertexBoxes; // x0, y0, x1, y1, ...
    QList<QWidget *> mVertexWidgets;
    // Frame page
    QLineEdit *mFrameName;
    QGroupBox *mSourceGroup, *mOriginGroup;
    QDoubleSpinBox *mSource[4];
    QDoubleSpinBox *mOrigin[2];
    SpriteProperties *mSpritePage;
    PropertiesTable *mShapeProperties;
    PropertiesTable *mFrameProperties;
    MultiShapePage *mMultiPage;
};

} // namespace hitsmith
