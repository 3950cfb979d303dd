#include "tracedialog.h"

#include "prompts.h"
#include "shapecommands.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoCommand>
#include <QVBoxLayout>

#include <algorithm>

namespace hitsmith {

using namespace operations;

namespace {

/// Each frame's source cell of one sheet (the whole sheet without a source), at the frame's corner.
TraceDialog::PictureSource sheetCells(Document *document, int sprite, const QImage &image) {
    const QImage sheet = image.convertToFormat(QImage::Format_ARGB32);
    return [document, sprite, sheet](int frame) {
        FramePicture picture;
        const Frame &data = document->sprite(sprite).frames.value(frame);
        picture.image = sheet.copy(data.source ? data.source->toAlignedRect() : sheet.rect());
        picture.status = picture.image.isNull() ? PictureStatus::NoImage : PictureStatus::Ok;
        return picture;
    };
}

} // namespace

TraceDialog::TraceDialog(Document *document, FrameRef frame, QList<int> selectedFrames,
                         const QImage &image, Prompts *prompts, QWidget *parent)
    : TraceDialog(document, frame, std::move(selectedFrames),
                  sheetCells(document, frame.sprite, image), prompts, parent) {}

TraceDialog::TraceDialog(Document *document, FrameRef frame, QList<int> selectedFrames,
                         PictureSource pictures, Prompts *prompts, QWidget *parent)
    : QDialog(parent)
    , mDocument(document)
    , mFrame(frame)
    , mSelectedFrames(std::move(selectedFrames))
    , mPictures(std::move(pictures))
    , mPrompts(prompts)
    , mThreshold(new QSpinBox(this))
    , mGrow(new QSpinBox(this))
    , mBudget(new QSpinBox(this))
    , mTolerance(new QDoubleSpinBox(this))
    , mShapes(new QComboBox(this))
    , mLayer(new QComboBox(this))
    , mPlacement(new QComboBox(this))
    , mScope(new QComboBox(this))
    , mPreview(new QLabel(this))
    , mSummary(new QLabel(this)) {
    setWindowTitle(tr("Trace Hitboxes"));
    const TraceOptions defaults;
    mThreshold->setRange(0, 255);
    mThreshold->setValue(defaults.alphaThreshold);
    mThreshold->setToolTip(tr("A pixel is solid when its alpha is at least this."));
    mGrow->setRange(-32, 32);
    mGrow->setValue(defaults.grow);
    mGrow->setSuffix(tr(" px"));
    mGrow->setToolTip(tr("Grow (positive) or shrink (negative) the solid area first."));
    mTolerance->setRange(0, 32);
    mTolerance->setDecimals(2);
    mTolerance->setSingleStep(0.25);
    mTolerance->setValue(defaults.tolerance);
    mTolerance->setSuffix(tr(" px"));
    mBudget->setRange(0, 64);
    mBudget->setValue(defaults.maxVertices);
    mBudget->setSpecialValueText(tr("no limit"));
    mBudget->setToolTip(tr("Most vertices per piece (Box2D takes 8)."));
    mShapes->addItem(tr("Convex pieces"), int(TraceShapes::ConvexPieces));
    mShapes->addItem(tr("One convex hull per part"), int(TraceShapes::ConvexHull));
    // hurtbox, as the CLI: tracing the body outline makes hurtboxes; replacing the attack boxes
    // of the layer being drawn on would be a surprise.
    const QString layer = defaults.layer;
    QStringList layers = document->layerNames();
    if (!layers.contains(layer))
        layers.prepend(layer);
    mLayer->addItems(layers);
    mLayer->setEditable(true);
    mLayer->setCurrentText(layer);
    mPlacement->addItem(tr("Replace the shapes on this layer"), int(Placement::ReplaceLayer));
    mPlacement->addItem(tr("Add to the shapes"), int(Placement::Add));
    mScope->addItem(tr("This frame"), int(Scope::CurrentFrame));
    mScope->addItem(tr("Selected frames (%n)", nullptr, int(mSelectedFrames.size())),
                    int(Scope::SelectedFrames));
    mScope->addItem(
        tr("Whole sprite (%n frames)", nullptr, int(document->sprite(frame.sprite).frames.size())),
        int(Scope::WholeSprite));

    auto *form = new QFormLayout;
    form->addRow(tr("Alpha &threshold:"), mThreshold);
    form->addRow(tr("&Grow / shrink:"), mGrow);
    form->addRow(tr("&Tolerance:"), mTolerance);
    form->addRow(tr("&Vertex budget:"), mBudget);
    form->addRow(tr("&Make:"), mShapes);
    form->addRow(tr("&Layer:"), mLayer);
    form->addRow(tr("&Existing shapes:"), mPlacement);
    form->addRow(tr("&Apply to:"), mScope);
    mPreview->setMinimumSize(192, 192);
    mPreview->setAlignment(Qt::AlignCenter);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Trace"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        // Kept shapes keep the dialog open: Add to the shapes is one choice away.
        if (!confirmReplace(shapesToReplace()))
            return;
        mConfirmed = true;
        apply();
        mConfirmed = false;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mPreview, 1);
    layout->addWidget(mSummary);
    layout->addWidget(buttons);

