#include "robometrics/slam/Coverage.hpp"

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace robometrics::slam {

namespace {

// The GT free cells as horizontal runs [c0, c1) per row; 8-connected components are unions of
// runs that touch a run of the previous row (overlapping or diagonally adjacent). Working on runs
// instead of cells makes the labelling cost proportional to the number of runs.
struct Run {
    std::uint32_t row = 0, c0 = 0, c1 = 0;
    std::uint64_t covered = 0;       ///< estimate known
    std::uint64_t free_overlap = 0;  ///< estimate free
};

class RunUnion {
public:
    explicit RunUnion(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::uint32_t{0}); }
    std::uint32_t find(std::uint32_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        if (a != b) parent_[a > b ? a : b] = a > b ? b : a;  // the earlier run stays the root
    }

private:
    std::vector<std::uint32_t> parent_;
};

struct Component {
    std::uint64_t size = 0, covered = 0, free_overlap = 0;
};

double ratio(std::uint64_t num, std::uint64_t den) {
    return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

}  // namespace

CoverageResult computeCoverage(const CellGrid &gt, const CellGrid &estimate, std::optional<CellIndex> seed) {
    CoverageResult r;
    const std::size_t w = gt.width, h = gt.height;
    std::vector<Run> runs;
    std::vector<std::size_t> row_begin(h + 1, 0);
    for (std::size_t row = 0; row < h; ++row) {
        row_begin[row] = runs.size();
        const std::int8_t *g = gt.cells.data() + row * w;
        const std::int8_t *e = estimate.cells.data() + row * w;
        std::size_t c = 0;
        while (c < w) {
            if (!isFree(g[c])) {
                ++c;
                continue;
            }
            Run run;
            run.row = static_cast<std::uint32_t>(row);
            run.c0 = static_cast<std::uint32_t>(c);
            for (; c < w && isFree(g[c]); ++c) {
                run.covered += isKnown(e[c]);
                run.free_overlap += isFree(e[c]);
            }
            run.c1 = static_cast<std::uint32_t>(c);
            r.gt_free_cells += run.c1 - run.c0;
            r.covered_free_cells += run.covered;
            runs.push_back(run);
        }
    }
    row_begin[h] = runs.size();
    r.coverage = ratio(r.covered_free_cells, r.gt_free_cells);
    if (runs.empty()) return r;

    RunUnion sets(runs.size());
    for (std::size_t row = 1; row < h; ++row) {
        std::size_t p = row_begin[row - 1];
        const std::size_t p_end = row_begin[row];
        for (std::size_t i = row_begin[row]; i < row_begin[row + 1]; ++i) {
            // Previous-row runs touch [c0, c1) when p.c0 <= c1 and p.c1 >= c0 (8-connectivity).
            while (p < p_end && runs[p].c1 < runs[i].c0) ++p;
            for (std::size_t q = p; q < p_end && runs[q].c0 <= runs[i].c1; ++q) {
                sets.unite(static_cast<std::uint32_t>(q), static_cast<std::uint32_t>(i));
            }
        }
    }
    // Components numbered in raster order of their first run.
    std::vector<std::uint32_t> component_of_root(runs.size(), UINT32_MAX);
    std::vector<Component> components;
    std::vector<std::uint32_t> component_of_run(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::uint32_t root = sets.find(static_cast<std::uint32_t>(i));
        if (component_of_root[root] == UINT32_MAX) {
            component_of_root[root] = static_cast<std::uint32_t>(components.size());
            components.emplace_back();
        }
        Component &c = components[component_of_root[root]];
        c.size += runs[i].c1 - runs[i].c0;
        c.covered += runs[i].covered;
        c.free_overlap += runs[i].free_overlap;
        component_of_run[i] = component_of_root[root];
    }
    r.free_components = components.size();

    const Component *chosen = nullptr;
    if (seed && seed->col < w && seed->row < h) {
        for (std::size_t i = row_begin[seed->row]; i < row_begin[seed->row + 1]; ++i) {
            if (runs[i].c0 <= seed->col && seed->col < runs[i].c1) {
                chosen = &components[component_of_run[i]];
                r.seeded = true;
            }
        }
    }
    if (!chosen) {
        const Component *best_overlap = &components[0], *largest = &components[0];
        for (const Component &c : components) {
            if (c.free_overlap > best_overlap->free_overlap) best_overlap = &c;
            if (c.size > largest->size) largest = &c;
        }
        chosen = best_overlap->free_overlap > 0 ? best_overlap : largest;
    }
    r.accessible_cells = chosen->size;
    r.accessible_covered_cells = chosen->covered;
    r.accessible_coverage = ratio(chosen->covered, chosen->size);
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
