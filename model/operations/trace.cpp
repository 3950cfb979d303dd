#include "trace.h"

#include "convexpieces.h"
#include "simplifyoutline.h"
#include "traceoutline.h"
#include "validation.h"

#include <QImage>

namespace hitsmith::operations {

TracedPieces tracePieces(const AlphaMask &mask, const TraceOptions &options) {
    TracedPieces result;
    const QList<PartOutline> parts = traceOutlines(mask, HoleMode::Ignore);
    result.partCount = int(parts.size());
    for (const PartOutline &part : parts) {
        // Simplify the corner-cut outline (no staircase bias); should that ever come out
        // invalid, the exact pixel outline is the safe input.
        QPolygonF outline;
        if (options.tolerance > 0)
            outline = simplifiedOutline(cornerCutOutline(part.outer), options.tolerance);
        if (!isSimplePolygon(outline) || signedArea(outline) <= 0)
            outline = simplifiedOutline(part.outer, options.tolerance);
        const QList<QPolygonF> pieces =
            options.shapes == TraceShapes::ConvexHull
                ? QList<QPolygonF>{convexHullPiece(outline, options.maxVertices)}
                : convexPieces(outline, options.maxVertices);
        for (const QPolygonF &piece : pieces) {
            const Shape shape = Shape::polygon(QStringLiteral("piece"), piece.toList());
            if (piece.size() < 3 || validateShape(shape))
                ++result.droppedCount;
            else
                result.pieces.append(piece);
        }
    }
    return result;
}

AlphaMask traceMask(const QImage &image, const QRect &cell, const TraceOptions &options) {
    return grownMask(alphaMask(image, cell, options.alphaThreshold), options.grow);
}

QList<Shape> tracedShapes(const QList<QPolygonF> &pieces, const TraceOptions &options,
                          const Frame &frame) {
    QList<Shape> shapes;
    int next = 1;
    for (const QPolygonF &piece : pieces) {
        QString id;
        do {
            id = QStringLiteral("trace-%1").arg(next++);
        } while (frame.indexOfShape(id) >= 0);
        shapes.append(Shape::polygon(id, piece.toList(), options.layer));
    }
    return shapes;
}

} // namespace hitsmith::operations
