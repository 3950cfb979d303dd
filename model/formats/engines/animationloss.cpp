#include "animationloss.h"

#include <QCoreApplication>

namespace hitsmith::engines {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::AnimationLoss", text);
}

/// "1 frame" or "3 frames": the count in the words that fit it (one and several are whole
/// translatable texts with %1 for the count).
QString counted(int count, const char *one, const char *several) {
    return tr(count == 1 ? one : several).arg(count);
}

/// The non-zero counts joined with "and": zero counts are left out.
QString joined(const QStringList &parts) {
    return parts.join(tr(" and "));
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
        kept != KeptAnimationData::DurationsAndProperties) {
        QStringList lost;
        if (frameDurations > 0)
            lost << counted(frameDurations, "%1 frame duration", "%1 frame durations");
        if (spriteDurations > 0)
            lost << counted(spriteDurations, "%1 sprite default", "%1 sprite defaults");
        warnings << tr("frame durations are not stored in %1: %2 lost").arg(target, joined(lost));
    }
    if (properties > 0 && kept != KeptAnimationData::Properties &&
        kept != KeptAnimationData::DurationsAndProperties) {
        QStringList on;
        if (shapesWithProperties > 0)
            on << counted(shapesWithProperties, "%1 shape", "%1 shapes");
        if (framesWithProperties > 0)
            on << counted(framesWithProperties, "%1 frame", "%1 frames");
        warnings << tr("properties are not stored in %1: %2 on %3 lost")
                        .arg(target, counted(properties, "%1 property", "%1 properties"),
                             joined(on));
    }
    if (flips > 0)
        warnings << tr("image flips are not stored in %1: %2")
                        .arg(target, counted(flips,
                                             "%1 mirrored sprite is written with its image "
                                             "unflipped (its shapes are mirrored)",
                                             "%1 mirrored sprites are written with their image "
                                             "unflipped (their shapes are mirrored)"));
    return warnings;
}

} // namespace hitsmith::engines
