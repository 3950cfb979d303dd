#include "layercolors.h"

#include "shape.h"

#include <iterator>

namespace hitsmith {

QColor defaultLayerColor(const QString &name) {
    // Distinct from each other and from the hit orange and the invalid red.
    static const QColor palette[] = {QColor(80, 220, 120),  QColor(90, 170, 255),
                                     QColor(200, 120, 255), QColor(60, 220, 220),
                                     QColor(240, 220, 80),  QColor(255, 130, 200)};
    // "default" is neutral grey: a layer nobody chose, distinct from every palette colour and
    // from the example's red, green and blue layers.
    if (name == Shape::defaultLayerName())
        return QColor(190, 190, 190);
    // FNV-1a over the UTF-16 code units: qHash may differ between Qt versions and platforms.
    quint32 hash = 2166136261u;
    for (const QChar c : name) {
        hash ^= c.unicode();
        hash *= 16777619u;
    }
    return palette[hash % std::size(palette)];
}

QColor layerColor(const QString &name, const DocumentData &data) {
    for (const LayerStyle &style : data.layers) {
        if (style.name == name && style.color.isValid())
            return style.color;
    }
    return defaultLayerColor(name);
}

} // namespace hitsmith
