#include "runtimegen.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hitsmith::test {

namespace {

double uniform(QRandomGenerator &random, double lo, double hi) {
    return lo + (hi - lo) * random.generateDouble();
}

int between(QRandomGenerator &random, int lo, int hi) {
    return lo + int(random.bounded(hi - lo + 1));
}

QString num(double v) {
    if (v == 0.0)
        return QStringLiteral("0");
    return QString::number(v, 'g', 17);
}

QString str(const QString &s) {
    QString out = QStringLiteral("\"");
    for (QChar c : s) {
        if (c == u'"' || c == u'\\')
            out += u'\\';
        out += c;
    }
    return out + u'"';
}

QString point(QPointF p) {
    return u'[' + num(p.x()) + u',' + num(p.y()) + u']';
}

QString pairsJson(const LayerPairs &pairs) {
    QStringList items;
    for (const auto &pair : pairs)
        items << u'[' + str(pair.first) + u',' + str(pair.second) + u']';
    return u'[' + items.join(u',') + u']';
}

// Ids share a frame-specific prefix, so a hit names the frame it came from; the suffixes mix
// cases and a non-ASCII letter so that the (a, b) order is tested beyond ASCII lowercase.
const QStringList kIdStems = {
    QStringLiteral("blade"), QStringLiteral("Body"), QStringLiteral("arm"), QStringLiteral("Zone"),
    QStringLiteral("über"),  QStringLiteral("fist"), QStringLiteral("B"),   QStringLiteral("a")};

GenShape randomShape(QRandomGenerator &random, const GenOptions &options, QPointF origin) {
    GenShape s;
    s.layer = options.layers[int(random.bounded(qsizetype(options.layers.size())))];
    const QPointF c = origin + QPointF(uniform(random, -25, 25), uniform(random, -40, 5));
    const int kinds = options.capsules ? 4 : 3;
    s.kind = GenShape::Kind(random.bounded(kinds));
    switch (s.kind) {
    case GenShape::Polygon: {
        const int n = between(random, 3, 8);
        const double rx = uniform(random, 3, 20), ry = uniform(random, 3, 20);
        const double phi = uniform(random, 0, 2 * std::numbers::pi);
        // Angles spread round the ellipse with a minimum gap: strictly convex, never collinear.
        QList<double> angles;
        const double slot = 2 * std::numbers::pi / n;
        for (int i = 0; i < n; ++i)
            angles << slot * i + uniform(random, 0.1, 0.9) * slot;
        for (double t : angles) {
            const double x = rx * std::cos(t), y = ry * std::sin(t);
            s.points << c + QPointF(x * std::cos(phi) - y * std::sin(phi),
                                    x * std::sin(phi) + y * std::cos(phi));
        }
        if (random.bounded(2))
            std::reverse(s.points.begin(), s.points.end());
        break;
    }
    case GenShape::Rect: {
        s.center = c;
        s.size = QSizeF(uniform(random, 2, 30), uniform(random, 2, 30));
        static const double kAngles[] = {0, 90, -90, 180, 270, 450, -720};
        const int pick = int(random.bounded(10));
        s.angle = pick < 7 ? kAngles[pick] : uniform(random, -400, 400);
        break;
    }
    case GenShape::Circle:
        s.center = c;
        s.radius = uniform(random, 2, 15);
        break;
    case GenShape::Capsule: {
        const double length = random.bounded(6) == 0 ? 0.0 : uniform(random, 1, 30);
        const double phi = uniform(random, 0, 2 * std::numbers::pi);
        const QPointF half(length / 2 * std::cos(phi), length / 2 * std::sin(phi));
        s.points << c - half << c + half;
        s.radius = uniform(random, 2, 10);
        break;
    }
    }
    return s;
}

// Whole-pixel axis-aligned rectangles: touching distances are exact in doubles.
GenShape integerRect(QRandomGenerator &random, const GenOptions &options, QPointF origin) {
    GenShape s;
    s.kind = GenShape::Rect;
    s.layer = options.layers[int(random.bounded(qsizetype(options.layers.size())))];
    s.center = origin + QPointF(between(random, -20, 20), between(random, -30, 0));
    s.size = QSizeF(2 * between(random, 1, 10), 2 * between(random, 1, 10));
    s.angle = random.bounded(4) == 0 ? 90.0 : 0.0;
    return s;
}

// ---- oracle geometry --------------------------------------------------------------------------

struct Rounded {
    QList<QPointF> points;
    double radius = 0.0;
};

double cross(QPointF a, QPointF b) {
    return a.x() * b.y() - a.y() * b.x();
}

double dot(QPointF a, QPointF b) {
    return a.x() * b.x() + a.y() * b.y();
}

// Andrew's monotone chain: counter-clockwise in x-right/y-up terms, collinear points dropped.
QList<QPointF> hull(QList<QPointF> p) {
    std::sort(p.begin(), p.end(), [](QPointF a, QPointF b) {
        return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
    });
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.size() < 3)
        return p;
    QList<QPointF> h(2 * p.size());
    qsizetype k = 0;
    for (qsizetype i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0)
            --k;
        h[k++] = p[i];
    }
    for (qsizetype i = p.size() - 2, t = k + 1; i >= 0; --i) {
        while (k >= t && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0)
            --k;
        h[k++] = p[i];
    }
    h.resize(k - 1);
    return h;
}

