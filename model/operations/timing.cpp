#include "timing.h"

#include "airelement.h"
#include "airformat.h"

#include <QRegularExpression>

#include <algorithm>

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

FrameTicks frameTicks(const Sprite &sprite, qsizetype index, int tickRate) {
    FrameTicks result;
    const Frame &frame = sprite.frames.at(index);
    if (const std::optional<AirElement> element = frameAirElement(frame)) {
        // The reader turns a positive time into ms (AirFormat::ticksToMs) and leaves the
        // duration unset otherwise; any other duration is an edit, counted as one.
        const bool edited = element->ticks > 0
                                ? frame.duration != AirFormat::ticksToMs(element->ticks)
                                : frame.duration.has_value();
        if (!edited) {
            result.fromElement = true;
            result.open = element->ticks == -1 && index == sprite.frames.size() - 1;
            result.ticks = std::max(0, element->ticks);
            return result;
        }
    }
    const qint64 scaled = qint64(sprite.frameDuration(index)) * tickRate;
    result.ticks = int(std::max<qint64>(0, (scaled + 500) / 1000)); // round half up
    result.whole = scaled % 1000 == 0;
    return result;
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

FrameData frameData(const Sprite &sprite, const QString &attackLayer, int tickRate) {
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
    data.startupTick = 1;
    bool open = false; // a frame before this one never ends
    // Sums saturate: absurd durations (2^31 ms) must not overflow.
    static constexpr qint64 kMost = 1000000000;
    const auto sum = [](int a, int b) { return int(std::min<qint64>(qint64(a) + b, kMost)); };
    auto add = [&](std::optional<int> &span, const FrameTicks &ticks) {
        if (open || ticks.open)
            span.reset();
        else if (span)
            *span = sum(*span, ticks.ticks);
    };
    for (int i = 0; i < count; ++i) {
        const int ms = sprite.frameDuration(i);
        const FrameTicks ticks = frameTicks(sprite, i, tickRate);
        if (i < data.firstActive) {
            ++data.startupFrames;
            data.startupMs += ms;
            data.startupTick = sum(data.startupTick, ticks.ticks);
        } else if (i <= data.lastActive) {
            ++data.activeFrames;
            data.activeMs += ms;
            add(data.activeTicks, ticks);
        } else {
            ++data.recoveryFrames;
            data.recoveryMs += ms;
            add(data.recoveryTicks, ticks);
        }
        open = open || ticks.open;
    }
    if (!data.activeTicks)
        data.recoveryTicks.reset();
    return data;
}

} // namespace hitsmith::operations
