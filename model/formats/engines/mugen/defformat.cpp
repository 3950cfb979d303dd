#include "defformat.h"

#include "airformat.h"
#include "enginesupport.h"
#include "mugencharacter.h"

#include <QFile>
#include <QFileInfo>

namespace hitsmith {

using engines::tr;

QString DefFormat::name() const {
    return QStringLiteral("def");
}

QString DefFormat::displayName() const {
    return tr("MUGEN / Ikemen GO character");
}

QStringList DefFormat::extensions() const {
    return {QStringLiteral("def")};
}

FileFormat::Capabilities DefFormat::capabilities() const {
    return CanRead;
}

ReadResult DefFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    const art::MugenDef def = art::parseMugenDef(bytes);
    if (def.anim.isEmpty()) {
        result.error = def.warnings.isEmpty()
                           ? tr("[Files] names no anim file (.air)")
                           : tr("%1; not a MUGEN character .def").arg(def.warnings.join(u"; "));
        return result;
    }
    if (context.filePath.isEmpty()) {
        result.error = tr("the .def's files are found beside it: it needs a file path");
        return result;
    }
    const QFileInfo info(context.filePath);
    const QString dir = info.absolutePath();
    const QString airPath = art::resolveMugenPath(dir, def.anim);
    QFile air(airPath);
    if (airPath.isEmpty() || !air.open(QIODevice::ReadOnly)) {
        result.error = tr("anim file %1 not found beside %2").arg(def.anim, info.fileName());
        return result;
    }
    ReadResult animation =
        AirFormat().read(air.readAll(), {airPath, QFileInfo(airPath).absolutePath()});
    if (!animation.isOk()) {
        result.error = tr("%1: %2").arg(QFileInfo(airPath).fileName(), animation.error);
        return result;
    }
    DocumentData document = std::move(*animation.document);
    // Every action draws its elements' sprites from the character: the .def is the image.
    const QString image = info.absoluteFilePath();
    for (Sprite &sprite : document.sprites)
        sprite.image = image;
    if (def.sprite.isEmpty())
        result.warnings << tr("[Files] names no sprite file: frames show boxes only");
    else if (art::resolveMugenPath(dir, def.sprite).isEmpty())
        result.warnings << tr("sprite file %1 not found: frames show boxes only").arg(def.sprite);
    result.warnings << def.warnings << animation.warnings;
    result.document = std::move(document);
    return result;
}

} // namespace hitsmith