QPointF nearestOnSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF e = b - a;
    const double ee = dot(e, e);
    if (ee == 0.0)
        return a;
    return a + e * std::clamp(dot(p - a, e) / ee, 0.0, 1.0);
}

struct Expectation {
    enum State { No, Maybe, Yes } state = No;
    double depth = 0.0;
    QList<QPointF> normals;
};

// Moving B by depth * normal separates it from A: the origin's exit from A - B grown by R.
Expectation contact(const Rounded &a, const Rounded &b) {
    QList<QPointF> diffs;
    for (QPointF p : a.points)
        for (QPointF q : b.points)
            diffs << p - q;
    const QList<QPointF> m = hull(diffs);
    const double r = a.radius + b.radius;
    Expectation e;
    const qsizetype n = m.size();
    if (n >= 3) {
        // Outward distance of the origin past each edge (counter-clockwise: outward is (ey, -ex)).
        QList<double> beyond;
        QList<QPointF> outward;
        bool inside = true;
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF v = m[i], w = m[(i + 1) % n];
            const QPointF edge = w - v;
            const double length = std::sqrt(dot(edge, edge));
            const QPointF out(edge.y() / length, -edge.x() / length);
            const double s = -dot(v, out);
            beyond << s;
            outward << out;
            inside = inside && s < 0.0;
        }
        if (inside) {
            double least = -*std::max_element(beyond.begin(), beyond.end());
            e.state = Expectation::Yes;
            e.depth = least + r;
            for (qsizetype i = 0; i < n; ++i)
                if (-beyond[i] <= least + 1e-9)
                    e.normals << outward[i];
            return e;
        }
        double best = INFINITY;
        QPointF nearest;
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF q = nearestOnSegment(QPointF(), m[i], m[(i + 1) % n]);
            if (dot(q, q) < best) {
                best = dot(q, q);
                nearest = q;
            }
        }
        const double d = std::sqrt(best);
        const double gap = d - r;
        if (gap > 1.1e-9)
            return e;
        e.state = gap >= 0.9e-9 ? Expectation::Maybe : Expectation::Yes;
        e.depth = std::max(r - d, 0.0);
        if (d > 1e-7) {
            e.normals << -nearest / d;
        } else {
            for (qsizetype i = 0; i < n; ++i)
                if (std::abs(beyond[i]) <= 1e-7)
                    e.normals << outward[i];
        }
        return e;
    }
    // A segment or a point: the origin is never strictly inside.
    QPointF nearest = m.value(0);
    if (n == 2)
        nearest = nearestOnSegment(QPointF(), m[0], m[1]);
    const double d = std::sqrt(dot(nearest, nearest));
    const double gap = d - r;
    if (gap > 1.1e-9)
        return e;
    e.state = gap >= 0.9e-9 ? Expectation::Maybe : Expectation::Yes;
    e.depth = std::max(r - d, 0.0);
    if (d > 1e-7)
        e.normals << -nearest / d;
    return e;
}

