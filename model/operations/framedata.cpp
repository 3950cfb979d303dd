#include "framedata.h"

#include "cnsstates.h"
#include "operations/timing.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>

namespace hitsmith::operations {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::FrameData", text);
}

/// Numbers of ticks beyond this are no game's: refused rather than overflowing.
constexpr double kMostTicks = 1e9;

/// A tick count as a whole number; nullopt when not finite or beyond kMostTicks.
std::optional<int> wholeTicks(double value) {
    if (!std::isfinite(value) || std::abs(value) > kMostTicks)
        return std::nullopt;
    return int(std::lround(value));
}

/// A tick from a trigger: start + offset, nullopt when beyond kMostTicks.
std::optional<int> tickAt(qint64 start, qint64 offset) {
    const qint64 tick = start + offset;
    if (tick < -qint64(kMostTicks) || tick > qint64(kMostTicks))
        return std::nullopt;
    return int(tick);
}

/// The hit numbers of one hit and what hitstop changes in the advantage.
struct HitNumbers {
    std::optional<double> damage, hitstun, blockstun, hitstop;
    std::optional<int> hitPause = 0;   ///< ticks added to on_hit by the pause times (MUGEN p2 - p1)
    std::optional<int> guardPause = 0; ///< likewise on block
    bool operator==(const HitNumbers &) const = default;
};

/// A MUGEN HitDef's numbers, with the engine's defaults where a parameter is absent (Ikemen GO
/// src/bytecode.go and Elecbyte's sctrls: damage 0; ground.hittime 0; guard.hittime the
/// ground.hittime; pausetime 0,0; guard.pausetime the pausetime).
HitNumbers hitDefNumbers(const mugen::StateController &c) {
    using Value = std::optional<double>;
    auto param = [&](const QString &key, int index, Value absent) -> Value {
        if (!c.has(key))
            return absent;
        const QStringList parts = c.params.value(key).split(u',');
        if (index >= parts.size() || parts[index].trimmed().isEmpty())
            return absent; // "pausetime = 8": the shake time keeps its default
        return c.number(key, index);
    };
    HitNumbers n;
    n.damage = param(QStringLiteral("damage"), 0, 0.0);
    n.hitstun = param(QStringLiteral("ground.hittime"), 0, 0.0);
    n.blockstun = param(QStringLiteral("guard.hittime"), 0, n.hitstun);
    const Value p1 = param(QStringLiteral("pausetime"), 0, 0.0);
    const Value p2 = param(QStringLiteral("pausetime"), 1, 0.0);
    const Value g1 = param(QStringLiteral("guard.pausetime"), 0, p1);
    const Value g2 = param(QStringLiteral("guard.pausetime"), 1, p2);
    n.hitstop = p1;
    auto difference = [](Value a, Value b) -> std::optional<int> {
        if (!a || !b)
            return std::nullopt;
        return wholeTicks(*b - *a);
    };
    n.hitPause = difference(p1, p2);
    n.guardPause = difference(g1, g2);
    return n;
}

/// Alternatives (HitDefs firing at the same tick under other triggers): a number they agree on,
/// else unknown.
HitNumbers agreed(const QList<HitNumbers> &all) {
    HitNumbers n = all.constFirst();
    for (const HitNumbers &other : all) {
        if (other.damage != n.damage)
            n.damage.reset();
        if (other.hitstun != n.hitstun)
            n.hitstun.reset();
        if (other.blockstun != n.blockstun)
            n.blockstun.reset();
        if (other.hitstop != n.hitstop)
            n.hitstop.reset();
        if (other.hitPause != n.hitPause)
            n.hitPause.reset();
        if (other.guardPause != n.guardPause)
            n.guardPause.reset();
    }
    return n;
}

