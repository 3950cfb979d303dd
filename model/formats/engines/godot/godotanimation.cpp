#include "godotanimation.h"

#include "enginesupport.h"
#include "jsonsupport.h"

#include <numeric>

namespace hitsmith::godot {

namespace {

QString num(double value) {
    return json::number(value);
}

/// Godot floats carry a decimal point ("1.0"), as the editor writes them.
QString real(double value) {
    QString text = json::number(value);
    if (!text.contains(u'.') && !text.contains(u'e'))
        text += QStringLiteral(".0");
    return text;
}

QString quoted(const QString &text) {
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    escaped.replace(u'\n', QStringLiteral("\\n"));
    return u'"' + escaped + u'"';
}

QString vector2(QPointF p) {
    return QStringLiteral("Vector2(%1, %2)").arg(num(p.x()), num(p.y()));
}

/// A discrete value track: the property takes each value from its time until the next key.
struct Track {
    QString path;
    QList<double> times; ///< seconds, increasing
    QStringList values;
};

QString trackText(int index, const Track &track) {
    QStringList times, transitions;
    for (double t : track.times) {
        times << num(t);
        transitions << QStringLiteral("1");
    }
    const QString prefix = QStringLiteral("tracks/%1/").arg(index);
    return QStringList{prefix + QStringLiteral("type = \"value\""),
                       prefix + QStringLiteral("imported = false"),
                       prefix + QStringLiteral("enabled = true"),
                       prefix + QStringLiteral("path = NodePath(%1)").arg(quoted(track.path)),
                       prefix + QStringLiteral("interp = 0"),
                       prefix + QStringLiteral("loop_wrap = true"),
                       prefix + QStringLiteral("keys = {\n\"times\": PackedFloat32Array(%1),\n"
                                               "\"transitions\": PackedFloat32Array(%2),\n"
                                               "\"update\": 1,\n\"values\": [%3]\n}")
                                    .arg(times.join(QStringLiteral(", ")),
                                         transitions.join(QStringLiteral(", ")),
                                         track.values.join(QStringLiteral(", ")))}
        .join(u'\n');
}

/// On during [start, end) of a looping animation (end 0: until the animation ends), off
/// otherwise; keys only where it changes. onValue is the property's value for "on".
Track switchTrack(const QString &path, double start, double end, bool onValue) {
    const QString on = onValue ? QStringLiteral("true") : QStringLiteral("false");
    const QString off = onValue ? QStringLiteral("false") : QStringLiteral("true");
    Track track{path, {0.0}, {start == 0.0 ? on : off}};
    if (start > 0.0) {
        track.times << start;
        track.values << on;
    }
    if (end > start) {
        track.times << end;
        track.values << off;
    }
    return track;
}

/// A value per frame, keyed only at the frames where it changes (always at 0).
Track changesTrack(const QString &path, const QList<double> &starts, const QStringList &values) {
    Track track{path, {}, {}};
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i == 0 || values[i] != track.values.last()) {
            track.times << starts[i];
            track.values << values[i];
        }
    }
    return track;
}

} // namespace

QString animationName(const QString &spriteName) {
    QString name = spriteName;
    for (QChar &c : name) {
        if (c == u'/' || c == u':' || c == u',' || c == u'[')
            c = u'_';
    }
    return name.isEmpty() ? QStringLiteral("default") : name;
}

