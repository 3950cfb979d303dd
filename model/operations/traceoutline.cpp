#include "traceoutline.h"

#include <QPoint>

#include <array>

namespace hitsmith::operations {

namespace {

// Directions in clockwise screen order: east, south, west, north. Left of d is (d + 3) % 4.
constexpr std::array<QPoint, 4> kStep = {QPoint(1, 0), QPoint(0, 1), QPoint(-1, 0), QPoint(0, -1)};
// How far a corner where a part touches itself is cut, in pixels.
constexpr double kSaddleCut = 0.25;

// The pixel (relative to corner v) whose side the edge leaving v in direction d runs along, with
// the solid pixel on the right of the edge and the empty one on its left.
QPoint solidSide(QPoint v, int d) {
    switch (d) {
    case 0:
        return v;
    case 1:
        return v + QPoint(-1, 0);
    case 2:
        return v + QPoint(-1, -1);
    default:
        return v + QPoint(0, -1);
    }
}
QPoint emptySide(QPoint v, int d) {
    switch (d) {
    case 0:
        return v + QPoint(0, -1);
    case 1:
        return v;
    case 2:
        return v + QPoint(-1, 0);
    default:
        return v + QPoint(-1, -1);
    }
}

struct Tracer {
    const AlphaMask &mask;
    std::vector<std::uint8_t> visited; // per pixel, bit d: the edge of direction d along it

    bool hasEdge(QPoint v, int d) const {
        const QPoint s = solidSide(v, d), e = emptySide(v, d);
        return mask.contains(s.x(), s.y()) && !mask.contains(e.x(), e.y());
    }

    QPolygonF trace(QPoint start) {
        struct Step {
            QPoint vertex;
            int direction;
            bool saddle;
        };
        std::vector<Step> steps;
        QPoint v = start;
        int d = 0;
        bool saddle = false;
        while (true) {
            const QPoint s = solidSide(v, d);
            visited[std::size_t(s.y()) * mask.width + s.x()] |= std::uint8_t(1u << d);
            steps.push_back({v, d, saddle});
            v += kStep[d];
            // Prefer the left turn: solid pixels that touch at a corner belong to one part.
            const int left = (d + 3) % 4, right = (d + 1) % 4;
            const bool leftEdge = hasEdge(v, left);
            saddle = leftEdge && hasEdge(v, right);
            d = leftEdge ? left : hasEdge(v, d) ? d : right;
            if (v == start && d == 0)
                break;
        }
        QPolygonF outline;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const int in = steps[(i + steps.size() - 1) % steps.size()].direction;
            const int out = steps[i].direction;
            if (in == out)
                continue;
            QPointF corner(steps[i].vertex);
            if (steps[i].saddle)
                corner += kSaddleCut * QPointF(kStep[out] - kStep[in]);
            outline.append(corner);
        }
        return outline;
    }
};

std::vector<int> componentLabels(const AlphaMask &mask, std::vector<qsizetype> &sizes) {
    std::vector<int> labels(mask.pixels.size(), -1);
    std::vector<int> stack;
    for (int start = 0; start < int(mask.pixels.size()); ++start) {
        if (!mask.pixels[start] || labels[start] >= 0)
            continue;
        const int label = int(sizes.size());
        sizes.push_back(0);
        labels[start] = label;
        stack.push_back(start);
        while (!stack.empty()) {
            const int p = stack.back();
            stack.pop_back();
            ++sizes[label];
            const int x = p % mask.width, y = p / mask.width;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (!mask.contains(x + dx, y + dy))
                        continue;
                    const int q = (y + dy) * mask.width + x + dx;
                    if (labels[q] < 0) {
                        labels[q] = label;
                        stack.push_back(q);
                    }
                }
        }
    }
    return labels;
}

} // namespace

double signedArea(const QPolygonF &polygon) {
    double twice = 0;
    for (qsizetype i = 0, n = polygon.size(); i < n; ++i) {
        const QPointF a = polygon[i], b = polygon[(i + 1) % n];
        twice += a.x() * b.y() - b.x() * a.y();
    }
    return twice / 2;
}

QList<PartOutline> traceOutlines(const AlphaMask &mask, HoleMode holes) {
    std::vector<qsizetype> sizes;
    const std::vector<int> labels = componentLabels(mask, sizes);
    QList<PartOutline> parts(qsizetype(sizes.size()));
    Tracer tracer{mask, std::vector<std::uint8_t>(mask.pixels.size(), 0)};
    for (int y = 0; y < mask.height; ++y) {
        for (int x = 0; x < mask.width; ++x) {
            const std::size_t p = std::size_t(y) * mask.width + x;
            // Every outline, outer or hole, has a top edge; start each one at its first.
            if (!mask.pixels[p] || mask.contains(x, y - 1) || (tracer.visited[p] & 1u))
                continue;
            const QPolygonF outline = tracer.trace(QPoint(x, y));
            PartOutline &part = parts[labels[p]];
            if (signedArea(outline) > 0) {
                part.outer = outline;
                part.pixelCount = sizes[labels[p]];
            } else if (holes == HoleMode::Keep) {
                part.holes.append(outline);
            }
        }
    }
    return parts;
}

} // namespace hitsmith::operations
