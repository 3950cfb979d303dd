#include "clicommands.h"
#include "commandline.h"

#include "hitsmithformat.h"
#include "jsonsupport.h"
#include "versus.h"

namespace hitsmith::cli {

int runRange(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "For every frame of the attacker sprite, in order, the exact defender offsets dx (dy "
        "fixed) at which at least one allowed layer pair overlaps or touches, as closed "
        "intervals computed from the geometry:\n"
        "{\"frames\":[{\"frame\":\"attack-2\",\"intervals\":[[x0,x1]]}]} ([] where it never "
        "connects).\n"
        "Exit status: 0 success, 2 unreadable file, unknown sprite or frame, or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("Hitsmith document."));
    const QCommandLineOption attacker(QStringLiteral("attacker"),
                                      QStringLiteral("Attacker sprite (every frame)."),
                                      QStringLiteral("SPRITE"));
    const QCommandLineOption defender(QStringLiteral("defender"), QStringLiteral("Defender frame."),
                                      QStringLiteral("SPRITE/FRAME"));
    const QCommandLineOption dy(QStringLiteral("dy"), QStringLiteral("Defender origin y (0)."),
                                QStringLiteral("Y"), QStringLiteral("0"));
    const QCommandLineOption sameFacing(QStringLiteral("same-facing"),
                                        QStringLiteral("Do not mirror the defender."));
    const QCommandLineOption layers(
        QStringLiteral("layers"),
        QStringLiteral("Only these attacker:defender layer pairs, e.g. hitbox:hurtbox."),
        QStringLiteral("A:B[,A:B...]"));
    parser.addOptions({attacker, defender, dy, sameFacing, layers});
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("range"), arguments, output))
        return *early;
    const auto usage = [&](const QString &message) {
        output.err << "hitsmith-cli range: " << message << " (see --help)\n";
        return Failure;
    };
    if (parser.positionalArguments().size() != 1)
        return usage(QStringLiteral("give exactly one DOC"));
    if (!parser.isSet(attacker) || !parser.isSet(defender))
        return usage(QStringLiteral("--attacker and --defender are required"));
    bool okY = false;
    const double y = parser.value(dy).toDouble(&okY);
    if (!okY || !std::isfinite(y))
        return usage(QStringLiteral("--dy must be a finite number"));
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
    const DocumentData &data = *result.document;
    const qsizetype sprite = data.indexOfSprite(parser.value(attacker));
    if (sprite < 0) {
        output.err << file << ": no sprite \"" << parser.value(attacker) << "\"\n";
        return Failure;
    }
    const auto [ds, df] = data.findFrame(parser.value(defender));
    if (ds < 0) {
        output.err << file << ": no frame \"" << parser.value(defender)
                   << "\" (expected SPRITE/FRAME)\n";
        return Failure;
    }
    const Facing facing = parser.isSet(sameFacing) ? Facing::Same : Facing::Opposite;
    QStringList frames;
    const QList<Frame> &attackerFrames = data.sprites[sprite].frames;
    for (int f = 0; f < attackerFrames.size(); ++f) {
        QStringList intervals;
        for (const DxInterval &i : versusRange(data, {int(sprite), f}, {ds, df}, y, facing, pairs))
            intervals << u'[' + json::number(i.lo) + u',' + json::number(i.hi) + u']';
        frames << QStringLiteral(R"({"frame":%1,"intervals":[%2]})")
                      .arg(json::string(attackerFrames[f].name), intervals.join(u','));
    }
    output.out << "{\"frames\":[" << frames.join(u',') << "]}\n";
    return Success;
}

} // namespace hitsmith::cli
