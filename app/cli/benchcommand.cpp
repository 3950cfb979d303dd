#include "clicommands.h"
#include "commandline.h"

#include "collisionservice.h"
#include "document.h"
#include "fileio.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "imagepaths.h"
#include "jsonsupport.h"
#include "sharednames.h"

#include <QFileInfo>

#include <QRectF>

#include <algorithm>
#include <chrono>
#include <random>

#include <time.h>

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

/// CPU time of the whole process so far (all its threads), in milliseconds.
double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

/// Every frame of the document, in order.
QList<FrameRef> allFrames(const DocumentData &document) {
    QList<FrameRef> frames;
    for (int s = 0; s < document.sprites.size(); ++s) {
        for (int f = 0; f < document.sprites[s].frames.size(); ++f)
            frames.append({s, f});
    }
    return frames;
}

} // namespace

int runBench(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Times collision on a document and prints one JSON object:\n"
        "{\"shapes\":N,\"hits\":H,\"full_recompute_ms\":F,\"edit_us\":E,\"open_ms\":O,"
        "\"open_cpu_ms\":C}\n"
        "F: median of 5 full recomputes of every frame through the collision service, as on "
        "opening "
        "a document (bulk build, every hit with its vector). E: median time of one edit on the "
        "largest frame (a random shape moved by up to 2% of the frame's extent through the "
        "document, its hits recomputed by the service). O: median of the openings of the file "
        "(--opens, default 3) as the editor opens it (read, sniff the format, parse, reset with "
        "validation and the bulk build, every frame's "
        "hits), C: the median CPU time of those openings (all threads); F and E do not include "
        "parsing. A frame of 8,192 shapes or more is collided on "
        "two threads when the machine has two cores or more."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Document to time."));
    const QCommandLineOption editsOption(QStringLiteral("edits"),
                                         QStringLiteral("Number of edits to time (default 1000)."),
                                         QStringLiteral("K"), QStringLiteral("1000"));
    parser.addOption(editsOption);
    const QCommandLineOption opensOption(QStringLiteral("opens"),
                                         QStringLiteral("Number of openings to time (default 3)."),
                                         QStringLiteral("N"), QStringLiteral("3"));
    parser.addOption(opensOption);
    const QCommandLineOption readerOption(
        QStringLiteral("reader"),
        QStringLiteral(
            "How openings parse the file: fast (simdjson, as the editor does; the "
            "default) or qt (Qt's JSON parser alone, the reader before it; to compare)."),
        QStringLiteral("fast|qt"), QStringLiteral("fast"));
    parser.addOption(readerOption);
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
    bool opensOk = false;
    const int opens = parser.value(opensOption).toInt(&opensOk);
    if (!opensOk || opens < 1) {
        output.err << "hitsmith-cli bench: --opens must be a whole number of at least 1\n";
        return Failure;
    }
    const QString reader = parser.value(readerOption);
    if (reader != QLatin1String("fast") && reader != QLatin1String("qt")) {
        output.err << "hitsmith-cli bench: --reader must be fast or qt\n";
        return Failure;
    }
    const QString file = parser.positionalArguments().constFirst();
    // The editor's steps (DocumentManager::openFile): the file read, then the document read by
    // the fast reader alone, or else its format told from its content and the document read.
    const auto load = [&]() {
        ReadResult loaded;
        QByteArray bytes;
        if (!readWholeFile(file, &bytes, &loaded.error))
            return loaded;
        if (reader == QLatin1String("fast") &&
            QFileInfo(file).suffix().compare(u"json", Qt::CaseInsensitive) == 0) {
            if (std::optional<DocumentData> document = HitsmithFormat::readQuickly(bytes, file)) {
                loaded.document = std::move(document);
                return loaded;
            }
        }
        const FileFormat *format = guessReadFormat(file, bytes);
        if (!format || format->name() != QLatin1String("hitsmith")) {
            loaded.error = QStringLiteral("not a Hitsmith document");
            return loaded;
        }
        if (reader == QLatin1String("fast"))
            return format->readFrom(bytes, file);
        // readFrom's steps, with the reference reader.
        loaded = HitsmithFormat::parseWithQt(bytes);
        if (loaded.document) {
            resolveImagePaths(*loaded.document, QFileInfo(file).absolutePath());
            shareLayerNames(*loaded.document);
        }
        return loaded;
    };
    const ReadResult result = loadDocumentFile(file);
    if (!result.isOk()) {
        output.err << file << ": " << result.error << '\n';
        return Failure;
    }
    const DocumentData &document = *result.document;
    const QList<FrameRef> frames = allFrames(document);

    // Full recompute: exactly the path of opening a document — Document::reset, on which the
    // collision service bulk-builds every frame's world — then every frame's hits with contacts.
    std::size_t hitCount = 0;
    std::vector<double> fullMs;
    for (int run = 0; run < 5; ++run) {
        Document target;
        CollisionService service(&target);
        const auto start = Clock::now();
        target.reset(document);
        std::size_t hits = 0;
        for (const FrameRef frame : frames)
            hits += std::size_t(service.hits(frame).size());
        fullMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        hitCount = hits;
    }

    // Edits on the largest frame, as an undo command makes them: one shape moved by up to 2% of
    // the frame's extent through Document::setShape; the service updates only its pairs.
    std::vector<double> editUs;
    FrameRef largest;
    for (const FrameRef frame : frames) {
        if (!largest.isValid() ||
            document.sprites[frame.sprite].frames[frame.frame].shapes.size() >
                document.sprites[largest.sprite].frames[largest.frame].shapes.size())
            largest = frame;
    }
    if (largest.isValid() &&
        !document.sprites[largest.sprite].frames[largest.frame].shapes.isEmpty()) {
        Document target;
        CollisionService service(&target);
        target.reset(document);
        const Frame &frame = target.frame(largest);
        QRectF bounds;
        for (const Shape &shape : frame.shapes)
            bounds = bounds.united(shape.boundingRect());
        std::mt19937_64 random(20261122);
        std::uniform_int_distribution<int> pick(0, int(frame.shapes.size()) - 1);
        const double reach = 0.02 * std::max(bounds.width(), bounds.height());
        std::uniform_real_distribution<double> offset(-reach, reach);
        editUs.reserve(std::size_t(edits));
        for (int i = 0; i < edits; ++i) {
            const ShapeRef ref{largest.sprite, largest.frame, pick(random)};
            Shape moved = target.shape(ref);
            moved.translate(QPointF{offset(random), offset(random)});
            const auto start = Clock::now();
            target.setShape(ref, moved);
            editUs.push_back(
                std::chrono::duration<double, std::micro>(Clock::now() - start).count());
        }
    }

    // Opening: the file read and parsed, then the same reset and hits as above. Also the CPU
    // time it took (every thread of the process), which a busy machine does not stretch.
    std::vector<double> openMs, openCpuMs;
    for (int run = 0; run < opens; ++run) {
        Document target;
        CollisionService service(&target);
        const double cpuStart = processCpuMs();
        const auto start = Clock::now();
        ReadResult opened = load();
        if (!opened.isOk()) {
            output.err << file << ": " << opened.error << '\n';
            return Failure;
        }
        target.reset(std::move(*opened.document), file);
        for (const FrameRef frame : frames)
            (void)service.hits(frame);
        openMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        openCpuMs.push_back(processCpuMs() - cpuStart);
    }

    output.out << QStringLiteral(R"({"shapes":%1,"hits":%2,"full_recompute_ms":%3,"edit_us":%4,)"
                                 R"("open_ms":%5,"open_cpu_ms":%6})")
                      .arg(document.shapeCount())
                      .arg(hitCount)
                      .arg(json::number(median(fullMs)), json::number(median(editUs)),
                           json::number(median(openMs)), json::number(median(openCpuMs)))
               << '\n';
    return Success;
}

} // namespace hitsmith::cli