struct Placement {
    QPointF at;      // where the local origin lands
    double sx = 1.0; // -1 mirrored
    QPointF origin;  // subtracted from document coordinates
};

QPointF place(const Placement &p, QPointF v) {
    const QPointF local = v - p.origin;
    return QPointF(p.at.x() + p.sx * local.x(), p.at.y() + local.y());
}

Rounded placed(const GenShape &s, const Placement &p) {
    Rounded r;
    switch (s.kind) {
    case GenShape::Polygon:
        for (QPointF v : s.points)
            r.points << place(p, v);
        break;
    case GenShape::Capsule:
        for (QPointF v : s.points)
            r.points << place(p, v);
        r.radius = s.radius;
        break;
    case GenShape::Circle:
        r.points << place(p, s.center);
        r.radius = s.radius;
        break;
    case GenShape::Rect: {
        const QPointF c = place(p, s.center);
        const double angle = (p.sx < 0 ? -s.angle : s.angle) * std::numbers::pi / 180.0;
        const double co = std::cos(angle), si = std::sin(angle);
        const double hx = s.size.width() / 2, hy = s.size.height() / 2;
        for (const auto &[u, v] : {std::pair(-hx, -hy), {hx, -hy}, {hx, hy}, {-hx, hy}})
            r.points << c + QPointF(co * u - si * v, si * u + co * v);
        break;
    }
    }
    return r;
}

QPointF rootOf(const GenSprite &sprite, int frame) {
    QPointF root;
    for (int i = 0; i <= frame; ++i)
        root += sprite.frames[i].motion;
    return root;
}

Placement attackerPlacement(const GenSprite &sprite, int frame) {
    const GenFrame &f = sprite.frames[frame];
    return {rootOf(sprite, frame), 1.0, f.origin.value_or(QPointF())};
}

Placement defenderPlacement(const GenFrame &f, const GenQuery &q) {
    return {QPointF(q.dx, q.dy), q.sameFacing ? 1.0 : -1.0, f.origin.value_or(QPointF())};
}

bool collides(const GenDoc &doc, const QString &a, const QString &d) {
    if (!doc.collide)
        return true;
    for (const auto &pair : *doc.collide)
        if ((pair.first == a && pair.second == d) || (pair.first == d && pair.second == a))
            return true;
    return false;
}

bool allowed(const GenDoc &doc, const QString &attack, const std::optional<LayerPairs> &layers,
             const QString &a, const QString &d) {
    if (layers)
        return layers->contains(std::pair(a, d));
    if (!attack.isEmpty() && a != attack)
        return false;
    return collides(doc, a, d);
}

QPointF centreOf(const GenShape &s) {
    if (s.kind == GenShape::Rect || s.kind == GenShape::Circle)
        return s.center;
    QPointF sum;
    for (QPointF p : s.points)
        sum += p;
    return sum / double(s.points.size());
}

} // namespace

const GenSprite &spriteNamed(const GenDoc &doc, const QString &name) {
    for (const GenSprite &s : doc.sprites)
        if (s.name == name)
            return s;
    qFatal("no generated sprite %s", qPrintable(name));
}

