#include "mugencharacter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace hitsmith::art {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("MugenCharacter", text);
}

/// .def text: UTF-8 (with or without BOM) when valid, else Latin-1 (8-bit code pages).
QString defText(const QByteArray &bytes) {
    QStringDecoder utf8(QStringDecoder::Utf8);
    QString text = utf8.decode(bytes);
    if (utf8.hasError())
        text = QString::fromLatin1(bytes);
    if (text.startsWith(QChar(0xfeff)))
        text.remove(0, 1);
    return text;
}

/// The engine's SectionName: "[Name sub]" -> "name " (with its space when a subname follows).
QString sectionName(const QString &line) {
    if (!line.startsWith(u'['))
        return {};
    QString section = line.section(u';', 0, 0).trimmed();
    if (!section.endsWith(u']'))
        return {};
    section = section.mid(1, section.indexOf(u']') - 1);
    const qsizetype space = section.indexOf(u' ');
    return (space >= 0 ? section.left(space + 1) : section).toLower();
}

} // namespace

std::optional<Palette> readActPalette(const QByteArray &bytes) {
    if (bytes.size() < 768)
        return std::nullopt;
    Palette palette(256, 0);
    const auto *data = reinterpret_cast<const uchar *>(bytes.constData());
    // The engine reads colour 255 first, colour 0 last.
    for (int i = 255, at = 0; i >= 0; --i, at += 3)
        palette[i] = qRgba(data[at], data[at + 1], data[at + 2], i == 0 ? 0 : 255);
    return palette;
}

MugenDef parseMugenDef(const QByteArray &bytes) {
    MugenDef def;
    if (bytes.size() > kMaxDefBytes) {
        def.warnings
            << tr("%1 bytes is no character .def (at most %2)").arg(bytes.size()).arg(kMaxDefBytes);
        return def;
    }
    const QStringList lines = defText(bytes).split(u'\n');
    bool info = true, files = true;
    QString current;
    bool reading = false;
    QHash<QString, QString> values;
    auto finish = [&] {
        if (!reading)
            return;
        if (current == QLatin1String("info") && info) {
            info = false;
            auto text = [](QString value) {
                if (value.size() >= 2 && value.startsWith(u'"') && value.endsWith(u'"'))
                    value = value.mid(1, value.size() - 2);
                return value;
            };
            def.name = text(values.value(QStringLiteral("name")));
            if (def.name.isEmpty())
                def.name = text(values.value(QStringLiteral("displayname")));
        } else if (current == QLatin1String("files") && files) {
            files = false;
            def.sprite = values.value(QStringLiteral("sprite"));
            def.anim = values.value(QStringLiteral("anim"));
            for (int i = 0; i < kMaxPalettes; ++i)
                def.palettes[i] = values.value(QStringLiteral("pal%1").arg(i + 1));
            QStringList keys{QStringLiteral("st")};
            for (int i = 0; i <= 9; ++i)
                keys << QStringLiteral("st%1").arg(i);
            keys << QStringLiteral("cmd");
            for (const QString &key : std::as_const(keys)) {
                const QString file = values.value(key);
                if (!file.isEmpty() && !def.stateFiles.contains(file))
                    def.stateFiles << file;
            }
            def.stcommon = values.value(QStringLiteral("stcommon"));
        }
        values.clear();
        reading = false;
    };
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        const QString name = sectionName(line);
        if (!name.isEmpty()) {
            finish();
            current = name;
            reading = true;
            continue;
        }
        if (!reading)
            continue;
        const QString code = line.section(u';', 0, 0).trimmed();
        qsizetype end = 0;
        while (end < code.size() && code[end] != u'=' && code[end] != u' ' && code[end] != u'\t')
            ++end;
        if (end == 0 || end == code.size())
            continue;
        const QString key = code.left(end).toLower();
        const qsizetype equals = code.indexOf(u'=');
        const QString value = equals >= 0 ? code.mid(equals + 1).trimmed() : QString();
        if (!values.contains(key)) // the first spelling of a key wins
            values.insert(key, value);
    }
    finish();
    if (files)
        def.warnings << tr("no [Files] section");
    return def;
}

QString resolveMugenPath(const QString &dir, const QString &path) {
    QString relative = path.trimmed();
    relative.replace(u'\\', u'/');
    if (relative.isEmpty())
        return {};
    QString current = QFileInfo(relative).isAbsolute() ? QStringLiteral("/") : dir;
    if (current.isEmpty())
        current = QStringLiteral(".");
    const QStringList parts = relative.split(u'/', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts[i];
        const bool last = i == parts.size() - 1;
        QDir here(current);
        if (part == QLatin1String(".") || part == QLatin1String("..")) {
            current = QDir::cleanPath(here.absoluteFilePath(part));
            continue;
        }
        QString found;
        if (QFileInfo::exists(here.absoluteFilePath(part))) {
            found = part;
        } else {
            const QStringList entries =
                here.entryList((last ? QDir::Files : QDir::Dirs) | QDir::Hidden | QDir::System |
                                   QDir::NoDotAndDotDot,
                               QDir::Name);
            for (const QString &entry : entries) {
                if (entry.compare(part, Qt::CaseInsensitive) == 0) {
                    found = entry;
                    break;
                }
            }
        }
        if (found.isEmpty())
            return {};
        current = here.absoluteFilePath(found);
    }
    const QFileInfo result(current);
    return result.isFile() ? result.absoluteFilePath() : QString();
}

