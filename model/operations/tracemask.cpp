#include "tracemask.h"

#include <QImage>

#include <algorithm>
#include <cmath>

namespace hitsmith::operations {

AlphaMask AlphaMask::empty(int width, int height) {
    AlphaMask mask;
    mask.width = std::max(0, width);
    mask.height = std::max(0, height);
    mask.pixels.assign(std::size_t(mask.width) * std::size_t(mask.height), 0);
    return mask;
}

qsizetype AlphaMask::solidCount() const {
    return std::count(pixels.begin(), pixels.end(), std::uint8_t(1));
}

AlphaMask alphaMask(const QImage &image, const QRect &cell, int threshold) {
    AlphaMask mask = AlphaMask::empty(cell.width(), cell.height());
    const QRect inside = cell.intersected(image.rect());
    if (inside.isEmpty())
        return mask;
    const bool argb = image.format() == QImage::Format_ARGB32 ||
                      image.format() == QImage::Format_ARGB32_Premultiplied;
    const QImage source = argb ? image : image.convertToFormat(QImage::Format_ARGB32);
    const int limit = std::clamp(threshold, 0, 255);
    for (int y = inside.top(); y <= inside.bottom(); ++y) {
        const auto *row = reinterpret_cast<const QRgb *>(source.constScanLine(y));
        std::uint8_t *out = &mask.pixels[std::size_t(y - cell.top()) * mask.width];
        for (int x = inside.left(); x <= inside.right(); ++x)
            out[x - cell.left()] = qAlpha(row[x]) >= limit ? 1 : 0;
    }
    return mask;
}

namespace {

constexpr double kFar = 1e20;

// Squared distance along one line to the nearest point where f is 0 (Felzenszwalb and
// Huttenlocher's lower envelope of parabolas), f = kFar elsewhere.
void distanceLine(const std::vector<double> &f, std::vector<double> &d, std::vector<int> &v,
                  std::vector<double> &z) {
    const int n = int(f.size());
    int k = 0;
    v[0] = 0;
    z[0] = -kFar;
    z[1] = kFar;
    for (int q = 1; q < n; ++q) {
        double s = ((f[q] + double(q) * q) - (f[v[k]] + double(v[k]) * v[k])) / (2.0 * (q - v[k]));
        while (s <= z[k]) {
            --k;
            s = ((f[q] + double(q) * q) - (f[v[k]] + double(v[k]) * v[k])) / (2.0 * (q - v[k]));
        }
        ++k;
        v[k] = q;
        z[k] = s;
        z[k + 1] = kFar;
    }
    k = 0;
    for (int q = 0; q < n; ++q) {
        while (z[k + 1] < q)
            ++k;
        d[q] = double(q - v[k]) * (q - v[k]) + f[v[k]];
    }
}

// Squared Euclidean distance from every cell of a width x height grid to the nearest feature.
std::vector<double> squaredDistances(const std::vector<std::uint8_t> &feature, int width,
                                     int height) {
    std::vector<double> grid(feature.size());
    for (std::size_t i = 0; i < feature.size(); ++i)
        grid[i] = feature[i] ? 0.0 : kFar;
    const int longest = std::max(width, height);
    std::vector<double> f, d(std::size_t(longest) + 1);
    std::vector<int> v(std::size_t(longest) + 1);
    std::vector<double> z(std::size_t(longest) + 2);
    for (int x = 0; x < width; ++x) {
        f.assign(std::size_t(height), 0);
        for (int y = 0; y < height; ++y)
            f[y] = grid[std::size_t(y) * width + x];
        d.resize(f.size());
        distanceLine(f, d, v, z);
        for (int y = 0; y < height; ++y)
            grid[std::size_t(y) * width + x] = d[y];
    }
    for (int y = 0; y < height; ++y) {
        f.assign(grid.begin() + std::ptrdiff_t(y) * width,
                 grid.begin() + std::ptrdiff_t(y + 1) * width);
        d.resize(f.size());
        distanceLine(f, d, v, z);
        std::copy(d.begin(), d.end(), grid.begin() + std::ptrdiff_t(y) * width);
    }
    return grid;
}

} // namespace

AlphaMask grownMask(const AlphaMask &mask, int pixels) {
    if (pixels == 0 || mask.pixels.empty())
        return mask;
    // A pixel is within the disc of radius r of a pixel q when |p - q|^2 <= r^2, so growing
    // keeps pixels near a solid one and shrinking keeps those far from every empty one. The
    // grid has a one-pixel empty border: outside the mask counts as empty.
    const double reach = double(pixels) * pixels;
    const int width = mask.width + 2, height = mask.height + 2;
    const bool grow = pixels > 0;
    std::vector<std::uint8_t> feature(std::size_t(width) * height, grow ? 0 : 1);
    for (int y = 0; y < mask.height; ++y)
        for (int x = 0; x < mask.width; ++x)
            feature[std::size_t(y + 1) * width + x + 1] = mask.contains(x, y) == grow ? 1 : 0;
    const std::vector<double> distance = squaredDistances(feature, width, height);
    AlphaMask result = AlphaMask::empty(mask.width, mask.height);
    for (int y = 0; y < mask.height; ++y)
        for (int x = 0; x < mask.width; ++x) {
            const double d = distance[std::size_t(y + 1) * width + x + 1];
            result.pixels[std::size_t(y) * mask.width + x] = (grow ? d <= reach : d > reach);
        }
    return result;
}

AlphaMask filledMask(const AlphaMask &mask) {
    AlphaMask outside = AlphaMask::empty(mask.width, mask.height);
    std::vector<QPoint> stack;
    auto visit = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= mask.width || y >= mask.height || mask.contains(x, y) ||
            outside.contains(x, y))
            return;
        outside.pixels[std::size_t(y) * mask.width + x] = 1;
        stack.push_back({x, y});
    };
    for (int x = 0; x < mask.width; ++x) {
        visit(x, 0);
        visit(x, mask.height - 1);
    }
    for (int y = 0; y < mask.height; ++y) {
        visit(0, y);
        visit(mask.width - 1, y);
    }
    while (!stack.empty()) {
        const QPoint p = stack.back();
        stack.pop_back();
        visit(p.x() + 1, p.y());
        visit(p.x() - 1, p.y());
        visit(p.x(), p.y() + 1);
        visit(p.x(), p.y() - 1);
    }
    AlphaMask filled = outside;
    for (std::uint8_t &pixel : filled.pixels)
        pixel = pixel ? 0 : 1;
    return filled;
}

