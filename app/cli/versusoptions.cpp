#include "versusoptions.h"

#include "formatsniffer.h"

#include <cmath>

namespace hitsmith::cli {

VersusOptions::VersusOptions(const QString &attackerHelp, const QString &attackerValue)
    : attacker(QStringLiteral("attacker"), attackerHelp, attackerValue)
    , defender(QStringLiteral("defender"), QStringLiteral("Defender frame."),
               QStringLiteral("SPRITE/FRAME"))
    , defenderDoc(QStringLiteral("defender-doc"),
                  QStringLiteral("Take --defender from this document (another character; any "
                                 "format the CLI reads, e.g. an .air) instead of DOC."),
                  QStringLiteral("FILE"))
    , dy(QStringLiteral("dy"), QStringLiteral("Defender origin y (0)."), QStringLiteral("Y"),
         QStringLiteral("0"))
    , sameFacing(QStringLiteral("same-facing"), QStringLiteral("Do not mirror the defender."))
    , layers(QStringLiteral("layers"),
             QStringLiteral("Only these attacker:defender layer pairs, e.g. hitbox:hurtbox "
                            "(default: the attack layer against what the collide matrix pairs "
                            "with it, one way)."),
             QStringLiteral("A:B[,A:B...]")) {}

void VersusOptions::addTo(QCommandLineParser &parser) const {
    parser.addOptions({attacker, defender, defenderDoc, dy, sameFacing, layers});
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
    // A Hitsmith document, or a file no reader claims, reads as a Hitsmith document.
    ReadResult result = readAnyDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return std::nullopt;
    }
    for (const QString &warning : result.warnings)
        output.err << file << ": warning: " << warning << '\n';
    return std::move(*result.document);
}

std::optional<FrameRef> findDefender(DocumentData &data, const QString &file,
                                     const QCommandLineParser &parser, const VersusOptions &options,
                                     Output &output) {
    const QString text = parser.value(options.defender);
    if (!parser.isSet(options.defenderDoc))
        return findVersusFrame(data, text, file, output);
    const QString defenderFile = parser.value(options.defenderDoc);
    const std::optional<DocumentData> other = loadVersusDocument(defenderFile, output);
    if (!other)
        return std::nullopt;
    const std::optional<FrameRef> found = findVersusFrame(*other, text, defenderFile, output);
    if (!found)
        return std::nullopt;
    return appendOpponentSprite(data, *other, *found, defenderFile);
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
