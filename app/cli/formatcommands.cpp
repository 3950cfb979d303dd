// `formats`, `export` and `import`: the game-engine formats on the command line.

#include "clicommands.h"
#include "commandline.h"

#include "fileio.h"
#include "formatregistry.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "validation.h"

#include <QDir>
#include <QFileInfo>

namespace hitsmith::cli {

namespace {

/// Why writing out must not go ahead without --force, or empty: it is the command's own input
/// or holds a Hitsmith document (which the new file would replace).
QString overwriteRefusal(const QString &command, const QString &in, const QString &out,
                         const QString &what) {
    if (isSameFile(in, out))
        return QStringLiteral("hitsmith-cli %1: %2 is the input; writing %3 over it would "
                              "replace it (nothing written; pass --force to replace it)\n")
            .arg(command, out, what);
    if (holdsHitsmithDocument(out))
        return QStringLiteral("hitsmith-cli %1: %2 is a Hitsmith document; writing %3 over it "
                              "would lose it (nothing written; pass --force to replace it)\n")
            .arg(command, out, what);
    return {};
}

QCommandLineOption forceOption() {
    return QCommandLineOption(
        QStringLiteral("force"),
        QStringLiteral("Replace OUT even when it is the input or holds a Hitsmith document."));
}

QString formatNames(FileFormat::Capability capability) {
    QStringList names;
    for (const FileFormat *format : FormatRegistry::instance().formats()) {
        if (format->capabilities() & capability)
            names << format->name();
    }
    return names.join(QStringLiteral(", "));
}

/// Looks up --format NAME; prints why not and returns nullptr when it does not fit.
const FileFormat *formatByName(const QString &command, const QString &name,
                               FileFormat::Capability capability, Output &output) {
    const FileFormat *format = FormatRegistry::instance().byName(name);
    // "aseprite" names the sheet JSON, which is only read; writing means Aseprite's own file.
    if (format && !(format->capabilities() & capability) &&
        name.compare(u"aseprite", Qt::CaseInsensitive) == 0)
        format = FormatRegistry::instance().byName(QStringLiteral("aseprite-file"));
    if (!format) {
        output.err << "hitsmith-cli " << command << ": unknown format '" << name
                   << "' (formats: " << formatNames(capability) << ")\n";
        return nullptr;
    }
    if (!(format->capabilities() & capability)) {
        output.err << "hitsmith-cli " << command << ": format '" << name << "' cannot "
                   << (capability == FileFormat::CanRead ? "be read" : "be written")
                   << " (formats: " << formatNames(capability) << ")\n";
        return nullptr;
    }
    return format;
}

void printWarnings(const QString &file, const QStringList &warnings, Output &output) {
    for (const QString &warning : warnings)
        output.err << file << ": warning: " << warning << '\n';
}

} // namespace

int runFormats(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Lists the file formats: name (for --format), extensions, read/write."));
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("formats"), arguments, output))
        return *early;
    for (const FileFormat *format : FormatRegistry::instance().formats()) {
        QStringList extensions;
        for (const QString &extension : format->extensions())
            extensions << u'.' + extension;
        QString access;
        if (format->capabilities() & FileFormat::CanRead)
            access += QStringLiteral("read");
        if (format->capabilities() & FileFormat::CanWrite)
            access += access.isEmpty() ? QStringLiteral("write") : QStringLiteral("/write");
        output.out << QStringLiteral("%1  %2  %3  %4\n")
                          .arg(format->name(), -10)
                          .arg(extensions.join(u' '), -12)
                          .arg(access, -10)
                          .arg(format->displayName());
    }
    return Success;
}

