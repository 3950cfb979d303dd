#include "propertypanel.h"

#include "editorsession.h"
#include "multishapepage.h"
#include "prompts.h"
#include "propertiestable.h"
#include "refusalline.h"
#include "shapecommands.h"
#include "spriteproperties.h"
#include "structurecommands.h"
#include "validation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineF>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace hitsmith {

namespace {

constexpr double kCoordinateLimit = 1e7;

QWidget *pairRow(QWidget *parent, QWidget *a, QWidget *b) {
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(a);
    layout->addWidget(b);
    return row;
}

void setValueQuietly(QDoubleSpinBox *box, double value) {
    // setValue repaints the box even when the value is the same; a drag moves one vertex, and
    // the others' boxes need no repaint. The box keeps its value rounded to its decimals.
    if (box->value() == QString::number(value, 'f', box->decimals()).toDouble())
        return;
    const QSignalBlocker blocker(box);
    box->setValue(value);
}

} // namespace

PropertyPanel::PropertyPanel(EditorSession *session, Prompts *prompts, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mStack(new QStackedWidget(this)) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(mStack);
    layout->addWidget(scroll);
    mScroll = scroll;

    mEmptyLabel = new QLabel(mStack);
    mEmptyLabel->setAlignment(Qt::AlignCenter);
    mEmptyLabel->setWordWrap(true);
    mStack->addWidget(mEmptyLabel);

    // --- Shape page ---
    auto *shapePage = new QWidget(mStack);
    auto *shapeLayout = new QVBoxLayout(shapePage);
    mShapeForm = new QFormLayout;
    shapeLayout->addLayout(mShapeForm);
    mType = new QLabel(shapePage);
    mType->setObjectName(QStringLiteral("shapeTypeLabel"));
    // The reason an invalid shape gives can be long: it wraps rather than widening the page and
    // pushing the fields out of the dock.
    mType->setWordWrap(true);
    mType->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    mId = new QLineEdit(shapePage);
    mId->setObjectName(QStringLiteral("shapeIdEdit"));
    connect(mId, &QLineEdit::editingFinished, this, &PropertyPanel::commitId);
    mLayer = new QComboBox(shapePage);
    mLayer->setObjectName(QStringLiteral("shapeLayerBox"));
    mLayer->setEditable(true);
    mLayer->setInsertPolicy(QComboBox::NoInsert);
    connect(mLayer->lineEdit(), &QLineEdit::editingFinished, this, &PropertyPanel::commitLayer);
    connect(mLayer, &QComboBox::activated, this, &PropertyPanel::commitLayer);

    mCenterX = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.center.setX(v); }, tr("Move %1"));
    });
    mCenterY = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.center.setY(v); }, tr("Move %1"));
    });
    mWidth = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.size.setWidth(v); }, tr("Resize %1"));
    });
    mHeight = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.size.setHeight(v); }, tr("Resize %1"));
    });
    mAngle = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.angle = v; }, tr("Rotate %1"));
    });
    mAngle->setRange(-360.0, 360.0);
    mAngle->setSuffix(QStringLiteral("°"));
    mRadius = makeSpinBox(shapePage, [this](double v) {
        commitShape([v](Shape &s) { s.radius = v; }, tr("Resize %1"));
    });
    // A capsule's ends, typed like a polygon's vertices; length and angle follow from them.
    for (int coordinate = 0; coordinate < 4; ++coordinate) {
        auto *box = makeSpinBox(shapePage, [this, coordinate](double v) {
            commitShape(
                [coordinate, v](Shape &s) {
                    const int end = coordinate / 2;
                    if (end < s.points.size())
                        (coordinate % 2 ? s.points[end].ry() : s.points[end].rx()) = v;
                },
                tr("Move End of %1"));
        });
        box->setObjectName(QStringLiteral("capsuleEnd%1%2")
                               .arg(coordinate / 2 + 1)
                               .arg(coordinate % 2 ? u'Y' : u'X'));
        mEndBoxes.append(box);
    }
    mEnd1Row = pairRow(shapePage, mEndBoxes[0], mEndBoxes[1]);
    mEnd2Row = pairRow(shapePage, mEndBoxes[2], mEndBoxes[3]);
    mCapsuleMeasure = new QLabel(shapePage);
    mCapsuleMeasure->setObjectName(QStringLiteral("capsuleMeasure"));
    mCenterX->setObjectName(QStringLiteral("centerX"));
    mCenterY->setObjectName(QStringLiteral("centerY"));
    mWidth->setObjectName(QStringLiteral("width"));
    mHeight->setObjectName(QStringLiteral("height"));
    mAngle->setObjectName(QStringLiteral("angle"));
    mRadius->setObjectName(QStringLiteral("radius"));
    mCenterRow = pairRow(shapePage, mCenterX, mCenterY);
    mSizeRow = pairRow(shapePage, mWidth, mHeight);
    // The type line wraps, so it has a height for each width; in the form, Qt 6.4 then laid the
    // rows out by the visibility they had before (no wrapping line may stand in this form), and a
    // rectangle shown after a circle and the frame's page got a Size row zero pixels high (issue
    // 26, item 7). It stands above the form.
    auto *typeRow = new QHBoxLayout;
    auto *typeCaption = new QLabel(tr("Type:"), shapePage);
    typeCaption->setBuddy(mType);
    typeRow->addWidget(typeCaption, 0, Qt::AlignTop);
    typeRow->addWidget(mType, 1);
    shapeLayout->insertLayout(0, typeRow);
    mShapeForm->addRow(tr("&Id:"), mId);
    // Under the form, not in it: a wrapping line in the form brings back item 7 (seed 41 at step
    // 2579: a refused id, and the Center row zero pixels high).
    mIdRefusal = new RefusalLine(shapePage);
    mShapeForm->addRow(tr("&Layer:"), mLayer);
    mShapeForm->addRow(tr("&Center:"), mCenterRow);
    mShapeForm->addRow(tr("&Size:"), mSizeRow);
    mShapeForm->addRow(tr("&Angle:"), mAngle);
    mShapeForm->addRow(tr("End &1:"), mEnd1Row);
    mShapeForm->addRow(tr("End &2:"), mEnd2Row);
    mShapeForm->addRow(tr("&Radius:"), mRadius);
    mShapeForm->addRow(tr("Length:"), mCapsuleMeasure);
    shapeLayout->addWidget(mIdRefusal);
    mVertexGroup = new QGroupBox(tr("Vertices"), shapePage);
    mVertexGrid = new QGridLayout(mVertexGroup);
    shapeLayout->addWidget(mVertexGroup);
    auto *shapePropertiesGroup = new QGroupBox(tr("Properties"), shapePage);
    mShapeProperties = new PropertiesTable(session, shapePropertiesGroup);
    mShapeProperties->setObjectName(QStringLiteral("shapeProperties"));
    (new QVBoxLayout(shapePropertiesGroup))->addWidget(mShapeProperties);
    shapeLayout->addWidget(shapePropertiesGroup);
    shapeLayout->addStretch();
    mStack->addWidget(shapePage);

    // --- Frame page ---
    auto *framePage = new QWidget(mStack);
    auto *frameLayout = new QVBoxLayout(framePage);
    auto *frameForm = new QFormLayout;
    mFrameName = new QLineEdit(framePage);
    mFrameName->setObjectName(QStringLiteral("frameNameEdit"));
    connect(mFrameName, &QLineEdit::editingFinished, this, &PropertyPanel::commitFrameName);
    frameForm->addRow(tr("Frame &name:"), mFrameName);
    mFrameNameRefusal = new RefusalLine(framePage);
    frameForm->addRow(mFrameNameRefusal);
    frameLayout->addLayout(frameForm);

    mSourceGroup = new QGroupBox(tr("Source rectangle in the image"), framePage);
    mSourceGroup->setCheckable(true);
    auto *sourceForm = new QFormLayout(mSourceGroup);
    auto commitSource = [this] {
        const QRectF rect(mSource[0]->value(), mSource[1]->value(), mSource[2]->value(),
                          mSource[3]->value());
        const bool on = mSourceGroup->isChecked();
        commitFrame(
            [rect, on](Frame &f) { f.source = on ? std::optional<QRectF>(rect) : std::nullopt; },
            tr("Change Frame Source"));
    };
    for (int i = 0; i < 4; ++i)
        mSource[i] = makeSpinBox(mSourceGroup, [commitSource](double) { commitSource(); });
    mSource[2]->setMinimum(0.0);
    mSource[3]->setMinimum(0.0);
    sourceForm->addRow(tr("Position:"), pairRow(mSourceGroup, mSource[0], mSource[1]));
    sourceForm->addRow(tr("Size:"), pairRow(mSourceGroup, mSource[2], mSource[3]));
    connect(mSourceGroup, &QGroupBox::toggled, this, commitSource);
    frameLayout->addWidget(mSourceGroup);

    mOriginGroup = new QGroupBox(tr("Origin (pivot)"), framePage);
    mOriginGroup->setCheckable(true);
    auto *originForm = new QFormLayout(mOriginGroup);
    auto commitOrigin = [this] {
        const QPointF point(mOrigin[0]->value(), mOrigin[1]->value());
        const bool on = mOriginGroup->isChecked();
        commitFrame(
            [point, on](Frame &f) { f.origin = on ? std::optional<QPointF>(point) : std::nullopt; },
            tr("Change Frame Origin"));
    };
    for (int i = 0; i < 2; ++i)
        mOrigin[i] = makeSpinBox(mOriginGroup, [commitOrigin](double) { commitOrigin(); });
    originForm->addRow(tr("Position:"), pairRow(mOriginGroup, mOrigin[0], mOrigin[1]));
    connect(mOriginGroup, &QGroupBox::toggled, this, commitOrigin);
    frameLayout->addWidget(mOriginGroup);
    auto *framePropertiesGroup = new QGroupBox(tr("Frame properties"), framePage);
    mFrameProperties = new PropertiesTable(session, framePropertiesGroup);
    mFrameProperties->setObjectName(QStringLiteral("frameProperties"));
    (new QVBoxLayout(framePropertiesGroup))->addWidget(mFrameProperties);
    frameLayout->addWidget(framePropertiesGroup);
    frameLayout->addStretch();
    mStack->addWidget(framePage);

    mSpritePage = new SpriteProperties(session, prompts, mStack);
    mStack->addWidget(mSpritePage);
    mMultiPage = new MultiShapePage(session, mStack);
    mStack->addWidget(mMultiPage);

    // A refusal is about what was shown when it was typed.
    const auto clearRefusals = [this] {
        mIdRefusal->clear();
        mFrameNameRefusal->clear();
    };
    connect(session, &EditorSession::selectionChanged, this, clearRefusals);
    connect(session, &EditorSession::currentFrameChanged, this, clearRefusals);
    connect(session, &EditorSession::editedSpriteChanged, this, clearRefusals);
    connect(session, &EditorSession::selectionChanged, this, &PropertyPanel::refresh);
    connect(session, &EditorSession::currentFrameChanged, this, &PropertyPanel::refresh);
    connect(session, &EditorSession::editedSpriteChanged, this, &PropertyPanel::refresh);
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if ((change.kind == Kind::ShapeChanged || change.kind == Kind::FrameChanged) &&
            change.frameRef() != mSession->currentFrame())
            return;
        if (change.kind == Kind::Reset)
            mTableShape = {}; // another document: its table starts over
        // During a drag of another shape this panel has nothing to update.
        if (change.kind == Kind::ShapeChanged && !mSession->selectedShapes().contains(change.shape))
            return;
        refresh();
    });
    refresh();
}

