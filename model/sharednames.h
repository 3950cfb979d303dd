#pragma once

#include <QSet>
#include <QString>

namespace hitsmith {

/// Hands out one copy of each distinct name. A file read gives every shape its own copy of its
/// layer name ("hitbox" 100,000 times in a large frame); shared, they cost one allocation, and
/// the collision service recognises a shape's layer by the address of its characters instead of
/// comparing them shape after shape (a cache miss each, a fifth of a parsed document's full
/// recompute).
class SharedNames {
public:
    /// Makes name share the characters of an equal name seen before (or become the one others
    /// will share).
    void share(QString &name) {
        if (name.isEmpty())
            return; // nothing to share (and Qt counts "" equal to a null string, which it is not)
        if (name.constData() == mLast.constData() && name.size() == mLast.size())
            return;
        if (name != mLast) {
            auto known = mNames.constFind(name);
            if (known == mNames.constEnd())
                known = mNames.insert(name);
            mLast = *known;
        }
        name = mLast;
    }

private:
    QSet<QString> mNames;
    QString mLast; // names mostly repeat shape after shape: no hashing then
};

struct DocumentData;

/// Every shape's layer name shared with the equal names of the document's other shapes (what a
/// reader does as it reads; this does it for any reader).
void shareLayerNames(DocumentData &document);

} // namespace hitsmith
