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
        if (isShared(name))
            return;
        if (name.isEmpty())
            return; // nothing to share (and Qt counts "" equal to a null string, which it is not)
        shareNew(name);
    }

    /// True when name already holds the characters of one of the last few names handed out:
    /// shapes take turns on two or three layers, and those need no hashing at all.
    bool isShared(const QString &name) const {
        for (const QString &recent : mRecent)
            if (name.constData() == recent.constData() && name.size() == recent.size() &&
                !recent.isNull())
                return true;
        return false;
    }

private:
    void shareNew(QString &name); // looked up in (or added to) the set
    static constexpr unsigned kRecent = 4;
    QSet<QString> mNames;
    QString mRecent[kRecent];
    unsigned mNext = 0;
};

struct DocumentData;

/// Every shape's layer name shared with the equal names of the document's other shapes (what a
/// reader does as it reads; this does it for any reader).
void shareLayerNames(DocumentData &document);

} // namespace hitsmith
