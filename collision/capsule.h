#pragma once

// Capsule pair tests (issue 43): a capsule is the Minkowski sum of a segment and a disc. Same
// conventions as narrowphase.h: moving shape b by depth * normal separates the pair.
// The Capsule struct itself lives in geometry.h (GeometryKind::Capsule).

#include "geometry.h"

#include <optional>
#include <span>

namespace hitsmith::collision {

/// Exact distance between two segments (0 when they cross or touch).
double segmentDistance(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1);

/// A convex point set (1 point, a segment of 2, or a convex polygon of >= 3, either winding)
/// grown by radius `ra`, against a capsule. Exact: SAT over the face normals of the Minkowski
/// difference when the cores intersect (depth = core overlap + radii), else the closest points
/// of the cores (depth = radii - distance).
std::optional<Contact> collideHullCapsule(std::span<const Vec2> a, double ra, const Capsule &b);

/// Capsule against capsule.
std::optional<Contact> collideCapsules(const Capsule &a, const Capsule &b);

/// Capsule against circle.
std::optional<Contact> collideCapsuleCircle(const Capsule &a, const Circle &b);

/// Convex polygon against capsule.
std::optional<Contact> collidePolygonCapsule(const PolygonView &a, const Capsule &b);

/// Rectangle against capsule.
std::optional<Contact> collideRectCapsule(const OrientedRect &a, const Capsule &b);

} // namespace hitsmith::collision
