#include "movesetlayout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::operations {

namespace {

/// A "nice" step of about span / 8.
double tickStep(double span) {
    const double raw = span / 8.0;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10.0 * mag;
}

/// Diagonal lines 5 apart across the rectangle (x0, y, w, height), rising to the right.
QList<QLineF> hatching(double x0, double y, double w, double height) {
    QList<QLineF> lines;
    for (double s = -height; s < w; s += 5) {
        const double t0 = std::max(0.0, -s), t1 = std::min(height, w - s);
        if (t1 <= t0)
            continue;
        lines.append(QLineF(x0 + s + t0, y + height - t0, x0 + s + t1, y + height - t1));
    }
    return lines;
}

} // namespace

QColor movesetFrameColour(int index, int count) {
    const double hue = count <= 1 ? 0.58 : 0.62 * index / (count - 1);
    return QColor::fromHsvF(float(hue), 0.75f, 0.85f);
}

MovesetLayout movesetLayout(const DocumentData &data, const QList<MoveReach> &moves,
                            const MovesetLayoutOptions &options) {
    MovesetLayout layout;
    layout.options = options;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const MoveReach &m : moves) {
        for (const QList<DxInterval> *list : {&m.reach, &m.tunnel})
            for (const DxInterval &i : *list) {
                lo = std::min(lo, i.lo);
                hi = std::max(hi, i.hi);
            }
    }
    if (!(lo <= hi)) {
        lo = 0;
        hi = 100;
    }
    const double pad = std::max(4.0, (hi - lo) * 0.05);
    const double step = tickStep(hi - lo + 2 * pad);
    layout.lo = std::floor((lo - pad) / step) * step;
    layout.hi = std::ceil((hi + pad) / step) * step;
    layout.step = step;
    const auto X = [&](double dx) { return layout.x(dx); };

    double y = options.top;
    for (int index = 0; index < moves.size(); ++index) {
        const MoveReach &m = moves[index];
        const Sprite &sprite = data.sprites.at(m.sprite);
        const int first = m.timing.firstActive, last = m.timing.lastActive;
        const int lanes = first < 0 ? 1 : last - first + 1;
        const double height = std::max(lanes * options.lane, options.minRow);
        MovesetRow row;
        row.move = index;
        row.rect = QRectF(options.left, y, options.width, height);
        row.name = sprite.name;
        // Ticks as players count them (startup: the first active tick), ms beside them.
        const auto ticks = [](const std::optional<int> &n) {
            return n ? QString::number(*n) : QStringLiteral("∞");
        };
        row.timing = QStringLiteral("%1/%2/%3 ticks (%4/%5/%6 ms)")
                         .arg(m.timing.startupTick)
                         .arg(ticks(m.timing.activeTicks), ticks(m.timing.recoveryTicks))
                         .arg(m.timing.startupMs)
                         .arg(m.timing.activeMs)
                         .arg(m.timing.recoveryMs);
        for (int i = 1; i < m.reach.size(); ++i)
            row.gaps.append(
                {QRectF(X(m.reach[i - 1].hi), y, X(m.reach[i].lo) - X(m.reach[i - 1].hi), height),
                 {m.reach[i - 1].hi, m.reach[i].lo}});
        for (const DxInterval &t : m.tunnel) {
            const double x0 = X(t.lo), w = std::max(X(t.hi) - X(t.lo), 1.0);
            row.tunnels.append({QRectF(x0, y, w, height), t, hatching(x0, y, w, height)});
        }
        for (int f = std::max(first, 0); first >= 0 && f <= last; ++f) {
            const double laneY = y + (f - first) * options.lane + 1;
            for (const DxInterval &i : m.ranges.value(f))
                row.bars.append(
                    {QRectF(X(i.lo), laneY, std::max(X(i.hi) - X(i.lo), 1.0), options.lane - 2),
                     movesetFrameColour(f - first, lanes), f, i});
        }
        layout.rows.append(row);
        y += height + options.rowGap;
    }
    layout.axisY = y - options.rowGap + 6;
    for (double t = layout.lo; t <= layout.hi + step / 2; t += step)
        layout.ticks.append({t, X(t), QString::number(std::round(t / step) * step)});
    layout.height = layout.axisY + options.bottom;
    layout.width = options.left + options.width + 20;
    return layout;
}

} // namespace hitsmith::operations