QDoubleSpinBox *PropertyPanel::makeSpinBox(QWidget *parent, std::function<void(double)> commit) {
    auto *box = new QDoubleSpinBox(parent);
    box->setDecimals(3);
    box->setRange(-kCoordinateLimit, kCoordinateLimit);
    // Only Enter, focus loss or a step commits: one undo step per edit, not per keystroke.
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    // The size hint fits the widest value of the range; let the dock decide the width instead.
    box->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    box->setMinimumWidth(box->fontMetrics().horizontalAdvance(QStringLiteral("-0000.000")) + 24);
    connect(box, &QDoubleSpinBox::valueChanged, this, std::move(commit));
    return box;
}

QDoubleSpinBox *PropertyPanel::vertexBox(int index, int coordinate) const {
    const int i = index * 2 + coordinate;
    return i >= 0 && i < mVertexBoxes.size() ? mVertexBoxes[i] : nullptr;
}

ShapeRef PropertyPanel::selectedShape() const {
    const QList<int> selected = mSession->selectedShapes();
    const FrameRef frame = mSession->currentFrame();
    if (selected.size() != 1 || !frame.isValid())
        return {};
    return {frame.sprite, frame.frame, selected.first()};
}

void PropertyPanel::refresh() {
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    const QList<int> selected = mSession->selectedShapes();
    const ShapeRef ref = selectedShape();
    if (mSession->editedSprite() >= 0) {
        mSpritePage->showSprite(mSession->editedSprite());
        mStack->setCurrentIndex(3);
    } else if (document->contains(ref)) {
        const Shape &shape = document->shape(ref);
        refreshShape(shape);
        // The table makes every row anew (a type box each): not on each step of a drag, only
        // for another shape or other properties.
        if (mStack->currentIndex() != 1 || ref != mTableShape ||
            shape.properties != mTableProperties) {
            mShapeProperties->showShapes({ref});
            mTableShape = ref;
            mTableProperties = shape.properties;
        }
        mStack->setCurrentIndex(1);
    } else if (selected.size() > 1 && document->contains(frame)) {
        QList<ShapeRef> refs;
        for (int shape : selected)
            refs.append({frame.sprite, frame.frame, shape});
        mMultiPage->showShapes(refs);
        mStack->setCurrentIndex(4);
    } else if (document->contains(frame)) {
        refreshFrame(document->frame(frame));
        mFrameProperties->showFrame(frame);
        mStack->setCurrentIndex(2);
    } else {
        mEmptyLabel->setText(tr("No frame."));
        mStack->setCurrentIndex(0);
    }
    keepFieldsInView();
}

