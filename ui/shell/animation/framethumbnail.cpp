#include "framethumbnail.h"
#include "shapepath.h"

#include "layercolors.h"

#include <QPainter>

#include <algorithm>

namespace hitsmith {

namespace {

// The frame's picture (or its MUGEN marker) on the thumbnail's background, under the shapes.
void paintBackground(QPainter &painter, const Frame &frame, const FramePicture &picture,
                     double scale) {
    if (picture.isOk()) {
        painter.setRenderHint(QPainter::SmoothPixmapTransform, scale < 1.0);
        painter.drawImage(picture.position, picture.image);
    } else if (picture.isMugen && picture.status != PictureStatus::NoImage) {
        // The canvas's marker, above the axis: dashed for a blank element, crossed when missing.
        const QPointF axis = painter.transform().map(frame.origin.value_or(QPointF()));
        const QRectF box(axis - QPointF(5, 15), QSizeF(10, 10));
        painter.save();
        painter.resetTransform();
        const bool blank = picture.status == PictureStatus::Blank;
        painter.setPen(QPen(blank ? QColor(200, 200, 200) : QColor(235, 80, 80), 1.5,
                            blank ? Qt::DashLine : Qt::SolidLine));
        painter.drawRect(box);
        if (!blank) {
            painter.drawLine(box.topLeft(), box.bottomRight());
            painter.drawLine(box.topRight(), box.bottomLeft());
        }
        painter.restore();
    }
}

// Shapes first..last (inclusive) in their layer colours, hidden layers left out.
void paintShapes(QPainter &painter, const DocumentData &data, const QList<Shape> &shapes,
                 qsizetype first, qsizetype last) {
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (qsizetype i = std::max<qsizetype>(first, 0); i <= last && i < shapes.size(); ++i) {
        const Shape &shape = shapes[i];
        const auto style = std::find_if(data.layers.begin(), data.layers.end(),
                                        [&](const LayerStyle &s) { return s.name == shape.layer; });
        if (style != data.layers.end() && !style->visible)
            continue;
        QColor colour = layerColor(shape.layer, data);
        QPen pen(colour, 1.5);
        pen.setCosmetic(true);
        painter.setPen(pen);
        colour.setAlpha(70);
        painter.setBrush(colour);
        if (shape.type == ShapeType::Circle)
            painter.drawEllipse(shape.center, shape.radius, shape.radius);
        else if (shape.type == ShapeType::Point)
            painter.drawPoint(shape.center);
        else if (shape.type == ShapeType::Capsule)
            painter.drawPath(filledShapePath(shape));
        else
            painter.drawPolygon(shape.outline());
    }
}

// Frame coordinates to thumbnail pixels for the extent.
double frameTo(QPainter &painter, const QRectF &extent) {
    constexpr int size = FrameThumbnailPainter::kSize;
    const double scale = std::min((size - 4) / extent.width(), (size - 4) / extent.height());
    painter.translate(size / 2.0, size / 2.0);
    painter.scale(scale, scale);
    painter.translate(-extent.center());
    return scale;
}

QRectF extentFor(const Frame &frame, const FramePicture &picture) {
    // The same picture the canvas draws, where it draws it (a PNG cell at the frame's corner, a
    // MUGEN sprite placed about the axis); framed like the canvas frames it.
    QRectF extent;
    if (!picture.isMugen && frame.source)
        extent = QRectF(QPointF(0, 0), frame.source->size());
    else if (picture.isOk())
        extent = picture.rect();
    if (picture.isMugen) {
        for (const Shape &shape : frame.shapes)
            extent |= shape.boundingRect(); // the canvas frames a character's boxes too
    }
    if (extent.isEmpty()) {
        // No image: the shapes' extent, as the canvas frames it.
        extent = picture.isMugen ? QRectF(-32, -64, 64, 64) : QRectF(0, 0, 64, 64);
        for (const Shape &shape : frame.shapes)
            extent |= shape.boundingRect();
    }
    return extent;
}

} // namespace

QPixmap FrameThumbnailPainter::drawPlain(const DocumentData &data, int sprite, int frameIndex,
                                         const FramePicture &picture) {
    const Frame &frame = data.sprites[sprite].frames[frameIndex];
    QPixmap pixmap(kSize, kSize);
    pixmap.fill(QColor(0x3a, 0x3a, 0x3a));
    QPainter painter(&pixmap);
    const double scale = frameTo(painter, extentFor(frame, picture));
    paintBackground(painter, frame, picture, scale);
    paintShapes(painter, data, frame.shapes, 0, frame.shapes.size() - 1);
    return pixmap;
}

QPixmap FrameThumbnailPainter::draw(const DocumentData &data, int sprite, int frameIndex,
                                    const FramePicture &picture) {
    if (sprite != mSprite || frameIndex != mFrame || mFirst < 0)
        return drawPlain(data, sprite, frameIndex, picture);
    const Frame &frame = data.sprites[sprite].frames[frameIndex];
    const QRectF extent = extentFor(frame, picture);
    // The changing shapes may have moved the frame's extent, a picture may have come.
    if (!mBuilt || extent != mExtent || picture.image.cacheKey() != mPictureKey ||
        picture.position != mPicturePosition || int(picture.status) != mPictureStatus) {
        ++mLayersDrawn;
        mBelow = QPixmap(kSize, kSize);
        mBelow.fill(QColor(0x3a, 0x3a, 0x3a));
        {
            QPainter painter(&mBelow);
            const double scale = frameTo(painter, extent);
            paintBackground(painter, frame, picture, scale);
            paintShapes(painter, data, frame.shapes, 0, mFirst - 1);
        }
        mAbove = QImage(kSize, kSize, QImage::Format_ARGB32_Premultiplied);
        mAbove.fill(Qt::transparent);
        {
            QPainter painter(&mAbove);
            frameTo(painter, extent);
            paintShapes(painter, data, frame.shapes, mLast + 1, frame.shapes.size() - 1);
        }
        mBuilt = true;
        mExtent = extent;
        mPictureKey = picture.image.cacheKey();
        mPicturePosition = picture.position;
        mPictureStatus = int(picture.status);
    }
    QPixmap pixmap = mBelow.copy();
    QPainter painter(&pixmap);
    frameTo(painter, extent);
    paintShapes(painter, data, frame.shapes, mFirst, mLast);
    painter.resetTransform();
    painter.drawImage(0, 0, mAbove);
    return pixmap;
}

void FrameThumbnailPainter::shapeChanged(int sprite, int frame, int shape) {
    if (sprite == mSprite && frame == mFrame && mFirst >= 0) {
        if (shape >= mFirst && shape <= mLast)
            return; // the layers hold none of the changing shapes: they stay
        mFirst = std::min(mFirst, shape);
        mLast = std::max(mLast, shape);
    } else {
        mSprite = sprite;
        mFrame = frame;
        mFirst = mLast = shape;
    }
    mBuilt = false;
}

void FrameThumbnailPainter::forget() {
    mSprite = mFrame = mFirst = mLast = -1;
    mBuilt = false;
    mBelow = QPixmap();
    mAbove = QImage();
}

} // namespace hitsmith
