#pragma once

// Shared by the tst_formats_* programs: where the fixtures are, a sample document with every
// shape kind, and shape comparison within a stated tolerance.

#include "documentdata.h"
#include "fileformat.h"
#include "formatregistry.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTest>

#include <cmath>

namespace formattest {

using namespace hitsmith;

/// Coordinates survive export -> import within this (they are printed shortest-round-trip;
/// only degree <-> radian and corner <-> centre conversions add rounding).
inline constexpr double kTolerance = 1e-9;

inline QString env(const char *name) {
    return QProcessEnvironment::systemEnvironment().value(QLatin1String(name));
}

/// The shared real-world fixtures folder, or empty when it is absent.
inline QString sharedFixtures() {
    const QString dir = env("HITSMITH_SHARED_FIXTURES");
    return !dir.isEmpty() && QDir(dir).exists() ? dir : QString();
}

inline QString testData(const QString &relative) {
    return QDir(env("HITSMITH_TEST_DATA")).filePath(relative);
}

inline QByteArray readBytes(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

inline const FileFormat *format(const char *name) {
    return FormatRegistry::instance().byName(QLatin1String(name));
}

/// Two sprites, every shape kind, a rotated rect, an origin, a source and a collision matrix.
inline DocumentData sampleDocument() {
    DocumentData document;
    document.collide = QList<LayerPair>{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")}};
    Sprite knight;
    knight.name = QStringLiteral("knight");
    Frame attack;
    attack.name = QStringLiteral("attack-2");
    attack.source = QRectF(64, 0, 64, 64);
    attack.origin = QPointF(32, 60);
    attack.shapes = {
        Shape::polygon(QStringLiteral("body"), {{20, 10}, {44, 10}, {40, 60}, {24, 60}},
                       QStringLiteral("hurtbox")),
        Shape::rect(QStringLiteral("blade"), {52, 30}, {20, 6}, -15, QStringLiteral("hitbox")),
        Shape::circle(QStringLiteral("head"), {32, 8}, 7, QStringLiteral("hurtbox")),
        Shape::rect(QStringLiteral("feet"), {32.5, 61}, {18, 4}, 0, QStringLiteral("hurtbox"))};
    Frame idle;
    idle.name = QStringLiteral("idle");
    idle.shapes = {Shape::circle(QStringLiteral("core"), {10.25, 12.5}, 3.5)};
    knight.frames = {attack, idle};
    Sprite slime;
    slime.name = QStringLiteral("slime");
    Frame squash;
    squash.name = QStringLiteral("squash");
    squash.shapes = {
        Shape::rect(QStringLiteral("contact"), {16, 24}, {30, 10}, 30, QStringLiteral("hitbox"))};
    slime.frames = {squash};
    document.sprites = {knight, slime};
    return document;
}

/// sampleDocument() with frame and sprite durations and shape and frame properties of every
/// kind: whole numbers (Tiled int), a whole number too large for 32 bits, fractions, negative,
/// booleans, strings (spaces, quotes, non-ASCII, empty).
inline DocumentData propertyDocument() {
    DocumentData document = sampleDocument();
    Sprite &knight = document.sprites[0];
    knight.duration = 80;
    knight.frames[0].duration = 120; // idle: the sprite's 80
    knight.frames[0].properties = QJsonObject{{"cancel", true}, {"phase", "active"}};
    knight.frames[0].shapes[1].properties = QJsonObject{{"damage", 12},
                                                        {"knockback", 2.5},
                                                        {"hitstun", -3},
                                                        {"launch", 4294967296.0},
                                                        {"scale", 0.1},
                                                        {"guard", false},
                                                        {"element", "fire \"hot\" é"},
                                                        {"note", ""}};
    knight.frames[1].shapes[0].properties = QJsonObject{{"weak", true}};
    document.sprites[1].frames[0].duration = 50; // no sprite default: 100
    document.sprites[1].frames[0].properties = QJsonObject{{"sound", "splat.wav"}};
    return document;
}

/// Where actual's durations and properties differ from expected's (exactly), or empty.
inline QString animationDifference(const DocumentData &expected, const DocumentData &actual) {
    if (expected.sprites.size() != actual.sprites.size())
        return QStringLiteral("sprite count");
    auto text = [](const QJsonObject &o) { return QString::fromUtf8(QJsonDocument(o).toJson()); };
    auto ms = [](std::optional<int> d) { return d ? QString::number(*d) : QStringLiteral("none"); };
    for (qsizetype s = 0; s < expected.sprites.size(); ++s) {
        const Sprite &e = expected.sprites[s], &a = actual.sprites[s];
        if (e.duration != a.duration)
            return e.name +
                   QStringLiteral(": sprite duration %1 != %2").arg(ms(a.duration), ms(e.duration));
        if (e.frames.size() != a.frames.size())
            return e.name + QStringLiteral(": frame count");
        for (qsizetype f = 0; f < e.frames.size(); ++f) {
            const Frame &ef = e.frames[f], &af = a.frames[f];
            const QString where = e.name + u'/' + ef.name;
            if (ef.duration != af.duration)
                return where +
                       QStringLiteral(": duration %1 != %2").arg(ms(af.duration), ms(ef.duration));
            if (ef.properties != af.properties)
                return where + QStringLiteral(": properties %1 != %2")
                                   .arg(text(af.properties), text(ef.properties));
            if (ef.shapes.size() != af.shapes.size())
                return where + QStringLiteral(": shape count");
            for (qsizetype i = 0; i < ef.shapes.size(); ++i) {
                if (ef.shapes[i].properties != af.shapes[i].properties)
                    return where + u'/' + ef.shapes[i].id +
                           QStringLiteral(": properties %1 != %2")
                               .arg(text(af.shapes[i].properties), text(ef.shapes[i].properties));
            }
        }
    }
    return {};
}

inline bool near(double a, double b, double tolerance) {
    return std::abs(a - b) <= tolerance * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

inline bool nearPoint(QPointF a, QPointF b, double tolerance) {
    return near(a.x(), b.x(), tolerance) && near(a.y(), b.y(), tolerance);
}

/// Same geometry within tolerance; a rect may come back as the polygon of its corners when
/// allowPolygonForRect (targets without rectangles). Returns why not, or empty.
inline QString shapeDifference(const Shape &expected, const Shape &actual, double tolerance,
                               bool allowPolygonForRect = false) {
    if (expected.id != actual.id)
        return QStringLiteral("id %1 != %2").arg(actual.id, expected.id);
    if (expected.layer != actual.layer)
        return QStringLiteral("%1: layer %2 != %3").arg(expected.id, actual.layer, expected.layer);
    if (expected.type == ShapeType::Rect && actual.type == ShapeType::Polygon &&
        allowPolygonForRect) {
        const QPolygonF outline = expected.outline();
        if (actual.points.size() != 4)
            return QStringLiteral("%1: rect became %2 points")
                .arg(expected.id)
                .arg(actual.points.size());
        for (int i = 0; i < 4; ++i) {
            if (!nearPoint(outline[i], actual.points[i], tolerance))
                return QStringLiteral("%1: corner %2 differs").arg(expected.id).arg(i);
        }
        return {};
    }
    if (expected.type != actual.type)
        return QStringLiteral("%1: type %2 != %3")
            .arg(expected.id, shapeTypeName(actual.type), shapeTypeName(expected.type));
    switch (expected.type) {
    case ShapeType::Polygon:
        if (expected.points.size() != actual.points.size())
            return QStringLiteral("%1: point count").arg(expected.id);
        for (qsizetype i = 0; i < expected.points.size(); ++i) {
            if (!nearPoint(expected.points[i], actual.points[i], tolerance))
                return QStringLiteral("%1: point %2 (%3, %4) != (%5, %6)")
                    .arg(expected.id)
                    .arg(i)
                    .arg(actual.points[i].x())
                    .arg(actual.points[i].y())
                    .arg(expected.points[i].x())
                    .arg(expected.points[i].y());
        }
        return {};
    case ShapeType::Rect:
        if (!nearPoint(expected.center, actual.center, tolerance) ||
            !near(expected.size.width(), actual.size.width(), tolerance) ||
            !near(expected.size.height(), actual.size.height(), tolerance) ||
            !near(expected.angle, actual.angle, tolerance))
            return QStringLiteral("%1: rect (%2, %3) %4x%5 @%6 != (%7, %8) %9x%10 @%11")
                .arg(expected.id)
                .arg(actual.center.x())
                .arg(actual.center.y())
                .arg(actual.size.width())
                .arg(actual.size.height())
                .arg(actual.angle)
                .arg(expected.center.x())
                .arg(expected.center.y())
                .arg(expected.size.width())
                .arg(expected.size.height())
                .arg(expected.angle);
        return {};
    case ShapeType::Circle:
        if (!nearPoint(expected.center, actual.center, tolerance) ||
            !near(expected.radius, actual.radius, tolerance))
            return QStringLiteral("%1: circle differs").arg(expected.id);
        return {};
    case ShapeType::Capsule:
        if (expected.points.size() != 2 || actual.points.size() != 2 ||
            !nearPoint(expected.points[0], actual.points[0], tolerance) ||
            !nearPoint(expected.points[1], actual.points[1], tolerance) ||
            !near(expected.radius, actual.radius, tolerance))
            return QStringLiteral("%1: capsule differs").arg(expected.id);
        return {};
    case ShapeType::Point:
        if (!nearPoint(expected.center, actual.center, tolerance))
            return QStringLiteral("%1: point (%2, %3) != (%4, %5)")
                .arg(expected.id)
                .arg(actual.center.x())
                .arg(actual.center.y())
                .arg(expected.center.x())
                .arg(expected.center.y());
        return {};
    }
    return {};
}

/// Compares every sprite, frame and shape; returns the first difference, or empty.
inline QString documentDifference(const DocumentData &expected, const DocumentData &actual,
                                  double tolerance, bool allowPolygonForRect = false) {
    if (expected.sprites.size() != actual.sprites.size())
        return QStringLiteral("sprite count %1 != %2")
            .arg(actual.sprites.size())
            .arg(expected.sprites.size());
    for (qsizetype s = 0; s < expected.sprites.size(); ++s) {
        const Sprite &e = expected.sprites[s], &a = actual.sprites[s];
        if (e.name != a.name)
            return QStringLiteral("sprite name %1 != %2").arg(a.name, e.name);
        if (e.frames.size() != a.frames.size())
            return QStringLiteral("%1: frame count %2 != %3")
                .arg(e.name)
                .arg(a.frames.size())
                .arg(e.frames.size());
        for (qsizetype f = 0; f < e.frames.size(); ++f) {
            const Frame &ef = e.frames[f], &af = a.frames[f];
            if (ef.name != af.name)
                return QStringLiteral("frame name %1 != %2").arg(af.name, ef.name);
            if (!nearPoint(ef.motion, af.motion, tolerance))
                return QStringLiteral("%1/%2: motion (%3, %4) != (%5, %6)")
                    .arg(e.name, ef.name)
                    .arg(af.motion.x())
                    .arg(af.motion.y())
                    .arg(ef.motion.x())
                    .arg(ef.motion.y());
            if (ef.shapes.size() != af.shapes.size())
                return QStringLiteral("%1/%2: shape count %3 != %4")
                    .arg(e.name, ef.name)
                    .arg(af.shapes.size())
                    .arg(ef.shapes.size());
            for (qsizetype i = 0; i < ef.shapes.size(); ++i) {
                const QString why =
                    shapeDifference(ef.shapes[i], af.shapes[i], tolerance, allowPolygonForRect);
                if (!why.isEmpty())
                    return e.name + u'/' + ef.name + QStringLiteral(": ") + why;
            }
        }
    }
    return {};
}

/// Every reader must answer malformed input with an error and no document, never crash; the
/// truncations of a valid file are the cheapest hostile corpus there is. A truncation either is
/// refused or loads to exactly the full document (e.g. only trailing whitespace was cut): a
/// half-loaded document would silently lose the user's shapes.
inline void checkTruncationsNeverHalfLoad(const FileFormat *reader, const QByteArray &valid) {
    const ReadResult full = reader->read(valid, {});
    QVERIFY2(full.isOk(), qPrintable(full.error));
    const qsizetype step = std::max<qsizetype>(1, valid.size() / 97);
    for (qsizetype length = 0; length < valid.size(); length += step) {
        const ReadResult result = reader->read(valid.left(length), {});
        QVERIFY2(result.isOk() != !result.error.isEmpty(),
                 qPrintable(QStringLiteral("length %1").arg(length)));
        if (result.isOk()) {
            const QString why = documentDifference(*full.document, *result.document, 0.0);
            QVERIFY2(why.isEmpty() && full.document->collide == result.document->collide,
                     qPrintable(QStringLiteral("length %1 of %2 half-loads: %3")
                                    .arg(length)
                                    .arg(valid.size())
                                    .arg(why.isEmpty() ? QStringLiteral("collide") : why)));
        }
    }
}

} // namespace formattest
