// The Godot 4 export runs: the scene is parsed back with the Godot text reader and its
// AnimationPlayer tracks are followed. At every frame's time the enabled collision shapes (and
// the visible frame node, and the AnimatedSprite2D's frame) are exactly that frame's; the
// SpriteFrames resource shows each frame for its duration with its image region.

#include "formattestsupport.h"

#include "godottext.h"
#include "hitsmithformat.h"

#include <QHash>
#include <QSet>

using namespace hitsmith;
using namespace formattest;

class TestGodotAnimation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tracksSwitchEachFramesShapes();
    void spriteFramesTimingAndRegions();
    void importStaysExact();
    void singleFrameSpriteHasNoSwitches();
    void knightPointsAndRootFollowTheFrames();
};

namespace {

/// Three timed frames with sources and origins, a one-frame sprite without an image.
DocumentData animatedDocument() {
    DocumentData document;
    document.collide = QList<LayerPair>{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")}};
    Sprite knight;
    knight.name = QStringLiteral("knight");
    knight.image = QStringLiteral("knight.png");
    knight.duration = 80;
    Frame windup;
    windup.name = QStringLiteral("windup");
    windup.source = QRectF(0, 0, 64, 64);
    windup.origin = QPointF(32, 60);
    windup.duration = 120;
    windup.shapes = {Shape::polygon(QStringLiteral("body"),
                                    {{20, 10}, {44, 10}, {40, 60}, {24, 60}},
                                    QStringLiteral("hurtbox")),
                     Shape::circle(QStringLiteral("head"), {32, 8}, 7, QStringLiteral("hurtbox"))};
    Frame strike = windup;
    strike.name = QStringLiteral("strike");
    strike.source = QRectF(64, 0, 64, 64);
    strike.origin = QPointF(30, 60);
    strike.duration.reset(); // the sprite's 80 ms
    strike.shapes << Shape::rect(QStringLiteral("blade"), {52, 30}, {20, 6}, -15,
                                 QStringLiteral("hitbox"));
    Frame recover;
    recover.name = QStringLiteral("recover");
    recover.source = QRectF(128, 0, 64, 64);
    recover.origin = QPointF(32, 60);
    recover.duration = 50;
    recover.shapes = {
        Shape::rect(QStringLiteral("body"), {32, 40}, {20, 40}, 0, QStringLiteral("hurtbox"))};
    knight.frames = {windup, strike, recover};
    Sprite slime;
    slime.name = QStringLiteral("slime");
    Frame squash;
    squash.name = QStringLiteral("squash");
    squash.shapes = {Shape::circle(QStringLiteral("core"), {8, 8}, 4, QStringLiteral("hurtbox"))};
    slime.frames = {squash};
    document.sprites = {knight, slime};
    return document;
}

/// A parsed scene: nodes by path, sub-resources by id.
struct Scene {
    struct Node {
        QString path, parent, type;
        const godot::Section *section = nullptr;
    };
    QList<godot::Section> sections;
    QList<Node> nodes;
    QHash<QString, const godot::Section *> subResources;

    const Node *node(const QString &path) const {
        for (const Node &n : nodes) {
            if (n.path == path)
                return &n;
        }
        return nullptr;
    }
};

Scene parseScene(const QByteArray &bytes) {
    Scene scene;
    scene.sections = godot::parse(QString::fromUtf8(bytes));
    for (const godot::Section &section : scene.sections) {
        if (section.tag == QLatin1String("sub_resource")) {
            scene.subResources.insert(section.attribute(QStringLiteral("id")).text, &section);
        } else if (section.tag == QLatin1String("node")) {
            Scene::Node node;
            const QString name = section.attribute(QStringLiteral("name")).text;
            const godot::Value parent = section.attribute(QStringLiteral("parent"));
            node.type = section.attribute(QStringLiteral("type")).text;
            node.section = &section;
            if (parent.kind == godot::Value::Null) {
                node.path = QStringLiteral(".");
            } else {
                node.parent = parent.text;
                node.path = parent.text == QLatin1String(".") ? name : parent.text + u'/' + name;
            }
            scene.nodes.append(node);
        }
    }
    return scene;
}

/// The value of a dictionary entry (keys and values alternate in items).
const godot::Value *entry(const godot::Value &dictionary, const QString &key) {
    for (qsizetype i = 0; i + 1 < dictionary.items.size(); i += 2) {
        if (dictionary.items[i].text == key)
            return &dictionary.items[i + 1];
    }
    return nullptr;
}

struct Track {
    QString path; ///< node path relative to the animation root, then ":property"
    QList<double> times;
    QList<godot::Value> values;
    bool discrete = false;
};

struct Animation {
    QString root; ///< the AnimationPlayer's parent: track paths start there
    double length = 0;
    int loopMode = 0;
    QList<Track> tracks;
};

/// Every animation of every AnimationPlayer, by name.
QHash<QString, Animation> animations(const Scene &scene) {
    QHash<QString, Animation> result;
    for (const Scene::Node &player : scene.nodes) {
        if (player.type != QLatin1String("AnimationPlayer"))
            continue;
        if (const godot::Value *autoplay = player.section->property(QStringLiteral("autoplay")))
            if (!autoplay->text.isEmpty())
                qFatal("autoplay is set");
        const godot::Value *libraries = player.section->property(QStringLiteral("libraries"));
        const godot::Section *library =
            scene.subResources.value(entry(*libraries, QString())->argumentText());
        const godot::Value *data = library->property(QStringLiteral("_data"));
        for (qsizetype i = 0; i + 1 < data->items.size(); i += 2) {
            const godot::Section *section =
                scene.subResources.value(data->items[i + 1].argumentText());
            Animation animation;
            animation.root = player.parent;
            animation.length = section->property(QStringLiteral("length"))->number;
            animation.loopMode = int(section->property(QStringLiteral("loop_mode"))->number);
            for (int t = 0;; ++t) {
                const godot::Value *path =
                    section->property(QStringLiteral("tracks/%1/path").arg(t));
                if (!path)
                    break;
                const godot::Value *keys =
                    section->property(QStringLiteral("tracks/%1/keys").arg(t));
                Track track;
                track.path = path->argumentText();
                bool ok = false;
                track.times = entry(*keys, QStringLiteral("times"))->numbers(&ok);
                track.values = entry(*keys, QStringLiteral("values"))->items;
                track.discrete = entry(*keys, QStringLiteral("update"))->number == 1;
                animation.tracks << track;
            }
            result.insert(data->items[i].text, animation);
        }
    }
    return result;
}

/// The value a property has at time t while the animation plays: the last key at or before t,
/// else the node's own value in the scene, else fallback.
godot::Value valueAt(const Scene &scene, const Animation &animation, const QString &nodePath,
                     const QString &property, double t, const godot::Value &fallback) {
    const QString relative =
        animation.root == QLatin1String(".") ? nodePath : nodePath.mid(animation.root.size() + 1);
    for (const Track &track : animation.tracks) {
        if (track.path != relative + u':' + property)
            continue;
        if (!track.discrete || track.times.size() != track.values.size())
            qFatal("track %s is not a discrete value track", qPrintable(track.path));
        const godot::Value *value = nullptr;
        for (qsizetype k = 0; k < track.times.size(); ++k) {
            if (track.times[k] <= t + 1e-9)
                value = &track.values[k];
        }
        if (value)
            return *value;
    }
    const godot::Value *own = scene.node(nodePath)->section->property(property);
    return own ? *own : fallback;
}

godot::Value boolean(bool b) {
    godot::Value v;
    v.kind = godot::Value::Bool;
    v.boolean = b;
    return v;
}

bool isShapeNode(const QString &type) {
    return type == QLatin1String("CollisionShape2D") || type == QLatin1String("CollisionPolygon2D");
}

/// The sprite node's frame nodes, in scene order.
QStringList frameNodes(const Scene &scene, const QString &spritePath) {
    QStringList frames;
    for (const Scene::Node &node : scene.nodes) {
        if (node.parent == spritePath &&
            node.section->property(QStringLiteral("metadata/hitsmith_frame")))
            frames << node.path;
    }
    return frames;
}

} // namespace

void TestGodotAnimation::tracksSwitchEachFramesShapes() {
    const DocumentData document = animatedDocument();
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const Scene scene = parseScene(written.bytes);
    const QHash<QString, Animation> all = animations(scene);
    QCOMPARE(all.size(), 2); // one animation per sprite
    const Animation &knight = all.value(QStringLiteral("knight"));
    QCOMPARE(knight.root, QStringLiteral("knight"));
    QCOMPARE(knight.loopMode, 1);
    QVERIFY(qFuzzyCompare(knight.length, 0.25)); // 120 + 80 + 50 ms

    const QStringList frames = frameNodes(scene, knight.root);
    QCOMPARE(frames.size(), 3);
    const Sprite &sprite = document.sprites[0];
    int start = 0;
    for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
        const int duration = sprite.frameDuration(i);
        // At the frame's first instant, in its middle and at its last millisecond.
        for (const double t :
             {start / 1000.0, (start + duration / 2.0) / 1000.0, (start + duration - 1) / 1000.0}) {
            const QString when = QStringLiteral("frame %1 at %2 s").arg(i).arg(t);
            QSet<QString> enabled, expected, visible;
            for (const Scene::Node &node : scene.nodes) {
                if (!node.path.startsWith(knight.root + u'/'))
                    continue;
                if (isShapeNode(node.type)) {
                    if (!valueAt(scene, knight, node.path, QStringLiteral("disabled"), t,
                                 boolean(false))
                             .boolean)
                        enabled << node.path;
                    if (node.path.startsWith(frames[i] + u'/'))
                        expected << node.path;
                }
                if (frames.contains(node.path) &&
                    valueAt(scene, knight, node.path, QStringLiteral("visible"), t, boolean(true))
                        .boolean)
                    visible << node.path;
            }
            QCOMPARE(expected.size(), sprite.frames[i].shapes.size());
            QVERIFY2(enabled == expected, qPrintable(when));
            QVERIFY2(visible == QSet<QString>{frames[i]}, qPrintable(when));
            const godot::Value frame =
                valueAt(scene, knight, knight.root + QStringLiteral("/AnimatedSprite2D"),
                        QStringLiteral("frame"), t, godot::Value());
            QVERIFY2(frame.kind == godot::Value::Number && frame.number == i, qPrintable(when));
            // The image is drawn with the frame's origin at the node's (0, 0), like the shapes.
            const godot::Value offset =
                valueAt(scene, knight, knight.root + QStringLiteral("/AnimatedSprite2D"),
                        QStringLiteral("offset"), t, godot::Value());
            bool ok = false;
            QCOMPARE(offset.numbers(&ok),
                     QList<double>({-sprite.frames[i].origin->x(), -sprite.frames[i].origin->y()}));
        }
        start += duration;
    }
    // Before play() (autoplay is off) the scene shows the first frame only.
    for (const Scene::Node &node : scene.nodes) {
        if (isShapeNode(node.type) && node.path.startsWith(knight.root + u'/')) {
            const godot::Value *disabled = node.section->property(QStringLiteral("disabled"));
            QCOMPARE(disabled != nullptr && disabled->boolean,
                     !node.path.startsWith(frames[0] + u'/'));
        }
    }
}

