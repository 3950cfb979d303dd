#include "formatregistry.h"

#include "airformat.h"
#include "asepritefileformat.h"
#include "asepriteformat.h"
#include "defformat.h"
#include "godotformat.h"
#include "hitsmithformat.h"
#include "matterformat.h"
#include "physicseditorformat.h"
#include "runtimeformat.h"
#include "spineformat.h"
#include "tiledformat.h"

#include <QFileInfo>

namespace hitsmith {

FormatRegistry::FormatRegistry() {
    // The one place where formats are registered.
    // The native format comes first: it wins .json by extension; see guessReadFormat() for
    // telling the JSON formats apart by content.
    mFormats = {new HitsmithFormat,     new TiledTsxFormat, new TiledTsjFormat,     new GodotFormat,
                new MatterFormat,       new AsepriteFormat, new AirFormat,          new DefFormat,
                new AndEngineFormat,    new Box2dXmlFormat, new Cocos2dPlistFormat, new SpineFormat,
                new AsepriteFileFormat, new RuntimeFormat};
}

FormatRegistry::~FormatRegistry() {
    qDeleteAll(mFormats);
}

const FormatRegistry &FormatRegistry::instance() {
    static const FormatRegistry registry;
    return registry;
}

const FileFormat *FormatRegistry::byName(const QString &name) const {
    for (const FileFormat *format : mFormats) {
        if (format->name().compare(name, Qt::CaseInsensitive) == 0)
            return format;
    }
    return nullptr;
}

const FileFormat *FormatRegistry::byFileName(const QString &fileName,
                                             FileFormat::Capability capability) const {
    const QString lower = QFileInfo(fileName).fileName().toLower();
    for (const FileFormat *format : mFormats) {
        if (!(format->capabilities() & capability))
            continue;
        for (const QString &extension : format->extensions()) {
            if (lower.endsWith(u'.' + extension.toLower()))
                return format;
        }
    }
    return nullptr;
}

} // namespace hitsmith
