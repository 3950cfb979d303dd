#include "validation.h"

#include "collisiongeometry.h"
#include "operations/timing.h"

#include "collision/polygon_check.h"
#include "collision/vectorstate.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <span>
#include <vector>

namespace hitsmith {

namespace {

const char *const kContext = "hitsmith::Validation";

QString tr(const char *text) {
    return QCoreApplication::translate(kContext, text);
}

bool finite(QPointF p) {
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

/// Calls f with the polygon's vertices as collision points: on the stack for hand-drawn
/// polygons (opening a document checks every shape), on the heap past kOnStack.
template <typename F> auto withVertices(const Shape &shape, F &&f) {
    constexpr qsizetype kOnStack = 32;
    // Left uninitialised (Vec2 would zero all of it): only the polygon's own vertices are
    // constructed.
    union Small {
        Small() {}
        collision::Vec2 points[kOnStack];
    } small;
    std::vector<collision::Vec2> large;
    collision::Vec2 *points = small.points;
    if (shape.points.size() > kOnStack) {
        large.resize(std::size_t(shape.points.size()));
        points = large.data();
    }
    for (qsizetype i = 0; i < shape.points.size(); ++i)
        std::construct_at(points + i, collision::Vec2{shape.points[i].x(), shape.points[i].y()});
    return f(std::span<const collision::Vec2>(points, std::size_t(shape.points.size())));
}

std::optional<ShapeProblem> checkPolygon(const Shape &shape) {
    const collision::PolygonCheck check =
        withVertices(shape, [](auto points) { return collision::checkConvexPolygon(points); });
    using collision::PolygonIssue;
    switch (check.issue) {
    case PolygonIssue::None:
        return std::nullopt;
    case PolygonIssue::NonFinite:
        return ShapeProblem{
            ProblemKind::NonFinite,
            tr("vertex %1 has a coordinate that is not a finite number").arg(check.vertex),
            check.vertex};
    case PolygonIssue::TooFewVertices:
        return ShapeProblem{ProblemKind::TooFewVertices,
                            tr("polygon has fewer than 3 distinct vertices"), -1};
    case PolygonIssue::TooLarge:
        return ShapeProblem{
            ProblemKind::CoordinateTooLarge,
            tr("vertex %1 is too far out (coordinates are limited to +-1e15)").arg(check.vertex),
            check.vertex};
    case PolygonIssue::ZeroArea:
        return ShapeProblem{ProblemKind::ZeroArea,
                            tr("polygon has zero area (all vertices on a line)"), -1};
    case PolygonIssue::SelfIntersecting:
        if (check.otherVertex < 0)
            return ShapeProblem{ProblemKind::SelfIntersecting,
                                tr("self-intersecting: the outline goes round more than once "
                                   "(passing its start at vertex %1)")
                                    .arg(check.vertex),
                                check.vertex};
        if (check.vertex == check.otherVertex)
            return ShapeProblem{
                ProblemKind::SelfIntersecting,
                tr("self-intersecting: the outline folds back at vertex %1").arg(check.vertex),
                check.vertex};
        return ShapeProblem{ProblemKind::SelfIntersecting,
                            tr("self-intersecting: edge from vertex %1 crosses edge from vertex %2")
                                .arg(check.vertex)
                                .arg(check.otherVertex),
                            check.vertex};
    case PolygonIssue::NotConvex:
        return ShapeProblem{ProblemKind::NotConvex, tr("not convex at vertex %1").arg(check.vertex),
                            check.vertex};
    }
    return std::nullopt;
}

bool tooLarge(std::initializer_list<double> values) {
    return std::any_of(values.begin(), values.end(),
                       [](double v) { return std::abs(v) > collision::kMaxCoordinate; });
}

/// One problem per property whose value is not a number, string or boolean (or not finite).
void checkProperties(const QJsonObject &properties, const QString &where, int s, int f, int i,
                     QList<Problem> *problems) {
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue v = it.value();
        if (isPropertyValue(v) && (!v.isDouble() || std::isfinite(v.toDouble())))
            continue;
        problems->append(
            {ProblemKind::InvalidProperty,
             tr("property \"%1\" must be a number, a string or true/false").arg(it.key()), s, f, i,
             -1, where + QStringLiteral(".properties.") + it.key()});
    }
}

void checkDuration(const std::optional<int> &duration, const QString &where, int s, int f,
                   QList<Problem> *problems) {
    if (duration && *duration <= 0)
        problems->append({ProblemKind::InvalidDuration,
                          tr("duration must be greater than 0 ms (is %1)").arg(*duration), s, f, -1,
                          -1, where + QStringLiteral(".duration")});
}

/// The rule a rectangle or circle breaks, checked in the order validateShape reports them;
/// nullopt when it can collide. No strings: isCollidable runs it for every shape of a document.
std::optional<ProblemKind> roundOrBoxIssue(const Shape &shape) {
    if (shape.type == ShapeType::Rect) {
        if (!finite(shape.center) || !std::isfinite(shape.size.width()) ||
            !std::isfinite(shape.size.height()) || !std::isfinite(shape.angle))
            return ProblemKind::NonFinite;
        if (tooLarge({shape.center.x(), shape.center.y(), shape.size.width(), shape.size.height()}))
            return ProblemKind::CoordinateTooLarge;
        if (shape.size.width() <= 0 || shape.size.height() <= 0)
            return ProblemKind::NonPositiveSize;
        return std::nullopt;
    }
    if (!finite(shape.center) || !std::isfinite(shape.radius))
        return ProblemKind::NonFinite;
    if (tooLarge({shape.center.x(), shape.center.y(), shape.radius}))
        return ProblemKind::CoordinateTooLarge;
    if (shape.radius <= 0)
        return ProblemKind::NonPositiveRadius;
    return std::nullopt;
}

/// A capsule's problem: each names the field (an end or the radius); vertex is the end's index.
std::optional<ShapeProblem> checkCapsule(const Shape &shape) {
    if (shape.points.size() != 2)
        return ShapeProblem{
            ProblemKind::TooFewVertices,
            tr("capsule ends: needs exactly 2 ends (has %1)").arg(shape.points.size()), -1};
    for (int i = 0; i < 2; ++i) {
        if (!finite(shape.points[i]))
            return ShapeProblem{ProblemKind::NonFinite,
                                tr("capsule end %1 is not a finite number").arg(i + 1), i};
    }
    if (!std::isfinite(shape.radius))
        return ShapeProblem{ProblemKind::NonFinite,
                            tr("capsule radius is not a finite number (is %1)").arg(shape.radius),
                            -1};
    for (int i = 0; i < 2; ++i) {
        if (tooLarge({shape.points[i].x(), shape.points[i].y()}))
            return ShapeProblem{ProblemKind::CoordinateTooLarge,
                                tr("capsule end %1 is too far out (limit +-1e15)").arg(i + 1), i};
    }
    if (tooLarge({shape.radius}))
        return ShapeProblem{ProblemKind::CoordinateTooLarge,
                            tr("capsule radius is too large (limit 1e15)"), -1};
    if (shape.radius <= 0)
        return ShapeProblem{ProblemKind::NonPositiveRadius,
                            tr("capsule radius must be greater than 0 (is %1)").arg(shape.radius),
                            -1};
    return std::nullopt;
}

} // namespace

std::optional<ShapeProblem> validateShape(const Shape &shape) {
    if (shape.type == ShapeType::Polygon)
        return checkPolygon(shape);
    if (shape.type == ShapeType::Capsule)
        return checkCapsule(shape);
    if (shape.type == ShapeType::Point) {
        if (!finite(shape.center))
            return ShapeProblem{ProblemKind::NonFinite, tr("point position is not a finite number"),
                                -1};
        if (tooLarge({shape.center.x(), shape.center.y()}))
            return ShapeProblem{ProblemKind::CoordinateTooLarge,
                                tr("point is too far out (limit +-1e15)"), -1};
        return std::nullopt;
    }
    const std::optional<ProblemKind> issue = roundOrBoxIssue(shape);
    if (!issue)
        return std::nullopt;
    const bool rect = shape.type == ShapeType::Rect;
    switch (*issue) {
    case ProblemKind::NonFinite:
        return ShapeProblem{*issue,
                            rect ? tr("rectangle has a value that is not a finite number")
                                 : tr("circle has a value that is not a finite number"),
                            -1};
    case ProblemKind::CoordinateTooLarge:
        return ShapeProblem{*issue,
                            rect ? tr("rectangle is too large or too far out (limit +-1e15)")
                                 : tr("circle is too large or too far out (limit +-1e15)"),
                            -1};
    case ProblemKind::NonPositiveSize:
        return ShapeProblem{*issue,
                            tr("rectangle size must be greater than 0 (is %1 x %2)")
                                .arg(shape.size.width())
                                .arg(shape.size.height()),
                            -1};
    default: // NonPositiveRadius
        return ShapeProblem{
            *issue, tr("circle radius must be greater than 0 (is %1)").arg(shape.radius), -1};
    }
}

bool isCollidable(const Shape &shape) {
    if (shape.type == ShapeType::Point)
        return false; // a locator: valid or not, it never collides
    if (shape.type != ShapeType::Polygon)
        return isCollidableRectOrCircle(shape); // roundOrBoxIssue's rules, inline
    return withVertices(shape, [](std::span<const collision::Vec2> points) {
        return collision::checkConvexPolygon(points).isValid();
    });
}

QList<Problem> tickWarnings(const DocumentData &document) {
    QList<Problem> warnings;
    for (int s = 0; s < document.sprites.size(); ++s) {
        const Sprite &sprite = document.sprites[s];
        for (int f = 0; f < sprite.frames.size(); ++f) {
            const operations::FrameTicks ticks =
                operations::frameTicks(sprite, f, document.tickRate);
            if (ticks.whole || sprite.frameDuration(f) <= 0)
                continue;
            const double exact = sprite.frameDuration(f) * double(document.tickRate) / 1000.0;
            warnings.append({ProblemKind::FractionalTicks,
                             tr("%1 ms is %2 ticks at %3 ticks/s, not a whole number (counted "
                                "as %4)")
                                 .arg(sprite.frameDuration(f))
                                 .arg(exact, 0, 'g', 6)
                                 .arg(document.tickRate)
                                 .arg(ticks.ticks),
                             s, f, -1, -1,
                             sprite.name + QLatin1Char('/') + sprite.frames[f].name +
                                 QStringLiteral(".duration")});
        }
    }
    return warnings;
}

QList<Problem> validateDocument(const DocumentData &document) {
    QList<Problem> problems;
    QSet<QString> spriteNames;
    for (int s = 0; s < document.sprites.size(); ++s) {
        const Sprite &sprite = document.sprites[s];
        if (spriteNames.contains(sprite.name))
            problems.append({ProblemKind::DuplicateSpriteName,
                             tr("duplicate sprite name \"%1\"").arg(sprite.name), s, -1, -1, -1,
                             sprite.name});
        spriteNames.insert(sprite.name);
        checkDuration(sprite.duration, sprite.name, s, -1, &problems);

        QSet<QString> frameNames;
        for (int f = 0; f < sprite.frames.size(); ++f) {
            const Frame &frame = sprite.frames[f];
            const QString frameLocation = sprite.name + QLatin1Char('/') + frame.name;
            if (frameNames.contains(frame.name))
                problems.append({ProblemKind::DuplicateFrameName,
                                 tr("duplicate frame name \"%1\"").arg(frame.name), s, f, -1, -1,
                                 frameLocation});
            frameNames.insert(frame.name);
            checkDuration(frame.duration, frameLocation, s, f, &problems);
            if (!finite(frame.motion))
                problems.append({ProblemKind::InvalidMotion,
                                 tr("motion must be finite (is [%1, %2])")
                                     .arg(frame.motion.x())
                                     .arg(frame.motion.y()),
                                 s, f, -1, -1, frameLocation + QStringLiteral(".motion")});
            checkProperties(frame.properties, frameLocation, s, f, -1, &problems);

            QSet<QString> ids;
            for (int i = 0; i < frame.shapes.size(); ++i) {
                const Shape &shape = frame.shapes[i];
                const QString where =
                    frameLocation + QLatin1Char('/') +
                    (shape.id.isEmpty() ? QStringLiteral("#%1").arg(i) : shape.id);
                if (shape.id.isEmpty())
                    problems.append({ProblemKind::EmptyId, tr("shape %1 has no id").arg(i), s, f, i,
                                     -1, where});
                else if (ids.contains(shape.id))
                    problems.append({ProblemKind::DuplicateShapeId,
                                     tr("duplicate shape id \"%1\"").arg(shape.id), s, f, i, -1,
                                     where});
                ids.insert(shape.id);
                // Qt's hash of a short id slows the checks that follow (collision/vectorstate.h).
                collision::clearUpperVectorState();
                checkProperties(shape.properties, where, s, f, i, &problems);
                if (const auto problem = validateShape(shape))
                    problems.append(
                        {problem->kind, problem->reason, s, f, i, problem->vertex, where});
            }
        }
    }
    for (int v = 0; v < document.versus.size(); ++v) {
        const VersusSetup &setup = document.versus[v];
        const QString where = QStringLiteral("versus[%1]").arg(v);
        QStringList names{setup.attacker};
        // A defender from its own document is a frame of that document, read when needed.
        if (setup.defenderDocument.isEmpty())
            names << setup.defender;
        for (const QString &name : std::as_const(names)) {
            if (document.findFrame(name).first < 0)
                problems.append({ProblemKind::UnknownVersusFrame,
                                 tr("versus setup names frame \"%1\", which does not exist "
                                    "(expected \"sprite/frame\")")
                                     .arg(name),
                                 -1, -1, -1, -1, where});
        }
    }
    return problems;
}

bool isImageMissing(const Sprite &sprite, const QString &documentDirectory) {
    if (sprite.image.isEmpty())
        return false; // a sprite without an image is allowed (shapes only)
    const QFileInfo info(QDir(documentDirectory).absoluteFilePath(sprite.image));
    return !info.isFile() || !info.isReadable();
}

QList<Problem> findMissingImages(const DocumentData &document, const QString &documentDirectory) {
    QList<Problem> problems;
    for (int s = 0; s < document.sprites.size(); ++s) {
        const Sprite &sprite = document.sprites[s];
        if (isImageMissing(sprite, documentDirectory))
            // Named as the file stores it: relative to the document's folder where it has one.
            problems.append({ProblemKind::MissingImage,
                             tr("image not found: %1")
                                 .arg(documentDirectory.isEmpty()
                                          ? sprite.image
                                          : QDir(documentDirectory).relativeFilePath(sprite.image)),
                             s, -1, -1, -1, sprite.name});
    }
    return problems;
}

} // namespace hitsmith