GenDoc generateDocument(QRandomGenerator &random, const GenOptions &options) {
    GenDoc doc;
    doc.styledLayers = options.layers;
    doc.collide = options.collide;
    const int spriteCount = options.sprites + (options.integerRects ? 1 : 0);
    for (int s = 0; s < spriteCount; ++s) {
        const bool boxes = options.integerRects && s == spriteCount - 1;
        GenSprite sprite;
        sprite.name = boxes ? QStringLiteral("boxes") : QStringLiteral("s%1").arg(s);
        if (random.bounded(2))
            sprite.duration = between(random, 20, 150);
        const int frames = between(random, 1, 5);
        for (int f = 0; f < frames; ++f) {
            GenFrame frame;
            frame.name = QStringLiteral("f%1").arg(f);
            if (random.bounded(2))
                frame.ownDuration = random.bounded(8) == 0 ? 1 : between(random, 1, 200);
            frame.durationMs = frame.ownDuration.value_or(sprite.duration.value_or(100));
            if (boxes) {
                frame.origin = QPointF(between(random, 20, 40), between(random, 50, 64));
                if (random.bounded(2))
                    frame.motion = QPointF(between(random, -3, 12), between(random, -2, 2));
            } else {
                if (random.bounded(10) < 7)
                    frame.origin =
                        QPointF(32 + uniform(random, -4, 4), 60 + uniform(random, -4, 4));
                if (random.bounded(2))
                    frame.motion = QPointF(uniform(random, -5, 20), uniform(random, -3, 3));
            }
            const int shapes = between(random, 1, 5);
            QStringList stems = kIdStems;
            for (int k = 0; k < shapes; ++k) {
                GenShape shape =
                    boxes ? integerRect(random, options, frame.origin.value_or(QPointF()))
                          : randomShape(random, options, frame.origin.value_or(QPointF()));
                const QString stem = stems.takeAt(int(random.bounded(qsizetype(stems.size()))));
                shape.id = QStringLiteral("%1.%2-%3").arg(sprite.name, frame.name, stem);
                frame.shapes << shape;
            }
            sprite.frames << frame;
        }
        doc.sprites << sprite;
    }
    return doc;
}

QByteArray documentJson(const GenDoc &doc) {
    QString out = QStringLiteral("{\"format\":\"hitsmith\",\"version\":1");
    if (doc.collide)
        out += QStringLiteral(",\"collide\":") + pairsJson(*doc.collide);
    QStringList styles;
    for (const QString &layer : doc.styledLayers)
        styles << QStringLiteral("{\"name\":%1,\"color\":\"#808080\"}").arg(str(layer));
    out += QStringLiteral(",\"layers\":[") + styles.join(u',') + u']';
    QStringList sprites;
    for (const GenSprite &sprite : doc.sprites) {
        QString s = QStringLiteral("{\"name\":") + str(sprite.name);
        if (sprite.duration)
            s += QStringLiteral(",\"duration\":%1").arg(*sprite.duration);
        QStringList frames;
        for (const GenFrame &frame : sprite.frames) {
            QString f = QStringLiteral("{\"name\":") + str(frame.name);
            if (frame.ownDuration)
                f += QStringLiteral(",\"duration\":%1").arg(*frame.ownDuration);
            if (frame.origin)
                f += QStringLiteral(",\"origin\":") + point(*frame.origin);
            if (!frame.motion.isNull())
                f += QStringLiteral(",\"motion\":") + point(frame.motion);
            QStringList shapes;
            for (const GenShape &shape : frame.shapes) {
                QString j =
                    QStringLiteral("{\"id\":%1,\"layer\":%2,").arg(str(shape.id), str(shape.layer));
                switch (shape.kind) {
                case GenShape::Polygon: {
                    QStringList pts;
                    for (QPointF p : shape.points)
                        pts << point(p);
                    j +=
                        QStringLiteral("\"type\":\"polygon\",\"points\":[") + pts.join(u',') + u']';
                    break;
                }
                case GenShape::Rect:
                    j += QStringLiteral("\"type\":\"rect\",\"center\":") + point(shape.center) +
                         QStringLiteral(",\"size\":") +
                         point({shape.size.width(), shape.size.height()}) +
                         QStringLiteral(",\"angle\":") + num(shape.angle);
                    break;
                case GenShape::Circle:
                    j += QStringLiteral("\"type\":\"circle\",\"center\":") + point(shape.center) +
                         QStringLiteral(",\"radius\":") + num(shape.radius);
                    break;
                case GenShape::Capsule: {
                    QStringList pts;
                    for (QPointF p : shape.points)
                        pts << point(p);
                    j += QStringLiteral("\"type\":\"capsule\",\"ends\":[") + pts.join(u',') +
                         QStringLiteral("],\"radius\":") + num(shape.radius);
                    break;
                }
                }
                shapes << j + u'}';
            }
            frames << f + QStringLiteral(",\"shapes\":[") + shapes.join(u',') +
                          QStringLiteral("]}");
        }
        sprites << s + QStringLiteral(",\"frames\":[") + frames.join(QStringLiteral(",\n")) +
                       QStringLiteral("]}");
    }
    out += QStringLiteral(",\"sprites\":[\n") + sprites.join(QStringLiteral(",\n")) +
           QStringLiteral("]}\n");
    return out.toUtf8();
}

