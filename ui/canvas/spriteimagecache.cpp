#include "spriteimagecache.h"

#include "document.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>

namespace hitsmith {

QPixmap SpriteImageCache::image(const Document &document, const Sprite &sprite) {
    if (sprite.image.isEmpty())
        return {};
    const QString path = QFileInfo(document.filePath()).dir().absoluteFilePath(sprite.image);
    const QString key = path + u'\n' + imageFlipName(sprite.flip);
    auto it = mImages.find(key);
    if (it == mImages.end()) {
        QImage loaded(path);
        const bool horizontal =
            sprite.flip == ImageFlip::Horizontal || sprite.flip == ImageFlip::Both;
        const bool vertical = sprite.flip == ImageFlip::Vertical || sprite.flip == ImageFlip::Both;
        if (!loaded.isNull() && (horizontal || vertical))
            loaded = loaded.mirrored(horizontal, vertical);
        it = mImages.insert(key, QPixmap::fromImage(loaded));
    }
    return *it;
}

QPixmap SpriteImageCache::cell(const Document &document, const Sprite &sprite, const Frame &frame) {
    const QPixmap whole = image(document, sprite);
    if (whole.isNull() || !frame.source)
        return whole;
    return whole.copy(frame.source->toAlignedRect());
}

} // namespace hitsmith
