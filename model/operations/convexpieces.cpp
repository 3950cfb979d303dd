#include "convexpieces.h"

#include "simplifyoutline.h"
#include "traceoutline.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <vector>

namespace hitsmith::operations {

namespace {

using Piece = std::vector<int>; // indices into a point list, clockwise on screen
using Points = std::vector<QPointF>;

double cross(QPointF o, QPointF a, QPointF b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// Inside or on the triangle abc (positive orientation).
bool inTriangle(QPointF p, QPointF a, QPointF b, QPointF c) {
    return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

// Ear clipping; the search for each ear starts at start, so different starts give different
// triangulations.
std::vector<Piece> triangulate(const QPolygonF &polygon, int start) {
    std::vector<int> ring(std::size_t(polygon.size()));
    for (std::size_t i = 0; i < ring.size(); ++i)
        ring[i] = int((i + std::size_t(start)) % ring.size());
    std::vector<Piece> triangles;
    while (ring.size() > 3) {
        const std::size_t n = ring.size();
        std::size_t ear = n;
        for (std::size_t i = 0; i < n && ear == n; ++i) {
            const QPointF a = polygon[ring[(i + n - 1) % n]], b = polygon[ring[i]],
                          c = polygon[ring[(i + 1) % n]];
            if (cross(a, b, c) <= 0)
                continue;
            bool empty = true;
            for (std::size_t k = 0; k < n && empty; ++k) {
                if (k == i || k == (i + 1) % n || k == (i + n - 1) % n)
                    continue;
                const QPointF p = polygon[ring[k]];
                empty = !(inTriangle(p, a, b, c) && p != a && p != b && p != c);
            }
            if (empty)
                ear = i;
        }
        if (ear == n)
            return {}; // not simple after all; the caller falls back
        triangles.push_back({ring[(ear + n - 1) % n], ring[ear], ring[(ear + 1) % n]});
        ring.erase(ring.begin() + std::ptrdiff_t(ear));
    }
    triangles.push_back({ring[0], ring[1], ring[2]});
    return triangles;
}

// Number of vertices that turn (collinear ones are dropped at the end); -1 when not convex.
int convexVertexCount(const Points &polygon, const Piece &piece) {
    int count = 0;
    const std::size_t n = piece.size();
    for (std::size_t i = 0; i < n; ++i) {
        const double turn =
            cross(polygon[piece[(i + n - 1) % n]], polygon[piece[i]], polygon[piece[(i + 1) % n]]);
        if (turn < 0)
            return -1;
        count += turn > 0;
    }
    return count;
}

// Hertel-Mehlhorn: drop diagonals, longest first, while both sides merge into a convex piece
// within the budget.
std::vector<Piece> merged(const Points &polygon, std::vector<Piece> pieces, int budget) {
    std::vector<char> alive(pieces.size(), 1);
    // The owner of each directed edge a->b, listed under a: a vertex has a few edges, so this
    // answers as a map keyed by (a, b) would, without a node allocated per edge.
    std::vector<std::vector<std::pair<int, std::size_t>>> owner(polygon.size());
    const auto find = [&](int a, int b) -> std::pair<int, std::size_t> * {
        for (auto &edge : owner[std::size_t(a)])
            if (edge.first == b)
                return &edge;
        return nullptr;
    };
    std::vector<std::pair<int, int>> diagonals;
    Piece joined;
    for (bool changed = true; changed;) {
        changed = false;
        for (auto &edges : owner)
            edges.clear();
        diagonals.clear();
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            if (!alive[p])
                continue;
            for (std::size_t i = 0; i < pieces[p].size(); ++i) {
                const int a = pieces[p][i], b = pieces[p][(i + 1) % pieces[p].size()];
                if (auto *edge = find(a, b))
                    edge->second = p;
                else
                    owner[std::size_t(a)].push_back({b, p});
                if (find(b, a))
                    diagonals.push_back({a, b});
            }
        }
        auto length = [&](const std::pair<int, int> &d) {
            const QPointF v = polygon[d.first] - polygon[d.second];
            return QPointF::dotProduct(v, v);
        };
        std::sort(diagonals.begin(), diagonals.end(),
                  [&](const auto &x, const auto &y) { return length(x) > length(y); });
        for (const auto &[a, b] : diagonals) {
            const std::size_t p = find(a, b)->second, q = find(b, a)->second;
            if (p == q || !alive[p] || !alive[q])
                continue;
            // p holds a->b, q holds b->a: walk p from b round to a, then q after a up to b.
            const Piece &pp = pieces[p], &qq = pieces[q];
            const auto ib = std::size_t(std::find(pp.begin(), pp.end(), b) - pp.begin());
            const auto ia = std::size_t(std::find(qq.begin(), qq.end(), a) - qq.begin());
            joined.clear();
            for (std::size_t k = 0; k < pp.size(); ++k)
                joined.push_back(pp[(ib + k) % pp.size()]);
            for (std::size_t k = 1; k + 1 < qq.size(); ++k)
                joined.push_back(qq[(ia + k) % qq.size()]);
            const int count = convexVertexCount(polygon, joined);
            if (count < 0 || (budget > 0 && count > budget))
                continue;
            pieces[p] = joined;
            alive[q] = 0;
            changed = true;
            break; // the edge lists are stale now
        }
    }
    std::vector<Piece> result;
    for (std::size_t p = 0; p < pieces.size(); ++p)
        if (alive[p])
            result.push_back(std::move(pieces[p]));
    return result;
}

// A convex piece over the budget becomes a fan of pieces of at most budget vertices.
std::vector<Piece> withinBudget(std::vector<Piece> pieces, int budget) {
    if (budget <= 0)
        return pieces;
    std::vector<Piece> result;
    for (Piece &piece : pieces) {
        std::size_t first = 0;
        while (piece.size() - first > std::size_t(budget)) {
            // Cut off vertices first..first+budget-2 together with the last vertex (the fan's hub).
            Piece chunk{piece.back()};
            for (std::size_t k = first; k < first + std::size_t(budget) - 1; ++k)
                chunk.push_back(piece[k]);
            result.push_back(chunk);
            first += std::size_t(budget) - 2;
        }
        Piece rest{piece.back()};
        if (first == 0)
            rest = piece;
        else
            rest.insert(rest.end(), piece.begin() + std::ptrdiff_t(first), piece.end() - 1);
        result.push_back(rest);
    }
    return result;
}

// Splits at reflex vertices: by a diagonal to a visible vertex inside the wedge that makes the
// vertex convex (one that is reflex itself and made convex too preferred, then the nearest), or,
// when no vertex is visible there, by a cut along the wedge's bisector to a new point on the
// opposite edge (a Steiner point, as Bayazit's method does). Checks visibility, which
// poly-decomp's quickDecomp does not; gives up (false) on anything unexpected.
struct Splitter {
    Points points;
    std::vector<Piece> pieces;

    QPointF at(const Piece &poly, std::ptrdiff_t k) const {
        const auto n = std::ptrdiff_t(poly.size());
        return points[std::size_t(poly[std::size_t(((k % n) + n) % n)])];
    }

    bool reflex(const Piece &poly, std::ptrdiff_t k) const {
        return cross(at(poly, k - 1), at(poly, k), at(poly, k + 1)) < 0;
    }

    // Both edges at k make a convex turn with the diagonal leaving k in direction d.
    bool resolves(const Piece &poly, std::ptrdiff_t k, QPointF d) const {
        const QPointF in = at(poly, k) - at(poly, k - 1), out = at(poly, k + 1) - at(poly, k);
        // Straight on (a zero turn) is fine: that vertex just drops out of the piece.
        return in.x() * d.y() - in.y() * d.x() >= 0 && out.x() * d.y() - out.y() * d.x() >= 0;
    }

    bool inCone(const Piece &poly, std::ptrdiff_t k, QPointF q) const {
        const QPointF a = at(poly, k - 1), b = at(poly, k), c = at(poly, k + 1);
        const bool leftOfIn = cross(a, b, q) > 0, leftOfOut = cross(b, c, q) > 0;
        return cross(a, b, c) >= 0 ? leftOfIn && leftOfOut : leftOfIn || leftOfOut;
    }

    bool visible(const Piece &poly, std::ptrdiff_t i, std::ptrdiff_t j) const {
        const QPointF a = at(poly, i), b = at(poly, j);
        if (!inCone(poly, i, b) || !inCone(poly, j, a))
            return false;
        const auto n = std::ptrdiff_t(poly.size());
        for (std::ptrdiff_t k = 0; k < n; ++k) {
            const std::ptrdiff_t k1 = (k + 1) % n;
            if (k == i || k == j || k1 == i || k1 == j)
                continue;
            if (segmentsMeet(a, b, at(poly, k), at(poly, k1)))
                return false;
        }
        return true;
    }

    static bool segmentsMeet(QPointF p1, QPointF p2, QPointF q1, QPointF q2) {
        const auto side = [](QPointF o, QPointF a, QPointF b) {
            const double v = cross(o, a, b);
            return (v > 0) - (v < 0);
        };
        const auto on = [](QPointF a, QPointF b, QPointF p) {
            return std::min(a.x(), b.x()) <= p.x() && p.x() <= std::max(a.x(), b.x()) &&
                   std::min(a.y(), b.y()) <= p.y() && p.y() <= std::max(a.y(), b.y());
        };
        const int o1 = side(p1, p2, q1), o2 = side(p1, p2, q2);
        const int o3 = side(q1, q2, p1), o4 = side(q1, q2, p2);
        if (o1 != o2 && o3 != o4)
            return true;
        return (o1 == 0 && on(p1, p2, q1)) || (o2 == 0 && on(p1, p2, q2)) ||
               (o3 == 0 && on(q1, q2, p1)) || (o4 == 0 && on(q1, q2, p2));
    }

    static Piece cycle(const Piece &poly, std::ptrdiff_t from, std::ptrdiff_t to) {
        Piece part;
        const auto n = std::ptrdiff_t(poly.size());
        for (std::ptrdiff_t k = from;; k = (k + 1) % n) {
            part.push_back(poly[std::size_t(k)]);
            if (k == to)
                break;
        }
        return part;
    }

    bool split(const Piece &poly, int depth) {
        if (depth > 4 * int(poly.size()) + 64)
            return false;
        const auto n = std::ptrdiff_t(poly.size());
        std::ptrdiff_t i = 0;
        while (i < n && !reflex(poly, i))
            ++i;
        if (i == n) {
            pieces.push_back(poly);
            return true;
        }
        const QPointF pi = at(poly, i);
        std::ptrdiff_t best = -1;
        std::pair<int, double> bestScore{2, 0};
        for (std::ptrdiff_t j = 0; j < n; ++j) {
            if (j == i || j == (i + 1) % n || j == (i + n - 1) % n)
                continue;
            const QPointF d = at(poly, j) - pi;
            if (!resolves(poly, i, d) || !visible(poly, i, j))
                continue;
            const bool both = reflex(poly, j) && resolves(poly, j, -d);
            const std::pair<int, double> score{both ? 0 : 1, QPointF::dotProduct(d, d)};
            if (best < 0 || score < bestScore) {
                best = j;
                bestScore = score;
            }
        }
        if (best >= 0)
            return split(cycle(poly, i, best), depth + 1) && split(cycle(poly, best, i), depth + 1);

        // No vertex to connect to: cut along the bisector of the wedge to the nearest edge.
        const QPointF in = pi - at(poly, i - 1), out = at(poly, i + 1) - pi;
        const QPointF ray = in / std::hypot(in.x(), in.y()) - out / std::hypot(out.x(), out.y());
        double nearest = -1, along = 0;
        std::ptrdiff_t edge = -1;
        for (std::ptrdiff_t k = 0; k < n; ++k) {
            if (k == i || (k + 1) % n == i)
                continue;
            const QPointF a = at(poly, k), e = at(poly, k + 1) - a;
            const double denominator = ray.x() * e.y() - ray.y() * e.x();
            if (denominator == 0)
                continue;
            const QPointF w = a - pi;
            const double t = (w.x() * e.y() - w.y() * e.x()) / denominator;
            const double s = (w.x() * ray.y() - w.y() * ray.x()) / denominator;
            if (t > 0 && s >= 0 && s <= 1 && (nearest < 0 || t < nearest)) {
                nearest = t;
                along = s;
                edge = k;
            }
        }
        if (edge < 0 || along <= 1e-9 || along >= 1 - 1e-9)
            return false;
        const QPointF hit = pi + nearest * ray;
        const int steiner = int(points.size());
        points.push_back(hit);
        Piece first = cycle(poly, i, edge);
        first.push_back(steiner);
        Piece second{steiner};
        const Piece rest = cycle(poly, (edge + 1) % n, i);
        second.insert(second.end(), rest.begin(), rest.end());
        return split(first, depth + 1) && split(second, depth + 1);
    }
};

QPolygonF clockwise(QPolygonF polygon) {
    if (signedArea(polygon) < 0)
        std::reverse(polygon.begin(), polygon.end());
    return polygon;
}

bool allConvex(const Points &points, const std::vector<Piece> &pieces) {
    return std::all_of(pieces.begin(), pieces.end(), [&](const Piece &piece) {
        return piece.size() >= 3 && convexVertexCount(points, piece) >= 3;
    });
}

} // namespace

QList<QPolygonF> convexPieces(const QPolygonF &input, int maxVertices) {
    const QPolygonF polygon = clockwise(withoutCollinearVertices(input));
    if (polygon.size() < 3 || signedArea(polygon) <= 0)
        return {};
    const int budget = maxVertices > 0 ? std::max(3, maxVertices) : 0;
    Points best;
    std::vector<Piece> bestPieces;
    auto consider = [&](const Points &points, std::vector<Piece> pieces) {
        if (pieces.empty() || !allConvex(points, pieces))
            return;
        pieces = merged(points, withinBudget(std::move(pieces), budget), budget);
        if (bestPieces.empty() || pieces.size() < bestPieces.size()) {
            best = points;
            bestPieces = std::move(pieces);
        }
    };
    const Points points(polygon.begin(), polygon.end());
    Splitter splitter{points, {}};
    Piece all(points.size());
    for (std::size_t k = 0; k < all.size(); ++k)
        all[k] = int(k);
    if (splitter.split(all, 0))
        consider(splitter.points, splitter.pieces);
    // Every reflex vertex needs a cut, and a cut (a diagonal, or a cut to a Steiner point)
    // resolves at most two: no split has fewer than r/2 + 1 pieces (Chazelle). Once the best
    // reaches that, no later try can have fewer, and the first best is kept: stop there.
    std::size_t reflex = 0;
    for (std::size_t k = 0, n = points.size(); k < n; ++k)
        reflex += cross(points[(k + n - 1) % n], points[k], points[(k + 1) % n]) < 0;
    const std::size_t fewestPossible = (reflex + 1) / 2 + 1;
    const int tries = int(std::min<qsizetype>(polygon.size(), 8));
    for (int start = 0; start < tries; ++start) {
        if (!bestPieces.empty() && bestPieces.size() <= fewestPossible)
            break;
        consider(points, triangulate(polygon, start * int(polygon.size()) / tries));
    }
    QList<QPolygonF> result;
    for (const Piece &piece : bestPieces) {
        QPolygonF vertices;
        for (int index : piece)
            vertices.append(best[std::size_t(index)]);
        result.append(withoutCollinearVertices(vertices));
    }
    return result;
}

std::optional<QList<Shape>> splitIntoConvexPieces(const Shape &shape, const Frame &frame,
                                                  int maxVertices) {
    if (shape.type != ShapeType::Polygon)
        return std::nullopt;
    for (QPointF p : shape.points)
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
            return std::nullopt;
    const QPolygonF polygon = withoutCollinearVertices(QPolygonF(shape.points));
    if (!isSimplePolygon(polygon) || signedArea(polygon) == 0)
        return std::nullopt;
    const QList<QPolygonF> pieces = convexPieces(polygon, maxVertices);
    if (pieces.size() < 2)
        return std::nullopt;
    QList<Shape> shapes;
    QStringList taken;
    for (const Shape &existing : frame.shapes)
        taken.append(existing.id);
    int next = 2;
    for (const QPolygonF &piece : pieces) {
        Shape part = shape;
        part.points = piece.toList();
        if (!shapes.isEmpty()) {
            do {
                part.id = shape.id + QStringLiteral("-%1").arg(next++);
            } while (taken.contains(part.id));
        }
        shapes.append(part);
    }
    return shapes;
}

QPolygonF convexHullPiece(const QPolygonF &input, int maxVertices) {
    std::vector<QPointF> points(input.begin(), input.end());
    std::sort(points.begin(), points.end(), [](QPointF a, QPointF b) {
        return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
    });
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points.size() < 3)
        return {};
    // Andrew's monotone chain; strict turns only, so no collinear vertices.
    std::vector<QPointF> hull(2 * points.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], points[i]) <= 0)
            --k;
        hull[k++] = points[i];
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0)
            --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    QPolygonF result(hull.begin(), hull.end());
    if (result.size() < 3)
        return {};
    const int budget = maxVertices > 0 ? std::max(3, maxVertices) : 0;
    while (budget > 0 && result.size() > budget) {
        qsizetype cheapest = 0;
        double least = -1;
        for (qsizetype i = 0, n = result.size(); i < n; ++i) {
            const double loss =
                std::abs(cross(result[(i + n - 1) % n], result[i], result[(i + 1) % n]));
            if (least < 0 || loss < least) {
                least = loss;
                cheapest = i;
            }
        }
        result.remove(cheapest);
    }
    return clockwise(result);
}

} // namespace hitsmith::operations
