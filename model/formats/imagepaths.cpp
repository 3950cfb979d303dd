#include "imagepaths.h"

#include "documentdata.h"

#include <QDir>

namespace hitsmith {

namespace {
bool isLocalPath(const QString &path) {
    // Qt resources and URLs are left as they are.
    return !path.isEmpty() && !path.startsWith(u':') && !path.contains(QStringLiteral("://"));
}
} // namespace

QString absoluteImagePath(const QString &path, const QString &dir) {
    if (!isLocalPath(path) || QDir::isAbsolutePath(path) || dir.isEmpty())
        return path;
    return QDir::cleanPath(QDir(dir).absoluteFilePath(path));
}

void resolveImagePaths(DocumentData &data, const QString &dir) {
    for (Sprite &sprite : data.sprites)
        sprite.image = absoluteImagePath(sprite.image, dir);
}

DocumentData withImagePathsRelativeTo(DocumentData data, const QString &dir) {
    if (dir.isEmpty())
        return data;
    const QDir target(dir);
    for (Sprite &sprite : data.sprites) {
        if (isLocalPath(sprite.image) && QDir::isAbsolutePath(sprite.image))
            sprite.image = target.relativeFilePath(sprite.image);
    }
    return data;
}

QString storedImagePath(const QString &path, const QString &dir) {
    DocumentData data;
    data.sprites.append(Sprite{});
    data.sprites[0].image = path;
    return withImagePathsRelativeTo(std::move(data), dir).sprites[0].image;
}

} // namespace hitsmith