std::shared_ptr<MugenCharacter> MugenCharacter::open(const QString &path) {
    auto character = std::make_shared<MugenCharacter>();
    const QFileInfo info(path);
    QString sffPath;
    if (info.suffix().compare(QLatin1String("def"), Qt::CaseInsensitive) == 0) {
        character->mDefPath = info.absoluteFilePath();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            character->mError = tr("cannot read %1: %2").arg(path, file.errorString());
            return character;
        }
        character->mDef = parseMugenDef(file.readAll());
        character->mWarnings << character->mDef.warnings;
        const QString dir = info.absolutePath();
        if (!character->mDef.anim.isEmpty())
            character->mAnimPath = resolveMugenPath(dir, character->mDef.anim);
        for (int i = 0; i < kMaxPalettes; ++i) {
            const QString &name = character->mDef.palettes[i];
            if (name.isEmpty())
                continue;
            const QString act = resolveMugenPath(dir, name);
            QFile actFile(act);
            if (act.isEmpty() || !actFile.open(QIODevice::ReadOnly)) {
                character->mWarnings << tr("pal%1: %2 not found").arg(i + 1).arg(name);
                continue;
            }
            character->mActs[i] = readActPalette(actFile.read(768));
            if (!character->mActs[i])
                character->mWarnings
                    << tr("pal%1: %2 is shorter than 768 bytes").arg(i + 1).arg(name);
        }
        if (character->mDef.sprite.isEmpty()) {
            character->mError = tr("%1 names no sprite file ([Files] sprite)").arg(path);
            return character;
        }
        sffPath = resolveMugenPath(dir, character->mDef.sprite);
        if (sffPath.isEmpty()) {
            character->mError = tr("sprite file %1 not found beside %2")
                                    .arg(character->mDef.sprite, info.fileName());
            return character;
        }
    } else {
        sffPath = info.absoluteFilePath();
    }
    character->mSffPath = sffPath;
    auto sff = std::make_unique<SffFile>();
    if (!sff->openFile(sffPath)) {
        character->mError = tr("%1: %2").arg(QFileInfo(sffPath).fileName(), sff->error());
        return character;
    }
    character->mWarnings << sff->warnings();
    character->mSff = std::move(sff);
    return character;
}

QList<int> MugenCharacter::paletteNumbers() const {
    QList<int> numbers;
    if (!mSff)
        return numbers;
    for (int n = 1; n <= kMaxPalettes; ++n) {
        if (mSff->majorVersion() == 1) {
            if (mActs[n - 1])
                numbers << n;
        } else {
            const int index = mSff->paletteIndex(1, n);
            if (index >= 0 && index < mSff->paletteCount())
                numbers << n;
        }
    }
    return numbers;
}

int MugenCharacter::defaultPalette() const {
    const QList<int> numbers = paletteNumbers();
    return numbers.isEmpty() ? 0 : numbers.first();
}

SffImage MugenCharacter::sprite(int group, int number, int palette) const {
    SffImage out;
    if (!mSff) {
        out.error = mError.isEmpty() ? tr("no sprite file") : mError;
        return out;
    }
    const qsizetype index = mSff->indexOf(group, number);
    if (index < 0) {
        out.error = tr("sprite %1,%2 is not in %3")
                        .arg(group)
                        .arg(number)
                        .arg(QFileInfo(mSffPath).fileName());
        return out;
    }
    const int own = mSff->sprite(index).palette;
    if (palette >= 1 && palette <= kMaxPalettes) {
        if (mSff->majorVersion() == 1 && mActs[palette - 1]) {
            // remapPal(1,1 -> 1,N) on an SFF v1 recolours the palettes of sprites 0,0 and
            // 9000,0, and so every sprite that shares one of them.
            for (const auto &[g, n] : {std::pair{0, 0}, std::pair{9000, 0}}) {
                const qsizetype base = mSff->indexOf(g, n);
                if (base >= 0 && mSff->sprite(base).palette == own)
                    return mSff->image(index, &*mActs[palette - 1]);
            }
        } else if (mSff->majorVersion() == 2) {
            const int source = mSff->paletteIndex(1, 1);
            const int target = mSff->paletteIndex(1, palette);
            if (source >= 0 && own == source && target >= 0 && target < mSff->paletteCount()) {
                const Palette colours = mSff->palette(target);
                return mSff->image(index, &colours);
            }
        }
    }
    return mSff->image(index);
}

} // namespace hitsmith::art
