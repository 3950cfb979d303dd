#include "clicommands.h"
#include "commandline.h"
#include "versusoptions.h"

#include "jsonsupport.h"
#include "versusservice.h"

#include <cmath>

namespace hitsmith::cli {

int runVersus(const QStringList &arguments, Output &output) {
    const QString command = QStringLiteral("versus");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Collides an attacker frame (origin at (0,0), facing right) with a defender frame whose "
        "origin stands at (dx, dy), mirrored to face the attacker unless --same-facing.\n"
        "Prints {\"hits\":[{\"a\",\"b\",\"depth\",\"normal\"}]}: a is the attacker's shape id, b "
        "the defender's; moving the defender by depth*normal separates them.\n"
        "Layer pairs tested: --layers, or by default the attack layer (the first named like "
        "hitbox, attack or hit, as the editor's Timeline and Versus dock choose it) against the "
        "layers the collide matrix pairs with it, one way (without such a layer: the collide "
        "matrix either way round).\n"
        "Exit status: 0 success, 2 unreadable file, unknown frame or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("Hitsmith document."));
    const VersusOptions options(QStringLiteral("Attacker frame."), QStringLiteral("SPRITE/FRAME"));
    const QCommandLineOption dx(QStringLiteral("dx"), QStringLiteral("Defender origin x."),
                                QStringLiteral("X"));
    options.addTo(parser);
    parser.addOption(dx);
    if (const std::optional<int> early = parseArguments(parser, command, arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1)
        return usageError(output, command, QStringLiteral("give exactly one DOC"));
    if (!parser.isSet(options.attacker) || !parser.isSet(options.defender) || !parser.isSet(dx))
        return usageError(output, command,
                          QStringLiteral("--attacker, --defender and --dx are required"));
    bool okX = false;
    const double x = parser.value(dx).toDouble(&okX);
    if (!okX || !std::isfinite(x))
        return usageError(output, command, QStringLiteral("--dx must be a finite number"));
    QString error;
    const std::optional<VersusArguments> versus = options.read(parser, &error);
    if (!versus)
        return usageError(output, command, error);

    const QString file = parser.positionalArguments().constFirst();
    std::optional<DocumentData> data = loadVersusDocument(file, output);
    if (!data)
        return Failure;
    Document document;
    document.reset(std::move(*data), file);
    const std::optional<FrameRef> attacker =
        findVersusFrame(document.data(), parser.value(options.attacker), file, output);
    if (!attacker)
        return Failure;
    const std::optional<FrameRef> defender =
        findVersusFrame(document.data(), parser.value(options.defender), file, output);
    if (!defender)
        return Failure;

    VersusService service(&document);
    service.setLayers(versus->layers);
    service.setPlacement({*attacker, *defender, x, versus->dy, versus->facing});
    const Frame &a = document.frame(*attacker);
    const Frame &d = document.frame(*defender);
    QStringList hits;
    for (const VersusHit &hit : service.hits())
        hits << QStringLiteral(R"({"a":%1,"b":%2,"depth":%3,"normal":[%4,%5]})")
                    .arg(json::string(a.shapes[hit.attackerShape].id),
                         json::string(d.shapes[hit.defenderShape].id), json::number(hit.depth),
                         json::number(hit.normal.x()), json::number(hit.normal.y()));
    output.out << "{\"hits\":[" << hits.join(u',') << "]}\n";
    return Success;
}

} // namespace hitsmith::cli