void TestGodotAnimation::spriteFramesTimingAndRegions() {
    const DocumentData document = animatedDocument();
    const Scene scene = parseScene(format("godot")->write(document, {}, {}).bytes);
    const Scene::Node *animated = scene.node(QStringLiteral("knight/AnimatedSprite2D"));
    QVERIFY(animated);
    QCOMPARE(animated->type, QStringLiteral("AnimatedSprite2D"));
    QCOMPARE(animated->section->property(QStringLiteral("animation"))->text,
             QStringLiteral("knight"));
    const godot::Section *spriteFrames = scene.subResources.value(
        animated->section->property(QStringLiteral("sprite_frames"))->argumentText());
    QVERIFY(spriteFrames);
    const godot::Value &animation =
        spriteFrames->property(QStringLiteral("animations"))->items.first();
    QCOMPARE(entry(animation, QStringLiteral("name"))->text, QStringLiteral("knight"));
    const double speed = entry(animation, QStringLiteral("speed"))->number;
    const QList<godot::Value> &frames = entry(animation, QStringLiteral("frames"))->items;
    const Sprite &sprite = document.sprites[0];
    QCOMPARE(frames.size(), sprite.frames.size());
    // The texture's ext_resource is the image, relative to the scene.
    QString textureId;
    for (const godot::Section &section : scene.sections) {
        if (section.tag == QLatin1String("ext_resource"))
            textureId = section.attribute(QStringLiteral("id")).text;
        if (section.tag == QLatin1String("ext_resource"))
            QCOMPARE(section.attribute(QStringLiteral("path")).text, QStringLiteral("knight.png"));
    }
    for (qsizetype i = 0; i < frames.size(); ++i) {
        // Godot shows a frame for duration / speed seconds.
        const double seconds = entry(frames[i], QStringLiteral("duration"))->number / speed;
        QVERIFY(std::abs(seconds - sprite.frameDuration(i) / 1000.0) < 1e-12);
        const godot::Section *atlas =
            scene.subResources.value(entry(frames[i], QStringLiteral("texture"))->argumentText());
        QVERIFY(atlas);
        QCOMPARE(atlas->property(QStringLiteral("atlas"))->argumentText(), textureId);
        bool ok = false;
        const QRectF source = *sprite.frames[i].source;
        QCOMPARE(atlas->property(QStringLiteral("region"))->numbers(&ok),
                 QList<double>({source.x(), source.y(), source.width(), source.height()}));
    }
}

