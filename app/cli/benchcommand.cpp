#include "clicommands.h"
#include "commandline.h"

#include "collisiongeometry.h"
#include "hitsmithformat.h"
#include "jsonsupport.h"
#include "validation.h"

#include "collision/world.h"

#include <QHash>

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>

namespace hitsmith::cli {

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
    if (values.empty())
        return 0.0;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

/// Layer names -> collision layers, and the document's matrix applied to a world.
class LayerTable {
public:
    explicit LayerTable(const DocumentData &document)
        : mDocument(document) {}
    std::uint16_t index(const QString &layer) {
        auto it = mIndex.find(layer);
        if (it == mIndex.end())
            it = mIndex.insert(layer, std::uint16_t(mIndex.size()));
        return *it;
    }
    void applyTo(collision::World &world) {
        if (!mDocument.collide)
            return;
        std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs;
        for (const LayerPair &pair : *mDocument.collide)
            pairs.emplace_back(index(pair.first), index(pair.second));
        world.setLayerFilter(std::move(pairs));
    }

private:
    const DocumentData &mDocument;
    QHash<QString, std::uint16_t> mIndex;
};

/// A frame's valid shapes in collision layout, converted once before any timing.
struct PreparedFrame {
    std::vector<std::unique_ptr<CollisionGeometry>> shapes;
    double extent = 0.0;
};

std::vector<PreparedFrame> prepare(const DocumentData &document, LayerTable &layers) {
    std::vector<PreparedFrame> frames;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            PreparedFrame prepared;
            QRectF bounds;
            for (const Shape &shape : frame.shapes) {
                if (!isCollidable(shape))
                    continue;
                auto geometry = std::make_unique<CollisionGeometry>();
                toCollisionGeometry(shape, layers.index(shape.layer), *geometry);
                prepared.shapes.push_back(std::move(geometry));
                bounds = bounds.united(shape.boundingRect());
            }
            prepared.extent = std::max(bounds.width(), bounds.height());
            frames.push_back(std::move(prepared));
        }
    }
    return frames;
}

} // namespace

int runBench(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Times collision on a document and prints one JSON object:\n"
        "{\"shapes\":N,\"hits\":H,\"full_recompute_ms\":F,\"edit_us\":E}\n"
        "F: median of 5 full recomputes of every frame (broadphase from scratch, every hit with "
        "its vector). E: median time of one edit on the largest frame (a random shape moved by "
        "up to 2% of the frame's extent, its hits recomputed). Parsing is not timed."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Document to time."));
    const QCommandLineOption editsOption(QStringLiteral("edits"),
                                         QStringLiteral("Number of edits to time (default 1000)."),
                                         QStringLiteral("K"), QStringLiteral("1000"));
    parser.addOption(editsOption);
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("bench"), arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1) {
        output.err << "hitsmith-cli bench: give exactly one FILE (see --help)\n";
        return Failure;
    }
    bool editsOk = false;
    const int edits = parser.value(editsOption).toInt(&editsOk);
    if (!editsOk || edits < 1) {
        output.err << "hitsmith-cli bench: --edits must be a whole number of at least 1\n";
        return Failure;
    }
    const QString file = parser.positionalArguments().constFirst();
    const ReadResult result = loadDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return Failure;
    }
    const DocumentData &document = *result.document;
    LayerTable layers(document);
    const std::vector<PreparedFrame> frames = prepare(document, layers);

    // Full recompute: every frame's world built from nothing, every hit with its contact.
    std::size_t hitCount = 0;
    std::vector<double> fullMs;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        std::size_t hits = 0;
        for (const PreparedFrame &frame : frames) {
            collision::World world;
            layers.applyTo(world);
            for (const auto &shape : frame.shapes)
                world.add(shape->input);
            hits += world.hits().size();
        }
        fullMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        hitCount = hits;
    }

    // Edits on the largest frame: move one random shape, recompute only its pairs.
    std::vector<double> editUs;
    const auto largest =
        std::max_element(frames.begin(), frames.end(), [](const auto &a, const auto &b) {
            return a.shapes.size() < b.shapes.size();
        });
    if (largest != frames.end() && !largest->shapes.empty()) {
        collision::World world;
        layers.applyTo(world);
        std::vector<collision::ShapeHandle> handles;
        std::vector<collision::ShapeInput> inputs;
        std::vector<std::vector<collision::Vec2>> points;
        for (const auto &shape : largest->shapes) {
            handles.push_back(world.add(shape->input));
            inputs.push_back(shape->input);
            points.push_back(shape->points);
        }
        world.takeEvents();
        std::mt19937_64 random(20261122);
        std::uniform_int_distribution<std::size_t> pick(0, handles.size() - 1);
        const double reach = 0.02 * largest->extent;
        std::uniform_real_distribution<double> offset(-reach, reach);
        editUs.reserve(std::size_t(edits));
        for (int i = 0; i < edits; ++i) {
            const std::size_t k = pick(random);
            const collision::Vec2 delta{offset(random), offset(random)};
            inputs[k].center += delta;
            for (collision::Vec2 &p : points[k])
                p += delta;
            inputs[k].points = points[k];
            const auto start = Clock::now();
            world.update(handles[k], inputs[k]);
            const std::vector<collision::PairEvent> events = world.takeEvents();
            editUs.push_back(
                std::chrono::duration<double, std::micro>(Clock::now() - start).count());
            Q_UNUSED(events);
        }
    }

    output.out << QStringLiteral(R"({"shapes":%1,"hits":%2,"full_recompute_ms":%3,"edit_us":%4})")
                      .arg(document.shapeCount())
                      .arg(hitCount)
                      .arg(json::number(median(fullMs)), json::number(median(editUs)))
               << '\n';
    return Success;
}

} // namespace hitsmith::cli