    for (QSpinBox *box : {mThreshold, mGrow, mBudget})
        connect(box, &QSpinBox::valueChanged, this, &TraceDialog::updatePreview);
    connect(mTolerance, &QDoubleSpinBox::valueChanged, this, &TraceDialog::updatePreview);
    connect(mShapes, &QComboBox::currentIndexChanged, this, &TraceDialog::updatePreview);
    updatePreview();
}

TraceOptions TraceDialog::options() const {
    TraceOptions options;
    options.alphaThreshold = mThreshold->value();
    options.grow = mGrow->value();
    options.tolerance = mTolerance->value();
    options.maxVertices = mBudget->value() > 0 ? std::max(3, mBudget->value()) : 0;
    options.shapes = TraceShapes(mShapes->currentData().toInt());
    options.layer = mLayer->currentText().trimmed();
    if (options.layer.isEmpty())
        options.layer = Shape::defaultLayerName();
    return options;
}

TraceDialog::Scope TraceDialog::scope() const {
    return Scope(mScope->currentData().toInt());
}

TraceDialog::Placement TraceDialog::placement() const {
    return Placement(mPlacement->currentData().toInt());
}

QList<int> TraceDialog::targetFrames() const {
    switch (scope()) {
    case Scope::CurrentFrame:
        return {mFrame.frame};
    case Scope::SelectedFrames:
        return mSelectedFrames;
    case Scope::WholeSprite:
        break;
    }
    QList<int> all;
    for (int f = 0; f < mDocument->sprite(mFrame.sprite).frames.size(); ++f)
        all.append(f);
    return all;
}

FramePicture TraceDialog::pictureOf(int frame) const {
    FramePicture picture = mPictures ? mPictures(frame) : FramePicture();
    if (!picture.isOk())
        picture.image = QImage();
    else if (picture.image.format() != QImage::Format_ARGB32 &&
             picture.image.format() != QImage::Format_ARGB32_Premultiplied)
        picture.image = picture.image.convertToFormat(QImage::Format_ARGB32);
    return picture;
}

void TraceDialog::updatePreview() {
    const TraceOptions settings = options();
    // Traced in the picture's own pixels; shapes are moved to where it is drawn when applied.
    const FramePicture picture = pictureOf(mFrame.frame);
    const QRect cell = picture.image.rect();
    const AlphaMask mask = traceMask(picture.image, cell, settings);
    mPreviewPieces = tracePieces(mask, settings).pieces;
    const AlphaMask covered = rasterizedMask(mPreviewPieces, mask.width, mask.height);

    // The cell scaled up to the preview, the mask tinted, the pieces outlined on top.
    const double scale = std::clamp(
        std::min(256.0 / std::max(1, cell.width()), 256.0 / std::max(1, cell.height())), 1.0, 8.0);
    QPixmap pixmap(QSize(int(cell.width() * scale), int(cell.height() * scale)));
    pixmap.fill(palette().color(QPalette::Base));
    QPainter painter(&pixmap);
    painter.scale(scale, scale);
    painter.drawImage(QPoint(0, 0), picture.image);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(QColor(0x3e, 0x89, 0x48), 1.5 / scale);
    painter.setPen(pen);
    painter.setBrush(QColor(0x3e, 0x89, 0x48, 70));
    for (const QPolygonF &piece : mPreviewPieces)
        painter.drawPolygon(piece);
    painter.end();
    mPreview->setPixmap(pixmap);
    mSummary->setText(tr("%n piece(s); cover %1 px\u00b2 of the %2 px\u00b2 solid (IoU %3)",
                         nullptr, int(mPreviewPieces.size()))
                          .arg(covered.solidCount())
                          .arg(mask.solidCount())
                          .arg(intersectionOverUnion(covered, filledMask(mask)), 0, 'f', 3));
}

