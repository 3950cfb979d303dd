#include "movesetchart.h"

#include "operations/movesetlayout.h"

#include <QStringList>

namespace hitsmith::cli {

namespace {

QString num(double v) {
    return QString::number(v, 'f', 2);
}

QString escaped(QString text) {
    return text.replace(u'&', QLatin1String("&amp;"))
        .replace(u'<', QLatin1String("&lt;"))
        .replace(u'>', QLatin1String("&gt;"))
        .replace(u'"', QLatin1String("&quot;"));
}

} // namespace

QString movesetSvg(const DocumentData &data, const QList<operations::MoveReach> &moves,
                   const QString &defenderName) {
    // The layout is shared with the editor's Moveset dock; this only writes it out.
    const operations::MovesetLayout layout = operations::movesetLayout(data, moves);
    const double kLeft = layout.options.left, kWidth = layout.options.width;
    QStringList body;
    for (const operations::MovesetRow &row : layout.rows) {
        const double y = row.rect.y(), height = row.rect.height();
        const Sprite &sprite = data.sprites.at(moves[row.move].sprite);
        body << QStringLiteral(R"(<rect x="%1" y="%2" width="%3" height="%4" fill="#f2f2f2"/>)")
                    .arg(num(row.rect.x()), num(y), num(row.rect.width()), num(height));
        body << QStringLiteral(R"(<text x="8" y="%1" font-size="12">%2</text>)")
                    .arg(num(y + height / 2 - 1), escaped(row.name));
        body << QStringLiteral(R"(<text x="8" y="%1" font-size="9" fill="#555">%2</text>)")
                    .arg(num(y + height / 2 + 10), row.timing);
        // Whiff gaps: between consecutive pieces of the reach.
        for (const operations::MovesetGap &gap : row.gaps)
            body
                << QStringLiteral(
                       R"(<rect x="%1" y="%2" width="%3" height="%4" fill="#fff0f0" )"
                       R"(stroke="#d03030" stroke-dasharray="3,2"><title>whiff %5..%6</title></rect>)")
                       .arg(num(gap.rect.x()), num(gap.rect.y()), num(gap.rect.width()),
                            num(gap.rect.height()), num(gap.interval.lo), num(gap.interval.hi));
        for (const operations::MovesetTunnel &t : row.tunnels) {
            body << QStringLiteral(R"(<rect class="tunnel" x="%1" y="%2" width="%3" height="%4" )"
                                   R"(fill="#ffe9b0" stroke="#202020" stroke-width="0.8">)"
                                   R"(<title>tunnel %5..%6</title></rect>)")
                        .arg(num(t.rect.x()), num(t.rect.y()), num(t.rect.width()),
                             num(t.rect.height()), num(t.interval.lo), num(t.interval.hi));
            // Hatching drawn as lines (no <pattern>: SVG Tiny renderers such as Qt's lack it).
            QString hatch;
            for (const QLineF &line : t.hatch)
                hatch += QStringLiteral("M%1 %2L%3 %4")
                             .arg(num(line.x1()), num(line.y1()), num(line.x2()), num(line.y2()));
            body << QStringLiteral(
                        R"(<path d="%1" stroke="#202020" stroke-width="1" fill="none"/>)")
                        .arg(hatch);
        }
        for (const operations::MovesetBar &bar : row.bars)
            body << QStringLiteral(R"(<rect x="%1" y="%2" width="%3" height="%4" fill="%5">)"
                                   R"(<title>%6: %7..%8</title></rect>)")
                        .arg(num(bar.rect.x()), num(bar.rect.y()), num(bar.rect.width()),
                             num(bar.rect.height()), bar.colour.name(),
                             escaped(sprite.frames[bar.frame].name), num(bar.interval.lo),
                             num(bar.interval.hi));
    }
    // Axis.
    const double axisY = layout.axisY;
    body << QStringLiteral(R"(<line x1="%1" y1="%2" x2="%3" y2="%2" stroke="#000"/>)")
                .arg(num(kLeft), num(axisY), num(kLeft + kWidth));
    for (const operations::MovesetTick &tick : layout.ticks) {
        body << QStringLiteral(R"(<line x1="%1" y1="%2" x2="%1" y2="%3" stroke="#000"/>)")
                    .arg(num(tick.x), num(axisY), num(axisY + 4));
        body << QStringLiteral(
                    R"(<line x1="%1" y1="%2" x2="%1" y2="%3" stroke="#ccc" stroke-width="0.5"/>)")
                    .arg(num(tick.x), num(layout.options.top), num(axisY));
        body << QStringLiteral(
                    R"(<text x="%1" y="%2" font-size="10" text-anchor="middle">%3</text>)")
                    .arg(num(tick.x), num(axisY + 15), tick.label);
    }
    body
        << QStringLiteral(
               R"(<text x="%1" y="%2" font-size="10" text-anchor="middle">defender offset dx (px)</text>)")
               .arg(num(kLeft + kWidth / 2), num(axisY + 30));
    QString svg =
        QStringLiteral(
            R"(<svg xmlns="http://www.w3.org/2000/svg" width="%1" height="%2" viewBox="0 0 %1 %2" font-family="sans-serif">)"
            "\n"
            R"(<rect width="%1" height="%2" fill="#ffffff"/>)"
            "\n")
            .arg(num(layout.width), num(layout.height));
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
