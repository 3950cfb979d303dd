#include "framepicture.h"

#include "airelement.h"
#include "asefile.h"
#include "asepritefileformat.h"
#include "documentdata.h"
#include "imagepaths.h"
#include "mugencharacter.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("FramePictures", text);
}

} // namespace

struct FramePictures::Cache {
    QHash<QString, std::shared_ptr<art::MugenCharacter>> characters; // by absolute path
    QHash<QString, QImage> images;                                   // by path + flip
    QHash<QString, FramePicture> pictures;                           // by path + frame + palette
};

FramePictures::FramePictures()
    : mCache(std::make_unique<Cache>()) {}
FramePictures::~FramePictures() = default;

bool FramePictures::isMugenArt(const QString &imagePath) {
    const QString suffix = QFileInfo(imagePath).suffix();
    return suffix.compare(QLatin1String("def"), Qt::CaseInsensitive) == 0 ||
           suffix.compare(QLatin1String("sff"), Qt::CaseInsensitive) == 0;
}

void FramePictures::clear() {
    mCache = std::make_unique<Cache>();
}

void FramePictures::setPalette(int number) {
    mPalette = std::clamp(number, 0, art::kMaxPalettes);
}

std::shared_ptr<const art::MugenCharacter>
FramePictures::character(const Sprite &sprite, const QString &documentDir) const {
    if (sprite.image.isEmpty() || !isMugenArt(sprite.image))
        return nullptr;
    const QString path = absoluteImagePath(sprite.image, documentDir);
    auto it = mCache->characters.find(path);
    if (it == mCache->characters.end())
        it = mCache->characters.insert(path, art::MugenCharacter::open(path));
    return *it;
}

QList<int> FramePictures::palettes(const Sprite &sprite, const QString &documentDir) const {
    const auto art = character(sprite, documentDir);
    return art ? art->paletteNumbers() : QList<int>();
}

FramePicture FramePictures::picture(const DocumentData &document, qsizetype spriteIndex,
                                    qsizetype frameIndex, const QString &documentDir) const {
    if (spriteIndex < 0 || spriteIndex >= document.sprites.size())
        return {};
    const Sprite &sprite = document.sprites[spriteIndex];
    if (frameIndex < 0 || frameIndex >= sprite.frames.size())
        return {};
    return picture(sprite, sprite.frames[frameIndex], documentDir);
}