void PropertyPanel::keepFieldsInView() {
    // The page never scrolls sideways, so the dock may not get narrower than its fields need;
    // otherwise they would be cut off at its right edge.
    mScroll->setMinimumWidth(mStack->minimumSizeHint().width() +
                             mScroll->verticalScrollBar()->sizeHint().width());
}

void PropertyPanel::refreshShape(const Shape &shape) {
    const bool isRect = shape.type == ShapeType::Rect;
    const bool isCircle = shape.type == ShapeType::Circle;
    const bool isCapsule = shape.type == ShapeType::Capsule;
    const bool isPolygon = shape.type == ShapeType::Polygon;
    QString typeText = shapeTypeName(shape.type);
    if (const auto problem = validateShape(shape))
        typeText = tr("%1 — invalid: %2").arg(typeText, problem->reason);
    mType->setText(typeText);
    if (!mId->hasFocus() || mId->text() != shape.id)
        mId->setText(shape.id);
    {
        // Refilled only when the names differ: a refill re-lays out and repaints the whole page,
        // which each step of a drag would otherwise do.
        const QSignalBlocker blocker(mLayer);
        const QStringList &names = mSession->document()->layerNames();
        bool same = mLayer->count() == names.size();
        for (int i = 0; same && i < names.size(); ++i)
            same = mLayer->itemText(i) == names[i];
        if (!same) {
            mLayer->clear();
            mLayer->addItems(names);
        }
        if (mLayer->currentText() != shape.layer)
            mLayer->setCurrentText(shape.layer);
    }
    const auto showRow = [this](QWidget *row, bool on) {
        if (mShapeForm->isRowVisible(row) != on)
            mShapeForm->setRowVisible(row, on);
    };
    showRow(mCenterRow, !isPolygon && !isCapsule);
    showRow(mSizeRow, isRect);
    showRow(mAngle, isRect);
    showRow(mRadius, isCircle || isCapsule);
    showRow(mEnd1Row, isCapsule);
    showRow(mEnd2Row, isCapsule);
    showRow(mCapsuleMeasure, isCapsule);
    if (isCapsule && shape.points.size() == 2) {
        for (int coordinate = 0; coordinate < 4; ++coordinate) {
            const QPointF end = shape.points[coordinate / 2];
            setValueQuietly(mEndBoxes[coordinate], coordinate % 2 ? end.y() : end.x());
        }
        // The angle as rects count it: degrees clockwise on screen from the x axis.
        const QLineF core(shape.points[0], shape.points[1]);
        mCapsuleMeasure->setText(tr("%1 px, angle %2°")
                                     .arg(core.length(), 0, 'g', 6)
                                     .arg(std::fmod(360.0 - core.angle(), 360.0), 0, 'g', 6));
    }
    setValueQuietly(mCenterX, shape.center.x());
    setValueQuietly(mCenterY, shape.center.y());
    setValueQuietly(mWidth, shape.size.width());
    setValueQuietly(mHeight, shape.size.height());
    setValueQuietly(mAngle, shape.angle);
    setValueQuietly(mRadius, shape.radius);
    mVertexGroup->setVisible(isPolygon);
    if (isPolygon) {
        if (mVertexBoxes.size() != shape.points.size() * 2)
            rebuildVertexRows(int(shape.points.size()));
        for (int i = 0; i < shape.points.size(); ++i) {
            setValueQuietly(mVertexBoxes[2 * i], shape.points[i].x());
            setValueQuietly(mVertexBoxes[2 * i + 1], shape.points[i].y());
        }
    }
}

