#pragma once

#include <QHash>
#include <QPixmap>
#include <QString>

namespace hitsmith {

class Document;
struct Frame;
struct Sprite;

/// Sprite images as the editor draws them, loaded once per file and flip. A sprite's "flip"
/// mirrors its whole image (a mirrored copy of a sprite refers to the same PNG); a frame's
/// source rectangle then picks its cell of the flipped image. Shared by the canvas, the onion
/// skin and the Timeline thumbnails so all three show the same pixels.
class SpriteImageCache {
public:
    /// The sprite's whole image, flipped as the sprite says; null without an image or when the
    /// file cannot be read.
    QPixmap image(const Document &document, const Sprite &sprite);
    /// The frame's cell of image() (all of it when the frame has no source rectangle).
    QPixmap cell(const Document &document, const Sprite &sprite, const Frame &frame);
    /// Forgets every loaded image (a document was opened or replaced).
    void clear() { mImages.clear(); }

private:
    QHash<QString, QPixmap> mImages; // key: absolute path + flip
};

} // namespace hitsmith
