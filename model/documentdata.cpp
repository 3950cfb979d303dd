#include "documentdata.h"

#include <cmath>

#include <QSet>

namespace hitsmith {

bool isPropertyValue(const QJsonValue &value) {
    return value.isDouble() || value.isString() || value.isBool();
}

QJsonValue propertyNumber(double value) {
    if (value == std::floor(value) && value >= -0x1p63 && value < 0x1p63)
        return QJsonValue(qint64(value));
    return QJsonValue(value);
}

QString imageFlipName(ImageFlip flip) {
    switch (flip) {
    case ImageFlip::None:
        return {};
    case ImageFlip::Horizontal:
        return QStringLiteral("horizontal");
    case ImageFlip::Vertical:
        return QStringLiteral("vertical");
    case ImageFlip::Both:
        return QStringLiteral("both");
    }
    return {};
}

std::optional<ImageFlip> imageFlipFromName(const QString &name) {
    for (ImageFlip flip : {ImageFlip::Horizontal, ImageFlip::Vertical, ImageFlip::Both}) {
        if (imageFlipName(flip) == name)
            return flip;
    }
    if (name == QLatin1String("none"))
        return ImageFlip::None;
    return std::nullopt;
}

int Sprite::frameDuration(qsizetype index) const {
    if (index >= 0 && index < frames.size() && frames[index].duration)
        return *frames[index].duration;
    return duration.value_or(kDefaultFrameDuration);
}

int Sprite::totalDuration() const {
    int total = 0;
    for (qsizetype i = 0; i < frames.size(); ++i)
        total += frameDuration(i);
    return total;
}

QPointF Sprite::rootPosition(qsizetype index) const {
    QPointF position;
    for (qsizetype i = 0; i <= index && i < frames.size(); ++i)
        position += frames[i].motion;
    return position;
}

qsizetype Frame::indexOfShape(const QString &id) const {
    for (qsizetype i = 0; i < shapes.size(); ++i) {
        if (shapes[i].id == id)
            return i;
    }
    return -1;
}

QString Frame::uniqueShapeId(const QString &base) const {
    const QString stem = base.isEmpty() ? QStringLiteral("shape") : base;
    if (indexOfShape(stem) < 0)
        return stem;
    for (int n = 2;; ++n) {
        const QString candidate = stem + QLatin1Char('-') + QString::number(n);
        if (indexOfShape(candidate) < 0)
            return candidate;
    }
}

bool DocumentData::layersCollide(const QString &a, const QString &b) const {
    if (!collide)
        return true;
    for (const LayerPair &pair : *collide) {
        if ((pair.first == a && pair.second == b) || (pair.first == b && pair.second == a))
            return true;
    }
    return false;
}

QStringList DocumentData::layerNames() const {
    QSet<QString> names;
    for (const LayerStyle &style : layers)
        names.insert(style.name);
    if (collide) {
        for (const LayerPair &pair : *collide) {
            names.insert(pair.first);
            names.insert(pair.second);
        }
    }
    // Shapes share their layer names' characters (readers share them: SharedNames), so a name
    // whose characters were among the last few inserted needs no hashing: the panels ask for
    // these names on every reset, and hashing 100,000 names took a tenth of opening a document.
    const QChar *recent[8] = {};
    qsizetype recentSizes[8] = {};
    unsigned next = 0;
    for (const Sprite &sprite : sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                const QChar *characters = shape.layer.constData();
                bool known = false;
                for (int i = 0; i < 8 && !known; ++i)
                    known = recent[i] == characters && recentSizes[i] == shape.layer.size();
                if (known)
                    continue;
                names.insert(shape.layer);
                recent[next % 8] = characters;
                recentSizes[next % 8] = shape.layer.size();
                ++next;
            }
        }
    }
    QStringList sorted(names.begin(), names.end());
    sorted.sort();
    return sorted;
}

qsizetype DocumentData::indexOfSprite(const QString &name) const {
    for (qsizetype i = 0; i < sprites.size(); ++i) {
        if (sprites[i].name == name)
            return i;
    }
    return -1;
}

std::pair<int, int> DocumentData::findFrame(const QString &spriteSlashFrame) const {
    for (qsizetype slash = spriteSlashFrame.indexOf(u'/'); slash >= 0;
         slash = spriteSlashFrame.indexOf(u'/', slash + 1)) {
        const qsizetype s = indexOfSprite(spriteSlashFrame.left(slash));
        if (s < 0)
            continue;
        const QString frameName = spriteSlashFrame.mid(slash + 1);
        const QList<Frame> &frames = sprites[s].frames;
        for (qsizetype f = 0; f < frames.size(); ++f) {
            if (frames[f].name == frameName)
                return {int(s), int(f)};
        }
    }
    return {-1, -1};
}

qsizetype DocumentData::shapeCount() const {
    qsizetype count = 0;
    for (const Sprite &sprite : sprites) {
        for (const Frame &frame : sprite.frames)
            count += frame.shapes.size();
    }
    return count;
}

} // namespace hitsmith