/// The tick a condition switches a HitDef on: AnimElem = k (element k's first tick; "AnimElem =
/// k, >= n" or "= n" n ticks later, "> n" n + 1), AnimElemTime(k) = n (or >= n), Time = t
/// (tick t + 1; >= t too) or !Time; 1 when the condition names no time; nullopt when it says
/// something else about time.
std::optional<int> conditionTick(const QString &condition, const SpriteTicks &ticks) {
    using RE = QRegularExpression;
    static const RE animElem(QStringLiteral("(?<![\\w.])animelem\\s*=\\s*(\\d+)"
                                            "(?:\\s*,\\s*(>=|>|=)?\\s*(-?\\d+))?"),
                             RE::CaseInsensitiveOption);
    static const RE animElemTime(
        QStringLiteral("(?<![\\w.])animelemtime\\s*\\(\\s*(\\d+)\\s*\\)\\s*(>=|=)\\s*(-?\\d+)"),
        RE::CaseInsensitiveOption);
    static const RE time(QStringLiteral("(?<![\\w.])time\\s*(>=|=)\\s*(\\d+)"),
                         RE::CaseInsensitiveOption);
    static const RE notTime(QStringLiteral("!\\s*time(?![\\w(])"), RE::CaseInsensitiveOption);
    static const RE anyTime(QStringLiteral("(?<![\\w.])(animelem|animelemtime|time|animtime)"),
                            RE::CaseInsensitiveOption);
    auto elementStart = [&](int element) -> std::optional<int> {
        if (element < 1 || element > ticks.start.size() || ticks.start[element - 1] < 1)
            return std::nullopt;
        return ticks.start[element - 1];
    };
    if (const QRegularExpressionMatch m = animElemTime.match(condition); m.hasMatch()) {
        const std::optional<int> start = elementStart(m.captured(1).toInt());
        return start ? tickAt(*start, m.captured(3).toLongLong()) : std::nullopt;
    }
    if (const QRegularExpressionMatch m = animElem.match(condition); m.hasMatch()) {
        const std::optional<int> start = elementStart(m.captured(1).toInt());
        if (!start)
            return std::nullopt;
        if (m.captured(3).isEmpty())
            return start;
        const qint64 n = m.captured(3).toLongLong();
        return tickAt(*start, n + (m.captured(2) == QLatin1String(">") ? 1 : 0));
    }
    if (const QRegularExpressionMatch m = time.match(condition); m.hasMatch())
        return tickAt(m.captured(2).toLongLong(), 1);
    if (notTime.match(condition).hasMatch())
        return 1;
    if (anyTime.match(condition).hasMatch())
        return std::nullopt; // a time the triggers compute: not known here
    return 1;
}

/// The ticks a HitDef is switched on at: one per trigger number (each with triggerall), as
/// conditionTick reads it; an empty optional among them for a trigger whose time is not known.
QList<std::optional<int>> activationTicks(const mugen::StateController &c,
                                          const SpriteTicks &ticks) {
    const QString all = c.params.value(QStringLiteral("triggerall"));
    QList<std::optional<int>> result;
    for (int n = 1; c.has(QStringLiteral("trigger%1").arg(n)); ++n) {
        const QString condition = c.params.value(QStringLiteral("trigger%1").arg(n));
        // "AnimElem = 5 || AnimElem = 13": each alternative its own tick.
        for (const QString &either : condition.split(QStringLiteral("||"))) {
            const std::optional<int> tick = conditionTick(
                all.isEmpty() ? either : all + QStringLiteral(" && ") + either, ticks);
            if (!result.contains(tick))
                result << tick;
        }
    }
    if (result.isEmpty())
        result << conditionTick(all, ticks);
    return result;
}

/// One hit of a move: from which tick its numbers hold, and the numbers.
struct Hit {
    int from = 1;
    HitNumbers numbers;
};

