#pragma once

// What PhysicsEditor's Box2D exporters (AndEngine XML, libGDX XML, cocos2d-x plist) have in
// common, read into one model and turned into a document in one place: one sprite per body,
// one shape per polygon or circle, layers from the fixtures' category bits.

#include "fileformat.h"

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QString>

#include <optional>

namespace hitsmith::physicseditor {

/// A circle of a fixture, in the file's coordinates.
struct Circle {
    QPointF center;      ///< in the file's coordinates
    double radius = 0.0; ///< pixels
};

/// One Box2D fixture as PhysicsEditor writes it.
struct Fixture {
    QString id;                      ///< the fixture's identifier (plist "id"); empty when none
    QString type;                    ///< "polygon" or "circle", the fallback layer name
    std::optional<quint32> category; ///< filter category bits, when the file has them
    std::optional<quint32> mask;     ///< filter mask bits, when the file has them
    int group = 0;                   ///< filter group index (0 = none)
    QList<QList<QPointF>> polygons;  ///< convex pieces, in the file's coordinates
    QList<Circle> circles;           ///< circle shapes, in the file's coordinates
    QString where;                   ///< "line 12" or a key path, for warnings
};

/// One body: an image's fixtures.
struct Body {
    QString name;            ///< the body's name: the sprite's and the frame's
    QList<Fixture> fixtures; ///< in file order
    QJsonObject extra;       ///< what the frame keeps from the file (the plist's anchor point)
    QString where;           ///< "line 12" or a key path, for warnings
};

/// Which way y grows in the file: Box2D exports are y up, AndEngine's y down.
enum class YAxis { Down, Up };

/// Turns bodies into a document: sprite and frame per body (named after it, origin (0, 0) = the
/// body's origin), y flipped when the file is y up, layer "category-N" from the category bits
/// (else the fixture type), the collision matrix from category and mask bits. Appends counted
/// warnings for what cannot be represented (group indexes, renamed duplicate bodies).
DocumentData toDocument(const QList<Body> &bodies, YAxis yAxis, QStringList *warnings);

/// A filter bit field as PhysicsEditor writes it: a whole number from 0 to 65535 (Box2D's 16
/// bits; -1 and other negative 16-bit values as their bits); nullopt otherwise.
std::optional<quint32> parseBits(QStringView text);

/// A group index: a whole number from -32768 to 32767; nullopt otherwise.
std::optional<int> parseGroup(QStringView text);

} // namespace hitsmith::physicseditor
