#include "movesetchart.h"

#include <QColor>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::cli {

namespace {

constexpr double kLeft = 190;  // label column
constexpr double kWidth = 640; // plot width
constexpr double kTop = 50;    // title and legend
constexpr double kLane = 9;    // one active frame's lane
constexpr double kRowGap = 14; // between moves
constexpr double kBottom = 46; // axis and legend

QString num(double v) {
    return QString::number(v, 'f', 2);
}

QString escaped(QString text) {
    return text.replace(u'&', QLatin1String("&amp;"))
        .replace(u'<', QLatin1String("&lt;"))
        .replace(u'>', QLatin1String("&gt;"))
        .replace(u'"', QLatin1String("&quot;"));
}

/// A colour per frame position within the active span: evenly spaced hues.
QString frameColour(int index, int count) {
    const double hue = count <= 1 ? 0.58 : 0.62 * index / (count - 1);
    return QColor::fromHsvF(float(hue), 0.75f, 0.85f).name();
}

/// A "nice" step of about span / 8.
double tickStep(double span) {
    const double raw = span / 8.0;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10.0 * mag;
}

} // namespace

QString movesetSvg(const DocumentData &data, const QList<operations::MoveReach> &moves,
                   const QString &defenderName) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const operations::MoveReach &m : moves) {
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
    lo = std::floor((lo - pad) / step) * step;
    hi = std::ceil((hi + pad) / step) * step;
    const auto X = [&](double dx) { return kLeft + (dx - lo) / (hi - lo) * kWidth; };

    QStringList body;
    double y = kTop;
    for (const operations::MoveReach &m : moves) {
        const Sprite &sprite = data.sprites.at(m.sprite);
        const int first = m.timing.firstActive, last = m.timing.lastActive;
        const int lanes = first < 0 ? 1 : last - first + 1;
        const double height = std::max(lanes * kLane, 18.0);
        body << QStringLiteral(R"(<rect x="%1" y="%2" width="%3" height="%4" fill="#f2f2f2"/>)")
                    .arg(num(kLeft), num(y), num(kWidth), num(height));
        body << QStringLiteral(R"(<text x="8" y="%1" font-size="12">%2</text>)")
                    .arg(num(y + height / 2 - 1), escaped(sprite.name));
        body << QStringLiteral(R"(<text x="8" y="%1" font-size="9" fill="#555">%2/%3/%4 f</text>)")
                    .arg(num(y + height / 2 + 10))
                    .arg(m.timing.startupFrames)
                    .arg(m.timing.activeFrames)
                    .arg(m.timing.recoveryFrames);
        // Whiff gaps: between consecutive pieces of the reach.
        for (int i = 1; i < m.reach.size(); ++i)
            body
                << QStringLiteral(
                       R"(<rect x="%1" y="%2" width="%3" height="%4" fill="#fff0f0" )"
                       R"(stroke="#d03030" stroke-dasharray="3,2"><title>whiff %5..%6</title></rect>)")
                       .arg(num(X(m.reach[i - 1].hi)), num(y),
                            num(X(m.reach[i].lo) - X(m.reach[i - 1].hi)), num(height),
                            num(m.reach[i - 1].hi), num(m.reach[i].lo));
        for (const DxInterval &t : m.tunnel) {
            const double x0 = X(t.lo), w = std::max(X(t.hi) - X(t.lo), 1.0);
            body << QStringLiteral(R"(<rect class="tunnel" x="%1" y="%2" width="%3" height="%4" )"
                                   R"(fill="#ffe9b0" stroke="#202020" stroke-width="0.8">)"
                                   R"(<title>tunnel %5..%6</title></rect>)")
                        .arg(num(x0), num(y), num(w), num(height), num(t.lo), num(t.hi));
            // Hatching drawn as lines (no <pattern>: SVG Tiny renderers such as Qt's lack it).
            QString hatch;
            for (double s = -height; s < w; s += 5) {
                const double t0 = std::max(0.0, -s), t1 = std::min(height, w - s);
                if (t1 <= t0)
                    continue;
                hatch += QStringLiteral("M%1 %2L%3 %4")
                             .arg(num(x0 + s + t0), num(y + height - t0), num(x0 + s + t1),
                                  num(y + height - t1));
            }
            body << QStringLiteral(
                        R"(<path d="%1" stroke="#202020" stroke-width="1" fill="none"/>)")
                        .arg(hatch);
        }
        for (int f = std::max(first, 0); first >= 0 && f <= last; ++f) {
            const double laneY = y + (f - first) * kLane + 1;
            for (const DxInterval &i : m.ranges.value(f))
                body << QStringLiteral(R"(<rect x="%1" y="%2" width="%3" height="%4" fill="%5">)"
                                       R"(<title>%6: %7..%8</title></rect>)")
                            .arg(num(X(i.lo)), num(laneY), num(std::max(X(i.hi) - X(i.lo), 1.0)),
                                 num(kLane - 2), frameColour(f - first, lanes),
                                 escaped(sprite.frames[f].name), num(i.lo), num(i.hi));
        }
        y += height + kRowGap;
    }
    // Axis.
    const double axisY = y - kRowGap + 6;
    body << QStringLiteral(R"(<line x1="%1" y1="%2" x2="%3" y2="%2" stroke="#000"/>)")
                .arg(num(kLeft), num(axisY), num(kLeft + kWidth));
    for (double t = lo; t <= hi + step / 2; t += step) {
        body << QStringLiteral(R"(<line x1="%1" y1="%2" x2="%1" y2="%3" stroke="#000"/>)")
                    .arg(num(X(t)), num(axisY), num(axisY + 4));
        body << QStringLiteral(
                    R"(<line x1="%1" y1="%2" x2="%1" y2="%3" stroke="#ccc" stroke-width="0.5"/>)")
                    .arg(num(X(t)), num(kTop), num(axisY));
        body << QStringLiteral(
                    R"(<text x="%1" y="%2" font-size="10" text-anchor="middle">%3</text>)")
                    .arg(num(X(t)), num(axisY + 15), QString::number(std::round(t / step) * step));
    }
    body
        << QStringLiteral(
               R"(<text x="%1" y="%2" font-size="10" text-anchor="middle">defender offset dx (px)</text>)")
               .arg(num(kLeft + kWidth / 2), num(axisY + 30));
    const double total = axisY + kBottom;
    const double width = kLeft + kWidth + 20;
    QString svg =
        QStringLiteral(
            R"(<svg xmlns="http://www.w3.org/2000/svg" width="%1" height="%2" viewBox="0 0 %1 %2" font-family="sans-serif">)"
            "\n"
            R"(<rect width="%1" height="%2" fill="#ffffff"/>)"
            "\n")
            .arg(num(width), num(total));
    svg += QStringLiteral(
               R"(<text x="8" y="22" font-size="14" font-weight="bold">Moveset against %1</text>)")
               .arg(escaped(defenderName)) +
           u'\n';
    svg +=
        QStringLiteral(
            R"(<text x="%1" y="38" font-size="10" fill="#555">bars: active frames (one lane each, first at the top); hatched: tunnel; dashed: whiff gap</text>)")
            .arg(num(kLeft)) +
        u'\n';
    svg += body.join(u'\n') + QStringLiteral("\n</svg>\n");
    return svg;
}

} // namespace hitsmith::cli
