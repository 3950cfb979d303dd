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
    for (VersusSetup &setup : data.versus)
        setup.defenderDocument = absoluteImagePath(setup.defenderDocument, dir);
}

DocumentData withImagePathsRelativeTo(DocumentData data, const QString &dir) {
    if (dir.isEmpty())
        return data;
    const QDir target(dir);
    const auto relative = [&](QString &path) {
        if (isLocalPath(path) && QDir::isAbsolutePath(path))
            path = target.relativeFilePath(path);
    };
    for (Sprite &sprite : data.sprites)
        relative(sprite.image);
    for (VersusSetup &setup : data.versus)
        relative(setup.defenderDocument);
    return data;
}

QString storedImagePath(const QString &path, const QString &dir) {
    DocumentData data;
    data.sprites.append(Sprite{});
    data.sprites[0].image = path;
    return withImagePathsRelativeTo(std::move(data), dir).sprites[0].image;
}

} // namespace hitsmith