void TestGodotAnimation::importStaysExact() {
    // The animation nodes and resources do not disturb the way back; durations come back too.
    const DocumentData document = animatedDocument();
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY(written.warnings.filter(QStringLiteral("duration")).isEmpty());
    const ReadResult back = format("godot")->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    QVERIFY2(back.warnings.isEmpty(), qPrintable(back.warnings.join(u'\n')));
    const QString why = documentDifference(document, *back.document, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    for (qsizetype s = 0; s < document.sprites.size(); ++s) {
        QCOMPARE(back.document->sprites[s].duration, document.sprites[s].duration);
        QCOMPARE(back.document->sprites[s].image, document.sprites[s].image);
        for (qsizetype f = 0; f < document.sprites[s].frames.size(); ++f) {
            QCOMPARE(back.document->sprites[s].frames[f].duration,
                     document.sprites[s].frames[f].duration);
            QCOMPARE(back.document->sprites[s].frames[f].origin,
                     document.sprites[s].frames[f].origin);
        }
    }
    QCOMPARE(back.document->collide, document.collide);
}

void TestGodotAnimation::singleFrameSpriteHasNoSwitches() {
    // A one-frame sprite (no image) still gets its player and sprite, and its shapes stay on.
    const Scene scene = parseScene(format("godot")->write(animatedDocument(), {}, {}).bytes);
    const Animation slime = animations(scene).value(QStringLiteral("slime"));
    QCOMPARE(slime.root, QStringLiteral("slime"));
    QCOMPARE(slime.tracks.size(), 1); // the sprite's frame only
    const Scene::Node *core = scene.node(QStringLiteral("slime/squash/hurtbox/core"));
    QVERIFY(core);
    QVERIFY(!core->section->property(QStringLiteral("disabled")));
    const godot::Section *spriteFrames =
        scene.subResources.value(scene.node(QStringLiteral("slime/AnimatedSprite2D"))
                                     ->section->property(QStringLiteral("sprite_frames"))
                                     ->argumentText());
    const godot::Value &frame =
        entry(spriteFrames->property(QStringLiteral("animations"))->items[0],
              QStringLiteral("frames"))
            ->items[0];
    QCOMPARE(entry(frame, QStringLiteral("texture"))->kind, godot::Value::Null);
}

// Issues 29 and 30 on the bundled knight: while each animation plays, every Marker2D under the
// sprite node is visible exactly in the frames holding its point, at the point's place relative
// to the frame origin, and the sprite node (".:position") stands at the frame's root position.
void TestGodotAnimation::knightPointsAndRootFollowTheFrames() {
    const ReadResult loaded = loadDocumentFile(
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/knight.json")));
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    const DocumentData &document = *loaded.document;
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const Scene scene = parseScene(written.bytes);
    const QHash<QString, Animation> all = animations(scene);
    int pointsSeen = 0, steps = 0;
    for (const Sprite &sprite : document.sprites) {
        const Animation animation = all.value(sprite.name);
        QCOMPARE(animation.root, sprite.name);
        QList<const Scene::Node *> markers;
        for (const Scene::Node &node : scene.nodes) {
            if (node.type == QLatin1String("Marker2D")) {
                QCOMPARE(node.parent == animation.root || !node.path.startsWith(sprite.name + u'/'),
                         true);
                if (node.parent == animation.root)
                    markers << &node;
            }
        }
        int start = 0;
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Frame &frame = sprite.frames[f];
            for (const double t :
                 {start / 1000.0, (start + sprite.frameDuration(f) - 1) / 1000.0}) {
                const QString when =
                    QStringLiteral("%1 frame %2 at %3 s").arg(sprite.name).arg(f).arg(t);
                // The sprite node's own position: the AnimationPlayer's root is ".".
                const godot::Value *own =
                    scene.node(animation.root)->section->property(QStringLiteral("position"));
                godot::Value root = own ? *own : godot::Value();
                for (const Track &track : animation.tracks) {
                    for (qsizetype k = 0;
                         track.path == QLatin1String(".:position") && k < track.times.size(); ++k) {
                        if (track.times[k] <= t + 1e-9)
                            root = track.values[k];
                    }
                }
                bool ok = true;
                const QList<double> r =
                    root.kind == godot::Value::Null ? QList<double>{0, 0} : root.numbers(&ok);
                QVERIFY2(ok && QPointF(r.value(0), r.value(1)) == sprite.rootPosition(f),
                         qPrintable(when));
                QHash<QString, QPointF> shown;
                for (const Scene::Node *marker : markers) {
                    if (!valueAt(scene, animation, marker->path, QStringLiteral("visible"), t,
                                 boolean(true))
                             .boolean)
                        continue;
                    const godot::Value *name =
                        marker->section->property(QStringLiteral("metadata/hitsmith_name"));
                    const QList<double> p = valueAt(scene, animation, marker->path,
                                                    QStringLiteral("position"), t, godot::Value())
                                                .numbers(&ok);
                    shown.insert(name ? name->text : marker->path.section(u'/', -1),
                                 QPointF(p.value(0), p.value(1)));
                }
                QHash<QString, QPointF> expected;
                for (const Shape &shape : frame.shapes) {
                    if (shape.type == ShapeType::Point)
                        expected.insert(shape.id, shape.center - frame.origin.value_or(QPointF()));
                }
                QCOMPARE(QSet<QString>(shown.keyBegin(), shown.keyEnd()),
                         QSet<QString>(expected.keyBegin(), expected.keyEnd()));
                for (auto it = expected.begin(); it != expected.end(); ++it) {
                    QVERIFY2(nearPoint(shown.value(it.key()), it.value(), 1e-9),
                             qPrintable(when + u' ' + it.key()));
                    ++pointsSeen;
                }
            }
            steps += frame.motion.isNull() ? 0 : 1;
            start += sprite.frameDuration(f);
        }
    }
    QCOMPARE(pointsSeen, 12); // 6 points, each at two instants
    QCOMPARE(steps, 3);
}

QTEST_GUILESS_MAIN(TestGodotAnimation)
#include "tst_formats_godotanimation.moc"
