#include "clicommands.h"
#include "commandline.h"

#include "collisionservice.h"
#include "hitsmithformat.h"
#include "jsonsupport.h"
#include "validation.h"

namespace hitsmith::cli {

namespace {

QString hitJson(const Sprite &sprite, const Frame &frame, const FrameHit &hit) {
    return QStringLiteral(R"({"sprite":%1,"frame":%2,"a":%3,"b":%4,"depth":%5,"normal":[%6,%7]})")
        .arg(json::string(sprite.name), json::string(frame.name),
             json::string(frame.shapes[hit.a].id), json::string(frame.shapes[hit.b].id),
             json::number(hit.depth), json::number(hit.normal.x()), json::number(hit.normal.y()));
}

QString invalidJson(const Sprite &sprite, const Frame &frame, const Shape &shape,
                    const QString &reason) {
    return QStringLiteral(R"({"sprite":%1,"frame":%2,"id":%3,"reason":%4})")
        .arg(json::string(sprite.name), json::string(frame.name), json::string(shape.id),
             json::string(reason));
}

QString jsonArray(const QStringList &items) {
    if (items.isEmpty())
        return QStringLiteral("[]");
    return QStringLiteral("[\n  ") + items.join(QStringLiteral(",\n  ")) + QStringLiteral("\n ]");
}

} // namespace

int runHits(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Prints every colliding pair of shapes within each frame as one JSON object:\n"
        "{\"hits\":[{\"sprite\",\"frame\",\"a\",\"b\",\"depth\",\"normal\"}],\"invalid\":[...]}\n"
        "a is the shape earlier in the file; moving b by depth*normal separates the pair.\n"
        "Invalid shapes take part in no pair and are listed under \"invalid\".\n"
        "Exit status: 0 success, 2 the file cannot be read."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Document to collide."));
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("hits"), arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1) {
        output.err << "hitsmith-cli hits: give exactly one FILE (see --help)\n";
        return Failure;
    }
    const QString file = parser.positionalArguments().constFirst();
    ReadResult result = loadDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return Failure;
    }

    Document document;
    document.reset(std::move(*result.document), file);
    const CollisionService collisions(&document);

    QStringList hits;
    QStringList invalid;
    const QList<Sprite> &sprites = document.data().sprites;
    for (int s = 0; s < sprites.size(); ++s) {
        for (int f = 0; f < sprites[s].frames.size(); ++f) {
            const Frame &frame = sprites[s].frames[f];
            for (const FrameHit &hit : collisions.hits({s, f}))
                hits << hitJson(sprites[s], frame, hit);
            for (const Shape &shape : frame.shapes) {
                if (const std::optional<ShapeProblem> problem = validateShape(shape))
                    invalid << invalidJson(sprites[s], frame, shape, problem->reason);
            }
        }
    }
    output.out << "{\"hits\":" << jsonArray(hits) << ",\n \"invalid\":" << jsonArray(invalid)
               << "}\n";
    return Success;
}

} // namespace hitsmith::cli