QByteArray runtimeJson(const GenDoc &doc) {
    QStringList names = doc.styledLayers;
    if (doc.collide)
        for (const auto &pair : *doc.collide)
            names << pair.first << pair.second;
    for (const GenSprite &sprite : doc.sprites)
        for (const GenFrame &frame : sprite.frames)
            for (const GenShape &shape : frame.shapes)
                names << shape.layer;
    names.removeDuplicates();
    names.sort();
    const QString attack = oracleAttackLayer(doc);
    QStringList quoted;
    for (const QString &name : names)
        quoted << str(name);
    QString out = QStringLiteral("{\"format\":\"hitsmith-runtime\",\"version\":1,\"layers\":[") +
                  quoted.join(u',') + QStringLiteral("],\"attack_layer\":") +
                  (attack.isEmpty() ? QStringLiteral("null") : str(attack)) +
                  QStringLiteral(",\"collide\":") +
                  (doc.collide ? pairsJson(*doc.collide) : QStringLiteral("null"));
    QStringList sprites;
    for (const GenSprite &sprite : doc.sprites) {
        QStringList frames;
        for (const GenFrame &frame : sprite.frames) {
            const QPointF o = frame.origin.value_or(QPointF());
            QStringList shapes;
            for (const GenShape &shape : frame.shapes) {
                QString j =
                    QStringLiteral("{\"id\":%1,\"layer\":%2,").arg(str(shape.id), str(shape.layer));
                QStringList pts;
                for (QPointF p : shape.points)
                    pts << point(p - o);
                switch (shape.kind) {
                case GenShape::Polygon:
                    j +=
                        QStringLiteral("\"type\":\"polygon\",\"points\":[") + pts.join(u',') + u']';
                    break;
                case GenShape::Capsule:
                    j += QStringLiteral("\"type\":\"capsule\",\"ends\":[") + pts.join(u',') +
                         QStringLiteral("],\"radius\":") + num(shape.radius);
                    break;
                case GenShape::Rect:
                    j += QStringLiteral("\"type\":\"rect\",\"center\":") + point(shape.center - o) +
                         QStringLiteral(",\"size\":") +
                         point({shape.size.width(), shape.size.height()}) +
                         QStringLiteral(",\"angle\":") + num(shape.angle);
                    break;
                case GenShape::Circle:
                    j += QStringLiteral("\"type\":\"circle\",\"center\":") +
                         point(shape.center - o) + QStringLiteral(",\"radius\":") +
                         num(shape.radius);
                    break;
                }
                shapes << j + u'}';
            }
            frames << QStringLiteral("{\"name\":%1,\"duration_ms\":%2,\"origin\":%3,\"motion\":%4,"
                                     "\"shapes\":[%5]}")
                          .arg(str(frame.name))
                          .arg(frame.durationMs)
                          .arg(point(o), point(frame.motion), shapes.join(u','));
        }
        sprites << QStringLiteral("{\"name\":%1,\"frames\":[%2]}")
                       .arg(str(sprite.name), frames.join(QStringLiteral(",\n")));
    }
    out += QStringLiteral(",\"sprites\":[\n") + sprites.join(QStringLiteral(",\n")) +
           QStringLiteral("]}\n");
    return out.toUtf8();
}

