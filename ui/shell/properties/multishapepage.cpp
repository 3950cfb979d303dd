#include "multishapepage.h"

#include "editorsession.h"
#include "propertiestable.h"
#include "shapecommands.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hitsmith {

MultiShapePage::MultiShapePage(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mCount(new QLabel(this))
    , mLayer(new QComboBox(this))
    , mProperties(new PropertiesTable(session, this)) {
    mCount->setObjectName(QStringLiteral("selectionCountLabel"));
    mCount->setWordWrap(true);
    mLayer->setObjectName(QStringLiteral("multiLayerBox"));
    mLayer->setEditable(true);
    mLayer->setInsertPolicy(QComboBox::NoInsert);
    mLayer->lineEdit()->setPlaceholderText(PropertiesTable::mixedText());
    connect(mLayer->lineEdit(), &QLineEdit::editingFinished, this, &MultiShapePage::commitLayer);
    connect(mLayer, &QComboBox::activated, this, &MultiShapePage::commitLayer);
    mProperties->setObjectName(QStringLiteral("multiShapeProperties"));

    auto *form = new QFormLayout;
    form->addRow(mCount);
    form->addRow(tr("&Layer:"), mLayer);
    auto *group = new QGroupBox(tr("Properties"), this);
    auto *groupLayout = new QVBoxLayout(group);
    groupLayout->addWidget(mProperties);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(group, 1);
}

void MultiShapePage::showShapes(const QList<ShapeRef> &shapes) {
    mShapes = shapes;
    const Document *document = mSession->document();
    QString layer;
    bool mixed = false;
    for (const ShapeRef &ref : shapes) {
        if (!document->contains(ref))
            continue; // a selection not yet pruned after an undo
        const QString own = document->shape(ref).layer;
        mixed = mixed || (!layer.isEmpty() && own != layer);
        layer = own;
    }
    mCount->setText(tr("%n shapes selected: edit their common fields here; select one shape to "
                       "edit its position and size.",
                       nullptr, int(shapes.size())));
    {
        const QSignalBlocker blocker(mLayer);
        mLayer->clear();
        mLayer->addItems(document->layerNames());
        mLayer->setCurrentIndex(-1);
        mLayer->setEditText(mixed ? QString() : layer);
    }
    mProperties->showShapes(shapes);
}

void MultiShapePage::commitLayer() {
    Document *document = mSession->document();
    const QString layer = mLayer->currentText().trimmed();
    if (layer.isEmpty()) {
        showShapes(mShapes); // "(mixed)" left as it was
        return;
    }
    QList<ShapeRef> refs;
    QList<Shape> shapes;
    for (const ShapeRef &ref : std::as_const(mShapes)) {
        if (!document->contains(ref) || document->shape(ref).layer == layer)
            continue;
        Shape shape = document->shape(ref);
        shape.layer = layer;
        refs.append(ref);
        shapes.append(shape);
    }
    if (refs.isEmpty())
        return;
    document->undoStack()->push(new ChangeShapesCommand(
        document, refs, shapes, shapeCommandText(tr("Change Layer of %1"), shapes)));
}

} // namespace hitsmith
