#include "robometrics/bench/report/TrajectoryOverlay.hpp"

#include <fmt/format.h>

#include <map>

#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::bench {

namespace {

const JobRecord *findJob(const std::vector<JobRecord> &jobs, int index) {
    // Jobs are stored by index, so the record of job i is usually jobs[i].
    if (index >= 0 && index < static_cast<int>(jobs.size()) && jobs[index].index == index) return &jobs[index];
    for (const JobRecord &job : jobs) {
        if (job.index == index) return &job;
    }
    return nullptr;
}

}  // namespace

std::vector<int> overlayJobs(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs) {
    std::vector<int> out;
    for (const CellAggregate &cell : aggregates.cells) {
        int taken = 0;
        for (int index : cell.jobs) {
            if (taken == kOverlayRunsPerCell) break;
            const JobRecord *job = findJob(jobs, index);
            if (job == nullptr || job->status != JobStatus::done) continue;
            out.push_back(index);
            ++taken;
        }
    }
    return out;
}

std::optional<report::Section> trajectoryOverlaySection(const BenchAggregates &aggregates,
                                                        const std::vector<RunTrajectory> &runs) {
    std::map<int, const RunTrajectory *> by_job;
    for (const RunTrajectory &run : runs) by_job[run.job_index] = &run;
    std::string html;
    for (const CellAggregate &cell : aggregates.cells) {
        report::SvgPlot plot(fmt::format("{}: ground truth (grey) and SE(3)-aligned estimates", cell.key), "x [m]",
                             "y [m]", 720, 500);
        plot.setEqualAspect(true);
        std::size_t drawn = 0;
        for (int index : cell.jobs) {
            const auto it = by_job.find(index);
            if (it == by_job.end()) continue;
            const RunTrajectory &run = *it->second;
            plot.add(report::LineSeries{drawn == 0 ? "ground truth" : "", run.ref_x, run.ref_y, "#999", true, false});
            // Short labels: ten of them share the legend line; the job number is the runs table's.
            plot.add(report::LineSeries{fmt::format("job {}", index), run.est_x, run.est_y, report::paletteColor(drawn),
                                        false, false});
            ++drawn;
        }
        if (drawn == 0) continue;
        html += plot.render();
        if (cell.done > static_cast<int>(drawn)) {
            html += fmt::format("<p>{} of the cell's {} done runs drawn.</p>\n", drawn, cell.done);
        }
    }
    if (html.empty()) return std::nullopt;
    return report::Section{"Trajectories per cell", html,
                           fmt::format("each run's ground truth (dashed grey) and its estimate after the SE(3) "
                                       "alignment of its ATE, from its eval/ate.csv; up to {} runs per cell",
                                       kOverlayRunsPerCell)};
}

}  // namespace robometrics::bench
