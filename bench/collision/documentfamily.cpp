#include "documentfamily.h"

#include "box2dside.h"

#include "collisionservice.h"
#include "document.h"
#include "hitsmithformat.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>

namespace hitsmith::bench {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// The CPU time this process has used, in milliseconds (all its threads).
double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The full recompute as an opened document gets it: reset (the service bulk-builds every
/// frame's world) and the frame's hits as the Hits panel asks for them. Returns the hit count.
std::size_t resetAndHits(Document &document, CollisionService &service, DocumentData data) {
    document.reset(std::move(data));
    return std::size_t(service.hits({0, 0}).size());
}

/// The document in the file at path, as the editor opens it; nullopt (said on stderr) if
/// unreadable.
std::optional<DocumentData> readBack(const QString &path) {
    ReadResult result = loadDocumentFile(path);
    if (!result.isOk()) {
        std::fprintf(stderr, "cannot read %s: %s\n", qPrintable(path), qPrintable(result.error));
        return std::nullopt;
    }
    return std::move(*result.document);
}

} // namespace

DocumentData toDocument(const Scene &scene) {
    Frame frame;
    frame.name = QStringLiteral("all");
    frame.shapes.reserve(qsizetype(scene.shapes.size()));
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        const SceneShape &s = scene.shapes[i];
        const QString id = QStringLiteral("s%1").arg(i);
        const QPointF center(s.center.x, s.center.y);
        switch (s.type) {
        case collision::GeometryKind::Polygon: {
            QList<QPointF> points;
            for (const collision::Vec2 &p : s.local)
                points.append(center + QPointF(p.x, p.y));
            frame.shapes.append(Shape::polygon(id, points));
            break;
        }
        case collision::GeometryKind::Rect:
            frame.shapes.append(
                Shape::rect(id, center, QSizeF(s.size.x, s.size.y), s.angleDegrees));
            break;
        case collision::GeometryKind::Circle:
            frame.shapes.append(Shape::circle(id, center, s.radius));
            break;
        case collision::GeometryKind::Capsule: // ends in local (relative to center)
            frame.shapes.append(Shape::capsule(id, center + QPointF(s.local[0].x, s.local[0].y),
                                               center + QPointF(s.local[1].x, s.local[1].y),
                                               s.radius));
            break;
        }
    }
    Sprite sprite;
    sprite.name = QStringLiteral("bench");
    sprite.frames.append(frame);
    DocumentData data;
    data.sprites.append(sprite);
    return data;
}

