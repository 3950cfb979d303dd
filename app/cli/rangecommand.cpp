#include "clicommands.h"
#include "commandline.h"
#include "versusoptions.h"

#include "jsonsupport.h"
#include "reachjson.h"

namespace hitsmith::cli {

int runRange(const QStringList &arguments, Output &output) {
    const QString command = QStringLiteral("range");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "For every frame of the attacker sprite, in order, the exact defender offsets dx (dy "
        "fixed) at which at least one allowed layer pair overlaps or touches, as closed "
        "intervals computed from the geometry:\n"
        "{\"frames\":[{\"frame\":\"attack-2\",\"intervals\":[[x0,x1]]}]} ([] where it never "
        "connects, or where the frame has no shape on a tested attacker layer). Layer pairs as "
        "in versus: --layers, or the attack layer one way.\n"
        "The defender frame is in DOC, or in --defender-doc FILE (another character). DOC and "
        "FILE are Hitsmith documents or any file 'import' reads (e.g. a MUGEN .air).\n"
        "Exit status: 0 success, 2 unreadable file, unknown sprite or frame, or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"),
                                 QStringLiteral("Hitsmith document (or any readable file)."));
    const VersusOptions options(QStringLiteral("Attacker sprite (every frame)."),
                                QStringLiteral("SPRITE"));
    options.addTo(parser);
    const QCommandLineOption sweep = sweepOption();
    parser.addOption(sweep);
    if (const std::optional<int> early = parseArguments(parser, command, arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1)
        return usageError(output, command, QStringLiteral("give exactly one DOC"));
    if (!parser.isSet(options.attacker) || !parser.isSet(options.defender))
        return usageError(output, command,
                          QStringLiteral("--attacker and --defender are required"));
    QString error;
    const std::optional<VersusArguments> versus = options.read(parser, &error);
    if (!versus)
        return usageError(output, command, error);

    const QString file = parser.positionalArguments().constFirst();
    std::optional<DocumentData> data = loadVersusDocument(file, output);
    if (!data)
        return Failure;
    const qsizetype sprite = data->indexOfSprite(parser.value(options.attacker));
    if (sprite < 0) {
        output.err << file << ": no sprite \"" << parser.value(options.attacker) << "\"\n";
        return Failure;
    }
    const std::optional<FrameRef> defender = findDefender(*data, file, parser, options, output);
    if (!defender)
        return Failure;
    QStringList frames;
    const QList<Frame> &attackerFrames = data->sprites[sprite].frames;
    for (int f = 0; f < attackerFrames.size(); ++f) {
        QStringList intervals;
        for (const DxInterval &i : versusRange(*data, {int(sprite), f}, *defender, versus->dy,
                                               versus->facing, versus->layers))
            intervals << u'[' + json::number(i.lo) + u',' + json::number(i.hi) + u']';
        frames << QStringLiteral(R"({"frame":%1,"intervals":[%2]%3})")
                      .arg(json::string(attackerFrames[f].name), intervals.join(u','),
                           parser.isSet(sweep)
                               ? tunnelMember(*data, {int(sprite), f}, *defender, versus->dy,
                                              versus->facing, versus->layers)
                               : QString());
    }
    output.out << "{\"frames\":[" << frames.join(u',') << "]}\n";
    return Success;
}

} // namespace hitsmith::cli