void PropertyPanel::rebuildVertexRows(int count) {
    // deleteLater: this can run inside a signal of one of these very boxes.
    for (QWidget *widget : std::as_const(mVertexWidgets)) {
        widget->hide();
        widget->deleteLater();
    }
    mVertexWidgets.clear();
    mVertexBoxes.clear();
    for (int i = 0; i < count; ++i) {
        auto *label = new QLabel(tr("%1:").arg(i), mVertexGroup);
        auto *x = makeSpinBox(mVertexGroup, [this, i](double v) {
            commitShape(
                [i, v](Shape &s) {
                    if (i < s.points.size())
                        s.points[i].setX(v);
                },
                tr("Move Vertex of %1"));
        });
        auto *y = makeSpinBox(mVertexGroup, [this, i](double v) {
            commitShape(
                [i, v](Shape &s) {
                    if (i < s.points.size())
                        s.points[i].setY(v);
                },
                tr("Move Vertex of %1"));
        });
        x->setObjectName(QStringLiteral("vertex%1x").arg(i));
        y->setObjectName(QStringLiteral("vertex%1y").arg(i));
        mVertexGrid->addWidget(label, i, 0);
        mVertexGrid->addWidget(x, i, 1);
        mVertexGrid->addWidget(y, i, 2);
        mVertexWidgets << label << x << y;
        mVertexBoxes << x << y;
    }
}

