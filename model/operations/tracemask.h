#pragma once

// Stage 1 of tracing: which pixels of a sprite cell are solid. Also the raster tools the later
// stages, the tests and the benchmark use to measure how well pieces cover a mask.

#include <QList>
#include <QPolygonF>
#include <QRect>

#include <cstdint>
#include <vector>

class QImage;

namespace hitsmith::operations {

/// A binary image: one byte per pixel, 1 = solid. Pixels outside the mask count as empty.
struct AlphaMask {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels; ///< row-major, width * height entries

    /// A mask of the given size with every pixel empty.
    static AlphaMask empty(int width, int height);
    /// True when (x, y) is inside the mask and solid.
    bool contains(int x, int y) const {
        return x >= 0 && y >= 0 && x < width && y < height && pixels[y * width + x];
    }
    /// Number of solid pixels.
    qsizetype solidCount() const;
    bool operator==(const AlphaMask &other) const = default;
};

/// The pixels of cell (clipped to the image) whose alpha is >= threshold (0..255). Cheapest when
/// image is already Format_ARGB32 or Format_ARGB32_Premultiplied (any other format is converted).
AlphaMask alphaMask(const QImage &image, const QRect &cell, int threshold);

/// The mask grown (pixels > 0) or shrunk (pixels < 0) by a disc of that radius in whole pixels;
/// the size stays the same, so growth stops at the mask's border. Linear time (a Euclidean
/// distance transform), whatever the radius.
AlphaMask grownMask(const AlphaMask &mask, int pixels);

/// The mask with its holes filled: every empty pixel that no 4-connected path of empty pixels
/// links to the border becomes solid (what tracing with holes ignored outlines).
AlphaMask filledMask(const AlphaMask &mask);

/// The pixels whose centre lies inside any of the polygons (either winding; each polygon is
/// filled by the even-odd rule on its own).
AlphaMask rasterizedMask(const QList<QPolygonF> &polygons, int width, int height);

/// Intersection over union of the solid pixels of two masks of the same size; 1 when both are
/// empty.
double intersectionOverUnion(const AlphaMask &a, const AlphaMask &b);

} // namespace hitsmith::operations
