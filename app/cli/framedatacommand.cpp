#include "clicommands.h"
#include "commandline.h"
#include "versusoptions.h"

#include "cnsstates.h"
#include "operations/framedata.h"
#include "operations/framedatatext.h"

namespace hitsmith::cli {

int runFrameData(const QStringList &arguments, Output &output) {
    const QString command = QStringLiteral("framedata");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The frame data of every move of DOC (every sprite with a shape on a tested attacker "
        "layer, as `moveset` decides it), in game ticks at the document's tick_rate (MUGEN: "
        "each element's time):\n"
        "{\"moves\":[{\"sprite\":\"jab\",\"total\":12,\"startup\":4,\"active\":[[4,7]],"
        "\"active_text\":\"4\",\"recovery\":5,\"damage\":23,\"hitstun\":11,\"blockstun\":11,"
        "\"hitstop\":8,\"on_hit\":3,\"on_block\":3,\"notes\":[]}]}\n"
        "Ticks count from 1; startup: the first tick with an attack shape; active: the windows "
        "of ticks with one, active_text their lengths with the gaps in parentheses (\"3(2)3\"); "
        "total: every frame's ticks, each once (null when the last MUGEN element is -1); "
        "recovery: total - the last active tick. Hit numbers: the attack shapes' properties "
        "damage, hitstun, blockstun, hitstop; for a MUGEN character (a .def, or a document "
        "imported from one) the HitDef of the state whose anim is the action, one row a hit "
        "(\"hit\": 1, 2, ...) when its HitDefs switch on at different ticks. on_hit = hitstun - "
        "(total - startup), on_block = blockstun - (total - startup) (contact on the first "
        "active tick; hitstop freezes both sides, except MUGEN's pausetime p1,p2 adds p2 - p1). "
        "Unknown numbers are null; what is not computed (projectiles, throws, HitDefs of other "
        "states) is named in notes. See docs/framedata.md.\n"
        "Exit status: 0 success, 2 unreadable file or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"),
                                 QStringLiteral("Hitsmith document, MUGEN .def or .air, ..."));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("json (default), csv or markdown."),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption convention(
        QStringLiteral("stun-convention"),
        QStringLiteral("written (default): the defender acts on the tick after its hitstun; "
                       "mugen: one tick later after a hit, as MUGEN and Ikemen GO count a "
                       "MUGEN character's hit time (Ikemen GO #2113): on_hit + 1."),
        QStringLiteral("written|mugen"), QStringLiteral("written"));
    const VersusOptions versus{QString(), QString()};
    parser.addOptions({format, convention, versus.layers});
    if (const std::optional<int> early = parseArguments(parser, command, arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1)
        return usageError(output, command, QStringLiteral("give exactly one DOC"));
    const QString formatName = parser.value(format).toLower();
    if (formatName != QLatin1String("json") && formatName != QLatin1String("csv") &&
        formatName != QLatin1String("markdown"))
        return usageError(output, command,
                          QStringLiteral("--format must be json, csv or markdown"));
    operations::FrameDataOptions options;
    const QString conventionName = parser.value(convention).toLower();
    if (conventionName == QLatin1String("mugen"))
        options.convention = operations::StunConvention::Mugen;
    else if (conventionName != QLatin1String("written"))
        return usageError(output, command,
                          QStringLiteral("--stun-convention must be written or mugen"));
    if (parser.isSet(versus.layers)) {
        QString error;
        options.layers = parseVersusLayers(parser.value(versus.layers), &error);
        if (!options.layers)
            return usageError(output, command, QStringLiteral("--layers: ") + error);
    }

    const QString file = parser.positionalArguments().constFirst();
    const std::optional<DocumentData> data = loadVersusDocument(file, output);
    if (!data)
        return Failure;
    QStringList images;
    for (const Sprite &sprite : data->sprites)
        images << sprite.image;
    mugen::CharacterStates states;
    const QString def = mugen::characterDefinition(images);
    if (!def.isEmpty()) {
        states = mugen::readCharacterStates(def);
        for (const QString &warning : std::as_const(states.warnings))
            output.err << file << ": warning: " << warning << '\n';
        options.states = &states;
    }
    const QList<operations::MoveFrameData> rows = operations::frameDataTable(*data, options);
    if (formatName == QLatin1String("csv"))
        output.out << operations::frameDataCsv(*data, rows);
    else if (formatName == QLatin1String("markdown"))
        output.out << operations::frameDataMarkdown(*data, rows);
    else
        output.out << operations::frameDataJson(*data, rows);
    return Success;
}

} // namespace hitsmith::cli
