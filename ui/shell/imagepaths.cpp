#include "imagepaths.h"

#include "document.h"

#include <QDir>
#include <QFileInfo>

namespace hitsmith {

namespace {
bool isLocalPath(const QString &path) {
    // Qt resources and URLs are left as they are.
    return !path.isEmpty() && !path.startsWith(u':') && !path.contains(QStringLiteral("://"));
}
} // namespace

QString documentDirectory(const Document *document) {
    if (document->filePath().isEmpty())
        return {};
    return QFileInfo(document->filePath()).absolutePath();
}

QString resolveImagePath(const Document *document, const QString &image) {
    if (image.isEmpty() || QFileInfo(image).isAbsolute())
        return image;
    const QString dir = documentDirectory(document);
    return QDir::cleanPath(QDir(dir.isEmpty() ? QDir::currentPath() : dir).filePath(image));
}

QString storedImagePath(const Document *document, const QString &absolutePath) {
    const QString dir = documentDirectory(document);
    if (dir.isEmpty())
        return QFileInfo(absolutePath).absoluteFilePath();
    return QDir(dir).relativeFilePath(absolutePath);
}

void makeImagePathsAbsolute(DocumentData &data, const QString &dir) {
    if (dir.isEmpty())
        return;
    for (Sprite &sprite : data.sprites) {
        if (isLocalPath(sprite.image) && QDir::isRelativePath(sprite.image))
            sprite.image = QDir::cleanPath(QDir(dir).absoluteFilePath(sprite.image));
    }
}

DocumentData withImagePathsRelativeTo(DocumentData data, const QString &dir,
                                      const QString &fromDir) {
    makeImagePathsAbsolute(data, fromDir);
    if (dir.isEmpty())
        return data;
    const QDir target(dir);
    for (Sprite &sprite : data.sprites) {
        if (isLocalPath(sprite.image) && QDir::isAbsolutePath(sprite.image))
            sprite.image = target.relativeFilePath(sprite.image);
    }
    return data;
}

} // namespace hitsmith
