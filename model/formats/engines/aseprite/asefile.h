#pragma once

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QRect>
#include <QRgb>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::ase {

/// One key of a slice: from its frame on (until the next key), the slice's bounds.
struct SliceKey {
    int frame = 0;
    QRect bounds;                ///< w = 0 or h = 0 hides the slice
    std::optional<QRect> center; ///< 9-patch centre, relative to the bounds
    std::optional<QPoint> pivot; ///< relative to the bounds' top-left corner
};

struct Slice {
    QString name;
    QList<SliceKey> keys;
    QString text;        ///< user-data text (empty when none)
    QByteArray userData; ///< the user-data chunk's data (after its header), empty when none
};

struct Tag {
    int from = 0;
    int to = 0;
    QString name;
};

struct Layer {
    int flags = 0;
    int type = 0; ///< 0 normal, 1 group, 2 tilemap
    int childLevel = 0;
    int blendMode = 0;
    int opacity = 255;
    QString name;
    bool visible = true; ///< its own flag and every parent group's
};

struct Cel {
    int layer = 0;
    int x = 0;
    int y = 0;
    int opacity = 255;
    int type = 0;
    int linkedFrame = -1;
    QImage image; ///< ARGB32 (non-premultiplied) for image cels
};

struct FrameData {
    int duration = 100;
    QList<Cel> cels;
};

/// A chunk's place in the file, for the writer.
struct ChunkSpan {
    int frame = 0;
    int type = 0;
    qsizetype offset = 0; ///< of the chunk's size field
    qsizetype size = 0;   ///< whole chunk, header included
};

/// A whole .aseprite file, read as aseprite's src/dio/aseprite_decoder.cpp reads it.
struct File {
    int width = 0;
    int height = 0;
    int depth = 32;
    int flags = 0;
    int transparentIndex = 0;
    int speed = 100;     ///< the header's frame duration, for frames whose own is 0
    QList<QRgb> palette; ///< non-premultiplied ARGB
    QList<Layer> layers;
    QList<FrameData> frames;
    QList<Tag> tags;
    QList<Slice> slices;
    QList<ChunkSpan> chunks;
    QStringList warnings;
};

/// True when bytes start like an .aseprite file (magic 0xA5E0 at offset 4).
bool hasMagic(const QByteArray &bytes);

/// Reads bytes; on failure returns nullopt with *error naming the frame and chunk.
std::optional<File> read(const QByteArray &bytes, QString *error);

/// The composite of frame index's visible layers (ARGB32, non-premultiplied), as Aseprite
/// renders it; blend modes other than normal are drawn as normal and counted in *otherBlends.
QImage composite(const File &file, int frame, int *otherBlends = nullptr);

/// Bounds on any image a file may declare (the SFF reader's).
inline constexpr int kMaxSide = 16384;
/// The farthest a slice's corner or a 9-patch centre may lie from the canvas origin, in pixels:
/// beyond the largest canvas by far, and far from where a QRect's x + w overflows.
inline constexpr int kMaxCoordinate = 1 << 28;
inline constexpr qint64 kMaxPixels = qint64(16) * 1024 * 1024;

} // namespace hitsmith::ase