void PropertyPanel::refreshFrame(const Frame &frame) {
    if (!mFrameName->hasFocus() || mFrameName->text() != frame.name)
        mFrameName->setText(frame.name);
    {
        const QSignalBlocker blocker(mSourceGroup);
        mSourceGroup->setChecked(frame.source.has_value());
    }
    const QRectF source = frame.source.value_or(QRectF());
    setValueQuietly(mSource[0], source.x());
    setValueQuietly(mSource[1], source.y());
    setValueQuietly(mSource[2], source.width());
    setValueQuietly(mSource[3], source.height());
    {
        const QSignalBlocker blocker(mOriginGroup);
        mOriginGroup->setChecked(frame.origin.has_value());
    }
    const QPointF origin = frame.origin.value_or(QPointF());
    setValueQuietly(mOrigin[0], origin.x());
    setValueQuietly(mOrigin[1], origin.y());
}

void PropertyPanel::commitShape(const std::function<void(Shape &)> &edit, const QString &text) {
    Document *document = mSession->document();
    const ShapeRef ref = selectedShape();
    if (!document->contains(ref))
        return;
    Shape shape = document->shape(ref);
    edit(shape);
    if (shape == document->shape(ref))
        return;
    document->undoStack()->push(new ChangeShapesCommand(document, {ref}, {shape}, text));
}

