#pragma once

// Generated benchmark scenes: convex polygons of 3-8 vertices, rotated and axis-aligned
// rectangles, circles and capsules, placed uniformly at random over a square sized so the shapes
// cover a given fraction of it. Three families: the collision scenes (8-32 px, kCoverage), the
// mixed documents of issue 13 (4-48 px, sized for about 0.28 hits per shape) and the uniform
// scenes of issue 31 (4-24 px, one quarter each polygons, rotated rectangles, circles and, since
// issue 43, capsules; about 0.28 hits per shape). Fixed seed, so every run is the same.

#include "collision/geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

namespace hitsmith::bench {

using collision::GeometryKind;
using collision::Vec2;

/// Sum of shape areas over scene area.
inline constexpr double kCoverage = 0.3;

/// What a family of scenes looks like.
struct SceneParams {
    double minSize = 8.0;        ///< smallest shape, px across
    double maxSize = 32.0;       ///< largest shape, px across
    double coverage = kCoverage; ///< sum of shape areas over scene area
    // The mix of kinds: a uniform draw k in [0, 1) makes a polygon below polygonsBelow, a
    // rectangle below rectsBelow (axis-aligned below alignedBelow), a circle below capsulesFrom,
    // else a capsule.
    double polygonsBelow = 0.40; ///< polygons: k < this
    double rectsBelow = 0.75;    ///< rectangles: polygonsBelow <= k < this
    double alignedBelow = 0.55;  ///< axis-aligned rectangles: k < this (the rest rotated)
    /// Shapes near the square's edges have fewer neighbours, which matters at small sizes: the
    /// coverage is raised by coverage * edgeCorrection / sqrt(n) so that hits per shape stay
    /// about the same at every n (0: the plain coverage).
    double edgeCorrection = 0.0;
    double capsulesFrom = 0.875; ///< capsules: k >= this (an eighth by default)
};

/// The collision scenes: 8-32 px at moderate density.
inline constexpr SceneParams kCollisionScenes{};
/// The mixed documents: 4-48 px, spread so that about 0.28 pairs hit per shape.
inline constexpr SceneParams kMixedDocuments{4.0, 48.0, 0.14};
/// The uniform scenes of issue 31: 4-24 px, one quarter each convex polygons, rotated
/// rectangles, circles and capsules, spread so that about 0.28 pairs hit per shape at every size.
inline constexpr SceneParams kUniformScenes{4.0, 24.0, 0.1405, 0.25, 0.5, 0.0, 3.0, 0.75};

/// One generated shape: geometry relative to its centre plus the centre, so both engines can be
/// fed from it (Box2D wants local vertices and a transform).
struct SceneShape {
    GeometryKind type = GeometryKind::Polygon;
    Vec2 center;
    std::vector<Vec2> local; // polygon vertices relative to center (rotation baked in)
    Vec2 size;               // rect full size
    double angleDegrees = 0; // rect
    double radius = 0;       // circle and capsule (whose ends are local[0] and local[1])
    double area = 0;
};

/// A generated scene and its side length.
struct Scene {
    std::vector<SceneShape> shapes;
    double extent = 0;
};

/// Generates n shapes with a fixed seed.
inline Scene makeScene(std::size_t n, const SceneParams &params = kCollisionScenes,
                       std::uint64_t seed = 0x5eedf00d) {
    std::mt19937_64 rng(seed);
    auto uniform = [&](double lo, double hi) {
        return lo + (hi - lo) * std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    };
    Scene scene;
    scene.shapes.reserve(n);
    double totalArea = 0;
    for (std::size_t i = 0; i < n; ++i) {
        SceneShape s;
        const double size = uniform(params.minSize, params.maxSize);
        const double kind = uniform(0.0, 1.0);
        if (kind < params.polygonsBelow) {
            // Points on an ellipse are in convex position; jittered even spacing keeps them apart.
            s.type = GeometryKind::Polygon;
            const int k = 3 + static_cast<int>(uniform(0.0, 6.0 - 1e-9));
            const double rx = size / 2, ry = size / 2 * uniform(0.5, 1.0);
            const double turn = uniform(0.0, 2 * std::numbers::pi);
            const double step = 2 * std::numbers::pi / k;
            for (int j = 0; j < k; ++j) {
                const double t = step * (j + uniform(-0.35, 0.35));
                const Vec2 p{rx * std::cos(t), ry * std::sin(t)};
                s.local.push_back({p.x * std::cos(turn) - p.y * std::sin(turn),
                                   p.x * std::sin(turn) + p.y * std::cos(turn)});
            }
            for (int j = 0; j < k; ++j)
                s.area += 0.5 * collision::cross(s.local[j], s.local[(j + 1) % k]);
        } else if (kind < params.rectsBelow) {
            s.type = GeometryKind::Rect;
            s.size = {size * uniform(0.5, 1.0), size * uniform(0.5, 1.0)};
            s.angleDegrees = kind < params.alignedBelow ? 0.0 : uniform(-180.0, 180.0);
            s.area = s.size.x * s.size.y;
        } else if (kind < params.capsulesFrom) {
            s.type = GeometryKind::Circle;
            s.radius = size / 2 * uniform(0.6, 1.0);
            s.area = std::numbers::pi * s.radius * s.radius;
        } else {
            // A limb: size from cap to cap, the radius a fifth to a half of the half-length.
            s.type = GeometryKind::Capsule;
            s.radius = size / 2 * uniform(0.2, 0.5);
            const double half = size / 2 - s.radius;
            const double turn = uniform(0.0, 2 * std::numbers::pi);
            const Vec2 along{half * std::cos(turn), half * std::sin(turn)};
            s.local = {Vec2{-along.x, -along.y}, along};
            s.area = std::numbers::pi * s.radius * s.radius + 4 * half * s.radius;
        }
        totalArea += s.area;
        scene.shapes.push_back(std::move(s));
    }
    const double coverage =
        params.coverage *
        (1.0 + params.edgeCorrection / std::sqrt(double(std::max<std::size_t>(n, 1))));
    scene.extent = std::sqrt(totalArea / coverage);
    for (SceneShape &s : scene.shapes)
        s.center = {uniform(0.0, scene.extent), uniform(0.0, scene.extent)};
    return scene;
}

/// One edit: translate shape `index` by `offset`.
struct Edit {
    std::size_t index = 0;
    Vec2 offset;
};

/// Edits translating a random shape by an offset uniform in +-2% of the scene extent.
inline std::vector<Edit> makeEdits(const Scene &scene, std::size_t count,
                                   std::uint64_t seed = 0xed175) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, scene.shapes.size() - 1);
    std::uniform_real_distribution<double> offset(-0.02 * scene.extent, 0.02 * scene.extent);
    std::vector<Edit> edits(count);
    for (Edit &e : edits) {
        e.index = pick(rng);
        e.offset = {offset(rng), offset(rng)};
    }
    return edits;
}

} // namespace hitsmith::bench
