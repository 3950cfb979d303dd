#include "simplifyoutline.h"

#include "traceoutline.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace hitsmith::operations {

namespace {

double cross(QPointF o, QPointF a, QPointF b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

int orientation(QPointF o, QPointF a, QPointF b) {
    const double v = cross(o, a, b);
    return (v > 0) - (v < 0);
}

bool onSegment(QPointF a, QPointF b, QPointF p) {
    return std::min(a.x(), b.x()) <= p.x() && p.x() <= std::max(a.x(), b.x()) &&
           std::min(a.y(), b.y()) <= p.y() && p.y() <= std::max(a.y(), b.y());
}

// Closed segments share a point (touching counts).
bool segmentsMeet(QPointF p1, QPointF p2, QPointF q1, QPointF q2) {
    const int o1 = orientation(p1, p2, q1), o2 = orientation(p1, p2, q2);
    const int o3 = orientation(q1, q2, p1), o4 = orientation(q1, q2, p2);
    if (o1 != o2 && o3 != o4)
        return true;
    return (o1 == 0 && onSegment(p1, p2, q1)) || (o2 == 0 && onSegment(p1, p2, q2)) ||
           (o3 == 0 && onSegment(q1, q2, p1)) || (o4 == 0 && onSegment(q1, q2, p2));
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    double t = length2 > 0 ? QPointF::dotProduct(p - a, ab) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

// The edges (by start index) that take part in a crossing, touching or fold-back.
std::set<qsizetype> badEdges(const QPolygonF &polygon) {
    std::set<qsizetype> bad;
    const qsizetype n = polygon.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n];
        if (a == b || (orientation(a, b, c) == 0 && QPointF::dotProduct(b - a, c - b) < 0)) {
            bad.insert(i);
            bad.insert((i + 1) % n);
        }
        for (qsizetype j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1)
                continue; // adjacent through the closing edge
            if (segmentsMeet(a, b, polygon[j], polygon[(j + 1) % n])) {
                bad.insert(i);
                bad.insert(j);
            }
        }
    }
    return bad;
}

} // namespace

bool isSimplePolygon(const QPolygonF &polygon) {
    return polygon.size() >= 3 && badEdges(polygon).empty();
}

QList<qsizetype> offendingEdges(const QPolygonF &polygon) {
    const std::set<qsizetype> bad = badEdges(polygon);
    return QList<qsizetype>(bad.begin(), bad.end());
}

QPolygonF withoutCollinearVertices(const QPolygonF &polygon) {
    QPolygonF result = polygon;
    bool changed = true;
    while (changed && result.size() > 3) {
        changed = false;
        for (qsizetype i = 0; i < result.size() && result.size() > 3; ++i) {
            const qsizetype n = result.size();
            if (orientation(result[(i + n - 1) % n], result[i], result[(i + 1) % n]) == 0 &&
                QPointF::dotProduct(result[i] - result[(i + n - 1) % n],
                                    result[(i + 1) % n] - result[i]) >= 0) {
                result.remove(i);
                changed = true;
                --i;
            }
        }
    }
    return result;
}

QPolygonF cornerCutOutline(const QPolygonF &outline) {
    QPolygonF result;
    const qsizetype n = outline.size();
    auto push = [&](QPointF p) {
        if (result.isEmpty() || result.last() != p)
            result.append(p);
    };
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF v = outline[i];
        for (const QPointF neighbour : {outline[(i + n - 1) % n], outline[(i + 1) % n]}) {
            const QPointF d = neighbour - v;
            const double length = std::hypot(d.x(), d.y());
            if (length > 0)
                push(v + d * (std::min(0.5, length / 2) / length));
        }
    }
    if (result.size() > 1 && result.first() == result.last())
        result.removeLast();
    return result;
}

QPolygonF simplifiedOutline(const QPolygonF &input, double tolerance) {
    const QPolygonF outline = withoutCollinearVertices(input);
    const qsizetype n = outline.size();
    if (n <= 3 || !(tolerance > 0))
        return outline;

    // Kept vertex indices; a span is the stretch of original vertices between two kept ones.
    std::vector<char> kept(std::size_t(n), 0);
    auto farthest = [&](qsizetype a, qsizetype b, double *distance) {
        // Over the original vertices strictly between a and b (b may wrap past n).
        qsizetype best = -1;
        double bestDistance = -1;
        for (qsizetype k = a + 1; k < b; ++k) {
            const double dist = distanceToSegment(outline[k % n], outline[a % n], outline[b % n]);
            if (dist > bestDistance) {
                bestDistance = dist;
                best = k;
            }
        }
        if (distance)
            *distance = bestDistance;
        return best;
    };
    auto douglasPeucker = [&](qsizetype a, qsizetype b) {
        std::vector<std::pair<qsizetype, qsizetype>> stack{{a, b}};
        while (!stack.empty()) {
            const auto [from, to] = stack.back();
            stack.pop_back();
            double distance = 0;
            const qsizetype k = farthest(from, to, &distance);
            if (k < 0 || distance <= tolerance)
                continue;
            kept[std::size_t(k % n)] = 1;
            stack.push_back({from, k});
            stack.push_back({k, to});
        }
    };
    // Start from vertex 0 and the vertex farthest from it: both lie on the outline's extent.
    qsizetype opposite = 1;
    for (qsizetype k = 2; k < n; ++k) {
        const QPointF d = outline[k] - outline[0], e = outline[opposite] - outline[0];
        if (QPointF::dotProduct(d, d) > QPointF::dotProduct(e, e))
            opposite = k;
    }
    kept[0] = kept[std::size_t(opposite)] = 1;
    douglasPeucker(0, opposite);
    douglasPeucker(opposite, n);

    // Refine until valid: each bad span gets its farthest original vertex back.
    for (;;) {
        std::vector<qsizetype> indices;
        for (qsizetype k = 0; k < n; ++k)
            if (kept[std::size_t(k)])
                indices.push_back(k);
        const qsizetype m = qsizetype(indices.size());
        auto spanEnd = [&](qsizetype i) { return i + 1 < m ? indices[i + 1] : indices[0] + n; };
        std::set<qsizetype> refine;
        if (m < 3) {
            // Too few vertices: bring back the one farthest from what is left.
            qsizetype worst = 0;
            double worstDistance = -1;
            for (qsizetype i = 0; i < m; ++i) {
                double distance = 0;
                farthest(indices[i], spanEnd(i), &distance);
                if (distance > worstDistance) {
                    worstDistance = distance;
                    worst = i;
                }
            }
            refine.insert(worst);
        } else {
            QPolygonF candidate;
            for (qsizetype k : indices)
                candidate.append(outline[k]);
            // A positive area is needed too: the input is clockwise on screen.
            if (signedArea(candidate) <= 0)
                for (qsizetype i = 0; i < m; ++i)
                    refine.insert(i);
            else
                refine = badEdges(candidate);
            if (refine.empty())
                return withoutCollinearVertices(candidate);
        }
        bool added = false;
        for (qsizetype i : refine) {
            const qsizetype k = farthest(indices[i], spanEnd(i), nullptr);
            if (k >= 0) {
                kept[std::size_t(k % n)] = 1;
                added = true;
            }
        }
        if (!added)
            return outline; // cannot happen for a simple input; the original is the safe answer
    }
}

} // namespace hitsmith::operations
