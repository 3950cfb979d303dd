#include "sharednames.h"

#include "documentdata.h"

#include "collision/vectorstate.h"

namespace hitsmith {

void SharedNames::shareNew(QString &name) {
    auto known = mNames.constFind(name);
    if (known == mNames.constEnd())
        known = mNames.insert(name);
    // Qt's hash of a short name slows the reading that follows (collision/vectorstate.h).
    collision::clearUpperVectorState();
    name = *known;
    mRecent[mNext++ % kRecent] = name;
}

void shareLayerNames(DocumentData &document) {
    SharedNames names;
    // Read through const references and write only a name that is not shared yet: a document
    // whose reader shared its names (the native one) is walked, never copied.
    const DocumentData &read = document;
    for (qsizetype s = 0; s < read.sprites.size(); ++s) {
        for (qsizetype f = 0; f < read.sprites[s].frames.size(); ++f) {
            const QList<Shape> &shapes = read.sprites[s].frames[f].shapes;
            for (qsizetype i = 0; i < shapes.size(); ++i) {
                if (names.isShared(shapes[i].layer))
                    continue; // no copy of the name (two atomic counts) for each shape
                QString name = shapes[i].layer;
                names.share(name);
                if (name.constData() != shapes[i].layer.constData())
                    document.sprites[s].frames[f].shapes[i].layer = name;
            }
        }
    }
}

} // namespace hitsmith