int runExport(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Exports a Hitsmith document to a game-engine format.\n"
        "The format comes from --format or from OUT's extension (.tsx, .tsj, .tscn); .json is "
        "ambiguous (tiled-tsj, matter, spine, hitsmith) and needs --format.\n"
        "Warnings go to stderr. Exit status: 0 written, 1 the document has invalid shapes "
        "(nothing written; see --skip-invalid), 2 a file cannot be read or written, OUT is FILE "
        "or a Hitsmith document (nothing written; see --force), or bad usage."));
    const QCommandLineOption formatOption({QStringLiteral("f"), QStringLiteral("format")},
                                          QStringLiteral("Target format (see 'formats')."),
                                          QStringLiteral("NAME"));
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("File to write."), QStringLiteral("OUT"));
    const QCommandLineOption skipOption(
        QStringLiteral("skip-invalid"),
        QStringLiteral("Leave invalid shapes out (with a warning each) instead of failing."));
    const QCommandLineOption capsulesOption(
        QStringLiteral("capsules-as-polygons"),
        QStringLiteral("Write each capsule as a polygon within 0.5 px of it, for readers that "
                       "predate capsules (Tiled before 1.12); formats without capsules always "
                       "do."));
    const QCommandLineOption force = forceOption();
    parser.addOptions({formatOption, outOption, skipOption, capsulesOption, force});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Hitsmith document."));
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("export"), arguments, output))
        return *early;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1 || !parser.isSet(outOption)) {
        output.err << "hitsmith-cli export: usage: export [--format NAME] FILE -o OUT "
                      "[--skip-invalid] [--capsules-as-polygons] [--force] (see --help)\n";
        return Failure;
    }
    const QString file = files.first();
    const QString out = parser.value(outOption);
    const FileFormat *format = nullptr;
    if (parser.isSet(formatOption)) {
        format = formatByName(QStringLiteral("export"), parser.value(formatOption),
                              FileFormat::CanWrite, output);
    } else {
        format = guessWriteFormat(out, false);
        if (!format)
            output.err << "hitsmith-cli export: cannot tell the format from '" << out
                       << "'; pass --format (formats: " << formatNames(FileFormat::CanWrite)
                       << ")\n";
    }
    if (!format)
        return Failure;
    const QString outSuffix = QFileInfo(out).suffix().toLower();
    if (outSuffix == QLatin1String("tmx") || outSuffix == QLatin1String("tmj")) {
        // A tileset written over a map would replace the map (its layers, its placed tiles).
        output.err << "hitsmith-cli export: '" << out
                   << "' is a Tiled map, which Hitsmith reads and never writes; write a .tsx or "
                      ".tsj tileset\n";
        return Failure;
    }
    if (!parser.isSet(force)) {
        const QString refusal =
            overwriteRefusal(QStringLiteral("export"), file, out, format->displayName());
        if (!refusal.isEmpty()) {
            output.err << refusal;
            return Failure;
        }
    }

    const ReadResult loaded = loadDocumentFile(file);
    if (!loaded.isOk()) {
        output.err << file << ": " << loaded.error << '\n';
        return Failure;
    }
    if (!parser.isSet(force)) {
        // Writing into a .aseprite the document was read from replaces the artist's file: as
        // writing over the input, only with --force.
        for (const Sprite &sprite : loaded.document->sprites) {
            if (!sprite.image.isEmpty() && isSameFile(sprite.image, out)) {
                output.err << "hitsmith-cli export: " << out
                           << " is the document's source file; writing " << format->displayName()
                           << " over it would replace it (nothing written; pass --force to "
                              "replace it)\n";
                return Failure;
            }
        }
    }
    WriteOptions options;
    options.skipInvalid = parser.isSet(skipOption);
    options.capsulesAsPolygons = parser.isSet(capsulesOption);
    // Image paths are absolute once loaded; the writer makes them relative to OUT's folder.
    const WriteResult written = format->writeFor(*loaded.document, out, options);
    printWarnings(file, written.warnings, output);
    if (!written.isOk()) {
        output.err << file << ": " << written.error << '\n';
        bool invalid = false;
        for (const Sprite &sprite : loaded.document->sprites) {
            for (const Frame &frame : sprite.frames) {
                for (const Shape &shape : frame.shapes)
                    invalid = invalid || validateShape(shape).has_value(); // points are valid
            }
        }
        return invalid && !options.skipInvalid ? DocumentProblems : Failure;
    }
    QString error;
    if (!writeFileAtomically(out, written.bytes, &error)) {
        output.err << out << ": " << error << '\n';
        return Failure;
    }
    return Success;
}

int runImport(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Imports hitboxes from a game-engine file into a new Hitsmith document.\n"
        "The format comes from --format or IN's extension; for .json the content decides "
        "(Hitsmith, Tiled JSON, PhysicsEditor Phaser/Matter, Aseprite or Spine).\n"
        "What cannot be imported is reported on stderr and skipped. Exit status: 0 written, "
        "2 IN cannot be read or parsed, FILE is IN or already a Hitsmith document (nothing "
        "written; see --force), or bad usage."));
    const QCommandLineOption formatOption({QStringLiteral("f"), QStringLiteral("format")},
                                          QStringLiteral("Source format (see 'formats')."),
                                          QStringLiteral("NAME"));
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Hitsmith document to write."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption force = forceOption();
    parser.addOptions({formatOption, outOption, force});
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("File to import."));
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("import"), arguments, output))
        return *early;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1 || !parser.isSet(outOption)) {
        output.err << "hitsmith-cli import: usage: import [--format NAME] IN -o FILE [--force] "
                      "(see --help)\n";
        return Failure;
    }
    const QString in = files.first();
    const QString out = parser.value(outOption);
    if (!parser.isSet(force)) {
        const QString refusal = overwriteRefusal(QStringLiteral("import"), in, out,
                                                 QStringLiteral("the imported document"));
        if (!refusal.isEmpty()) {
            output.err << refusal;
            return Failure;
        }
    }
    QByteArray bytes;
    QString error;
    if (!readWholeFile(in, &bytes, &error)) {
        output.err << in << ": " << error << '\n';
        return Failure;
    }
    const FileFormat *format = nullptr;
    if (parser.isSet(formatOption)) {
        format = formatByName(QStringLiteral("import"), parser.value(formatOption),
                              FileFormat::CanRead, output);
    } else {
        format = guessReadFormat(in, bytes);
        if (!format)
            output.err << "hitsmith-cli import: cannot tell the format of '" << in
                       << "'; pass --format (formats: " << formatNames(FileFormat::CanRead)
                       << ")\n";
    }
    if (!format)
        return Failure;
    // Image paths come back absolute; saving makes them relative to FILE's folder.
    const ReadResult result = format->readFrom(bytes, in);
    if (!result.isOk()) {
        output.err << in << ": " << result.error << '\n';
        return Failure;
    }
    printWarnings(in, result.warnings, output);
    const QList<Problem> problems = validateDocument(*result.document);
    if (!problems.isEmpty())
        output.err << in << ": note: the imported document has " << problems.size()
                   << " problem(s); run 'hitsmith-cli validate " << out << "' to list them\n";
    if (!saveDocumentFile(*result.document, out, &error)) {
        output.err << out << ": " << error << '\n';
        return Failure;
    }
    return Success;
}

} // namespace hitsmith::cli
