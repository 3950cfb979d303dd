#pragma once

#include "shape.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <utility>

namespace hitsmith {

/// How long a frame shows when neither it nor its sprite says (milliseconds).
inline constexpr int kDefaultFrameDuration = 100;
/// Game ticks (frames of game logic) a second when a document does not say ("tick_rate").
inline constexpr int kDefaultTickRate = 60;
/// The tick rates a document may have ("tick_rate": 1 to 1000 ticks a second).
inline constexpr int kMinTickRate = 1;
inline constexpr int kMaxTickRate = 1000;

/// True when value is a valid property value: a number, a string or a boolean.
bool isPropertyValue(const QJsonValue &value);
/// A property number in the form a document keeps it: a whole number that fits 64 bits as an
/// integer, as Qt's JSON parser (and so a native read) gives it, anything else as a double. A
/// reader or an edit that has the number as a double stores it through here, so that a save and a
/// load give the same document back (past 2^53 a double written out reads back as an integer).
QJsonValue propertyNumber(double value);

/// How a sprite's image is drawn: a mirrored copy flips the image by reference, not in pixels.
enum class ImageFlip { None, Horizontal, Vertical, Both };

/// The file spelling of a flip ("horizontal", "vertical", "both"; empty for none).
QString imageFlipName(ImageFlip flip);
/// The flip a file spelling names, or nullopt for an unknown spelling.
std::optional<ImageFlip> imageFlipFromName(const QString &name);

/// One animation frame: an optional cell of the sprite's image, an optional pivot, its shapes.
struct Frame {
    QString name;
    std::optional<QRectF> source;  ///< x, y, width, height in the image; absent = whole image
    std::optional<QPointF> origin; ///< pivot in frame pixels; absent = top-left corner
    QList<Shape> shapes;
    QJsonObject extra;           ///< unknown fields, kept for saving
    std::optional<int> duration; ///< milliseconds (> 0); absent = the sprite's default
    QJsonObject properties;      ///< name -> number, string or bool, in key order
    /// Root motion: the character's step when this frame starts (pixels, x forward in the
    /// sprite's facing, y down); during frame k the origin sits at the sum over frames 0..k.
    /// (0, 0) is not saved.
    QPointF motion{}; // (an initializer: Frame{...} lists without it stay warning-free)

    /// Index of the shape with this id, or -1.
    qsizetype indexOfShape(const QString &id) const;
    /// An id starting with base that no shape of this frame has yet ("blade", "blade-2", ...).
    QString uniqueShapeId(const QString &base) const;
    bool operator==(const Frame &other) const = default;
};

/// A named sprite: an optional image (path relative to the document) and its frames.
struct Sprite {
    QString name;
    QString image;
    QList<Frame> frames;
    QJsonObject extra;
    ImageFlip flip = ImageFlip::None; ///< the image is drawn mirrored (a mirrored copy)
    std::optional<int> duration;      ///< default frame duration in ms; absent = 100

    /// How long frame index shows: its own duration, else the sprite's, else 100 ms.
    int frameDuration(qsizetype index) const;
    /// Sum of every frame's duration in ms.
    int totalDuration() const;
    /// Where the character's origin sits during frame index: the sum of the motion of frames
    /// 0..index (root motion), relative to where the sprite's first frame starts.
    QPointF rootPosition(qsizetype index) const;
    bool operator==(const Sprite &other) const = default;
};

/// Two layers whose shapes are tested against each other.
struct LayerPair {
    QString first;
    QString second;
    bool operator==(const LayerPair &other) const = default;
};

/// How the editor shows a layer; saved so a team shares the same colours.
struct LayerStyle {
    QString name;
    QColor color;
    bool visible = true;
    QJsonObject extra;
    bool operator==(const LayerStyle &other) const = default;
};

/// Which way a versus defender faces: towards the attacker (mirrored) or the same way.
enum class Facing { Opposite, Same };

/// A saved versus setup: the attacker frame at the origin facing right, the defender frame with
/// its origin at (dx, dy). Frames are named "sprite/frame" (the names may themselves hold "/").
struct VersusSetup {
    QString attacker;                 ///< "sprite/frame"
    QString defender;                 ///< "sprite/frame"
    double dx = 0.0;                  ///< defender origin, x
    double dy = 0.0;                  ///< defender origin, y
    Facing facing = Facing::Opposite; ///< mirrored to face the attacker unless Same
    /// Ordered (attacker layer, defender layer) pairs tested, such as hitbox:hurtbox; nullopt:
    /// the default, the attack layer one way (see VersusLayers in versus.h).
    std::optional<QList<LayerPair>> layers;
    /// The defender's own document (another character, any format the editor opens, read only):
    /// its path, absolute in memory and relative to the document's folder in files (as sprite
    /// images); empty: the defender is a frame of this document.
    QString defenderDocument;
    QJsonObject extra; ///< unknown fields, kept for saving
    bool operator==(const VersusSetup &other) const = default;
};

/// Everything a hitbox document file holds, as plain values.
struct DocumentData {
    /// Which layer pairs collide; absent means every pair of shapes in a frame is tested.
    std::optional<QList<LayerPair>> collide;
    QList<LayerStyle> layers;
    QList<Sprite> sprites;
    QList<VersusSetup> versus; ///< saved versus setups (optional "versus" list)
    QJsonObject extra;         ///< unknown top-level fields
    /// Game ticks a second ("tick_rate"): frame data counts a frame's duration in these ticks.
    int tickRate = kDefaultTickRate;

    /// True when shapes on these two layers are tested against each other.
    bool layersCollide(const QString &a, const QString &b) const;
    /// Every layer name used by a shape, a style or the collision matrix, sorted.
    QStringList layerNames() const;
    /// Index of the sprite with this name, or -1.
    qsizetype indexOfSprite(const QString &name) const;
    /// The frame named "sprite/frame" (split at whichever "/" names an existing frame), as
    /// {sprite index, frame index}; {-1, -1} when there is none.
    std::pair<int, int> findFrame(const QString &spriteSlashFrame) const;
    /// Total number of shapes in all frames.
    qsizetype shapeCount() const;
    bool operator==(const DocumentData &other) const = default;
};

} // namespace hitsmith
