#include "cnsstates.h"

#include "mugencharacter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hitsmith::mugen {

namespace {

/// Largest state file read (a character's biggest .cns is a few megabytes).
constexpr qint64 kMaxStateFileBytes = 16 * 1024 * 1024;

QString text(const QByteArray &bytes) {
    // Only ASCII matters to the grammar: one character per byte keeps every line whole.
    QString all = QString::fromLatin1(bytes);
    if (all.startsWith(QStringLiteral("\u00EF\u00BB\u00BF")))
        all.remove(0, 3);
    return all;
}

std::optional<int> plainInt(const QString &value) {
    static const QRegularExpression integer(QStringLiteral("^[+-]?\\d+$"));
    const QString v = value.trimmed();
    if (!integer.match(v).hasMatch())
        return std::nullopt;
    bool ok = false;
    const int n = v.toInt(&ok);
    return ok ? std::optional<int>(n) : std::nullopt;
}

} // namespace

bool StateController::isThrow() const {
    // attr = S, NT: the second part is a list of two-letter types; T is a throw.
    const QString types = attr.section(u',', 1).toUpper();
    static const QRegularExpression throwType(QStringLiteral("\\b[NSH]T\\b"));
    return throwType.match(types).hasMatch();
}

std::optional<double> StateController::number(const QString &key, int index) const {
    static const QRegularExpression plain(QStringLiteral("^[+-]?(\\d+\\.?\\d*|\\.\\d+)$"));
    const auto it = params.constFind(key);
    if (it == params.cend())
        return std::nullopt;
    const QStringList parts = it->split(u',');
    if (index >= parts.size())
        return std::nullopt;
    const QString v = parts[index].trimmed();
    if (!plain.match(v).hasMatch())
        return std::nullopt;
    return v.toDouble();
}

void readStates(const QByteArray &bytes, const QString &fileName, CharacterStates *states) {
    QSet<int> known;
    for (const StateDef &state : std::as_const(states->states))
        known.insert(state.number);
    static const QRegularExpression statedef(QStringLiteral("^\\[\\s*statedef\\s+([^,\\]]*)"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression controller(QStringLiteral("^\\[\\s*state\\s"),
                                               QRegularExpression::CaseInsensitiveOption);
    const QStringList lines = text(bytes).split(u'\n');
    StateDef *state = nullptr; // the statedef being read; null outside one (or a duplicate)
    bool inHeader = false;     // between [Statedef] and its first [State]
    QHash<QString, QString> params;
    int controllerLine = 0;
    bool inController = false;
    auto finishController = [&] {
        if (!inController || !state)
            return;
        inController = false;
        const QString type = params.value(QStringLiteral("type")).trimmed().toLower();
        StateController c;
        if (type == QLatin1String("hitdef"))
            c.kind = StateController::Kind::HitDef;
        else if (type == QLatin1String("projectile"))
            c.kind = StateController::Kind::Projectile;
        else if (type == QLatin1String("changeanim"))
            c.kind = StateController::Kind::ChangeAnim;
        else
            return;
        c.file = fileName;
        c.line = controllerLine;
        c.attr = params.value(QStringLiteral("attr")).trimmed();
        c.params = params;
        state->controllers.append(c);
    };
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        const qsizetype semicolon = line.indexOf(u';');
        if (semicolon >= 0)
            line.truncate(semicolon);
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        if (line.startsWith(u'[')) {
            finishController();
            params.clear();
            if (const QRegularExpressionMatch m = statedef.match(line); m.hasMatch()) {
                const std::optional<int> number = plainInt(m.captured(1));
                state = nullptr;
                inHeader = false;
                if (number && !known.contains(*number)) {
                    known.insert(*number);
                    StateDef next;
                    next.number = *number;
                    next.file = fileName;
                    next.line = int(i + 1);
                    states->states.append(next);
                    state = &states->states.last();
                    inHeader = true;
                }
            } else if (controller.match(line).hasMatch() && state) {
                inHeader = false;
                inController = true;
                controllerLine = int(i + 1);
            } else {
                state = nullptr; // [Data], [Command], ...: no state's
                inHeader = false;
            }
            continue;
        }
        const qsizetype equals = line.indexOf(u'=');
        if (equals <= 0 || !state)
            continue;
        const QString key = line.left(equals).trimmed().toLower();
        const QString value = line.mid(equals + 1).trimmed();
        if (inHeader) {
            if (key == QLatin1String("anim") && !state->anim)
                state->anim = plainInt(value);
        } else if (inController && key.startsWith(QLatin1String("trigger")) &&
                   params.contains(key)) {
            // Lines of one trigger number all hold: one condition.
            params[key] += QStringLiteral(" && ") + value;
        } else if (inController && !params.contains(key)) {
            params.insert(key, value);
        }
    }
    finishController();
    states->files << fileName;
}

CharacterStates readCharacterStates(const QString &defPath) {
    CharacterStates states;
    QFile defFile(defPath);
    if (!defFile.open(QIODevice::ReadOnly)) {
        states.warnings << QStringLiteral("%1 cannot be read").arg(defPath);
        return states;
    }
    const art::MugenDef def = art::parseMugenDef(defFile.read(art::kMaxDefBytes + 1));
    const QString dir = QFileInfo(defPath).absolutePath();
    auto readOne = [&](const QString &name, const QStringList &folders) {
        QString path;
        for (const QString &folder : folders) {
            path = art::resolveMugenPath(folder, name);
            if (!path.isEmpty())
                break;
        }
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
            states.warnings << QStringLiteral("state file %1 not found").arg(name);
            return;
        }
        if (file.size() > kMaxStateFileBytes) {
            states.warnings << QStringLiteral("state file %1 is over %2 MB: not read")
                                   .arg(name)
                                   .arg(kMaxStateFileBytes / (1024 * 1024));
            return;
        }
        readStates(file.readAll(), name, &states);
    };
    for (const QString &name : def.stateFiles)
        readOne(name, {dir});
    if (!def.stcommon.isEmpty())
        readOne(def.stcommon, {dir, QDir(dir).absoluteFilePath(QStringLiteral("../../data"))});
    return states;
}

QString characterDefinition(const QStringList &spriteImages) {
    for (const QString &image : spriteImages)
        if (image.endsWith(QLatin1String(".def"), Qt::CaseInsensitive))
            return image;
    return {};
}

} // namespace hitsmith::mugen
