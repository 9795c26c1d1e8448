#include "robometrics/slam/Coverage.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::slam {

namespace {

struct Component {
    std::size_t size = 0;
    std::size_t covered = 0;      ///< estimate known
    std::size_t free_overlap = 0;  ///< estimate free
};

// Flood-fills the 8-connected GT-free component of `start`, marking `visited`.
Component fillComponent(const CellGrid &gt, const CellGrid &est, std::size_t start, std::vector<std::uint8_t> &visited,
                        std::vector<std::uint32_t> &stack) {
    Component c;
    const std::size_t w = gt.width, h = gt.height;
    stack.clear();
    stack.push_back(static_cast<std::uint32_t>(start));
    visited[start] = 1;
    while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
        ++c.size;
        if (isKnown(est.cells[i])) ++c.covered;
        if (isFree(est.cells[i])) ++c.free_overlap;
        const std::size_t row = i / w, col = i % w;
        for (int dr = -1; dr <= 1; ++dr) {
            if ((dr < 0 && row == 0) || (dr > 0 && row + 1 == h)) continue;
            for (int dc = -1; dc <= 1; ++dc) {
                if ((dr == 0 && dc == 0) || (dc < 0 && col == 0) || (dc > 0 && col + 1 == w)) continue;
                const auto j = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) +
                                                        dr * static_cast<std::ptrdiff_t>(w) + dc);
                if (!visited[j] && isFree(gt.cells[j])) {
                    visited[j] = 1;
                    stack.push_back(static_cast<std::uint32_t>(j));
                }
            }
        }
    }
    return c;
}

double ratio(std::size_t num, std::size_t den) {
    return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

}  // namespace

CoverageResult computeCoverage(const CellGrid &gt, const CellGrid &estimate, std::optional<CellIndex> seed) {
    CoverageResult r;
    const std::size_t n = gt.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (!isFree(gt.cells[i])) continue;
        ++r.gt_free_cells;
        if (isKnown(estimate.cells[i])) ++r.covered_free_cells;
    }
    r.coverage = ratio(r.covered_free_cells, r.gt_free_cells);
    if (r.gt_free_cells == 0) return r;

    std::vector<std::uint8_t> visited(n, 0);
    std::vector<std::uint32_t> stack;
    if (seed && seed->col < gt.width && seed->row < gt.height) {
        const std::size_t s = seed->row * gt.width + seed->col;
        if (isFree(gt.cells[s])) {
            const Component c = fillComponent(gt, estimate, s, visited, stack);
            r.seeded = true;
            r.accessible_cells = c.size;
            r.accessible_covered_cells = c.covered;
            r.accessible_coverage = ratio(c.covered, c.size);
            std::fill(visited.begin(), visited.end(), 0);
        }
    }
    Component best_overlap, largest;
    for (std::size_t i = 0; i < n; ++i) {
        if (visited[i] || !isFree(gt.cells[i])) continue;
        const Component c = fillComponent(gt, estimate, i, visited, stack);
        ++r.free_components;
        if (c.free_overlap > best_overlap.free_overlap) best_overlap = c;
        if (c.size > largest.size) largest = c;
    }
    if (!r.seeded) {
        const Component &chosen = best_overlap.free_overlap > 0 ? best_overlap : largest;
        r.accessible_cells = chosen.size;
        r.accessible_covered_cells = chosen.covered;
        r.accessible_coverage = ratio(chosen.covered, chosen.size);
    }
    return r;
}

IouResult computeOccupiedIou(const CellGrid &gt, const CellGrid &estimate) {
    IouResult r;
    for (std::size_t i = 0; i < gt.size(); ++i) {
        const bool a = isOccupied(gt.cells[i]), b = isOccupied(estimate.cells[i]);
        r.gt_occupied_cells += a;
        r.estimate_occupied_cells += b;
        r.intersection_cells += a && b;
        r.union_cells += a || b;
    }
    r.iou = ratio(r.intersection_cells, r.union_cells);
    return r;
}

}  // namespace robometrics::slam
