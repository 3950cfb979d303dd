#include "fitoutline.h"

#include "simplifyoutline.h"
#include "traceoutline.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace hitsmith::operations {

namespace {

constexpr double kSlack = 1e-9; // rounding allowance on the tolerance

// Two lines whose directions differ by less than this (the sine of the angle) count as parallel.
constexpr double kParallel = 1e-3;

struct Line {
    QPointF point;
    QPointF direction; // unit length
};

double cross(QPointF a, QPointF b) {
    return a.x() * b.y() - a.y() * b.x();
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    double t = length2 > 0 ? QPointF::dotProduct(p - a, ab) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

QPointF projected(QPointF p, const Line &line) {
    return line.point + QPointF::dotProduct(p - line.point, line.direction) * line.direction;
}

std::optional<QPointF> intersection(const Line &a, const Line &b) {
    const double denominator = cross(a.direction, b.direction);
    if (std::abs(denominator) < kParallel)
        return std::nullopt;
    return a.point + (cross(b.point - a.point, b.direction) / denominator) * a.direction;
}

class Fitter {
public:
    Fitter(const QPolygonF &contour, double tolerance, const QRectF &bounds)
        : mContour(contour)
        , mSize(contour.size())
        , mTolerance(tolerance)
        , mBounds(bounds.isValid() ? bounds.adjusted(-kSlack, -kSlack, kSlack, kSlack) : QRectF()) {
    }

    QPointF at(qsizetype k) const { return mContour[k % mSize]; }

    // The least-squares line through the contour from vertex `from` to vertex `to` (to may be
    // past the end: indices wrap), as a polyline: every point of it counts, not just vertices,
    // so long straight runs weigh by their length.
    Line fittedLine(qsizetype from, qsizetype to) const {
        const QPointF origin = at(from); // moments about a local origin keep precision
        double w = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
        for (qsizetype k = from; k < to; ++k) {
            const QPointF p = at(k) - origin, q = at(k + 1) - origin;
            const double length = std::hypot(q.x() - p.x(), q.y() - p.y());
            w += length;
            sx += length * (p.x() + q.x()) / 2;
            sy += length * (p.y() + q.y()) / 2;
            sxx += length * (p.x() * p.x() + p.x() * q.x() + q.x() * q.x()) / 3;
            syy += length * (p.y() * p.y() + p.y() * q.y() + q.y() * q.y()) / 3;
            sxy += length *
                   (2 * p.x() * p.y() + p.x() * q.y() + q.x() * p.y() + 2 * q.x() * q.y()) / 6;
        }
        const QPointF chord = at(to) - at(from);
        if (w <= 0)
            return {at(from), QPointF(1, 0)};
        const double cx = sx / w, cy = sy / w;
        const double vxx = sxx / w - cx * cx, vyy = syy / w - cy * cy, vxy = sxy / w - cx * cy;
        const double angle = 0.5 * std::atan2(2 * vxy, vxx - vyy);
        QPointF direction(std::cos(angle), std::sin(angle));
        if (QPointF::dotProduct(direction, chord) < 0)
            direction = -direction; // along the outline, so intersections keep their order
        return {origin + QPointF(cx, cy), direction};
    }

    // Distance from p to the contour between vertices from and to.
    double distanceToStretch(QPointF p, qsizetype from, qsizetype to) const {
        double nearest = std::numeric_limits<double>::max();
        for (qsizetype k = from; k < to; ++k)
            nearest = std::min(nearest, distanceToSegment(p, at(k), at(k + 1)));
        return nearest;
    }

    // Largest distance of the contour vertices from..to from the segment ab.
    double deviation(qsizetype from, qsizetype to, QPointF a, QPointF b) const {
        double worst = 0;
        for (qsizetype k = from; k <= to; ++k)
            worst = std::max(worst, distanceToSegment(at(k), a, b));
        return worst;
    }

    // The outline through the kept contour vertices (ascending indices) with each vertex moved
    // onto the meeting point of its edges' fitted lines, where the guarantees allow it; a vertex
    // that would break one stays on the contour. Nothing when even that breaks them.
    std::optional<QPolygonF> placed(const std::vector<qsizetype> &kept) const {
        const auto m = qsizetype(kept.size());
        if (m < 3)
            return std::nullopt;
        auto end = [&](qsizetype s) { return s + 1 < m ? kept[s + 1] : kept[0] + mSize; };
        auto start = [&](qsizetype i) { return i > 0 ? kept[i - 1] : kept[m - 1] - mSize; };
        std::vector<Line> lines(static_cast<std::size_t>(m));
        for (qsizetype s = 0; s < m; ++s)
            lines[s] = fittedLine(kept[s], end(s));
        std::vector<QPointF> ideal(static_cast<std::size_t>(m));
        for (qsizetype i = 0; i < m; ++i) {
            const QPointF original = at(kept[i]);
            const Line &before = lines[(i + m - 1) % m], &after = lines[i];
            // Vertex i lies on the contour stretch from start(i) to end(i); wrap it forwards.
            const qsizetype from = start(i) < 0 ? start(i) + mSize : start(i);
            const qsizetype to = from + (end(i) - start(i));
            auto fits = [&](QPointF p) {
                return (mBounds.isNull() || mBounds.contains(p)) &&
                       distanceToStretch(p, from, to) <= mTolerance + kSlack;
            };
            ideal[i] = original;
            if (const auto meet = intersection(before, after); meet && fits(*meet))
                ideal[i] = *meet;
            else if (const QPointF mid =
                         (projected(original, before) + projected(original, after)) / 2;
                     fits(mid))
                ideal[i] = mid;
        }
        std::vector<char> onContour(static_cast<std::size_t>(m), 0);
        for (;;) {
            QPolygonF polygon;
            for (qsizetype i = 0; i < m; ++i)
                polygon.append(onContour[i] ? at(kept[i]) : ideal[i]);
            bool moved = false;
            auto pin = [&](qsizetype i) {
                if (!onContour[i % m]) {
                    onContour[i % m] = 1;
                    moved = true;
                }
            };
            for (qsizetype s = 0; s < m; ++s)
                if (deviation(kept[s], end(s), polygon[s], polygon[(s + 1) % m]) >
                    mTolerance + kSlack) {
                    pin(s);
                    pin(s + 1);
                }
            if (!moved) {
                if (signedArea(polygon) <= 0) {
                    for (qsizetype i = 0; i < m; ++i)
                        pin(i);
                } else {
                    const QList<qsizetype> bad = offendingEdges(polygon);
                    if (bad.isEmpty())
                        return polygon;
                    for (qsizetype s : bad) {
                        pin(s);
                        pin(s + 1);
                    }
                }
            }
            if (!moved)
                return std::nullopt;
        }
    }

private:
    const QPolygonF &mContour;
    qsizetype mSize;
    double mTolerance;
    QRectF mBounds; // vertices stay inside (the mask's extent); null: anywhere
};

// The positions in contour of the vertices of simplified (a subsequence of it, in order).
std::vector<qsizetype> keptIndices(const QPolygonF &contour, const QPolygonF &simplified) {
    const qsizetype n = contour.size();
    const qsizetype first = contour.indexOf(simplified.value(0));
    if (first < 0)
        return {};
    std::vector<qsizetype> kept;
    qsizetype k = first;
    for (QPointF p : simplified) {
        while (k < first + n && contour[k % n] != p)
            ++k;
        if (k == first + n)
            return {};
        kept.push_back(k % n);
    }
    std::sort(kept.begin(), kept.end());
    return kept;
}

} // namespace

QPolygonF fittedOutline(const QPolygonF &input, double tolerance, const QRectF &bounds) {
    const QPolygonF contour = withoutCollinearVertices(input);
    const QPolygonF simplified = simplifiedOutline(contour, tolerance);
    if (contour.size() <= 3 || !(tolerance > 0))
        return simplified;
    const std::vector<qsizetype> kept = keptIndices(contour, simplified);
    const std::optional<QPolygonF> fitted = Fitter(contour, tolerance, bounds).placed(kept);
    return fitted ? withoutCollinearVertices(*fitted) : simplified;
}

} // namespace hitsmith::operations
