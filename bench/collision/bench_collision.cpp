// Side-by-side benchmark of Hitsmith's collision world and Box2D 2.4's b2DynamicTree +
// b2TestOverlap on the same generated scenes, in one process.
//
// Workloads:
//  - full recompute, two Hitsmith figures against one Box2D figure, median of 5:
//    * warm: World::recomputeAll() on a world that already holds the scene (broadphase rebuilt
//      from scratch, every hit found with depth and normal, diffed against the previous hits;
//      the converted shapes and the memory of the previous pass are reused);
//    * cold: a new World that bulk-loads the scene (World::addAll: every shape converted,
//      broadphase, every hit) and is destroyed, nothing reused;
//    * Box2D: a fresh b2DynamicTree with one CreateProxy per shape in generation order (each
//      shape's tight box computed once), each shape's box queried and b2TestOverlap run once per
//      candidate pair whose tight boxes meet; the tree is destroyed. Its b2Shapes (hulls,
//      normals) are built before the clock, so its figure sits between the two Hitsmith ones:
//      more rebuilt than warm (tree memory), less than cold (no conversion).
//  - edit: translate one random shape by an offset uniform in +-2% of the scene extent and
//    recompute its hits: World::update() + takeEvents() against ComputeAABB + MoveProxy + Query +
//    b2TestOverlap. Median over 1000 edits (the same edits on both sides).
// Box2D polygons have m_radius = 0 (exact geometry); coordinates are fed in pixels unscaled.
// Hitsmith computes depth and normal for every hit; Box2D only answers overlap yes/no.
//
// A second family, mixed documents (4-48 px, about 0.28 hits per shape, documentfamily.h), times
// Hitsmith's full recompute through the path an opened document takes (Document::reset with the
// CollisionService bulk build, then the frame's hits) against the same Box2D full pass, and the
// whole opening of the document file (read, parse, validate, hits).
//
// A third family, the uniform scenes of issue 31 (one third each polygons, rotated rectangles and
// circles, 4-24 px, about 0.28 hits per shape at every size), goes through the same document path
// as the mixed documents. The document families also time edits through the document (as
// `hitsmith-cli bench` does) against Box2D's, and every family compares the two engines' lists
// of hitting pairs (outside the clock).
//
// Usage: bench_collision [--family collision|documents|uniform] [--repeats N]
//        [--threads auto|1] [sizes...]
//        (default: all three; collision and uniform 1000 10000 100000, documents 1000 100000;
//        the document families take the median of N alternating runs, default 5: more steadies
//        small sizes)
//        bench_collision --write-document N FILE [documents|uniform]   writes the N-shape
//        document of that family (default documents, the mixed documents)
//        bench_collision --profile-hitsmith N REPEATS [documents|uniform]   only Hitsmith's
//        full recompute of that family, for a profiler (perf record, callgrind): prints the
//        median
//        --threads 1: Hitsmith's full passes on one thread only (default auto: two threads for
//        worlds of 8,192 shapes or more on a machine with two cores; World::PassThreads)

#include "box2dside.h"
#include "documentfamily.h"
#include "scene.h"

#include "collision/world.h"

#include <QString>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace hitsmith;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// ---- Hitsmith side -------------------------------------------------------------------------

struct HitsmithScene {
    std::vector<std::vector<collision::Vec2>> points; // world-space polygon vertices
    std::vector<collision::ShapeInput> inputs;
};

HitsmithScene toHitsmith(const bench::Scene &scene) {
    HitsmithScene out;
    out.points.resize(scene.shapes.size());
    out.inputs.resize(scene.shapes.size());
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        const bench::SceneShape &s = scene.shapes[i];
        collision::ShapeInput &in = out.inputs[i];
        in.type = s.type;
        in.center = s.center;
        in.size = s.size;
        in.angleDegrees = s.angleDegrees;
        in.radius = s.radius;
        for (const collision::Vec2 &p : s.local)
            out.points[i].push_back(s.center + p);
        in.points = out.points[i];
    }
    return out;
}

