#pragma once

// The mixed-document family of the collision benchmark (issue 13): Hitsmith's full recompute
// timed through the path an opened document takes (Document::reset, on which CollisionService
// bulk-builds the frame's world, then the frame's hits), against Box2D's full pass on the same
// shapes; plus opening the document from its file.

#include "scene.h"

#include <cstddef>

class QString;

namespace hitsmith {
struct DocumentData;
}

namespace hitsmith::bench {

/// One size of the family, timed.
struct DocumentRow {
    std::size_t shapes = 0;
    double fullMs = 0;      ///< Document::reset + CollisionService bulk build + hits, median
    double box2dFullMs = 0; ///< Box2D tree + b2TestOverlap on every candidate, median
    double openMs = 0;      ///< read + parse + reset (validation, bulk build) + hits, median
    double fileMegabytes = 0;
    std::size_t hits = 0;
    std::size_t box2dHits = 0;
};

/// The scene as a document: one sprite "bench" with one frame "all", shapes in scene order.
DocumentData toDocument(const Scene &scene);

/// Times the family at n shapes (median of `repeats`, the engines alternating).
DocumentRow runDocumentFamily(std::size_t n, int repeats);

/// Runs only Hitsmith's full recompute of the family at n shapes, `repeats` times (for a
/// profiler: nothing else in the process); returns the median in milliseconds.
double profileHitsmithFull(std::size_t n, int repeats);

/// Writes the family's n-shape document to path; false (and a message on stderr) on failure.
bool writeDocument(std::size_t n, const QString &path);

} // namespace hitsmith::bench
