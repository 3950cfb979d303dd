#pragma once

// The document families of the collision benchmark, the mixed documents (issue 13) and the
// uniform scenes (issue 31): Hitsmith's full recompute timed through the path an opened document
// takes (Document::reset, on which CollisionService bulk-builds the frame's world, then the
// frame's hits), against Box2D's full pass on the same shapes; edits through the document (as
// `hitsmith-cli bench` makes them) against Box2D's MoveProxy + query; plus opening the document
// from its file.

#include "scene.h"

#include <cstddef>
#include <utility>

class QString;

namespace hitsmith {
struct DocumentData;
}

namespace hitsmith::bench {

/// One size of the family, timed.
struct DocumentRow {
    std::size_t shapes = 0;
    double fullMs = 0;         ///< Document::reset + CollisionService bulk build + hits, median
    double box2dFullMs = 0;    ///< Box2D tree + b2TestOverlap on every candidate, median
    double fullCpuMs = 0;      ///< fullMs's CPU time (every thread of the process), median
    double box2dFullCpuMs = 0; ///< box2dFullMs's CPU time, median
    double openMs = 0;         ///< read + parse + reset (validation, bulk build) + hits, median
    double editUs = 0;      ///< Document::setShape (the service updates the shape's pairs), median
    double firstEditUs = 0; ///< the first of those edits (it builds the pair map a load defers)
    double box2dEditUs = 0; ///< MoveProxy + query + b2TestOverlap, median
    double fileMegabytes = 0;
    std::size_t hits = 0;
    std::size_t box2dHits = 0;
    std::size_t onlyHitsmith = 0; ///< pairs Hitsmith finds and Box2D does not
    std::size_t onlyBox2D = 0;    ///< pairs Box2D finds and Hitsmith does not
};

/// The scene as a document: one sprite "bench" with one frame "all", shapes in scene order.
DocumentData toDocument(const Scene &scene);

/// Times the family at n shapes (median of `repeats`, the engines alternating; `edits` edits).
DocumentRow runDocumentFamily(std::size_t n, int repeats, const SceneParams &params,
                              std::size_t edits);

/// Runs only Hitsmith's full recompute of the family at n shapes, `repeats` times (for a
/// profiler: nothing else in the process); returns the medians of wall and CPU time in
/// milliseconds.
std::pair<double, double> profileHitsmithFull(std::size_t n, int repeats,
                                              const SceneParams &params);

/// Writes the family's n-shape document to path; false (and a message on stderr) on failure.
bool writeDocument(std::size_t n, const QString &path, const SceneParams &params);

} // namespace hitsmith::bench