void translate(HitsmithScene &scene, std::size_t i, collision::Vec2 d) {
    scene.inputs[i].center += d;
    for (collision::Vec2 &p : scene.points[i])
        p += d;
}

struct Row {
    std::size_t shapes = 0;
    double hsFullMs = 0, hsColdMs = 0, b2FullMs = 0;
    double hsEditUs = 0, b2EditUs = 0;
    std::size_t hsHits = 0, b2Hits = 0;
    std::size_t onlyHs = 0, onlyB2 = 0; // pairs only one engine finds
    double bytesPerShape = 0;
};

Row run(std::size_t n, std::size_t editCount) {
    Row row;
    row.shapes = n;
    const bench::Scene scene = bench::makeScene(n, bench::kCollisionScenes);
    const std::vector<bench::Edit> edits = bench::makeEdits(scene, editCount);
    constexpr int kRepeats = 5;

    // Both engines hold the scene before timing starts. The two sides alternate, repeat by
    // repeat and edit by edit, so that a busy machine slows both alike.
    HitsmithScene hs = toHitsmith(scene);
    collision::World world;
    const std::vector<collision::ShapeHandle> handles = world.addAll(hs.inputs);
    (void)world.takeEvents();
    bench::Box2DScene b2 = bench::toBox2D(scene);

    std::vector<double> hsTimes, hsColdTimes, b2Times;
    for (int r = 0; r < kRepeats; ++r) {
        auto t0 = Clock::now();
        world.recomputeAll();
        (void)world.takeEvents();
        hsTimes.push_back(msSince(t0));

        t0 = Clock::now();
        {
            collision::World fresh;
            (void)fresh.addAll(hs.inputs);
            (void)fresh.takeEvents();
        }
        hsColdTimes.push_back(msSince(t0));

        t0 = Clock::now();
        row.b2Hits = bench::box2dFullPass(b2, nullptr, nullptr);
        b2Times.push_back(msSince(t0));
    }
    row.hsFullMs = median(hsTimes);
    row.hsColdMs = median(hsColdTimes);
    row.b2FullMs = median(b2Times);
    row.hsHits = world.hitCount();
    row.bytesPerShape = double(world.memoryBytes()) / double(n);
    {
        // Both engines' pairs, compared (outside the clock); handles are scene indices.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> mine, theirs;
        for (const collision::Hit &hit : world.hits())
            mine.emplace_back(hit.a, hit.b);
        bench::box2dFullPass(b2, nullptr, nullptr, &theirs);
        const bench::PairDifference d = bench::comparePairs(std::move(mine), std::move(theirs));
        row.onlyHs = d.onlyFirst;
        row.onlyB2 = d.onlySecond;
    }

    // Edits: the same translations on both sides; Box2D's tree is built the ordinary way.
    bench::Box2DScene b2edit = bench::toBox2D(scene);
    std::vector<int32> proxies;
    std::unique_ptr<b2DynamicTree> tree;
    bench::box2dFullPass(b2edit, &proxies, &tree);
    bench::OverlapQuery q;
    q.scene = &b2edit;
    q.tree = tree.get();
    hsTimes.clear();
    b2Times.clear();
    for (const bench::Edit &e : edits) {
        translate(hs, e.index, e.offset);
        auto t0 = Clock::now();
        world.update(handles[e.index], hs.inputs[e.index]);
        (void)world.takeEvents();
        hsTimes.push_back(msSince(t0) * 1000.0);

        const b2Vec2 d(float(e.offset.x), float(e.offset.y));
        b2edit.xf[e.index].p += d;
        t0 = Clock::now();
        q.self = e.index;
        q.box = bench::aabbOf(b2edit, e.index);
        b2edit.boxes[e.index] = q.box;
        q.hits = 0;
        tree->MoveProxy(proxies[e.index], q.box, d);
        tree->Query(&q, q.box);
        b2Times.push_back(msSince(t0) * 1000.0);
    }
    row.hsEditUs = median(hsTimes);
    row.b2EditUs = median(b2Times);
    return row;
}

