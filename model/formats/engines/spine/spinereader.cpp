// Spine import: the bounding boxes and points a skeleton's animations show, frame by frame.
#include "spineformat.h"

#include "asepriteformat.h" // jsonMemberKeysInOrder
#include "enginesupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::SpineFormat", text);
}

/// A bone's setup-pose world transform: world = (a x + b y + wx, c x + d y + wy).
struct BoneWorld {
    double a = 1, b = 0, c = 0, d = 1, wx = 0, wy = 0;
    QPointF map(QPointF p) const {
        return {a * p.x() + b * p.y() + wx, c * p.x() + d * p.y() + wy};
    }
};

/// cos and sin of degrees, exact at multiples of 90 (cos(pi / 2) is 6e-17 in doubles, which
/// would turn the rectangles of an unrotated bone into slightly skewed polygons).
std::pair<double, double> cosSin(double degrees) {
    const double turns = degrees / 90.0;
    if (turns == std::floor(turns) && std::abs(turns) < 1e9) {
        static constexpr std::pair<double, double> kQuarter[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        return kQuarter[((qint64(turns) % 4) + 4) % 4];
    }
    const double r = degrees * std::numbers::pi / 180.0;
    return {std::cos(r), std::sin(r)};
}

/// Spine's Bone.updateWorldTransform for the setup pose (inherit "normal"; the skeleton at
/// (0, 0) with scale 1).
BoneWorld boneWorld(const json::Cursor &bone, const BoneWorld *parent) {
    const auto get = [&](const char *key, double fallback) {
        const QString k = QString::fromLatin1(key);
        return bone.has(k) ? engines::checkedNumber(bone[k]) : fallback;
    };
    const double x = get("x", 0), y = get("y", 0), rotation = get("rotation", 0);
    const double scaleX = get("scaleX", 1), scaleY = get("scaleY", 1);
    const double shearX = get("shearX", 0), shearY = get("shearY", 0);
    const auto [cx, sx] = cosSin(rotation + shearX);
    const auto [cy, sy] = cosSin(rotation + 90 + shearY);
    const double la = cx * scaleX, lb = cy * scaleY;
    const double lc = sx * scaleX, ld = sy * scaleY;
    BoneWorld w;
    if (!parent) {
        w = {la, lb, lc, ld, x, y};
        return w;
    }
    const BoneWorld &p = *parent;
    w.a = p.a * la + p.b * lc;
    w.b = p.a * lb + p.b * ld;
    w.c = p.c * la + p.d * lc;
    w.d = p.c * lb + p.d * ld;
    w.wx = p.a * x + p.b * y + p.wx;
    w.wy = p.c * x + p.d * y + p.wy;
    return w;
}

struct Slot {
    QString name;
    QString layer;
    QString setupAttachment;
    BoneWorld bone;
};

/// Skeleton space (y up) to document frame space (y down, origin at the root).
QPointF toDocument(QPointF p) {
    return {p.x(), p.y() == 0 ? 0.0 : -p.y()};
}

/// A rectangle when the outline is the axis-aligned one Hitsmith writes for an unrotated rect.
std::optional<Shape> asRect(const QList<QPointF> &p) {
    if (p.size() != 4 || p[0].y() != p[1].y() || p[1].x() != p[2].x() || p[2].y() != p[3].y() ||
        p[3].x() != p[0].x() || !(p[1].x() > p[0].x()) || !(p[2].y() > p[1].y()))
        return std::nullopt;
    Shape rect;
    rect.type = ShapeType::Rect;
    rect.center = (p[0] + p[2]) / 2;
    rect.size = QSizeF(p[1].x() - p[0].x(), p[2].y() - p[1].y());
    return rect;
}

/// The shape an attachment of a slot becomes, or nullopt for attachments that are no box nor
/// point (regions, meshes, paths, clipping). Throws for weighted boxes.
std::optional<Shape> shapeOf(const json::Cursor &attachment, const Slot &slot,
                             const QString &name) {
    attachment.object();
    const QString type = attachment.has(QStringLiteral("type"))
                             ? attachment[QStringLiteral("type")].string()
                             : QStringLiteral("region");
    Shape shape;
    shape.layer = slot.layer;
    if (type == QLatin1String("point")) {
        const auto get = [&](const char *key) {
            const QString k = QString::fromLatin1(key);
            return attachment.has(k) ? engines::checkedNumber(attachment[k]) : 0.0;
        };
        shape.type = ShapeType::Point;
        shape.center = toDocument(slot.bone.map({get("x"), get("y")}));
        return shape;
    }
    if (type != QLatin1String("boundingbox"))
        return std::nullopt;
    const json::Cursor vertices = attachment[QStringLiteral("vertices")];
    // Spine 1.x and 2.x wrote no vertexCount: their runtimes (up to 3.1) read the vertices
    // alone, x y pairs on the slot's bone.
    if (!attachment.has(QStringLiteral("vertexCount")) && vertices.size() % 2 != 0)
        attachment.fail(tr("bounding box \"%1\" of slot \"%2\" has an odd number of vertex "
                           "coordinates (%3)")
                            .arg(name, slot.name)
                            .arg(vertices.size()));
    const int count = attachment.has(QStringLiteral("vertexCount"))
                          ? attachment[QStringLiteral("vertexCount")].integer()
                          : int(std::min<qsizetype>(vertices.size() / 2, 1 << 24));
    if (vertices.size() != 2 * qsizetype(count))
        attachment.fail(tr("bounding box \"%1\" of slot \"%2\" is weighted (bound to several "
                           "bones); Hitsmith reads only boxes on one bone")
                            .arg(name, slot.name));
    if (count < 3)
        attachment.fail(tr("bounding box \"%1\" of slot \"%2\" has fewer than 3 vertices")
                            .arg(name, slot.name));
    QList<QPointF> points;
    for (int i = 0; i < count; ++i)
        points.append(toDocument(slot.bone.map({engines::checkedNumber(vertices[2 * i]),
                                                engines::checkedNumber(vertices[2 * i + 1])})));
    if (std::optional<Shape> rect = asRect(points)) {
        rect->layer = slot.layer;
        return rect;
    }
    shape.type = ShapeType::Polygon;
    shape.points = points;
    return shape;
}

/// "<frame>/<id>" split at the last "/"; nullopt without one.
std::optional<std::pair<QString, QString>> splitName(const QString &name) {
    const qsizetype slash = name.lastIndexOf(u'/');
    if (slash <= 0 || slash + 1 >= name.size())
        return std::nullopt;
    return std::make_pair(name.left(slash), name.mid(slash + 1));
}

/// The latest "time" of any key anywhere under value (every timeline of an animation).
double latestTime(const QJsonValue &value) {
    double latest = 0;
    if (value.isArray()) {
        for (const QJsonValue &element : value.toArray())
            latest = std::max(latest, latestTime(element));
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == QLatin1String("time") && it.value().isDouble() &&
                std::isfinite(it.value().toDouble()))
                latest = std::max(latest, it.value().toDouble());
            else
                latest = std::max(latest, latestTime(it.value()));
        }
    }
    return latest;
}