SpriteAnimation spriteAnimation(const Sprite &sprite, const QList<ExportedFrame> &frames,
                                const QList<ExportedPoint> &points, const QString &spriteParent,
                                const QString &imagePath, int *nextResource) {
    SpriteAnimation result;
    if (sprite.frames.isEmpty())
        return result;
    const QString name = animationName(sprite.name);
    const auto takeId = [&](const QString &type) {
        return QStringLiteral("%1_%2").arg(type).arg((*nextResource)++);
    };

    // SpriteFrames: speed in frames per second and integer relative durations, from the
    // greatest common divisor of the durations and one second (100 ms frames: 10 FPS, 1.0 each).
    QList<int> durations;
    int unit = 1000;
    for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
        durations << sprite.frameDuration(i);
        unit = std::gcd(unit, durations.last());
    }
    QString textureId;
    if (!imagePath.isEmpty()) {
        textureId = takeId(QStringLiteral("Texture2D"));
        result.extResources << QStringLiteral("[ext_resource type=\"Texture2D\" path=%1 id=\"%2\"]")
                                   .arg(quoted(imagePath), textureId);
    }
    QStringList frameEntries;
    for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
        const Frame &frame = sprite.frames[i];
        QString texture = QStringLiteral("null");
        if (!textureId.isEmpty() && frame.source) {
            const QString atlasId = takeId(QStringLiteral("AtlasTexture"));
            result.subResources << QStringLiteral("[sub_resource type=\"AtlasTexture\" id=\"%1\"]\n"
                                                  "atlas = ExtResource(\"%2\")\n"
                                                  "region = Rect2(%3, %4, %5, %6)")
                                       .arg(atlasId, textureId, num(frame.source->x()),
                                            num(frame.source->y()), num(frame.source->width()),
                                            num(frame.source->height()));
            texture = QStringLiteral("SubResource(\"%1\")").arg(atlasId);
        } else if (!textureId.isEmpty()) {
            texture = QStringLiteral("ExtResource(\"%1\")").arg(textureId);
        }
        frameEntries << QStringLiteral("{\n\"duration\": %1,\n\"texture\": %2\n}")
                            .arg(real(double(durations[i] / unit)), texture);
    }
    const QString spriteFramesId = takeId(QStringLiteral("SpriteFrames"));
    result.subResources << QStringLiteral("[sub_resource type=\"SpriteFrames\" id=\"%1\"]\n"
                                          "animations = [{\n\"frames\": [%2],\n\"loop\": true,\n"
                                          "\"name\": &%3,\n\"speed\": %4\n}]")
                               .arg(spriteFramesId, frameEntries.join(QStringLiteral(", ")),
                                    quoted(name), real(1000.0 / unit));

    // The sprite draws its frame's image with the frame origin at the node's (0, 0), where the
    // shapes are placed; origins that change per frame get an offset track.
    const auto offsetOf = [](const Frame &frame) { return -frame.origin.value_or(QPointF()); };
    bool offsetChanges = false;
    for (const Frame &frame : sprite.frames)
        offsetChanges = offsetChanges || offsetOf(frame) != offsetOf(sprite.frames.first());
    QStringList spriteLines = {
        QStringLiteral("[node name=\"%1\" type=\"AnimatedSprite2D\" parent=%2]")
            .arg(kAnimatedSpriteNode, quoted(spriteParent)),
        QStringLiteral("sprite_frames = SubResource(\"%1\")").arg(spriteFramesId),
        QStringLiteral("animation = &%1").arg(quoted(name)), QStringLiteral("centered = false")};
    if (!sprite.frames.isEmpty() && offsetOf(sprite.frames.first()) != QPointF())
        spriteLines << QStringLiteral("offset = %1").arg(vector2(offsetOf(sprite.frames.first())));
    result.spriteNodes << spriteLines.join(u'\n');

    // The animation: frame i shows from starts[i] to starts[i + 1]; its node is visible and
    // its shapes enabled (disabled = false) then, and only then.
    QList<double> starts;
    int elapsed = 0;
    for (int duration : durations) {
        starts << elapsed / 1000.0;
        elapsed += duration;
    }
    QList<Track> tracks;
    Track frameTrack{kAnimatedSpriteNode + QStringLiteral(":frame"), starts, {}};
    Track offsetTrack{kAnimatedSpriteNode + QStringLiteral(":offset"), starts, {}};
    for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
        frameTrack.values << QString::number(i);
        offsetTrack.values << vector2(offsetOf(sprite.frames[i]));
    }
    tracks << frameTrack;
    if (offsetChanges)
        tracks << offsetTrack;
    // Root motion: the sprite node (the AnimationPlayer's root, ".") stands at the frame's root
    // position, so everything under it, image, boxes and points, steps with the character.
    bool moves = false;
    for (const Frame &frame : sprite.frames)
        moves = moves || !frame.motion.isNull();
    if (moves) {
        Track rootTrack{QStringLiteral(".:position"), starts, {}};
        QPointF root; // Sprite::rootPosition(i), summed as the frames go
        for (const Frame &frame : sprite.frames) {
            root += frame.motion;
            rootTrack.values << vector2(engines::pixelRounded(root));
        }
        tracks << rootTrack;
    }
    // Points: each Marker2D's position at every frame (a frame without the point keeps the
    // position before it) and, when some frame lacks it, its visibility.
    if (sprite.frames.size() > 1) {
        for (const ExportedPoint &point : points) {
            Track positionTrack{point.node + QStringLiteral(":position"), starts, {}};
            QStringList visible;
            // Frames before the point's first one take its first position.
            QPointF held;
            for (const std::optional<QPointF> &p : point.positions) {
                if (p) {
                    held = *p;
                    break;
                }
            }
            for (const std::optional<QPointF> &p : point.positions) {
                held = p.value_or(held);
                positionTrack.values << vector2(held);
                visible << (p ? QStringLiteral("true") : QStringLiteral("false"));
            }
            tracks << positionTrack;
            if (visible.contains(QStringLiteral("false")))
                tracks << changesTrack(point.node + QStringLiteral(":visible"), starts, visible);
        }
    }
    if (frames.size() > 1) {
        for (qsizetype i = 0; i < frames.size(); ++i) {
            const double end = i + 1 < frames.size() ? starts[i + 1] : 0.0;
            tracks << switchTrack(frames[i].node + QStringLiteral(":visible"), starts[i], end,
                                  true);
            for (const QString &shape : frames[i].shapes)
                tracks << switchTrack(shape + QStringLiteral(":disabled"), starts[i], end, false);
        }
    }
    const QString animationId = takeId(QStringLiteral("Animation"));
    QStringList animationLines = {
        QStringLiteral("[sub_resource type=\"Animation\" id=\"%1\"]").arg(animationId),
        QStringLiteral("resource_name = %1").arg(quoted(name)),
        QStringLiteral("length = %1").arg(real(elapsed / 1000.0)), QStringLiteral("loop_mode = 1"),
        QStringLiteral("step = %1").arg(real(unit / 1000.0))};
    for (qsizetype t = 0; t < tracks.size(); ++t)
        animationLines << trackText(int(t), tracks[t]);
    result.subResources << animationLines.join(u'\n');
    const QString libraryId = takeId(QStringLiteral("AnimationLibrary"));
    result.subResources << QStringLiteral("[sub_resource type=\"AnimationLibrary\" id=\"%1\"]\n"
                                          "_data = {\n%2: SubResource(\"%3\")\n}")
                               .arg(libraryId, quoted(name), animationId);
    result.playerNodes << QStringLiteral("[node name=\"%1\" type=\"AnimationPlayer\" parent=%2]\n"
                                         "libraries = {\n\"\": SubResource(\"%3\")\n}")
                              .arg(kAnimationPlayerNode, quoted(spriteParent), libraryId);
    return result;
}

} // namespace hitsmith::godot
