#include "enginesupport.h"

#include "validation.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hitsmith::engines {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::engines", text);
}

QString shapeLocation(const QString &sprite, const QString &frame, const QString &shapeId) {
    return sprite + u'/' + frame + u'/' + shapeId;
}

void LossCounter::add(const QString &one, const QString &several, const QString &where) {
    for (Kind &existing : mKinds) {
        if (existing.several == several) {
            existing.places.append(where);
            return;
        }
    }
    mKinds.append({one, several, {where}});
}

QStringList LossCounter::lines() const {
    // A few places make the line actionable; the count says how many more there are.
    constexpr qsizetype kShownPlaces = 3;
    QStringList lines;
    for (const Kind &kind : mKinds) {
        QString line = (kind.places.size() == 1 ? kind.one : kind.several).arg(kind.places.size());
        QStringList shown = kind.places.mid(0, kShownPlaces);
        if (kind.places.size() > kShownPlaces)
            shown << QStringLiteral("...");
        line += QStringLiteral(": ") + shown.join(QStringLiteral(", "));
        lines << line;
    }
    return lines;
}

void LossCounter::appendTo(QStringList *warnings) const {
    for (const QString &line : lines()) {
        if (!warnings->contains(line))
            warnings->append(line);
    }
}

QStringList invalidShapeWarnings(const DocumentData &document) {
    LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                if (const std::optional<ShapeProblem> problem = validateShape(shape))
                    losses.add(tr("%1 invalid shape skipped"), tr("%1 invalid shapes skipped"),
                               shapeLocation(sprite.name, frame.name, shape.id) +
                                   QStringLiteral(" (") + problem->reason + u')');
            }
        }
    }
    return losses.lines();
}

QStringList pointLossWarnings(const DocumentData &document, const QString &target) {
    LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                if (shape.type == ShapeType::Point)
                    // Both placeholders at once: the count's %1 stays for LossCounter to fill.
                    losses.add(tr("points are not stored in %1: %2 point left out")
                                   .arg(target, QStringLiteral("%1")),
                               tr("points are not stored in %1: %2 points left out")
                                   .arg(target, QStringLiteral("%1")),
                               shapeLocation(sprite.name, frame.name, shape.id));
            }
        }
    }
    return losses.lines();
}

QStringList motionLossWarnings(const DocumentData &document, const QString &target) {
    LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            if (!frame.motion.isNull())
                losses.add(tr("root motion is not stored in %1: %2 frame's motion not kept")
                               .arg(target, QStringLiteral("%1")),
                           tr("root motion is not stored in %1: %2 frames' motion not kept")
                               .arg(target, QStringLiteral("%1")),
                           sprite.name + u'/' + frame.name);
        }
    }
    return losses.lines();
}

bool checkInvalidShapes(const DocumentData &document, const WriteOptions &options,
                        WriteResult *result) {
    const QStringList invalid = invalidShapeWarnings(document);
    if (invalid.isEmpty())
        return true;
    if (!options.skipInvalid) {
        QStringList names;
        for (const Sprite &sprite : document.sprites) {
            for (const Frame &frame : sprite.frames) {
                for (const Shape &shape : frame.shapes) {
                    if (const std::optional<ShapeProblem> problem = validateShape(shape))
                        names << shapeLocation(sprite.name, frame.name, shape.id) +
                                     QStringLiteral(" (") + problem->reason + u')';
                }
            }
        }
        result->error = tr("the document has %1 invalid shape(s): %2; fix them or export with "
                           "--skip-invalid to leave them out")
                            .arg(QString::number(names.size()), names.join(QStringLiteral(", ")));
        return false;
    }
    for (const QString &line : invalid) {
        if (!result->warnings.contains(line))
            result->warnings << line;
    }
    return true;
}

LayerBits::LayerBits(const DocumentData &document)
    : mNames(document.layerNames())
    , mDocument(document) {}

quint32 LayerBits::category(const QString &layer) const {
    const qsizetype index = mNames.indexOf(layer);
    return index >= 0 && index < 32 ? (quint32(1) << index) : 0u;
}

quint32 LayerBits::mask(const QString &layer) const {
    quint32 bits = 0;
    for (const QString &other : mNames) {
        if (mDocument.layersCollide(layer, other))
            bits |= category(other);
    }
    return bits;
}

QStringList LayerBits::warnings() const {
    QStringList warnings;
    for (qsizetype i = 32; i < mNames.size(); ++i)
        warnings << tr("layer \"%1\": the target has only 32 collision layers; it gets no bit "
                       "and collides with nothing")
                        .arg(mNames[i]);
    return warnings;
}

QString rebasePath(const QString &path, const QString &fromDir, const QString &toDir) {
    if (path.isEmpty() || fromDir.isEmpty() || toDir.isEmpty() || QDir::isAbsolutePath(path) ||
        path.contains(QStringLiteral("://")))
        return path;
    const QString absolute = QDir::cleanPath(QDir(fromDir).absoluteFilePath(path));
    return QDir(toDir).relativeFilePath(absolute);
}

