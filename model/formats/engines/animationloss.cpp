#include "animationloss.h"

#include <QCoreApplication>

namespace hitsmith::engines {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::AnimationLoss", text);
}

} // namespace

QStringList animationLossWarnings(const DocumentData &document, const QString &target,
                                  KeptAnimationData kept) {
    int frameDurations = 0, spriteDurations = 0, flips = 0;
    int properties = 0, shapesWithProperties = 0, framesWithProperties = 0;
    for (const Sprite &sprite : document.sprites) {
        spriteDurations += sprite.duration ? 1 : 0;
        flips += sprite.flip != ImageFlip::None ? 1 : 0;
        for (const Frame &frame : sprite.frames) {
            frameDurations += frame.duration ? 1 : 0;
            if (!frame.properties.isEmpty()) {
                ++framesWithProperties;
                properties += int(frame.properties.size());
            }
            for (const Shape &shape : frame.shapes) {
                if (!shape.properties.isEmpty()) {
                    ++shapesWithProperties;
                    properties += int(shape.properties.size());
                }
            }
        }
    }
    QStringList warnings;
    if (frameDurations + spriteDurations > 0 && kept != KeptAnimationData::Durations &&
        kept != KeptAnimationData::DurationsAndProperties)
        warnings << tr("frame durations are not stored in %1: %2 frame durations and %3 sprite "
                       "defaults lost")
                        .arg(target)
                        .arg(frameDurations)
                        .arg(spriteDurations);
    if (properties > 0 && kept != KeptAnimationData::Properties &&
        kept != KeptAnimationData::DurationsAndProperties)
        warnings << tr("properties are not stored in %1: %2 properties on %3 shapes and %4 "
                       "frames lost")
                        .arg(target)
                        .arg(properties)
                        .arg(shapesWithProperties)
                        .arg(framesWithProperties);
    if (flips > 0)
        warnings << tr("image flips are not stored in %1: %2 mirrored sprites are written with "
                       "their image unflipped (their shapes are mirrored)")
                        .arg(target)
                        .arg(flips);
    return warnings;
}

} // namespace hitsmith::engines