/// The hits of a MUGEN action from its character's states, with notes on what is not computed.
QList<Hit> mugenHits(int action, const mugen::CharacterStates &states, const SpriteTicks &ticks,
                     QStringList *notes) {
    const mugen::StateDef *own = nullptr;
    QList<int> ownStates;
    for (const mugen::StateDef &state : states.states) {
        if (state.anim == action) {
            ownStates << state.number;
            const bool hits = std::any_of(state.controllers.cbegin(), state.controllers.cend(),
                                          [](const mugen::StateController &c) {
                                              return c.kind == mugen::StateController::Kind::HitDef;
                                          });
            if (!own || (hits && std::none_of(own->controllers.cbegin(), own->controllers.cend(),
                                              [](const mugen::StateController &c) {
                                                  return c.kind ==
                                                         mugen::StateController::Kind::HitDef;
                                              })))
                own = &state;
        }
    }
    for (const mugen::StateDef &state : states.states) {
        if (state.anim == action)
            continue;
        const bool shows =
            std::any_of(state.controllers.cbegin(), state.controllers.cend(), [&](const auto &c) {
                return c.kind == mugen::StateController::Kind::ChangeAnim &&
                       c.number(QStringLiteral("value")) == double(action);
            });
        const bool hits =
            std::any_of(state.controllers.cbegin(), state.controllers.cend(), [](const auto &c) {
                return c.kind == mugen::StateController::Kind::HitDef;
            });
        if (shows && hits)
            *notes << tr("state %1 shows this action through ChangeAnim: its HitDefs are not "
                         "computed")
                          .arg(state.number);
    }
    if (!own) {
        *notes << tr("no state has anim = %1: hit numbers unknown").arg(action);
        return {};
    }
    if (ownStates.size() > 1)
        *notes << tr("states %1 all have anim = %2: numbers from state %3")
                      .arg(QStringList([&] {
                               QStringList list;
                               for (int n : ownStates)
                                   list << QString::number(n);
                               return list;
                           }())
                               .join(QStringLiteral(", ")))
                      .arg(action)
                      .arg(own->number);
    std::map<int, QList<HitNumbers>> byTick;
    bool unknownTick = false, throws = false;
    for (const mugen::StateController &c : own->controllers) {
        const QString where = QStringLiteral("%1:%2").arg(c.file).arg(c.line);
        if (c.kind == mugen::StateController::Kind::Projectile) {
            *notes << tr("projectile (%1) not computed").arg(where);
            continue;
        }
        if (c.kind != mugen::StateController::Kind::HitDef)
            continue;
        if (c.isThrow()) {
            *notes << tr("throw HitDef (attr %1, %2) not computed").arg(c.attr, where);
            throws = true;
            continue;
        }
        // A HitDef switched on by several triggers at different ticks hits once at each.
        const HitNumbers numbers = hitDefNumbers(c);
        for (const std::optional<int> &tick : activationTicks(c, ticks)) {
            if (!tick)
                unknownTick = true;
            byTick[tick.value_or(1)].append(numbers);
        }
    }
    if (byTick.empty()) {
        if (!throws)
            *notes << tr("state %1 has no HitDef: hit numbers unknown").arg(own->number);
        return {};
    }
    QList<Hit> hits;
    for (const auto &[tick, numbers] : byTick) {
        if (numbers.size() > 1)
            *notes << tr("%1 HitDefs of state %2 switch on at tick %3 under other triggers: "
                         "numbers they differ on are unknown")
                          .arg(numbers.size())
                          .arg(own->number)
                          .arg(tick);
        hits.append({tick, agreed(numbers)});
    }
    if (unknownTick && hits.size() > 1) {
        *notes << tr("state %1: when its HitDefs switch on is not known: one row, numbers they "
                     "differ on unknown")
                      .arg(own->number);
        QList<HitNumbers> all;
        for (const Hit &hit : hits)
            all << hit.numbers;
        return {{1, agreed(all)}};
    }
    hits.first().from = 1;
    return hits;
}

std::optional<int> actionOf(const Sprite &sprite) {
    const QJsonObject air = sprite.extra.value(QStringLiteral("air")).toObject();
    const QJsonValue action = air.value(QStringLiteral("action"));
    if (!action.isDouble())
        return std::nullopt;
    return action.toInt();
}

/// The attack shapes' properties: for each number, the first attack shape (in time) that has it.
HitNumbers shapeNumbers(const Sprite &sprite, const QList<bool> &active,
                        const VersusLayerFilter &filter) {
    auto find = [&](const QString &key) -> std::optional<double> {
        for (int f = 0; f < sprite.frames.size(); ++f) {
            if (!active[f])
                continue;
            for (const Shape &shape : sprite.frames[f].shapes) {
                if (shape.type == ShapeType::Point || !filter.isAttackLayer(shape.layer))
                    continue;
                const QJsonValue value = shape.properties.value(key);
                if (value.isDouble())
                    return value.toDouble();
            }
        }
        return std::nullopt;
    };
    HitNumbers n;
    n.damage = find(QStringLiteral("damage"));
    n.hitstun = find(QStringLiteral("hitstun"));
    n.blockstun = find(QStringLiteral("blockstun"));
    n.hitstop = find(QStringLiteral("hitstop"));
    return n;
}

QList<ActiveWindow> clip(const QList<ActiveWindow> &windows, int from, std::optional<int> to) {
    QList<ActiveWindow> result;
    for (ActiveWindow w : windows) {
        if (to && w.first > *to)
            continue;
        if (w.last && *w.last < from)
            continue;
        w.first = std::max(w.first, from);
        if (to && (!w.last || *w.last > *to))
            w.last = to;
        result << w;
    }
    return result;
}

std::optional<int> advantage(std::optional<double> stun, std::optional<int> pause,
                             std::optional<int> total, std::optional<int> startup, int extra) {
    if (!stun || !pause || !total || !startup)
        return std::nullopt;
    const std::optional<int> whole = wholeTicks(*stun);
    if (!whole)
        return std::nullopt;
    return wholeTicks(double(*whole) - (double(*total) - *startup) + *pause + extra);
}

} // namespace