FramePicture FramePictures::picture(const Sprite &sprite, const Frame &frame,
                                    const QString &documentDir) const {
    FramePicture out;
    if (sprite.image.isEmpty())
        return out;
    const QString path = absoluteImagePath(sprite.image, documentDir);
    if (isMugenArt(path)) {
        out.isMugen = true;
        const std::optional<AirElement> element = frameAirElement(frame);
        if (!element) {
            out.message = tr("no MUGEN animation element on this frame");
            return out;
        }
        out.group = element->group;
        out.number = element->number;
        if (element->isBlank()) {
            out.status = PictureStatus::Blank;
            out.message = tr("blank element (group -1)");
            return out;
        }
        const QPointF origin = frame.origin.value_or(QPointF(0, 0));
        const QString key = QStringLiteral("%1\n%2,%3,%4,%5\n%6")
                                .arg(path)
                                .arg(element->group)
                                .arg(element->number)
                                .arg(int(element->flipH))
                                .arg(int(element->flipV))
                                .arg(mPalette);
        FramePicture cached;
        if (auto it = mCache->pictures.constFind(key); it != mCache->pictures.cend()) {
            cached = *it;
        } else {
            const auto art = character(sprite, documentDir);
            cached.isMugen = true;
            cached.group = element->group;
            cached.number = element->number;
            if (!art->sff()) {
                cached.status = PictureStatus::FileMissing;
                cached.message = art->error();
            } else {
                const art::SffImage image = art->sprite(element->group, element->number, mPalette);
                if (!image.isOk()) {
                    cached.status = art->sff()->indexOf(element->group, element->number) < 0
                                        ? PictureStatus::SpriteMissing
                                        : PictureStatus::DecodeFailed;
                    cached.message = image.error;
                } else {
                    cached.status = PictureStatus::Ok;
                    cached.image = image.image.mirrored(element->flipH, element->flipV);
                    // Where the engine puts it with the axis at (0,0), before the offset: at
                    // -axis, or mirrored about the axis.
                    const int w = image.image.width(), h = image.image.height();
                    cached.position =
                        QPointF(element->flipH ? image.axis.x() - w : -image.axis.x(),
                                element->flipV ? image.axis.y() - h : -image.axis.y());
                }
            }
            mCache->pictures.insert(key, cached);
        }
        out = cached;
        // The element's offset moves the sprite in screen space whatever its flip.
        out.position += origin + QPointF(element->x, element->y);
        // A mirrored copy of the action (sprite flip) mirrors the picture about the frame
        // origin, as its shapes were.
        const bool horizontal =
            sprite.flip == ImageFlip::Horizontal || sprite.flip == ImageFlip::Both;
        const bool vertical = sprite.flip == ImageFlip::Vertical || sprite.flip == ImageFlip::Both;
        if (out.isOk() && (horizontal || vertical)) {
            out.image = out.image.mirrored(horizontal, vertical);
            if (horizontal)
                out.position.setX(2 * origin.x() - out.position.x() - out.image.width());
            if (vertical)
                out.position.setY(2 * origin.y() - out.position.y() - out.image.height());
        }
        return out;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("aseprite") || suffix == QLatin1String("ase")) {
        // Aseprite's own file: the composite of the frame the document frame records.
        const int index = asepriteFrameIndex(frame);
        const QString key =
            path + QStringLiteral("\n#%1\n").arg(index) + imageFlipName(sprite.flip);
        if (auto it = mCache->pictures.constFind(key); it != mCache->pictures.cend())
            return *it;
        QFile file(path);
        QString error;
        if (!file.open(QIODevice::ReadOnly)) {
            out.status = PictureStatus::FileMissing;
            out.message = tr("image not found: %1").arg(storedImagePath(path, documentDir));
        } else if (const std::optional<ase::File> ase = ase::read(file.readAll(), &error)) {
            if (index < 0 || index >= ase->frames.size()) {
                out.status = PictureStatus::SpriteMissing;
                out.message = tr("the .aseprite file has no frame %1").arg(index);
            } else {
                const bool horizontal =
                    sprite.flip == ImageFlip::Horizontal || sprite.flip == ImageFlip::Both;
                const bool vertical =
                    sprite.flip == ImageFlip::Vertical || sprite.flip == ImageFlip::Both;
                out.status = PictureStatus::Ok;
                out.image = ase::composite(*ase, index).mirrored(horizontal, vertical);
            }
        } else {
            out.status = PictureStatus::DecodeFailed;
            out.message = error;
        }
        mCache->pictures.insert(key, out);
        return out;
    }
    const QString key = path + u'\n' + imageFlipName(sprite.flip);
    auto it = mCache->images.find(key);
    if (it == mCache->images.end()) {
        QImage loaded(path);
        const bool horizontal =
            sprite.flip == ImageFlip::Horizontal || sprite.flip == ImageFlip::Both;
        const bool vertical = sprite.flip == ImageFlip::Vertical || sprite.flip == ImageFlip::Both;
        if (!loaded.isNull()) {
            if (horizontal || vertical)
                loaded = loaded.mirrored(horizontal, vertical);
            // Not premultiplied: a half-transparent pixel keeps its exact colour (render
            // writes it as it is; the canvas's pixmap premultiplies once, when it is made).
            loaded = loaded.convertToFormat(QImage::Format_ARGB32);
        }
        it = mCache->images.insert(key, loaded);
    }
    if (it->isNull()) {
        out.status = PictureStatus::FileMissing;
        out.message = tr("image not found: %1").arg(storedImagePath(path, documentDir));
        return out;
    }
    out.status = PictureStatus::Ok;
    out.image = frame.source ? it->copy(frame.source->toAlignedRect()) : *it;
    return out;
}

} // namespace hitsmith
