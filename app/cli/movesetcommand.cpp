#include "clicommands.h"
#include "commandline.h"
#include "movesetchart.h"
#include "reachjson.h"
#include "versusoptions.h"

#include "fileio.h"
#include "jsonsupport.h"

namespace hitsmith::cli {

int runMoveset(const QStringList &arguments, Output &output) {
    const QString command = QStringLiteral("moveset");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Every move of DOC (every sprite with a shape on a tested attacker layer) against one "
        "defender frame, the attacker at each frame's root position (see \"motion\"):\n"
        "{\"moves\":[{\"sprite\":\"jab\",\"startup\":3,\"active\":2,\"recovery\":5,"
        "\"reach\":[[x0,x1]],\"first_frame\":[{\"from\":x0,\"to\":x1,\"frame\":\"a3\"}],"
        "\"tunnel\":[[x0,x1]]}]}\n"
        "startup/active/recovery: the move's frames (document frames, not game ticks: see "
        "`framedata`) before, from the first to the last and after the attack layer's; "
        "reach: the union of the frames' exact ranges (as `range`); first_frame: the reach split "
        "by the first frame (in time) that connects there; tunnel: where a swing between two "
        "frames passes through the defender (as `range --sweep`) and no frame of the move "
        "connects. Layer pairs as in versus.\n"
        "Exit status: 0 success, 2 unreadable file, unknown frame or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("Hitsmith document."));
    const VersusOptions options{QString(), QString()};
    const QCommandLineOption svg(QStringLiteral("svg"),
                                 QStringLiteral("Also write the chart as SVG to FILE."),
                                 QStringLiteral("FILE"));
    parser.addOptions({options.defender, options.defenderDoc, options.dy, options.sameFacing,
                       options.layers, svg});
    if (const std::optional<int> early = parseArguments(parser, command, arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1)
        return usageError(output, command, QStringLiteral("give exactly one DOC"));
    if (!parser.isSet(options.defender))
        return usageError(output, command, QStringLiteral("--defender is required"));
    QString error;
    const std::optional<VersusArguments> versus = options.read(parser, &error);
    if (!versus)
        return usageError(output, command, error);

    const QString file = parser.positionalArguments().constFirst();
    std::optional<DocumentData> data = loadVersusDocument(file, output);
    if (!data)
        return Failure;
    const QList<int> sprites = operations::attackSprites(*data, versus->layers);
    const std::optional<FrameRef> defender = findDefender(*data, file, parser, options, output);
    if (!defender)
        return Failure;
    const QList<operations::MoveReach> moves = operations::movesetReach(
        *data, sprites, *defender, versus->dy, versus->facing, versus->layers);

    QStringList items;
    for (const operations::MoveReach &m : moves) {
        const Sprite &sprite = data->sprites[m.sprite];
        QStringList first;
        for (const operations::FirstFrame &piece : m.firstFrame)
            first << QStringLiteral(R"({"from":%1,"to":%2,"frame":%3})")
                         .arg(json::number(piece.from), json::number(piece.to),
                              json::string(sprite.frames[piece.frame].name));
        items << QStringLiteral(R"({"sprite":%1,"startup":%2,"active":%3,"recovery":%4,)"
                                R"("reach":%5,"first_frame":[%6],"tunnel":%7})")
                     .arg(json::string(sprite.name))
                     .arg(m.timing.startupFrames)
                     .arg(m.timing.activeFrames)
                     .arg(m.timing.recoveryFrames)
                     .arg(intervalsJson(m.reach), first.join(u','), intervalsJson(m.tunnel));
    }
    if (parser.isSet(svg)) {
        const QString chart = movesetSvg(*data, moves, parser.value(options.defender));
        if (!writeFileAtomically(parser.value(svg), chart.toUtf8(), &error)) {
            output.err << parser.value(svg) << ": " << error << '\n';
            return Failure;
        }
    }
    output.out << "{\"moves\":[" << items.join(u',') << "]}\n";
    return Success;
}

} // namespace hitsmith::cli
