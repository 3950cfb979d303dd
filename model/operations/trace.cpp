#include "trace.h"

#include "convexpieces.h"
#include "fitoutline.h"
#include "simplifyoutline.h"
#include "traceoutline.h"
#include "validation.h"

#include <QImage>

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

namespace hitsmith::operations {

namespace {

// Douglas-Peucker starts from vertex 0 of a closed outline, and where it starts decides which
// dents keep a vertex; each reflex vertex can cost a convex piece. So pieces are traced from
// several starts, one per kStartSpacing contour points (at most kMostStarts; one on a small
// outline, where the starts would pick much the same vertices), and the outline that splits into
// the fewest pieces is kept, the first on a tie. Every candidate holds the same tolerance.
constexpr qsizetype kStartSpacing = 32;
constexpr qsizetype kMostStarts = 8;

qsizetype reflexCount(const QPolygonF &polygon) {
    qsizetype count = 0;
    for (qsizetype i = 0, n = polygon.size(); i < n; ++i) {
        const QPointF a = polygon[(i + n - 1) % n], b = polygon[i], c = polygon[(i + 1) % n];
        count += (b.x() - a.x()) * (c.y() - b.y()) - (b.y() - a.y()) * (c.x() - b.x()) < 0;
    }
    return count;
}

bool isValidOutline(const QPolygonF &outline) {
    return isSimplePolygon(outline) && signedArea(outline) > 0;
}

// Whether the contour fits in a circle of radius tolerance: simplifying it to the tolerance
// leaves a point, no area to cover (a stray pixel, bleed from the neighbouring cell).
bool isSpeck(const QPolygonF &contour, double tolerance) {
    const QPointF centre = contour.boundingRect().center();
    return std::all_of(contour.begin(), contour.end(), [&](QPointF p) {
        return std::hypot(p.x() - centre.x(), p.y() - centre.y()) <= tolerance;
    });
}

} // namespace

QPolygonF tracedOutline(const QPolygonF &outer, const TraceOptions &options, const QRectF &bounds) {
    QPolygonF outline;
    if (options.tolerance > 0) {
        // The corner-cut outline has no staircase bias (see cornerCutOutline).
        const QPolygonF contour = cornerCutOutline(outer);
        const qsizetype starts =
            options.shapes == TraceShapes::ConvexPieces
                ? std::clamp(contour.size() / kStartSpacing, qsizetype(1), kMostStarts)
                : 1;
        qsizetype fewest = -1;
        for (qsizetype start = 0; start < starts; ++start) {
            QPolygonF rotated = contour;
            std::rotate(rotated.begin(), rotated.begin() + start * contour.size() / starts,
                        rotated.end());
            const QPolygonF candidate = fittedOutline(rotated, options.tolerance, bounds);
            if (!isValidOutline(candidate))
                continue;
            if (starts == 1) {
                outline = candidate;
                break;
            }
            // r reflex vertices need at least r/2 + 1 pieces: skip splitting hopeless ones.
            if (fewest >= 0 && (reflexCount(candidate) + 1) / 2 + 1 >= fewest)
                continue;
            const qsizetype pieces = convexPieces(candidate, options.maxVertices).size();
            if (fewest < 0 || pieces < fewest) {
                fewest = pieces;
                outline = candidate;
            }
            if (fewest <= 1)
                break;
        }
    }
    // Should that ever come out invalid, the exact pixel outline is the safe input.
    if (!isValidOutline(outline))
        outline = simplifiedOutline(outer, options.tolerance);
    return outline;
}

TracedPieces tracePieces(const AlphaMask &mask, const TraceOptions &options) {
    TracedPieces result;
    const QList<PartOutline> parts = traceOutlines(mask, HoleMode::Ignore);
    result.partCount = int(parts.size());
    const QRectF bounds(0, 0, mask.width, mask.height);
    for (const PartOutline &part : parts) {
        if (options.tolerance > 0 && isSpeck(cornerCutOutline(part.outer), options.tolerance)) {
            ++result.speckCount;
            continue;
        }
        const QPolygonF outline = tracedOutline(part.outer, options, bounds);
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

QList<TracedPieces> traceCells(const QImage &image, const QList<QRect> &cells,
                               const TraceOptions &options, int threads) {
    // A 16x16 cell takes tens of microseconds. Thread t of T takes runs t, t + T, t + 2T, ... of
    // kRun cells, each result into its cell's own slot: nothing is shared, and every thread
    // does its part however the threads are scheduled (so a test sees each one at work).
    constexpr qsizetype kRun = 16;
    QList<TracedPieces> results(cells.size());
    const qsizetype runs = (cells.size() + kRun - 1) / kRun;
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    threads = int(std::clamp<qsizetype>(runs, 1, threads));
    TracedPieces *slots = results.data(); // detached here, before any thread writes
    const auto work = [&](const QImage &source, int thread) {
        for (qsizetype run = thread; run < runs; run += threads) {
            const qsizetype last = std::min((run + 1) * kRun, cells.size());
            for (qsizetype i = run * kRun; i < last; ++i)
                slots[i] = tracePieces(traceMask(source, cells[i], options), options);
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t)
        helpers.emplace_back(work, image, t); // a copy of its own: only const access, no detach
    work(image, 0);
    for (std::thread &helper : helpers)
        helper.join();
    return results;
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
