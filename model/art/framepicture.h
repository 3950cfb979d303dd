#pragma once

#include <QHash>
#include <QImage>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <memory>

namespace hitsmith {

struct DocumentData;
struct Frame;
struct Sprite;

namespace art {
class MugenCharacter;
}

/// What a frame shows, and why when it shows nothing.
enum class PictureStatus {
    NoImage,       ///< the sprite has no image (a frame of boxes only)
    Ok,            ///< image is set
    Blank,         ///< a MUGEN element of group -1: drawn as nothing on purpose
    FileMissing,   ///< the image, .def or .sff cannot be read (message says which)
    SpriteMissing, ///< the .sff has no sprite with the element's group and number
    DecodeFailed,  ///< the sprite's data cannot be decoded (message says why)
};

/// A frame's picture: pixels already flipped as drawn, and where they sit in frame coordinates
/// (the coordinates of the frame's shapes; for a MUGEN element the character's axis is the frame
/// origin and the sprite lands as the engine draws it: at offset - axis, mirrored about the axis).
struct FramePicture {
    PictureStatus status = PictureStatus::NoImage;
    QImage image;         ///< ARGB32 (an SFF sprite's premultiplied); null unless Ok
    QPointF position;     ///< the image's top-left corner in frame coordinates
    QString message;      ///< for the status line: empty when Ok or NoImage
    bool isMugen = false; ///< the picture comes from MUGEN art (.def / .sff)
    int group = -1;       ///< MUGEN element sprite group (when isMugen)
    int number = -1;      ///< MUGEN element sprite number (when isMugen)

    bool isOk() const { return status == PictureStatus::Ok; }
    /// The image's rectangle in frame coordinates (empty when there is no image).
    QRectF rect() const { return image.isNull() ? QRectF() : QRectF(position, image.size()); }
};

/// Where frames get their pixels (as Tiled's image cache): a PNG sheet's cell, or a MUGEN
/// character's sprite for an element read from .air. Files are opened on first use and kept;
/// decoded pictures are cached per (image, frame, palette). The canvas, Timeline thumbnails,
/// trace and `hitsmith-cli render` all ask this instead of knowing about files.
///
/// A sprite refers to MUGEN art when its image is a .def or .sff path; each frame's element
/// (group, number, offset, flip) is the .air element line the .air reader keeps in the frame's
/// extras (docs/formats.md, MUGEN). A sprite's own flip (a mirrored copy) mirrors a PNG sheet
/// before its cell is cut, and a MUGEN picture about the frame origin (as its shapes).
class FramePictures {
public:
    FramePictures();
    ~FramePictures();

    /// The picture of frame of sprite. Relative image paths resolve against documentDir.
    FramePicture picture(const Sprite &sprite, const Frame &frame,
                         const QString &documentDir = {}) const;
    /// The picture of frame index frameIndex of sprite index spriteIndex (NoImage when absent).
    FramePicture picture(const DocumentData &document, qsizetype spriteIndex, qsizetype frameIndex,
                         const QString &documentDir = {}) const;

    /// The palette MUGEN art is drawn with: 1..12 (pal1..pal12); 0 = each sprite's own. A number
    /// the character lacks draws with the sprites' own palettes. Default 1.
    void setPalette(int number);
    int palette() const { return mPalette; }
    /// The palette numbers (1..12) the sprite's MUGEN art offers; empty for other images.
    QList<int> palettes(const Sprite &sprite, const QString &documentDir = {}) const;
    /// The MUGEN character behind a sprite's image, opened once; null for other images.
    std::shared_ptr<const art::MugenCharacter> character(const Sprite &sprite,
                                                         const QString &documentDir = {}) const;

    /// True when an image path names MUGEN art (.def or .sff, any case).
    static bool isMugenArt(const QString &imagePath);
    /// Forgets every file and picture (a document was opened or replaced, files changed).
    void clear();

private:
    struct Cache;
    std::unique_ptr<Cache> mCache;
    int mPalette = 1;
};

} // namespace hitsmith
