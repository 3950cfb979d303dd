#pragma once

// The part of a Tiled tileset Hitsmith uses, shared by the XML (.tsx) and JSON (.tsj) formats:
// each reader fills a Tileset and each writer prints one, so both spellings map shapes the same.

#include "fileformat.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>

namespace hitsmith::tiled {

/// The kinds of Tiled objects; rectangles, ellipses, capsules (Tiled 1.12), polygons and points
/// become shapes.
enum class ObjectKind { Rectangle, Ellipse, Capsule, Polygon, Polyline, Point, Text, TileObject };

/// A custom property: type "string" (when empty), "int", "float", "bool", or others Tiled has.
struct Property {
    QString name;
    QString type; ///< "string" when empty
    QString value;
};

/// One object of a tile's collision object group, as Tiled stores it.
struct Object {
    int id = 0;
    QString name;
    QString className; ///< "class" (Tiled 1.9+) or "type" (older); Hitsmith's layer
    ObjectKind kind = ObjectKind::Rectangle;
    double x = 0, y = 0; ///< top-left (rect, ellipse, capsule) or first point's anchor (polygon)
    /// Rect, ellipse and capsule; a capsule is the rounded rectangle of radius min(w, h) / 2.
    double width = 0, height = 0;
    double rotation = 0;        ///< degrees clockwise about (x, y)
    QList<QPointF> points;      ///< polygon and polyline, relative to (x, y)
    QList<Property> properties; ///< the shape's properties
    /// The object template it is an instance of ("template", a .tx/.tj file); the template
    /// holds the shape kind and whatever the instance does not override.
    QString templatePath;
};

/// One frame of a tile's <animation>: which tile shows, for how many milliseconds.
struct AnimationFrame {
    int tileId = 0;
    int duration = 0;
};

/// One tile: its image or sub-rectangle, its properties and its collision objects.
struct Tile {
    int id = 0;
    QList<Property> properties;
    QString image;
    double imageWidth = 0, imageHeight = 0;
    std::optional<QRectF> subRect; ///< Tiled 1.9+ x, y, width, height of the tile in its image
    bool hasObjectGroup = false;
    QPointF objectGroupOffset;
    QList<Object> objects;
    QList<AnimationFrame> animation; ///< the sprite's frame durations, on its first tile
    QString location;                ///< "tile 3" plus, in XML, the line: for messages
};

/// The tileset header and its tiles.
struct Tileset {
    QString name;
    int tileWidth = 0, tileHeight = 0, columns = 0, margin = 0, spacing = 0;
    /// The single image's width as the file gives it (<image width>, "imagewidth"); 0 if absent.
    /// Old tilesets have no "columns": Tiled then counts them from this width.
    int imageWidth = 0;
    QString image;
    QList<Property> properties;
    QList<Tile> tiles;
};

/// What a Tiled file holds: one tileset, or a map's own tilesets and the files of the others.
struct TiledFile {
    bool isMap = false;
    QList<Tileset> tilesets;
    QStringList externalTilesets; ///< a map's tilesets kept in files of their own
};

/// A located read error thrown by the tileset readers and caught inside each format.
struct ReadError {
    QString message;
};

/// Turns a tileset into a document: one frame per tile with an object group, grouped into
/// sprites by the "sprite" property (else one sprite named after the tileset). Objects that are
/// not closed convex shapes are reported in warnings and skipped.
DocumentData toDocument(const Tileset &tileset, const FormatContext &context,
                        QStringList *warnings);

/// A tileset's document, or a map's: its own tilesets' documents one after the other (sprite
/// names kept unique, layers and collision pairs joined), its external tilesets named in a
/// warning. Throws ReadError when a map holds no tileset of its own.
DocumentData toDocument(const TiledFile &file, const FormatContext &context, QStringList *warnings);

/// Turns a document into an image-collection tileset, one tile per frame, skipping invalid shapes
/// (the caller has applied the invalid-shape policy). Capsules are Tiled 1.12 capsule objects,
/// or with options.capsulesAsPolygons polygons within 0.5 px for older Tiled.
Tileset fromDocument(const DocumentData &document, const FormatContext &context,
                     const WriteOptions &options);

/// What exportWarnings() says for both Tiled formats.
QStringList exportWarnings(const DocumentData &document, const WriteOptions &options);

/// Parses a number as Tiled writes it, checking range; nullopt with the reason otherwise.
std::optional<double> parseNumber(const QString &text, QString *reason);

} // namespace hitsmith::tiled
