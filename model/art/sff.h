#pragma once

#include <QByteArray>
#include <QHash>
#include <QImage>
#include <QList>
#include <QPoint>
#include <QRgb>
#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>

namespace hitsmith::art {

/// A 256-colour palette as the engine holds it: non-premultiplied ARGB, index 0 transparent.
using Palette = QList<QRgb>;

/// How one sprite's pixels are stored (SFF v2's format byte; v1 sprites are all Pcx).
enum class SffCompression {
    Raw = 0,
    Linked = 1,
    Rle8 = 2,
    Rle5 = 3,
    Lz5 = 4,
    Png8 = 10,
    Png24 = 11,
    Png32 = 12,
    Pcx = 256
};

/// The name of a compression ("raw", "rle8", "rle5", "lz5", "png8", "png24", "png32", "pcx").
QString sffCompressionName(SffCompression compression);

/// One entry of an SFF's sprite index, as read from its header (no pixels).
struct SffSprite {
    int group = 0;
    int number = 0;
    QPoint axis; ///< the sprite's axis, from its top-left corner (the engine's Offset)
    QSize size;  ///< v2: from the header; v1: known once decoded (invalid before)
    SffCompression compression = SffCompression::Raw;
    int colorDepth = 8;    ///< v2: 5, 8, 24 or 32; v1: 8
    int palette = -1;      ///< index into palettes() whose colours this sprite uses; -1 none
    int linkedTo = -1;     ///< index of the sprite whose pixels (and v1 palette) it shares
    qint64 dataOffset = 0; ///< absolute offset of its data in the file
    qint64 dataLength = 0; ///< bytes of data (0 = linked)
};

/// A decoded sprite: its pixels in ARGB32 premultiplied (index 0 transparent) or why there are
/// none. Never larger than the bounds below.
struct SffImage {
    QImage image;  ///< null when error is set
    QPoint axis;   ///< the sprite's axis from the image's top-left
    QString error; ///< why the sprite has no pixels ("data runs past the end of the file")
    bool isOk() const { return !image.isNull(); }
};

/// Bounds every decode respects, so a hostile file never makes a giant allocation: a sprite is
/// refused (with a message) when its width or height exceeds kMaxSide, its pixel count exceeds
/// kMaxPixels, or its pixel count exceeds what its data could expand to
/// (kMaxExpansion pixels per byte of compressed data; raw data must hold every pixel).
inline constexpr int kMaxSide = 16384;
inline constexpr qint64 kMaxPixels = qint64(16) * 1024 * 1024;
inline constexpr qint64 kMaxExpansion = 264;

/// An Elecbyte SFF sprite file (v1.01, v2.00, v2.01), read as Ikemen GO's src/image.go reads it.
/// Opening reads only the header, the palette table and the sprite index; a sprite's pixels are
/// decoded when first asked and cached. Never crashes on hostile bytes: a sprite that cannot be
/// decoded comes back with an error, and a file whose index cannot be read keeps the sprites
/// read so far (with a warning) or fails with error().
class SffFile {
public:
    SffFile();
    ~SffFile();
    SffFile(const SffFile &) = delete;
    SffFile &operator=(const SffFile &) = delete;

    /// Reads the headers of bytes (the whole file). False with error() set when it is no SFF.
    bool open(const QByteArray &bytes);
    /// Maps (or reads) a file and opens it. False with error() set when it cannot.
    bool openFile(const QString &path);

    QString error() const { return mError; }
    /// Things read leniently while opening (index cut short, duplicate sprite numbers, ...).
    QStringList warnings() const { return mWarnings; }
    /// 1 or 2 (0 before a successful open).
    int majorVersion() const { return mVersion[0]; }
    /// "1.01", "2.00", "2.01".
    QString versionText() const;

    qsizetype spriteCount() const { return mSprites.size(); }
    const SffSprite &sprite(qsizetype index) const { return mSprites[index]; }
    /// The first sprite with this group and number, as the engine picks it; -1 when none.
    qsizetype indexOf(int group, int number) const;

    /// The palettes: v2 the palette table (linked palettes resolved); v1 one per sprite that
    /// carries its own PCX palette ("same palette as previous" sprites point at the last one).
    qsizetype paletteCount() const { return mPalettes.size(); }
    Palette palette(qsizetype index) const;
    /// v2: the palette-table index of palette (group, number), as PalTable holds it; -1 none.
    int paletteIndex(int group, int number) const;

    /// Sprite index decoded with its own palette (or, when palette is given, with that one for
    /// an indexed sprite). Decoded pixels are cached; recolouring is cheap.
    SffImage image(qsizetype index, const Palette *palette = nullptr) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
    QString mError;
    QStringList mWarnings;
    int mVersion[4] = {0, 0, 0, 0};
    QList<SffSprite> mSprites;
    QList<Palette> mPalettes;
    QHash<quint32, qsizetype> mByNumber; // (group << 16 | number) -> first index
    QHash<quint32, int> mPaletteTable;   // (group << 16 | number) -> palette index
};

} // namespace hitsmith::art