DocumentRow runDocumentFamily(std::size_t n, int repeats, const SceneParams &params,
                              std::size_t editCount) {
    DocumentRow row;
    row.shapes = n;
    const Scene scene = makeScene(n, params);
    Box2DScene b2 = toBox2D(scene);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mixed.json"));
    QString error;
    if (!dir.isValid() || !saveDocumentFile(toDocument(scene), path, &error)) {
        std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(path), qPrintable(error));
        return row;
    }
    row.fileMegabytes = double(QFileInfo(path).size()) / 1e6;
    // The full recompute runs on the document as read back from that file, as `hitsmith-cli
    // bench` and an opened document have it (each shape's data laid out by the reader, layer
    // names shared), not on the generator's copy.
    const std::optional<DocumentData> data = readBack(path);
    if (!data)
        return row;

    // The document an opening reads stays open until the next opening replaces it, as in the
    // editor: so the teardown of its 100,000 shapes (millions of freed blocks, which the
    // allocator sorts at its next allocations) falls in the next opening, not in whichever
    // block ran next (it was a third of the full recompute's figure at 100,000 shapes).
    struct OpenedDocument {
        Document document;
        CollisionService service{&document};
    };
    std::unique_ptr<OpenedDocument> opened;
    std::vector<double> full, box2d, open, fullCpu, box2dCpu;
    for (int r = 0; r < repeats; ++r) {
        {
            // The document and its service exist before the clock starts, as in the editor;
            // the copy of the data is implicitly shared, so handing it over costs nothing.
            Document document;
            CollisionService service(&document);
            DocumentData copy = *data;
            const double c0 = cpuMs();
            const auto t0 = Clock::now();
            row.hits = resetAndHits(document, service, std::move(copy));
            full.push_back(msSince(t0));
            fullCpu.push_back(cpuMs() - c0);
        }
        {
            const double c0 = cpuMs();
            const auto t0 = Clock::now();
            row.box2dHits = box2dFullPass(b2, nullptr, nullptr);
            box2d.push_back(msSince(t0));
            box2dCpu.push_back(cpuMs() - c0);
        }
        {
            opened.reset(); // the previous opening's document closes
            opened = std::make_unique<OpenedDocument>();
            const auto t0 = Clock::now();
            ReadResult result = loadDocumentFile(path);
            if (!result.isOk()) {
                std::fprintf(stderr, "cannot read %s: %s\n", qPrintable(path),
                             qPrintable(result.error));
                return row;
            }
            resetAndHits(opened->document, opened->service, std::move(*result.document));
            open.push_back(msSince(t0));
        }
    }
    row.fullMs = median(full);
    row.box2dFullMs = median(box2d);
    row.fullCpuMs = median(fullCpu);
    row.box2dFullCpuMs = median(box2dCpu);
    row.openMs = median(open);
    opened.reset();

    // Both engines' pairs, compared (outside the clock).
    {
        Document document;
        CollisionService service(&document);
        document.reset(*data);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> mine, theirs;
        for (const FrameHit &hit : service.hits({0, 0}))
            mine.emplace_back(std::uint32_t(std::min(hit.a, hit.b)),
                              std::uint32_t(std::max(hit.a, hit.b)));
        box2dFullPass(b2, nullptr, nullptr, &theirs);
        const PairDifference d = comparePairs(std::move(mine), std::move(theirs));
        row.onlyHitsmith = d.onlyFirst;
        row.onlyBox2D = d.onlySecond;
    }

    // Edits: the same translations on both sides, alternating edit by edit. Hitsmith's go
    // through the document as an undo command makes them (as `hitsmith-cli bench` does): the
    // service updates only the moved shape's pairs. Box2D's tree is built the ordinary way.
    {
        Document document;
        CollisionService service(&document);
        document.reset(*data);
        Box2DScene b2edit = toBox2D(scene);
        std::vector<int32> proxies;
        std::unique_ptr<b2DynamicTree> tree;
        box2dFullPass(b2edit, &proxies, &tree);
        OverlapQuery q;
        q.scene = &b2edit;
        q.tree = tree.get();
        std::vector<double> mine, theirs;
        for (const Edit &e : makeEdits(scene, editCount)) {
            const ShapeRef ref{0, 0, int(e.index)};
            Shape moved = document.shape(ref);
            moved.translate(QPointF(e.offset.x, e.offset.y));
            auto t0 = Clock::now();
            document.setShape(ref, moved);
            mine.push_back(msSince(t0) * 1000.0);

            const b2Vec2 d(float(e.offset.x), float(e.offset.y));
            b2edit.xf[e.index].p += d;
            t0 = Clock::now();
            q.self = e.index;
            q.box = aabbOf(b2edit, e.index);
            b2edit.boxes[e.index] = q.box;
            q.hits = 0;
            tree->MoveProxy(proxies[e.index], q.box, d);
            tree->Query(&q, q.box);
            theirs.push_back(msSince(t0) * 1000.0);
        }
        row.firstEditUs = mine.empty() ? 0.0 : mine.front();
        row.editUs = median(mine);
        row.box2dEditUs = median(theirs);
    }
    return row;
}

std::pair<double, double> profileHitsmithFull(std::size_t n, int repeats,
                                              const SceneParams &params) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mixed.json"));
    if (!dir.isValid() || !writeDocument(n, path, params))
        return {0.0, 0.0};
    const std::optional<DocumentData> data = readBack(path);
    if (!data)
        return {0.0, 0.0};
    std::vector<double> full, cpu;
    for (int r = 0; r < repeats; ++r) {
        Document document;
        CollisionService service(&document);
        DocumentData copy = *data;
        const double c0 = cpuMs();
        const auto t0 = Clock::now();
        resetAndHits(document, service, std::move(copy));
        full.push_back(msSince(t0));
        cpu.push_back(cpuMs() - c0);
    }
    return {median(full), median(cpu)};
}

bool writeDocument(std::size_t n, const QString &path, const SceneParams &params) {
    QString error;
    if (!saveDocumentFile(toDocument(makeScene(n, params)), path, &error)) {
        std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(path), qPrintable(error));
        return false;
    }
    return true;
}

} // namespace hitsmith::bench
