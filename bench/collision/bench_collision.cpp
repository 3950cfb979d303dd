// Side-by-side benchmark of Hitsmith's collision world and Box2D 2.4's b2DynamicTree +
// b2TestOverlap on the same generated scenes, in one process.
//
// Workloads:
//  - full recompute: Hitsmith World::recomputeAll() (broadphase rebuilt from scratch, every hit
//    found with depth and normal, diffed against the previous hits) against Box2D building a
//    fresh b2DynamicTree with one CreateProxy per shape in generation order, then querying each
//    shape's AABB and running b2TestOverlap once per candidate pair. Median of 5.
//  - edit: translate one random shape by an offset uniform in +-2% of the scene extent and
//    recompute its hits: World::update() + takeEvents() against ComputeAABB + MoveProxy + Query +
//    b2TestOverlap. Median over 1000 edits (the same edits on both sides).
// Box2D polygons have m_radius = 0 (exact geometry); coordinates are fed in pixels unscaled.
// Box2D's side also rejects candidates whose tight AABBs miss before calling b2TestOverlap,
// which only helps it. Hitsmith computes depth and normal for every hit; Box2D only answers
// overlap yes/no.
//
// Usage: bench_collision [sizes...]   (default 1000 10000 100000)

#include "scene.h"

#include "collision/world.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
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

// ---- Box2D side ----------------------------------------------------------------------------

struct Box2DScene {
    std::vector<std::unique_ptr<b2Shape>> shapes;
    std::vector<b2Transform> xf;
};

Box2DScene toBox2D(const bench::Scene &scene) {
    Box2DScene out;
    for (const bench::SceneShape &s : scene.shapes) {
        b2Transform xf;
        xf.SetIdentity();
        xf.p.Set(float(s.center.x), float(s.center.y));
        switch (s.type) {
        case collision::GeometryKind::Polygon: {
            auto poly = std::make_unique<b2PolygonShape>();
            std::vector<b2Vec2> v;
            for (const collision::Vec2 &p : s.local)
                v.emplace_back(float(p.x), float(p.y));
            poly->Set(v.data(), int32(v.size()));
            poly->m_radius = 0.0f; // exact geometry, no skin
            out.shapes.push_back(std::move(poly));
            break;
        }
        case collision::GeometryKind::Rect: {
            auto poly = std::make_unique<b2PolygonShape>();
            poly->SetAsBox(float(s.size.x / 2), float(s.size.y / 2));
            poly->m_radius = 0.0f;
            // Box2D's rotation matrix is the same [c -s; s c]; in y-down coordinates a positive
            // angle turns clockwise on screen, as Hitsmith's does.
            xf.q.Set(float(s.angleDegrees * b2_pi / 180.0));
            out.shapes.push_back(std::move(poly));
            break;
        }
        case collision::GeometryKind::Circle: {
            auto circle = std::make_unique<b2CircleShape>();
            circle->m_p.SetZero();
            circle->m_radius = float(s.radius);
            out.shapes.push_back(std::move(circle));
            break;
        }
        }
        out.xf.push_back(xf);
    }
    return out;
}

b2AABB aabbOf(const Box2DScene &scene, std::size_t i) {
    b2AABB box;
    scene.shapes[i]->ComputeAABB(&box, scene.xf[i], 0);
    return box;
}

// Runs b2TestOverlap on every candidate the tree reports for one shape; `onlyHigher` keeps each
// pair once during a full pass.
struct OverlapQuery {
    const Box2DScene *scene = nullptr;
    const b2DynamicTree *tree = nullptr;
    std::size_t self = 0;
    b2AABB box;
    bool onlyHigher = false;
    std::size_t hits = 0;

    bool QueryCallback(int32 proxyId) {
        const auto other = reinterpret_cast<std::uintptr_t>(tree->GetUserData(proxyId));
        if (other == self || (onlyHigher && other < self))
            return true;
        const b2AABB otherBox = aabbOf(*scene, other);
        if (!b2TestOverlap(box, otherBox))
            return true;
        if (b2TestOverlap(scene->shapes[self].get(), 0, scene->shapes[other].get(), 0,
                          scene->xf[self], scene->xf[other]))
            ++hits;
        return true;
    }
};

std::size_t box2dFullPass(const Box2DScene &scene, std::vector<int32> *proxiesOut,
                          std::unique_ptr<b2DynamicTree> *treeOut) {
    auto tree = std::make_unique<b2DynamicTree>();
    std::vector<int32> proxies(scene.shapes.size());
    for (std::size_t i = 0; i < scene.shapes.size(); ++i)
        proxies[i] = tree->CreateProxy(aabbOf(scene, i), reinterpret_cast<void *>(i));
    std::size_t hits = 0;
    OverlapQuery q;
    q.scene = &scene;
    q.tree = tree.get();
    q.onlyHigher = true;
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        q.self = i;
        q.box = aabbOf(scene, i);
        q.hits = 0;
        tree->Query(&q, q.box);
        hits += q.hits;
    }
    if (proxiesOut)
        *proxiesOut = std::move(proxies);
    if (treeOut)
        *treeOut = std::move(tree);
    return hits;
}

