#pragma once

#include "documentdata.h"
#include "framepicture.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace hitsmith {

/// The other characters' documents the Versus dock stands against the document's frames, by
/// absolute path: each read once from its file (any format the editor opens: a Hitsmith
/// document, a MUGEN .def with its sprites, an .air, Tiled, ...), read only. Never written, never
/// in an undo stack, never autosaved: the document keeps only the path (a versus setup's
/// defenderDocument). A file changed on disk is read again by reload().
class VersusOpponents {
public:
    /// One opponent file: its content, or why it cannot be read.
    struct Entry {
        QString path;                             ///< absolute
        std::shared_ptr<const DocumentData> data; ///< null when it cannot be read
        QString error;                            ///< why not (names no file)
        QStringList warnings;                     ///< what its reader skipped
        bool isOk() const { return data != nullptr; }
    };

    VersusOpponents();
    ~VersusOpponents();

    /// The opponent at path, read on first use (a failure is kept too, until reload()).
    const Entry &get(const QString &path);
    /// Reads the file again and keeps what it holds. A file that cannot be read is kept as such
    /// only when keepGood is false (Reload of a setup's file); with keepGood nothing changes
    /// (a file chosen in a dialog: the current copy, if any, stays). The entry says why.
    Entry reload(const QString &path, bool keepGood);
    /// Every path asked for since the last clear(), in the order first asked.
    QStringList paths() const { return mOrder; }
    /// Forgets every file (the main document was replaced).
    void clear();
    /// The pictures of the opponents' frames (their own cache: the opponents' MUGEN art and
    /// palettes are not the document's).
    FramePictures *pictures() const { return mPictures.get(); }

private:
    static Entry read(const QString &path);

    QHash<QString, Entry> mEntries;
    QStringList mOrder;
    std::unique_ptr<FramePictures> mPictures;
};

} // namespace hitsmith