SpriteTicks spriteTicks(const Sprite &sprite, int tickRate) {
    SpriteTicks result;
    int tick = 1; // saturates at kMostTicks: no overflow from absurd durations
    for (int f = 0; f < sprite.frames.size(); ++f) {
        if (result.openFrame >= 0) { // never reached
            result.start << -1;
            result.ticks << 0;
            continue;
        }
        const FrameTicks t = frameTicks(sprite, f, tickRate);
        result.start << (t.ticks > 0 || t.open ? tick : -1);
        result.ticks << t.ticks;
        if (t.open)
            result.openFrame = f;
        tick = int(std::min<qint64>(qint64(tick) + t.ticks, qint64(kMostTicks)));
    }
    if (result.openFrame < 0)
        result.total = tick - 1;
    return result;
}

QList<ActiveWindow> activeWindows(const SpriteTicks &ticks, const QList<bool> &active) {
    QList<ActiveWindow> windows;
    for (int f = 0; f < ticks.start.size(); ++f) {
        if (!active.value(f) || ticks.start[f] < 1)
            continue;
        const int first = ticks.start[f];
        // Saturated as spriteTicks saturates the start: absurd durations never overflow.
        const std::optional<int> last =
            f == ticks.openFrame ? std::nullopt
                                 : std::optional<int>(int(std::min<qint64>(
                                       qint64(first) + ticks.ticks[f] - 1, qint64(kMostTicks))));
        if (!windows.isEmpty() && windows.last().last && *windows.last().last + 1 == first)
            windows.last().last = last;
        else
            windows << ActiveWindow{first, last};
    }
    return windows;
}

QString activeText(const QList<ActiveWindow> &windows) {
    QString text;
    for (qsizetype i = 0; i < windows.size(); ++i) {
        if (i > 0 && windows[i - 1].last)
            text += QStringLiteral("(%1)").arg(windows[i].first - *windows[i - 1].last - 1);
        text += windows[i].last ? QString::number(*windows[i].last - windows[i].first + 1)
                                : QStringLiteral("∞");
    }
    return text;
}

QList<MoveFrameData> frameDataTable(const DocumentData &data, const FrameDataOptions &options) {
    const VersusLayerFilter filter(data, options.layers);
    const int hitExtra = options.convention == StunConvention::Mugen ? 1 : 0;
    QList<MoveFrameData> rows;
    for (int s = 0; s < data.sprites.size(); ++s) {
        const Sprite &sprite = data.sprites[s];
        QList<bool> active;
        for (const Frame &frame : sprite.frames)
            active << filter.hasAttack(frame);
        if (!active.contains(true))
            continue;
        const SpriteTicks ticks = spriteTicks(sprite, data.tickRate);
        const QList<ActiveWindow> windows = activeWindows(ticks, active);
        MoveFrameData move;
        move.sprite = s;
        move.action = actionOf(sprite);
        move.total = ticks.total;
        if (windows.isEmpty())
            move.notes << tr("no attack shape is ever shown (after a frame that never ends, or on "
                             "frames of 0 ticks)");
        QList<Hit> hits;
        if (move.action && options.states) {
            hits = mugenHits(*move.action, *options.states, ticks, &move.notes);
        } else {
            if (move.action)
                move.notes << tr("no character states read (an .air without its .def): hit "
                                 "numbers from the shapes' properties");
            hits = {{1, shapeNumbers(sprite, active, filter)}};
            hits.first().numbers.hitPause = 0;
            hits.first().numbers.guardPause = 0;
        }
        if (hits.isEmpty())
            hits = {{1, HitNumbers{{}, {}, {}, {}, std::nullopt, std::nullopt}}};
        for (qsizetype h = 0; h < hits.size(); ++h) {
            MoveFrameData row = move;
            row.hit = hits.size() > 1 ? int(h + 1) : 0;
            row.active = hits.size() > 1
                             ? clip(windows, hits[h].from,
                                    h + 1 < hits.size() ? std::optional<int>(hits[h + 1].from - 1)
                                                        : std::nullopt)
                             : windows;
            row.activeText = activeText(row.active);
            if (!row.active.isEmpty()) {
                row.startup = row.active.first().first;
                if (row.total && row.active.last().last)
                    row.recovery = *row.total - *row.active.last().last;
            } else if (hits.size() > 1) {
                row.notes << tr("hit %1 switches on at tick %2 with no attack shape after it")
                                 .arg(h + 1)
                                 .arg(hits[h].from);
            }
            const HitNumbers &n = hits[h].numbers;
            row.damage = n.damage;
            row.hitstun = n.hitstun;
            row.blockstun = n.blockstun;
            row.hitstop = n.hitstop;
            row.onHit = advantage(n.hitstun, n.hitPause, row.total, row.startup, hitExtra);
            row.onBlock = advantage(n.blockstun, n.guardPause, row.total, row.startup, 0);
            rows << row;
        }
    }
    return rows;
}

} // namespace hitsmith::operations