QByteArray queriesJson(const QList<GenQuery> &queries) {
    QStringList items;
    for (const GenQuery &q : queries)
        items << QStringLiteral("{\"attacker\":%1,\"attacker_time_ms\":%2,\"defender\":%3,"
                                "\"defender_time_ms\":%4,\"dx\":%5,\"dy\":%6,\"same_facing\":%7,"
                                "\"layers\":%8}")
                     .arg(str(q.attacker), num(q.attackerTime), str(q.defender),
                          num(q.defenderTime), num(q.dx), num(q.dy),
                          q.sameFacing ? QStringLiteral("true") : QStringLiteral("false"),
                          q.layers ? pairsJson(*q.layers) : QStringLiteral("null"));
    return (u'[' + items.join(QStringLiteral(",\n")) + QStringLiteral("]\n")).toUtf8();
}

int oracleFrameAt(const GenSprite &sprite, double timeMs) {
    long double total = 0;
    for (const GenFrame &f : sprite.frames)
        total += f.durationMs;
    long double u = std::fmod(static_cast<long double>(timeMs), total);
    if (u < 0)
        u += total;
    long double end = 0;
    for (int k = 0; k < sprite.frames.size(); ++k) {
        end += sprite.frames[k].durationMs;
        if (u < end)
            return k;
    }
    return 0;
}

QString oracleAttackLayer(const GenDoc &doc) {
    QStringList names = doc.styledLayers;
    if (doc.collide)
        for (const auto &pair : *doc.collide)
            names << pair.first << pair.second;
    for (const GenSprite &sprite : doc.sprites)
        for (const GenFrame &frame : sprite.frames)
            for (const GenShape &shape : frame.shapes)
                names << shape.layer;
    names.removeDuplicates();
    names.sort();
    static const QRegularExpression attack(QStringLiteral("hitbox|attack|^hit$"),
                                           QRegularExpression::CaseInsensitiveOption);
    for (const QString &name : names)
        if (attack.match(name).hasMatch())
            return name;
    return {};
}

QList<OracleHit> oracleHits(const GenDoc &doc, const GenQuery &q) {
    const GenSprite &as = spriteNamed(doc, q.attacker);
    const GenSprite &ds = spriteNamed(doc, q.defender);
    const int fa = oracleFrameAt(as, q.attackerTime), fd = oracleFrameAt(ds, q.defenderTime);
    const Placement pa = attackerPlacement(as, fa);
    const Placement pd = defenderPlacement(ds.frames[fd], q);
    const QString attack = oracleAttackLayer(doc);
    QList<OracleHit> hits;
    for (const GenShape &a : as.frames[fa].shapes) {
        for (const GenShape &d : ds.frames[fd].shapes) {
            if (!allowed(doc, attack, q.layers, a.layer, d.layer))
                continue;
            const Expectation e = contact(placed(a, pa), placed(d, pd));
            if (e.state == Expectation::No)
                continue;
            hits << OracleHit{a.id,    d.id,     a.layer, d.layer, e.state == Expectation::Yes,
                              e.depth, e.normals};
        }
    }
    std::sort(hits.begin(), hits.end(), [](const OracleHit &x, const OracleHit &y) {
        const QByteArray xa = x.a.toUtf8(), ya = y.a.toUtf8();
        return xa != ya ? xa < ya : x.b.toUtf8() < y.b.toUtf8();
    });
    return hits;
}