QString fileDir(const FormatContext &context) {
    if (context.filePath.isEmpty())
        return {};
    return QFileInfo(context.filePath).absolutePath();
}

std::optional<QString> checkImportedNumber(double value) {
    if (!std::isfinite(value))
        return tr("must be a finite number");
    if (std::abs(value) > kMaxImportCoordinate)
        return tr("%1 is out of range (more than %2 pixels)").arg(value).arg(kMaxImportCoordinate);
    return std::nullopt;
}

bool checkText(const QByteArray &bytes, const QString &expected, QString *error) {
    // Only whitespace (QByteArray::trimmed's set)? Asked without trimming: that copies the whole
    // file (22 MB for a 100,000-shape document) when it ends with a newline.
    const auto isSpace = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    };
    if (std::all_of(bytes.cbegin(), bytes.cend(), isSpace)) {
        *error = tr("file is empty");
        return false;
    }
    if (bytes.contains('\0')) {
        *error = tr("not a text file (it contains NUL bytes)");
        if (!expected.isEmpty())
            *error += QStringLiteral("; ") + tr("expected %1").arg(expected);
        return false;
    }
    return true;
}

double checkedNumber(const json::Cursor &c) {
    const double value = c.number();
    if (const std::optional<QString> problem = checkImportedNumber(value))
        c.fail(*problem);
    return value;
}

QString UniqueNames::take(const QString &base) {
    QString name = base;
    for (int n = 2; mUsed.contains(name); ++n)
        name = base + mSeparator + QString::number(n);
    mUsed.insert(name);
    return name;
}

double pixelRounded(double value) {
    // value * 1e9 must stay within 2^53 for the rounded integer, and so the quotient, to be exact.
    if (!std::isfinite(value) || std::abs(value) >= 9e6)
        return value;
    const double rounded = std::round(value * 1e9) / 1e9;
    return rounded == 0 ? 0.0 : rounded;
}

QPointF pixelRounded(QPointF point) {
    return {pixelRounded(point.x()), pixelRounded(point.y())};
}

QPointF rotated(QPointF v, double degrees) {
    if (degrees == 0.0)
        return v;
    const double radians = degrees * M_PI / 180.0;
    const double c = std::cos(radians), s = std::sin(radians);
    return {v.x() * c - v.y() * s, v.x() * s + v.y() * c};
}

void appendWithUniqueId(Frame &frame, Shape shape, const QString &fallbackId) {
    const QString base = shape.id.isEmpty() ? fallbackId : shape.id;
    shape.id = frame.indexOfShape(base) < 0 ? base : frame.uniqueShapeId(base);
    frame.shapes.append(std::move(shape));
}

int roundVertexCount(double radius) {
    int n = 8;
    while (n < 4096 && radius * (1 - std::cos(std::numbers::pi / n)) > 0.5)
        n *= 2;
    return n;
}

QList<QPointF> capsulePolygon(const Shape &capsule) {
    QList<QPointF> points;
    if (capsule.points.size() != 2 || !std::isfinite(capsule.radius) || capsule.radius <= 0)
        return points;
    const QPointF a = capsule.points[0], b = capsule.points[1];
    const double r = capsule.radius;
    const int n = roundVertexCount(r);
    const QPointF d = b - a;
    const double turn = 2 * std::numbers::pi;
    if (d.x() == 0 && d.y() == 0) {
        for (int i = 0; i < n; ++i) {
            const double t = turn * i / n;
            points.append(pixelRounded(a + QPointF(r * std::cos(t), r * std::sin(t))));
        }
        return points;
    }
    // Half a turn round each end, from the side at -90 degrees of a..b (y down: increasing
    // angles turn clockwise on screen).
    const double along = std::atan2(d.y(), d.x());
    const int half = n / 2;
    for (int end = 0; end < 2; ++end) {
        const QPointF c = end == 0 ? b : a;
        const double start = along - std::numbers::pi / 2 + end * std::numbers::pi;
        for (int i = 0; i <= half; ++i) {
            const double t = start + turn * i / n;
            points.append(pixelRounded(c + QPointF(r * std::cos(t), r * std::sin(t))));
        }
    }
    return points;
}

QList<QPointF> polygonPoints(const Shape &shape) {
    if (shape.type == ShapeType::Polygon)
        return shape.points;
    if (shape.type == ShapeType::Capsule)
        return capsulePolygon(shape);
    QList<QPointF> points;
    for (QPointF p : shape.outline())
        points.append(pixelRounded(p));
    return points;
}

std::optional<QList<LayerPair>> collideFromFilters(const QMap<QString, LayerFilter> &filters) {
    QList<LayerPair> pairs;
    bool all = true;
    const QStringList names = filters.keys();
    for (qsizetype a = 0; a < names.size(); ++a) {
        for (qsizetype b = a; b < names.size(); ++b) {
            const LayerFilter &fa = filters[names[a]], &fb = filters[names[b]];
            if ((fa.mask & fb.category) && (fb.mask & fa.category))
                pairs.append({names[a], names[b]});
            else
                all = false;
        }
    }
    if (all)
        return std::nullopt;
    return pairs;
}

} // namespace hitsmith::engines
