#pragma once

// Masks from ASCII art ('#' solid) and the checks every trace-stage test shares.

#include "operations/tracemask.h"

#include <QPolygonF>
#include <QStringList>

inline hitsmith::operations::AlphaMask maskFromArt(const QStringList &rows) {
    hitsmith::operations::AlphaMask mask = hitsmith::operations::AlphaMask::empty(
        rows.isEmpty() ? 0 : int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < mask.height; ++y)
        for (int x = 0; x < mask.width; ++x)
            mask.pixels[std::size_t(y) * mask.width + x] = rows[y][x] == QLatin1Char('#');
    return mask;
}

inline QStringList artFromMask(const hitsmith::operations::AlphaMask &mask) {
    QStringList rows;
    for (int y = 0; y < mask.height; ++y) {
        QString row;
        for (int x = 0; x < mask.width; ++x)
            row += mask.contains(x, y) ? QLatin1Char('#') : QLatin1Char('.');
        rows.append(row);
    }
    return rows;
}

inline QPolygonF polygonOf(std::initializer_list<QPointF> points) {
    return QPolygonF(QList<QPointF>(points));
}
