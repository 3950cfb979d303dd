#include "clicommands.h"
#include "commandline.h"

#include "hitsmithformat.h"
#include "jsonsupport.h"
#include "versusservice.h"

namespace hitsmith::cli {

int runVersus(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Collides an attacker frame (origin at (0,0), facing right) with a defender frame whose "
        "origin stands at (dx, dy), mirrored to face the attacker unless --same-facing.\n"
        "Prints {\"hits\":[{\"a\",\"b\",\"depth\",\"normal\"}]}: a is the attacker's shape id, b "
        "the defender's; moving the defender by depth*normal separates them.\n"
        "Layer pairs tested: the document's collide matrix, or --layers.\n"
        "Exit status: 0 success, 2 unreadable file, unknown frame or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("Hitsmith document."));
    const QCommandLineOption attacker(QStringLiteral("attacker"), QStringLiteral("Attacker frame."),
                                      QStringLiteral("SPRITE/FRAME"));
    const QCommandLineOption defender(QStringLiteral("defender"), QStringLiteral("Defender frame."),
                                      QStringLiteral("SPRITE/FRAME"));
    const QCommandLineOption dx(QStringLiteral("dx"), QStringLiteral("Defender origin x."),
                                QStringLiteral("X"));
    const QCommandLineOption dy(QStringLiteral("dy"), QStringLiteral("Defender origin y (0)."),
                                QStringLiteral("Y"), QStringLiteral("0"));
    const QCommandLineOption sameFacing(QStringLiteral("same-facing"),
                                        QStringLiteral("Do not mirror the defender."));
    const QCommandLineOption layers(
        QStringLiteral("layers"),
        QStringLiteral("Only these attacker:defender layer pairs, e.g. hitbox:hurtbox."),
        QStringLiteral("A:B[,A:B...]"));
    parser.addOptions({attacker, defender, dx, dy, sameFacing, layers});
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("versus"), arguments, output))
        return *early;
    const auto usage = [&](const QString &message) {
        output.err << "hitsmith-cli versus: " << message << " (see --help)\n";
        return Failure;
    };
    if (parser.positionalArguments().size() != 1)
        return usage(QStringLiteral("give exactly one DOC"));
    if (!parser.isSet(attacker) || !parser.isSet(defender) || !parser.isSet(dx))
        return usage(QStringLiteral("--attacker, --defender and --dx are required"));
    bool okX = false, okY = false;
    const double x = parser.value(dx).toDouble(&okX), y = parser.value(dy).toDouble(&okY);
    if (!okX || !okY || !std::isfinite(x) || !std::isfinite(y))
        return usage(QStringLiteral("--dx and --dy must be finite numbers"));
    VersusLayers pairs;
    if (parser.isSet(layers)) {
        QString error;
        pairs = parseVersusLayers(parser.value(layers), &error);
        if (!pairs)
            return usage(QStringLiteral("--layers: ") + error);
    }

    const QString file = parser.positionalArguments().constFirst();
    ReadResult result = loadDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return Failure;
    }
    Document document;
    document.reset(std::move(*result.document), file);
    const auto [as, af] = document.data().findFrame(parser.value(attacker));
    const auto [ds, df] = document.data().findFrame(parser.value(defender));
    for (const auto &[sprite, option] : {std::pair(as, &attacker), std::pair(ds, &defender)}) {
        if (sprite < 0) {
            output.err << file << ": no frame \"" << parser.value(*option)
                       << "\" (expected SPRITE/FRAME)\n";
            return Failure;
        }
    }

    VersusService versus(&document);
    versus.setLayers(pairs);
    versus.setPlacement(
        {{as, af}, {ds, df}, x, y, parser.isSet(sameFacing) ? Facing::Same : Facing::Opposite});
    const Frame &a = document.frame({as, af});
    const Frame &d = document.frame({ds, df});
    QStringList hits;
    for (const VersusHit &hit : versus.hits())
        hits << QStringLiteral(R"({"a":%1,"b":%2,"depth":%3,"normal":[%4,%5]})")
                    .arg(json::string(a.shapes[hit.attackerShape].id),
                         json::string(d.shapes[hit.defenderShape].id), json::number(hit.depth),
                         json::number(hit.normal.x()), json::number(hit.normal.y()));
    output.out << "{\"hits\":[" << hits.join(u',') << "]}\n";
    return Success;
}

} // namespace hitsmith::cli