QList<ShapeRef> TraceDialog::shapesToReplace() const {
    QList<ShapeRef> removed;
    if (placement() != Placement::ReplaceLayer)
        return removed;
    const QString layer = options().layer;
    const Sprite &sprite = mDocument->sprite(mFrame.sprite);
    for (int f : targetFrames()) {
        if (f < 0 || f >= sprite.frames.size())
            continue;
        for (int i = 0; i < sprite.frames[f].shapes.size(); ++i)
            // Trace neither makes nor removes points: they are not outlines of the image.
            if (sprite.frames[f].shapes[i].layer == layer &&
                sprite.frames[f].shapes[i].type != ShapeType::Point)
                removed.append({mFrame.sprite, f, i});
    }
    return removed;
}

bool TraceDialog::confirmReplace(const QList<ShapeRef> &removed) {
    if (removed.isEmpty() || !mPrompts)
        return true;
    // One line per frame: "attack-2: blade, swing".
    const Sprite &sprite = mDocument->sprite(mFrame.sprite);
    QStringList lines;
    int lastFrame = -1;
    for (const ShapeRef &ref : removed) {
        const Frame &frame = sprite.frames[ref.frame];
        if (ref.frame != lastFrame)
            lines.append(frame.name + QStringLiteral(": ") + frame.shapes[ref.shape].id);
        else
            lines.last() += QStringLiteral(", ") + frame.shapes[ref.shape].id;
        lastFrame = ref.frame;
    }
    const int shapes = int(removed.size()), frames = int(lines.size());
    const QString message =
        tr("Tracing replaces the shapes on layer \"%1\": it removes %2 on %3:\n\n%4")
            .arg(options().layer, shapes == 1 ? tr("1 shape") : tr("%1 shapes").arg(shapes),
                 frames == 1 ? tr("1 frame") : tr("%1 frames").arg(frames), lines.join(u'\n'));
    return mPrompts->confirmAction(this, tr("Replace Shapes"), message, tr("Replace"));
}

bool TraceDialog::apply() {
    if (!mConfirmed && !confirmReplace(shapesToReplace()))
        return false;
    const TraceOptions settings = options();
    const QString spriteName = mDocument->sprite(mFrame.sprite).name;
    auto command = std::make_unique<QUndoCommand>(tr("Trace %1").arg(spriteName));
    bool changed = false;
    for (int f : targetFrames()) {
        if (f < 0 || f >= mDocument->sprite(mFrame.sprite).frames.size())
            continue;
        const Frame &frame = mDocument->sprite(mFrame.sprite).frames[f];
        // Replaced shapes leave first, so their trace-N ids are free again.
        Frame remaining = frame;
        QList<ShapeRef> removed;
        if (placement() == Placement::ReplaceLayer) {
            for (int i = int(frame.shapes.size()) - 1; i >= 0; --i) {
                if (frame.shapes[i].layer == settings.layer &&
                    frame.shapes[i].type != ShapeType::Point) {
                    removed.prepend({mFrame.sprite, f, i});
                    remaining.shapes.removeAt(i);
                }
            }
        }
        const FramePicture picture = pictureOf(f);
        QList<QPolygonF> pieces =
            tracePieces(traceMask(picture.image, picture.image.rect(), settings), settings).pieces;
        for (QPolygonF &piece : pieces)
            piece.translate(picture.position);
        const QList<Shape> shapes = tracedShapes(pieces, settings, remaining);
        if (!removed.isEmpty())
            new RemoveShapesCommand(mDocument, removed, command->text(), command.get());
        QList<ShapeRef> added;
        for (int k = 0; k < shapes.size(); ++k)
            added.append({mFrame.sprite, f, int(remaining.shapes.size()) + k});
        if (!shapes.isEmpty())
            new InsertShapesCommand(mDocument, added, shapes, command->text(), command.get());
        changed = changed || !removed.isEmpty() || !shapes.isEmpty();
    }
    if (!changed)
        return false;
    mDocument->undoStack()->push(command.release());
    return true;
}

} // namespace hitsmith
