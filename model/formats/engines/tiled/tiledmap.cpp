// A Tiled map's document: its own tilesets' documents joined (tiledtileset.h, toDocument).
#include "tiledtileset.h"

#include "enginesupport.h"

#include <QPair>
#include <QSet>

namespace hitsmith::tiled {

using engines::tr;

DocumentData toDocument(const TiledFile &file, const FormatContext &context,
                        QStringList *warnings) {
    if (!file.isMap)
        return toDocument(file.tilesets.value(0), context, warnings);
    if (file.tilesets.isEmpty())
        throw ReadError{
            file.externalTilesets.isEmpty()
                ? tr("this Tiled map has no tileset")
                : tr("this Tiled map holds no tileset of its own; its tilesets are in %1: "
                     "import those files")
                      .arg(file.externalTilesets.join(QStringLiteral(", ")))};
    if (!file.externalTilesets.isEmpty())
        warnings->append(tr("%1 map tileset(s) kept in files of their own are not imported "
                            "with it (import them too): %2")
                             .arg(file.externalTilesets.size())
                             .arg(file.externalTilesets.join(QStringLiteral(", "))));
    DocumentData merged;
    // One matrix for the whole map: the tilesets' own pairs joined, when each has one. A tileset
    // without one lets its layers all collide, with each other's too: then the map keeps none.
    bool everyMatrix = true;
    QList<LayerPair> pairs;
    QSet<QPair<QString, QString>> seenPairs;
    QSet<QString> layerNames;
    engines::UniqueNames spriteNames(QStringLiteral("-"));
    for (const Tileset &tileset : file.tilesets) {
        DocumentData one = toDocument(tileset, context, warnings);
        for (const LayerStyle &style : one.layers) {
            if (!layerNames.contains(style.name)) {
                layerNames.insert(style.name);
                merged.layers.append(style);
            }
        }
        if (one.collide) {
            for (const LayerPair &pair : *one.collide) {
                const QPair<QString, QString> key = pair.first < pair.second
                                                        ? qMakePair(pair.first, pair.second)
                                                        : qMakePair(pair.second, pair.first);
                if (!seenPairs.contains(key)) {
                    seenPairs.insert(key);
                    pairs.append(pair);
                }
            }
        } else {
            everyMatrix = false;
        }
        for (Sprite &sprite : one.sprites) {
            sprite.name = spriteNames.take(sprite.name);
            merged.sprites.append(sprite);
        }
    }
    if (everyMatrix)
        merged.collide = pairs;
    else if (!seenPairs.isEmpty())
        warnings->append(tr("some of the map's tilesets say which layers collide (a collide "
                            "property) and some do not: every layer pair of the map collides"));
    if (merged.sprites.isEmpty())
        warnings->append(tr("no tile of the map's %1 tileset(s) has collision shapes")
                             .arg(file.tilesets.size()));
    return merged;
}

} // namespace hitsmith::tiled
