#include "versusoptions.h"

#include "hitsmithformat.h"

#include <cmath>

namespace hitsmith::cli {

VersusOptions::VersusOptions(const QString &attackerHelp, const QString &attackerValue)
    : attacker(QStringLiteral("attacker"), attackerHelp, attackerValue)
    , defender(QStringLiteral("defender"), QStringLiteral("Defender frame."),
               QStringLiteral("SPRITE/FRAME"))
    , dy(QStringLiteral("dy"), QStringLiteral("Defender origin y (0)."), QStringLiteral("Y"),
         QStringLiteral("0"))
    , sameFacing(QStringLiteral("same-facing"), QStringLiteral("Do not mirror the defender."))
    , layers(QStringLiteral("layers"),
             QStringLiteral("Only these attacker:defender layer pairs, e.g. hitbox:hurtbox "
                            "(default: the attack layer against what the collide matrix pairs "
                            "with it, one way)."),
             QStringLiteral("A:B[,A:B...]")) {}

void VersusOptions::addTo(QCommandLineParser &parser) const {
    parser.addOptions({attacker, defender, dy, sameFacing, layers});
}

std::optional<VersusArguments> VersusOptions::read(const QCommandLineParser &parser,
                                                   QString *error) const {
    VersusArguments arguments;
    bool ok = false;
    arguments.dy = parser.value(dy).toDouble(&ok);
    if (!ok || !std::isfinite(arguments.dy)) {
        *error = QStringLiteral("--dy must be a finite number");
        return std::nullopt;
    }
    arguments.facing = parser.isSet(sameFacing) ? Facing::Same : Facing::Opposite;
    if (parser.isSet(layers)) {
        QString layersError;
        arguments.layers = parseVersusLayers(parser.value(layers), &layersError);
        if (!arguments.layers) {
            *error = QStringLiteral("--layers: ") + layersError;
            return std::nullopt;
        }
    }
    return arguments;
}

int usageError(Output &output, const QString &command, const QString &message) {
    output.err << "hitsmith-cli " << command << ": " << message << " (see --help)\n";
    return Failure;
}

std::optional<DocumentData> loadVersusDocument(const QString &file, Output &output) {
    ReadResult result = loadDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return std::nullopt;
    }
    return std::move(*result.document);
}

std::optional<FrameRef> findVersusFrame(const DocumentData &data, const QString &text,
                                        const QString &file, Output &output) {
    const auto [sprite, frame] = data.findFrame(text);
    if (sprite < 0) {
        output.err << file << ": no frame \"" << text << "\" (expected SPRITE/FRAME)\n";
        return std::nullopt;
    }
    return FrameRef{sprite, frame};
}

} // namespace hitsmith::cli