QList<GenQuery> generateQueries(QRandomGenerator &random, const GenDoc &doc, int count) {
    QList<GenQuery> queries;
    const auto pickSprite = [&]() -> const GenSprite & {
        return doc.sprites[int(random.bounded(qsizetype(doc.sprites.size())))];
    };
    const auto pickTime = [&](const GenSprite &s, int *frame) {
        double total = 0;
        for (const GenFrame &f : s.frames)
            total += f.durationMs;
        const int k = int(random.bounded(qsizetype(s.frames.size())));
        *frame = k;
        double start = 0;
        for (int i = 0; i < k; ++i)
            start += s.frames[i].durationMs;
        const double d = s.frames[k].durationMs;
        switch (random.bounded(6)) {
        case 0:
            return start; // exactly at the boundary
        case 1:
            return start + d - (d > 1 ? 0.5 : 0.25); // just before the next boundary
        case 2:
            return start + total * between(random, 1, 4) +
                   uniform(random, 0, d * 0.99); // past the end
        case 3:
            return start - total * between(random, 1, 2); // before 0, looping back
        default:
            return start + uniform(random, 0, d * 0.99); // inside
        }
    };
    QStringList layers;
    for (const GenSprite &s : doc.sprites)
        for (const GenFrame &f : s.frames)
            for (const GenShape &shape : f.shapes)
                if (!layers.contains(shape.layer))
                    layers << shape.layer;
    while (queries.size() < count) {
        GenQuery q;
        // A quarter of the queries pit the whole-pixel boxes against each other (exact touches).
        const bool boxesOnly =
            doc.sprites.last().name == QLatin1String("boxes") && random.bounded(4) == 0;
        const GenSprite &as = boxesOnly ? doc.sprites.last() : pickSprite();
        const GenSprite &ds = boxesOnly ? doc.sprites.last() : pickSprite();
        q.attacker = as.name;
        q.defender = ds.name;
        int fa = 0, fd = 0;
        q.attackerTime = pickTime(as, &fa);
        q.defenderTime = pickTime(ds, &fd);
        q.sameFacing = random.bounded(10) < 3;
        if (random.bounded(2)) {
            LayerPairs pairs;
            const int n = between(random, 1, 3);
            for (int i = 0; i < n; ++i)
                pairs << std::pair(layers[int(random.bounded(qsizetype(layers.size())))],
                                   layers[int(random.bounded(qsizetype(layers.size())))]);
            q.layers = pairs;
        }
        // Centre a random defender shape on a random attacker shape, then move off from there.
        const GenShape &sa =
            as.frames[fa].shapes[int(random.bounded(qsizetype(as.frames[fa].shapes.size())))];
        const GenShape &sd =
            ds.frames[fd].shapes[int(random.bounded(qsizetype(ds.frames[fd].shapes.size())))];
        const Placement pa = attackerPlacement(as, fa);
        const QPointF ca = place(pa, centreOf(sa));
        const QPointF ld = centreOf(sd) - ds.frames[fd].origin.value_or(QPointF());
        const double sx = q.sameFacing ? 1.0 : -1.0;
        const bool whole = as.name == QLatin1String("boxes") && ds.name == QLatin1String("boxes");
        q.dx = ca.x() - sx * ld.x();
        q.dy = ca.y() - ld.y();
        const int kind = int(random.bounded(10));
        if (whole) {
            q.dx = std::round(q.dx);
            q.dy = std::round(q.dy) + between(random, -2, 2);
        }
        if (whole && kind >= 5) {
            q.dx += between(random, -25, 25);
        } else if (kind < 3 || whole) {
            // A near miss: bisect the touching distance of this pair, then 1e-3 px either side.
            GenQuery probe = q;
            const Rounded ra = placed(sa, pa);
            const auto hits = [&](double dx) {
                probe.dx = dx;
                return contact(ra, placed(sd, defenderPlacement(ds.frames[fd], probe))).state !=
                       Expectation::No;
            };
            double in = q.dx, out = q.dx + (random.bounded(2) ? 500.0 : -500.0);
            if (hits(in) && !hits(out)) {
                for (int i = 0; i < 80; ++i) {
                    const double mid = (in + out) / 2;
                    (hits(mid) ? in : out) = mid;
                }
                // Whole-pixel boxes touch at a whole dx: exactly there (a hit of depth 0).
                q.dx = whole ? std::round(in)
                             : (out > in ? 1 : -1) * (random.bounded(2) ? 1e-3 : -1e-3) + in;
            }
        } else {
            q.dx += uniform(random, -30, 30);
            q.dy += uniform(random, -10, 10);
        }
        queries << q;
    }
    return queries;
}

} // namespace hitsmith::test