/// Milliseconds from Spine seconds.
qint64 toMs(double seconds) {
    return qint64(std::llround(seconds * 1000.0));
}

} // namespace

ReadResult SpineFormat::read(const QByteArray &bytes, const FormatContext &) const {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a Spine skeleton (a JSON object) at the top level");
        return result;
    }
    try {
        const json::Cursor root(parsed->object());
        if (!root.has(QStringLiteral("bones")))
            root.fail(tr("not a Spine skeleton: no \"bones\""));

        // Bones: parents come before their children in Spine's list.
        QMap<QString, BoneWorld> bones;
        const json::Cursor boneList = root[QStringLiteral("bones")];
        for (qsizetype i = 0; i < boneList.size(); ++i) {
            const json::Cursor bone = boneList[i];
            bone.object();
            const QString name = bone[QStringLiteral("name")].string();
            const BoneWorld *parent = nullptr;
            if (bone.has(QStringLiteral("parent"))) {
                const auto it = bones.constFind(bone[QStringLiteral("parent")].string());
                if (it == bones.constEnd())
                    bone[QStringLiteral("parent")].fail(tr("names no bone listed before it"));
                parent = &*it;
            }
            // Spine 4.2 "inherit", 3.5 to 4.1 "transform", before 3.5 "inheritRotation" and
            // "inheritScale" (false when the bone ignores them).
            const auto notNormal = [&](const char *key) {
                const QString k = QLatin1String(key);
                return bone.has(k) && bone[k].string() != QLatin1String("normal");
            };
            const auto ignores = [&](const char *key) {
                const QString k = QLatin1String(key);
                return bone.has(k) && bone[k].value() == QJsonValue(false);
            };
            if (notNormal("inherit") || notNormal("transform") || ignores("inheritRotation") ||
                ignores("inheritScale"))
                result.warnings << tr("bone \"%1\" does not inherit its parent's transform "
                                      "normally; read as if it did")
                                       .arg(name);
            bones.insert(name, boneWorld(bone, parent));
        }

        // Spine lists the root bone first.
        const QString rootBone =
            boneList.size() > 0 ? boneList[0][QStringLiteral("name")].string() : QString();

        // Slots: the layer is the slot's name, "<layer>#N" of Hitsmith's extra slots folded in.
        QMap<QString, Slot> slots;
        QStringList slotOrder;
        if (root.has(QStringLiteral("slots"))) {
            const json::Cursor slotList = root[QStringLiteral("slots")];
            for (qsizetype i = 0; i < slotList.size(); ++i) {
                const json::Cursor s = slotList[i];
                s.object();
                Slot slot;
                slot.name = s[QStringLiteral("name")].string();
                const QString bone = s[QStringLiteral("bone")].string();
                if (!bones.contains(bone))
                    s[QStringLiteral("bone")].fail(tr("names no bone"));
                slot.bone = bones.value(bone);
                if (s.has(QStringLiteral("attachment")))
                    slot.setupAttachment = s[QStringLiteral("attachment")].string();
                slot.layer = slot.name;
                slots.insert(slot.name, slot);
                slotOrder << slot.name;
            }
        }
        static const QRegularExpression extraSlot(QStringLiteral("^(.+)#(\\d+)$"));
        for (Slot &slot : slots) {
            const QRegularExpressionMatch m = extraSlot.match(slot.name);
            if (m.hasMatch() && slots.contains(m.captured(1)))
                slot.layer = m.captured(1);
        }

        // The default skin's attachments (Spine 4: an array of skins; Spine 3.7 and older: an
        // object of skin name -> slots).
        std::optional<json::Cursor> skin;
        if (root.has(QStringLiteral("skins"))) {
            const json::Cursor skins = root[QStringLiteral("skins")];
            if (skins.value().isArray()) {
                for (qsizetype i = 0; i < skins.size(); ++i) {
                    const json::Cursor s = skins[i];
                    s.object();
                    if (s.has(QStringLiteral("name")) &&
                        s[QStringLiteral("name")].string() == QLatin1String("default") &&
                        s.has(QStringLiteral("attachments")))
                        skin = s[QStringLiteral("attachments")];
                }
                if (skins.size() > 1)
                    result.warnings
                        << tr("only the default skin is read (%1 skins)").arg(skins.size());
            } else if (skins.has(QStringLiteral("default"))) {
                skin = skins[QStringLiteral("default")];
            }
        }
        const auto attachmentOf = [&](const QString &slot,
                                      const QString &name) -> std::optional<json::Cursor> {
            if (!skin || !skin->has(slot) || !(*skin)[slot].has(name))
                return std::nullopt;
            return (*skin)[slot][name];
        };

        DocumentData document;
        QStringList animationNames;
        if (root.has(QStringLiteral("animations"))) {
            const QJsonObject animations = root[QStringLiteral("animations")].object();
            animationNames = jsonMemberKeysInOrder(bytes, QStringLiteral("animations"));
            if (animationNames.size() != animations.size())
                animationNames = animations.keys();
        }
        const bool prefixed = animationNames.size() > 1;
        int unknownTypes = 0;
        // Box and point attachments some frame shows: "slot\nattachment".
        QSet<QString> shownAttachments;
        for (const QString &animationName : animationNames) {
            const json::Cursor animation = root[QStringLiteral("animations")][animationName];
            animation.object();
            // Deformed boxes change shape over time: refused, naming them.
            for (const QString &deformKey :
                 {QStringLiteral("attachments"), QStringLiteral("deform"), QStringLiteral("ffd")}) {
                if (!animation.has(deformKey))
                    continue;
                const QJsonObject bySkin = animation[deformKey].object();
                for (auto s = bySkin.begin(); s != bySkin.end(); ++s) {
                    const QJsonObject bySlot = s.value().toObject();
                    for (auto sl = bySlot.begin(); sl != bySlot.end(); ++sl) {
                        const QJsonObject byName = sl.value().toObject();
                        for (auto n = byName.begin(); n != byName.end(); ++n) {
                            const std::optional<json::Cursor> a = attachmentOf(sl.key(), n.key());
                            if (a && a->value().toObject().value(QStringLiteral("type")) ==
                                         QJsonValue(QStringLiteral("boundingbox")))
                                animation[deformKey].fail(
                                    tr("bounding box \"%1\" of slot \"%2\" is deformed in "
                                       "animation \"%3\"; Hitsmith reads only boxes that keep "
                                       "their shape")
                                        .arg(n.key(), sl.key(), animationName));
                        }
                    }
                }
            }
            // Per slot, its attachment keys in time order; every key time starts a frame.
            std::map<QString, QList<std::pair<qint64, QString>>> keys;
            std::set<qint64> times{0};
            // Root motion: the root bone's translate timeline (Hitsmith writes it stepped, a key
            // per frame); each key starts a frame, and a frame's motion is the step to it.
            // Any other bone timeline only warns: boxes are read in the setup pose.
            QList<std::pair<qint64, QPointF>> rootKeys;
            if (animation.has(QStringLiteral("bones"))) {
                const json::Cursor byBone = animation[QStringLiteral("bones")];
                const QJsonObject boneObject = byBone.object();
                bool otherMoves = false, smooth = false;
                for (auto b = boneObject.begin(); b != boneObject.end(); ++b) {
                    const json::Cursor timelines = byBone[b.key()];
                    const QJsonObject timelineObject = timelines.object();
                    for (auto t = timelineObject.begin(); t != timelineObject.end(); ++t) {
                        if (b.key() != rootBone || t.key() != QLatin1String("translate")) {
                            otherMoves = true;
                            continue;
                        }
                        const json::Cursor timeline = timelines[t.key()];
                        for (qsizetype k = 0; k < timeline.size(); ++k) {
                            const json::Cursor key = timeline[k];
                            key.object();
                            const auto get = [&](const QString &name) {
                                return key.has(name) ? engines::checkedNumber(key[name]) : 0.0;
                            };
                            const double seconds = get(QStringLiteral("time"));
                            if (seconds < 0)
                                key[QStringLiteral("time")].fail(tr("must not be negative"));
                            const qint64 ms = toMs(std::min(seconds, 1e9));
                            // Skeleton space is y up; documents are y down.
                            const double y = get(QStringLiteral("y"));
                            rootKeys.append(
                                {ms, QPointF(get(QStringLiteral("x")), y == 0 ? 0 : -y)});
                            times.insert(ms);
                            if (k + 1 < timeline.size() &&
                                key.value().toObject().value(QStringLiteral("curve")) !=
                                    QJsonValue(QStringLiteral("stepped")))
                                smooth = true;
                        }
                    }
                }
                std::stable_sort(rootKeys.begin(), rootKeys.end(),
                                 [](const auto &a, const auto &b) { return a.first < b.first; });
                if (otherMoves)
                    result.warnings << tr("animation \"%1\" moves bones; boxes are read in the "
                                          "bones' setup pose")
                                           .arg(animationName);
                if (smooth)
                    result.warnings << tr("animation \"%1\" moves the root bone smoothly; its "
                                          "motion is read in steps at the keys")
                                           .arg(animationName);
            }
            // The animation lasts until its last key of any timeline (bones, deform, events...).
            qint64 end = toMs(std::min(latestTime(animation.value()), 1e9));
            if (animation.has(QStringLiteral("slots"))) {
                const json::Cursor bySlot = animation[QStringLiteral("slots")];
                const QJsonObject object = bySlot.object();
                for (auto it = object.begin(); it != object.end(); ++it) {
                    if (!slots.contains(it.key()))
                        bySlot[it.key()].fail(tr("names no slot"));
                    const json::Cursor timelines = bySlot[it.key()];
                    const QJsonObject timelineObject = timelines.object();
                    for (auto t = timelineObject.begin(); t != timelineObject.end(); ++t) {
                        const json::Cursor timeline = timelines[t.key()];
                        for (qsizetype k = 0; k < timeline.size(); ++k) {
                            const json::Cursor key = timeline[k];
                            key.object();
                            const double seconds =
                                key.has(QStringLiteral("time"))
                                    ? engines::checkedNumber(key[QStringLiteral("time")])
                                    : 0.0;
                            if (seconds < 0)
                                key[QStringLiteral("time")].fail(tr("must not be negative"));
                            const qint64 ms = toMs(seconds);
                            end = std::max(end, ms);
                            if (t.key() != QLatin1String("attachment"))
                                continue;
                            const QString name = key.has(QStringLiteral("name"))
                                                     ? key[QStringLiteral("name")].string()
                                                     : QString();
                            keys[it.key()].append({ms, name});
                            times.insert(ms);
                        }
                    }
                }
            }
            for (auto &[slot, list] : keys)
                std::stable_sort(list.begin(), list.end(),
                                 [](const auto &a, const auto &b) { return a.first < b.first; });

            Sprite sprite;
            sprite.name = animationName;
            engines::UniqueNames frameNames(QStringLiteral("-"));
            const std::vector<qint64> starts(times.begin(), times.end());
            QPointF root, rootBefore;
            qsizetype nextRootKey = 0;
            for (std::size_t k = 0; k < starts.size(); ++k) {
                const qint64 start = starts[k];
                const qint64 stop = k + 1 < starts.size() ? starts[k + 1] : end;
                if (stop <= start && k > 0)
                    continue; // the key at the end: no time of its own
                Frame frame;
                QString commonFrame;
                bool named = true;
                for (const QString &slotName : slotOrder) {
                    const Slot &slot = slots[slotName];
                    QString shown = slot.setupAttachment;
                    const auto timeline = keys.find(slotName);
                    if (timeline != keys.end()) {
                        for (const auto &[ms, name] : timeline->second) {
                            if (ms <= start)
                                shown = name;
                        }
                    }
                    if (shown.isEmpty())
                        continue;
                    const std::optional<json::Cursor> attachment = attachmentOf(slotName, shown);
                    if (!attachment) {
                        ++unknownTypes;
                        continue;
                    }
                    std::optional<Shape> shape = shapeOf(*attachment, slot, shown);
                    if (!shape) {
                        continue; // a region, mesh, path or clipping attachment
                    }
                    shownAttachments.insert(slotName + u'\n' + shown);
                    QString name = shown;
                    if (prefixed && name.startsWith(animationName + u'/'))
                        name = name.mid(animationName.size() + 1);
                    const auto parts = splitName(name);
                    shape->id = parts ? parts->second : name;
                    if (!parts || (!commonFrame.isEmpty() && commonFrame != parts->first))
                        named = false;
                    else
                        commonFrame = parts->first;
                    engines::appendWithUniqueId(frame, *shape, QStringLiteral("box"));
                }
                frame.name = frameNames.take(named && !commonFrame.isEmpty()
                                                 ? commonFrame
                                                 : QStringLiteral("frame-%1").arg(k + 1));
                if (stop > start)
                    frame.duration = int(std::min<qint64>(stop - start, 1 << 30));
                // Frames start in time order: the keys up to this start are passed once.
                while (nextRootKey < rootKeys.size() && rootKeys[nextRootKey].first <= start)
                    root = rootKeys[nextRootKey++].second;
                frame.motion = engines::pixelRounded(root - rootBefore);
                rootBefore = root;
                sprite.frames.append(frame);
            }
            document.sprites.append(sprite);
        }
        // A box or point no slot holds in the setup pose and no animation keys (spineboy's
        // head-bb in every official example): Spine never shows it (SkeletonJson.ts gives the
        // slot no setup attachment); game code may set it. Said, counted, not imported: a box
        // in every frame would collide where the game never enables it.
        if (skin && skin->value().isObject()) {
            engines::LossCounter unshown;
            const QJsonObject bySlot = skin->value().toObject();
            for (auto sl = bySlot.begin(); sl != bySlot.end(); ++sl) {
                const QJsonObject byName = sl.value().toObject();
                for (auto n = byName.begin(); n != byName.end(); ++n) {
                    const QString type =
                        n.value().toObject().value(QStringLiteral("type")).toString();
                    if ((type == QLatin1String("boundingbox") || type == QLatin1String("point")) &&
                        !shownAttachments.contains(sl.key() + u'\n' + n.key()))
                        unshown.add(tr("%1 bounding box or point that no slot shows in the setup "
                                       "pose and no animation keys is not imported (Spine "
                                       "shows it only when game code sets it)"),
                                    tr("%1 bounding boxes or points that no slot shows in the "
                                       "setup pose and no animation keys are not imported "
                                       "(Spine shows them only when game code sets them)"),
                                    tr("slot \"%1\" attachment \"%2\"").arg(sl.key(), n.key()));
                }
            }
            unshown.appendTo(&result.warnings);
        }
        if (unknownTypes > 0)
            result.warnings << tr("%1 attachment key(s) name no attachment of the default skin; "
                                  "skipped")
                                   .arg(unknownTypes);
        if (document.sprites.isEmpty())
            root.fail(tr("the skeleton has no animations; Hitsmith reads the boxes and points "
                         "that animations show"));
        result.document = document;
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
        result.warnings.clear();
    }
    return result;
}

} // namespace hitsmith