void printBox2DNote() {
    std::printf("Note: Hitsmith computes depth and normal for every hit; Box2D only tests overlap "
                "(b2TestOverlap,\n      polygon radius 0, after a check of the two tight boxes, "
                "each computed once per pass).\n\n");
}

std::string runCollisionFamily(const std::vector<std::size_t> &sizes) {
    constexpr std::size_t kEdits = 1000;
    std::printf("== Collision scenes: convex polygons (3-8 vertices), axis-aligned and rotated "
                "rectangles, circles,\n   8-32 px, uniform placement at %.0f%% coverage, fixed "
                "seed. World::recomputeAll against Box2D.\n",
                bench::kCollisionScenes.coverage * 100);
    std::printf(
        "Full recompute: median of 5; warm = recomputeAll on the loaded world, cold = a new "
        "world's\naddAll (converting every shape) and its teardown; Box2D = a new tree "
        "from ready b2Shapes.\nEdit: median of %zu translations by up to 2%% of the "
        "scene extent.\n",
        kEdits);
    printBox2DNote();
    std::printf("%8s | %12s %12s %12s %7s %7s | %12s %12s %7s | %11s | %9s %9s %7s\n", "shapes",
                "hs warm ms", "hs cold ms", "box2d ms", "warm/b2", "cold/b2", "hs edit us",
                "b2 edit us", "ratio", "bytes/shape", "hs hits", "b2 hits", "differ");
    std::string json;
    for (std::size_t n : sizes) {
        const Row r = run(n, kEdits);
        std::printf(
            "%8zu | %12.3f %12.3f %12.3f %7.3f %7.3f | %12.3f %12.3f %7.3f | %11.1f | %9zu %9zu "
            "%3zu/%-3zu\n",
            r.shapes, r.hsFullMs, r.hsColdMs, r.b2FullMs, r.hsFullMs / r.b2FullMs,
            r.hsColdMs / r.b2FullMs, r.hsEditUs, r.b2EditUs, r.hsEditUs / r.b2EditUs,
            r.bytesPerShape, r.hsHits, r.b2Hits, r.onlyHs, r.onlyB2);
        std::fflush(stdout);
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "%s{\"shapes\":%zu,\"full_recompute_ms\":%.4f,\"cold_build_ms\":%.4f,"
                      "\"box2d_full_ms\":%.4f,"
                      "\"full_ratio\":%.4f,\"edit_us\":%.4f,\"box2d_edit_us\":%.4f,"
                      "\"edit_ratio\":%.4f,\"bytes_per_shape\":%.1f,\"hits\":%zu,"
                      "\"box2d_hits\":%zu}",
                      json.empty() ? "" : ",", r.shapes, r.hsFullMs, r.hsColdMs, r.b2FullMs,
                      r.hsFullMs / r.b2FullMs, r.hsEditUs, r.b2EditUs, r.hsEditUs / r.b2EditUs,
                      r.bytesPerShape, r.hsHits, r.b2Hits);
        json += buf;
    }
    std::printf("(differ: pairs only Hitsmith finds / only Box2D finds.)\n\n");
    return "{\"family\":\"collision\",\"edits\":" + std::to_string(kEdits) +
           ",\"repeats\":5,\"rows\":[" + json + "]}";
}

