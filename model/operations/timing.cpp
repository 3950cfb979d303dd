#include "timing.h"

#include <QRegularExpression>

namespace hitsmith::operations {

int frameAt(const Sprite &sprite, qint64 elapsedMs, Looping looping) {
    const int count = int(sprite.frames.size());
    if (count == 0)
        return -1;
    const qint64 total = sprite.totalDuration();
    qint64 t = elapsedMs < 0 ? 0 : elapsedMs;
    if (t >= total) {
        if (looping == Looping::Once)
            return count - 1;
        t %= total;
    }
    for (int i = 0; i < count; ++i) {
        t -= sprite.frameDuration(i);
        if (t < 0)
            return i;
    }
    return count - 1;
}

int frameStart(const Sprite &sprite, int index) {
    int start = 0;
    for (int i = 0; i < index && i < sprite.frames.size(); ++i)
        start += sprite.frameDuration(i);
    return start;
}

QString defaultAttackLayer(const QStringList &layers) {
    static const QRegularExpression attack(QStringLiteral("hitbox|attack|^hit$"),
                                           QRegularExpression::CaseInsensitiveOption);
    for (const QString &layer : layers) {
        if (attack.match(layer).hasMatch())
            return layer;
    }
    return {};
}

FrameData frameData(const Sprite &sprite, const QString &attackLayer) {
    FrameData data;
    const int count = int(sprite.frames.size());
    for (int i = 0; i < count; ++i) {
        for (const Shape &shape : sprite.frames[i].shapes) {
            if (shape.layer == attackLayer && shape.type != ShapeType::Point) { // points never hit
                if (data.firstActive < 0)
                    data.firstActive = i;
                data.lastActive = i;
                break;
            }
        }
    }
    if (data.firstActive < 0) {
        data.startupFrames = count;
        data.startupMs = sprite.totalDuration();
        return data;
    }
    for (int i = 0; i < count; ++i) {
        const int ms = sprite.frameDuration(i);
        if (i < data.firstActive) {
            ++data.startupFrames;
            data.startupMs += ms;
        } else if (i <= data.lastActive) {
            ++data.activeFrames;
            data.activeMs += ms;
        } else {
            ++data.recoveryFrames;
            data.recoveryMs += ms;
        }
    }
    return data;
}

} // namespace hitsmith::operations