AlphaMask rasterizedMask(const QList<QPolygonF> &polygons, int width, int height) {
    AlphaMask mask = AlphaMask::empty(width, height);
    std::vector<double> crossings;
    for (const QPolygonF &polygon : polygons) {
        const qsizetype n = polygon.size();
        if (n < 3)
            continue;
        const QRectF bounds = polygon.boundingRect();
        const int y0 = std::max(0, int(std::floor(bounds.top())));
        const int y1 = std::min(height - 1, int(std::ceil(bounds.bottom())));
        for (int y = y0; y <= y1; ++y) {
            const double cy = y + 0.5;
            crossings.clear();
            for (qsizetype i = 0; i < n; ++i) {
                const QPointF a = polygon[i], b = polygon[(i + 1) % n];
                if ((a.y() <= cy) != (b.y() <= cy))
                    crossings.push_back(a.x() + (cy - a.y()) * (b.x() - a.x()) / (b.y() - a.y()));
            }
            std::sort(crossings.begin(), crossings.end());
            for (std::size_t k = 0; k + 1 < crossings.size(); k += 2) {
                // Pixel x is inside when its centre x + 0.5 lies in [left, right).
                const int first = std::max(0, int(std::ceil(crossings[k] - 0.5)));
                const int last = std::min(width - 1, int(std::ceil(crossings[k + 1] - 0.5)) - 1);
                for (int x = first; x <= last; ++x)
                    mask.pixels[std::size_t(y) * width + x] = 1;
            }
        }
    }
    return mask;
}

double intersectionOverUnion(const AlphaMask &a, const AlphaMask &b) {
    qsizetype both = 0, either = 0;
    const std::size_t n = std::min(a.pixels.size(), b.pixels.size());
    for (std::size_t i = 0; i < n; ++i) {
        both += a.pixels[i] & b.pixels[i];
        either += a.pixels[i] | b.pixels[i];
    }
    for (std::size_t i = n; i < a.pixels.size(); ++i)
        either += a.pixels[i];
    for (std::size_t i = n; i < b.pixels.size(); ++i)
        either += b.pixels[i];
    return either == 0 ? 1.0 : double(both) / double(either);
}

} // namespace hitsmith::operations