std::string runDocumentFamily(const std::string &name, const bench::SceneParams &params,
                              const std::vector<std::size_t> &sizes, int repeats) {
    constexpr std::size_t kEdits = 1000;
    if (name == "documents")
        std::printf("== Mixed documents: the same kinds of shape, 4-48 px, placed at random, "
                    "about 0.28 hits per shape,\n   one frame.");
    else
        std::printf("== Uniform scenes (issue 31): one third each convex polygons (3-8 vertices), "
                    "rotated rectangles\n   and circles, 4-24 px, uniform in a square world "
                    "sized for about 0.28 hits per shape, one frame.");
    std::printf(
        " Hitsmith through the path an opened\n   document takes (Document::reset, the "
        "CollisionService's bulk build, the frame's hits as a\n   list) against the same "
        "Box2D pass; edit: one shape moved through the document (median of\n   %zu; 1st: the "
        "first edit after the load, which builds the pair map the load defers);\n   open: "
        "read + parse + validate + hits from the file. Full and open: medians of %d.\n",
        kEdits, repeats);
    printBox2DNote();
    std::printf("%8s | %12s %12s %7s | %9s %7s | %10s %10s %7s %9s | %9s %9s %10s %7s | %9s %8s\n",
                "shapes", "hitsmith ms", "box2d ms", "ratio", "cpu ms", "cpu rat", "hs edit us",
                "b2 edit us", "ratio", "1st us", "hs hits", "b2 hits", "hits/shape", "differ",
                "open ms", "file MB");
    std::string json;
    for (std::size_t n : sizes) {
        const bench::DocumentRow r = bench::runDocumentFamily(n, repeats, params, kEdits);
        const double ratio = r.fullMs / r.box2dFullMs;
        const double editRatio = r.editUs / r.box2dEditUs;
        std::printf(
            "%8zu | %12.3f %12.3f %7.3f | %9.3f %7.3f | %10.3f %10.3f %7.3f %9.1f | %9zu %9zu "
            "%10.3f %3zu/%-3zu | %9.1f %8.1f\n",
            r.shapes, r.fullMs, r.box2dFullMs, ratio, r.fullCpuMs, r.fullCpuMs / r.box2dFullCpuMs,
            r.editUs, r.box2dEditUs, editRatio, r.firstEditUs, r.hits, r.box2dHits,
            double(r.hits) / double(r.shapes), r.onlyHitsmith, r.onlyBox2D, r.openMs,
            r.fileMegabytes);
        std::fflush(stdout);
        char buf[640];
        std::snprintf(buf, sizeof buf,
                      "%s{\"shapes\":%zu,\"full_recompute_ms\":%.4f,\"box2d_full_ms\":%.4f,"
                      "\"full_ratio\":%.4f,\"full_cpu_ms\":%.4f,\"box2d_full_cpu_ms\":%.4f,"
                      "\"edit_us\":%.4f,\"box2d_edit_us\":%.4f,\"edit_ratio\":%.4f,"
                      "\"first_edit_us\":%.1f,\"open_ms\":%.3f,\"hits\":%zu,\"box2d_hits\":%zu,"
                      "\"only_hitsmith\":%zu,"
                      "\"only_box2d\":%zu}",
                      json.empty() ? "" : ",", r.shapes, r.fullMs, r.box2dFullMs, ratio,
                      r.fullCpuMs, r.box2dFullCpuMs, r.editUs, r.box2dEditUs, editRatio,
                      r.firstEditUs, r.openMs, r.hits, r.box2dHits, r.onlyHitsmith, r.onlyBox2D);
        json += buf;
    }
    std::printf("(cpu: the process's CPU time for Hitsmith's full recompute, both threads' when it "
                "has a helper,\n and its ratio to Box2D's; differ: pairs only Hitsmith finds / "
                "only Box2D finds.)\n\n");
    return "{\"family\":\"" + name + "\",\"repeats\":" + std::to_string(repeats) +
           ",\"edits\":" + std::to_string(kEdits) + ",\"rows\":[" + json + "]}";
}