void PropertyPanel::commitFrame(const std::function<void(Frame &)> &edit, const QString &text) {
    Document *document = mSession->document();
    const FrameRef ref = mSession->currentFrame();
    if (!document->contains(ref))
        return;
    Frame frame = document->frame(ref);
    edit(frame);
    if (frame == document->frame(ref))
        return;
    frame.shapes.clear(); // the command takes only the frame's own fields
    document->undoStack()->push(new ChangeFrameCommand(document, ref, frame, text));
}

void PropertyPanel::commitId() {
    Document *document = mSession->document();
    const ShapeRef ref = selectedShape();
    if (!document->contains(ref))
        return;
    const QString id = mId->text().trimmed();
    const Shape &shape = document->shape(ref);
    if (id == shape.id)
        return;
    const qsizetype existing = document->frame(ref.frameRef()).indexOfShape(id);
    if (id.isEmpty() || (existing >= 0 && existing != ref.shape)) {
        // In place: a modal box from editingFinished (Enter or a focus change) would take the
        // focus and finish the edit again.
        mId->setText(shape.id);
        mIdRefusal->refuse(
            id.isEmpty() ? tr("A shape needs an id: \"%1\" keeps its id.").arg(shape.id)
                         : tr("This frame already has a shape with the id \"%1\": \"%2\" keeps "
                              "its id.")
                               .arg(id, shape.id));
        return;
    }
    mIdRefusal->clear();
    commitShape([id](Shape &s) { s.id = id; }, tr("Rename %1"));
}

void PropertyPanel::commitLayer() {
    const QString layer = mLayer->currentText().trimmed();
    if (layer.isEmpty()) {
        refresh();
        return;
    }
    commitShape([layer](Shape &s) { s.layer = layer; }, tr("Change Layer of %1"));
}

void PropertyPanel::commitFrameName() {
    Document *document = mSession->document();
    const FrameRef ref = mSession->currentFrame();
    if (!document->contains(ref))
        return;
    const QString name = mFrameName->text().trimmed();
    const Frame &frame = document->frame(ref);
    if (name == frame.name)
        return;
    bool taken = false;
    const QList<Frame> &frames = document->sprite(ref.sprite).frames;
    for (int f = 0; f < frames.size(); ++f)
        taken = taken || (f != ref.frame && frames[f].name == name);
    if (name.isEmpty() || taken) {
        mFrameName->setText(frame.name);
        mFrameNameRefusal->refuse(
            name.isEmpty()
                ? tr("A frame needs a name: \"%1\" keeps its name.").arg(frame.name)
                : tr("This sprite already has a frame named \"%1\": \"%2\" keeps its name.")
                      .arg(name, frame.name));
        return;
    }
    mFrameNameRefusal->clear();
    commitFrame([name](Frame &f) { f.name = name; },
                tr("Rename frame %1 to %2").arg(frame.name, name));
}

} // namespace hitsmith
