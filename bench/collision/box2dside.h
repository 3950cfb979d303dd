#pragma once

// Box2D 2.4's side of the collision benchmarks: the same generated scenes as b2Shapes, and the
// full pass (a fresh b2DynamicTree, one proxy per shape in generation order, every candidate
// pair through b2TestOverlap). Polygons have m_radius = 0 (exact geometry); coordinates are
// pixels, unscaled. Each shape's tight box is computed once per pass (when its proxy is made, or
// when it moves) and kept: a candidate is checked against the kept box, not a box computed again
// per candidate (that cost more than it saved: Box2D 2.4.1's fat boxes are only 0.1 units wider).

#include "scene.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hitsmith::bench {

/// A scene as Box2D shapes and transforms.
struct Box2DScene {
    std::vector<std::unique_ptr<b2Shape>> shapes;
    std::vector<b2Transform> xf;
    std::vector<b2AABB> boxes; ///< tight boxes, as of the last full pass or move
};

/// The scene as Box2D shapes.
inline Box2DScene toBox2D(const Scene &scene) {
    Box2DScene out;
    for (const SceneShape &s : scene.shapes) {
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
        case collision::GeometryKind::Capsule: {
            // Box2D 2.4 has no capsule type, but an edge's distance proxy carries its radius
            // (b2TestOverlap measures with the radii): an edge of radius r is the exact capsule.
            auto edge = std::make_unique<b2EdgeShape>();
            edge->SetTwoSided(b2Vec2(float(s.local[0].x), float(s.local[0].y)),
                              b2Vec2(float(s.local[1].x), float(s.local[1].y)));
            edge->m_radius = float(s.radius);
            out.shapes.push_back(std::move(edge));
            break;
        }
        }
        out.xf.push_back(xf);
    }
    return out;
}

/// Shape i's tight box.
inline b2AABB aabbOf(const Box2DScene &scene, std::size_t i) {
    b2AABB box;
    scene.shapes[i]->ComputeAABB(&box, scene.xf[i], 0);
    return box;
}

/// Runs b2TestOverlap on every candidate the tree reports for one shape; `onlyHigher` keeps each
/// pair once during a full pass.
struct OverlapQuery {
    const Box2DScene *scene = nullptr;
    const b2DynamicTree *tree = nullptr;
    std::size_t self = 0;
    b2AABB box;
    bool onlyHigher = false;
    std::size_t hits = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> *pairs = nullptr; ///< if set: (low, high)

    bool QueryCallback(int32 proxyId) {
        const auto other = reinterpret_cast<std::uintptr_t>(tree->GetUserData(proxyId));
        if (other == self || (onlyHigher && other < self))
            return true;
        if (!b2TestOverlap(box, scene->boxes[other]))
            return true;
        if (b2TestOverlap(scene->shapes[self].get(), 0, scene->shapes[other].get(), 0,
                          scene->xf[self], scene->xf[other])) {
            ++hits;
            if (pairs)
                pairs->emplace_back(std::uint32_t(std::min<std::size_t>(self, other)),
                                    std::uint32_t(std::max<std::size_t>(self, other)));
        }
        return true;
    }
};

/// Builds a fresh tree (each shape's box computed once) and counts every overlapping pair; hands
/// the tree back, and lists the pairs (lower index first, unsorted), when asked.
inline std::size_t
box2dFullPass(Box2DScene &scene, std::vector<int32> *proxiesOut,
              std::unique_ptr<b2DynamicTree> *treeOut,
              std::vector<std::pair<std::uint32_t, std::uint32_t>> *pairsOut = nullptr) {
    auto tree = std::make_unique<b2DynamicTree>();
    std::vector<int32> proxies(scene.shapes.size());
    scene.boxes.resize(scene.shapes.size());
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        scene.boxes[i] = aabbOf(scene, i);
        proxies[i] = tree->CreateProxy(scene.boxes[i], reinterpret_cast<void *>(i));
    }
    std::size_t hits = 0;
    OverlapQuery q;
    q.scene = &scene;
    q.tree = tree.get();
    q.onlyHigher = true;
    q.pairs = pairsOut;
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        q.self = i;
        q.box = scene.boxes[i];
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

} // namespace hitsmith::bench

namespace hitsmith::bench {

/// How two engines' lists of hitting pairs differ.
struct PairDifference {
    std::size_t onlyFirst = 0;  ///< pairs only the first list has
    std::size_t onlySecond = 0; ///< pairs only the second list has
};

/// Compares two lists of pairs (each pair lower index first, each list without repeats).
inline PairDifference comparePairs(std::vector<std::pair<std::uint32_t, std::uint32_t>> first,
                                   std::vector<std::pair<std::uint32_t, std::uint32_t>> second) {
    std::sort(first.begin(), first.end());
    std::sort(second.begin(), second.end());
    PairDifference d;
    std::size_t i = 0, j = 0;
    while (i < first.size() || j < second.size()) {
        if (j == second.size() || (i < first.size() && first[i] < second[j])) {
            ++d.onlyFirst;
            ++i;
        } else if (i == first.size() || second[j] < first[i]) {
            ++d.onlySecond;
            ++j;
        } else {
            ++i;
            ++j;
        }
    }
    return d;
}

} // namespace hitsmith::bench