/// The scene parameters of a document family by name (documents or uniform).
const bench::SceneParams *documentFamily(const std::string &name) {
    if (name == "documents")
        return &bench::kMixedDocuments;
    if (name == "uniform")
        return &bench::kUniformScenes;
    return nullptr;
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    // --threads applies to every mode, so it is taken out first.
    std::string threads = "auto";
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--threads") {
            threads = args[i + 1];
            args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i) + 2);
            break;
        }
    }
    if (threads != "auto" && threads != "1") {
        std::fprintf(stderr, "bench_collision: --threads is auto or 1\n");
        return 2;
    }
    if (threads == "1")
        collision::World::setDefaultPassThreads(collision::World::PassThreads::One);
    // --write-document and --profile-hitsmith take the document family last (default:
    // documents, the mixed documents).
    if ((args.size() == 3 || args.size() == 4) &&
        (args[0] == "--write-document" || args[0] == "--profile-hitsmith")) {
        const bench::SceneParams *params = documentFamily(args.size() == 4 ? args[3] : "documents");
        if (!params) {
            std::fprintf(stderr, "bench_collision: the family is documents or uniform\n");
            return 2;
        }
        const std::size_t n = std::strtoull(args[1].c_str(), nullptr, 10);
        if (args[0] == "--write-document")
            return bench::writeDocument(n, QString::fromStdString(args[2]), *params) ? 0 : 1;
        const auto [wall, cpu] =
            bench::profileHitsmithFull(n, std::max(1, std::atoi(args[2].c_str())), *params);
        std::printf("%.4f ms (CPU time %.4f ms)\n", wall, cpu);
        return 0;
    }
    std::string family;
    int repeats = 5;
    std::vector<std::size_t> sizes;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--family" && i + 1 < args.size())
            family = args[++i];
        else if (args[i] == "--repeats" && i + 1 < args.size())
            repeats = std::max(1, std::atoi(args[++i].c_str()));
        else
            sizes.push_back(std::strtoull(args[i].c_str(), nullptr, 10));
    }
    if (!family.empty() && family != "collision" && family != "documents" && family != "uniform") {
        std::fprintf(stderr, "bench_collision: --family is collision, documents or uniform\n");
        return 2;
    }
    std::printf("Hitsmith collision vs Box2D %d.%d.%d (b2DynamicTree + b2TestOverlap), same "
                "shapes, same process,\nthe engines alternating so that machine load slows both "
                "alike.\nHitsmith's full passes: %s (Box2D 2.4 has one thread).\n\n",
                b2_version.major, b2_version.minor, b2_version.revision,
                threads == "1" ? "one thread"
                : std::thread::hardware_concurrency() >= 2
                    ? "two threads from 8,192 shapes (this machine has two cores or more)"
                    : "one thread (this machine has one core)");
    std::vector<std::string> json;
    // How the large passes went (PassThreads::Auto starts a helper only while fewer other tasks
    // than cores are runnable).
    auto passesSince = [](collision::World::PassCounts before) {
        const collision::World::PassCounts now = collision::World::passCounts();
        if (now.onTwoThreads + now.onOneThread == before.onTwoThreads + before.onOneThread)
            return;
        std::printf("Hitsmith's large passes and loads: %llu with a helper thread, %llu on one "
                    "thread (other tasks held the cores).\n\n",
                    static_cast<unsigned long long>(now.onTwoThreads - before.onTwoThreads),
                    static_cast<unsigned long long>(now.onOneThread - before.onOneThread));
    };
    collision::World::PassCounts before = collision::World::passCounts();
    if (family.empty() || family == "collision")
        json.push_back(runCollisionFamily(
            sizes.empty() ? std::vector<std::size_t>{1000, 10000, 100000} : sizes));
    passesSince(before);
    before = collision::World::passCounts();
    if (family.empty() || family == "documents")
        json.push_back(runDocumentFamily(
            "documents", bench::kMixedDocuments,
            sizes.empty() ? std::vector<std::size_t>{1000, 100000} : sizes, repeats));
    passesSince(before);
    before = collision::World::passCounts();
    if (family.empty() || family == "uniform")
        json.push_back(runDocumentFamily(
            "uniform", bench::kUniformScenes,
            sizes.empty() ? std::vector<std::size_t>{1000, 10000, 100000} : sizes, repeats));
    passesSince(before);
    std::printf("{\"bench\":\"collision\",\"threads\":\"%s\",\"families\":[", threads.c_str());
    for (std::size_t i = 0; i < json.size(); ++i)
        std::printf("%s%s", i ? "," : "", json[i].c_str());
    std::printf("]}\n");
    return 0;
}