struct Row {
    std::size_t shapes = 0;
    double hsFullMs = 0, b2FullMs = 0;
    double hsEditUs = 0, b2EditUs = 0;
    std::size_t hsHits = 0, b2Hits = 0;
    double bytesPerShape = 0;
};

Row run(std::size_t n, std::size_t editCount) {
    Row row;
    row.shapes = n;
    const bench::Scene scene = bench::makeScene(n);
    const std::vector<bench::Edit> edits = bench::makeEdits(scene, editCount);
    constexpr int kRepeats = 5;

    // Both engines hold the scene before timing starts. The two sides alternate, repeat by
    // repeat and edit by edit, so that a busy machine slows both alike.
    HitsmithScene hs = toHitsmith(scene);
    collision::World world;
    const std::vector<collision::ShapeHandle> handles = world.addAll(hs.inputs);
    (void)world.takeEvents();
    const Box2DScene b2 = toBox2D(scene);

    std::vector<double> hsTimes, b2Times;
    for (int r = 0; r < kRepeats; ++r) {
        auto t0 = Clock::now();
        world.recomputeAll();
        (void)world.takeEvents();
        hsTimes.push_back(msSince(t0));

        t0 = Clock::now();
        row.b2Hits = box2dFullPass(b2, nullptr, nullptr);
        b2Times.push_back(msSince(t0));
    }
    row.hsFullMs = median(hsTimes);
    row.b2FullMs = median(b2Times);
    row.hsHits = world.hitCount();
    row.bytesPerShape = double(world.memoryBytes()) / double(n);

    // Edits: the same translations on both sides; Box2D's tree is built the ordinary way.
    Box2DScene b2edit = toBox2D(scene);
    std::vector<int32> proxies;
    std::unique_ptr<b2DynamicTree> tree;
    box2dFullPass(b2edit, &proxies, &tree);
    OverlapQuery q;
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
        q.box = aabbOf(b2edit, e.index);
        q.hits = 0;
        tree->MoveProxy(proxies[e.index], q.box, d);
        tree->Query(&q, q.box);
        b2Times.push_back(msSince(t0) * 1000.0);
    }
    row.hsEditUs = median(hsTimes);
    row.b2EditUs = median(b2Times);
    return row;
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i)
        sizes.push_back(std::strtoull(argv[i], nullptr, 10));
    if (sizes.empty())
        sizes = {1000, 10000, 100000};
    constexpr std::size_t kEdits = 1000;

    std::printf("Hitsmith collision world vs Box2D %d.%d.%d (b2DynamicTree + b2TestOverlap), "
                "same scenes, same process.\n",
                b2_version.major, b2_version.minor, b2_version.revision);
    std::printf("Scenes: convex polygons (3-8 vertices), axis-aligned and rotated rectangles, "
                "circles, 8-32 px, uniform placement at %.0f%% coverage, fixed seed.\n",
                bench::kCoverage * 100);
    std::printf("Full recompute: median of 5. Edit: median of %zu translations by up to 2%% of the "
                "scene extent.\n",
                kEdits);
    std::printf("Note: Hitsmith computes depth and normal for every hit; Box2D only tests overlap "
                "(b2TestOverlap,\n      polygon radius 0, after a tight-AABB check that only "
                "helps it).\n\n");
    std::printf("%8s | %12s %12s %7s | %12s %12s %7s | %11s | %9s %9s\n", "shapes", "hitsmith ms",
                "box2d ms", "ratio", "hs edit us", "b2 edit us", "ratio", "bytes/shape", "hs hits",
                "b2 hits");
    std::vector<Row> rows;
    for (std::size_t n : sizes) {
        const Row r = run(n, kEdits);
        rows.push_back(r);
        std::printf("%8zu | %12.3f %12.3f %7.3f | %12.3f %12.3f %7.3f | %11.1f | %9zu %9zu\n",
                    r.shapes, r.hsFullMs, r.b2FullMs, r.hsFullMs / r.b2FullMs, r.hsEditUs,
                    r.b2EditUs, r.hsEditUs / r.b2EditUs, r.bytesPerShape, r.hsHits, r.b2Hits);
        std::fflush(stdout);
    }
    std::string json = "{\"bench\":\"collision\",\"edits\":" + std::to_string(kEdits) +
                       ",\"repeats\":5,\"rows\":[";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row &r = rows[i];
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "%s{\"shapes\":%zu,\"full_recompute_ms\":%.4f,\"box2d_full_ms\":%.4f,"
                      "\"full_ratio\":%.4f,\"edit_us\":%.4f,\"box2d_edit_us\":%.4f,"
                      "\"edit_ratio\":%.4f,\"bytes_per_shape\":%.1f,\"hits\":%zu,"
                      "\"box2d_hits\":%zu}",
                      i ? "," : "", r.shapes, r.hsFullMs, r.b2FullMs, r.hsFullMs / r.b2FullMs,
                      r.hsEditUs, r.b2EditUs, r.hsEditUs / r.b2EditUs, r.bytesPerShape, r.hsHits,
                      r.b2Hits);
        json += buf;
    }
    json += "]}";
    std::printf("\n%s\n", json.c_str());
    return 0;
}
