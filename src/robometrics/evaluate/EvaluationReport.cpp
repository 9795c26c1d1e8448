#include "robometrics/evaluate/EvaluationReport.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <future>
#include <map>
#include <string_view>

#include "robometrics/evaluate/RobotVerdicts.hpp"
#include "robometrics/report/EventBands.hpp"
#include "robometrics/report/HtmlReport.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/report/TimeChart.hpp"
#include "robometrics/slam/MapOverlay.hpp"
#include "robometrics/terrain/CostmapImage.hpp"

namespace robometrics::evaluate {

namespace {

using report::LineSeries;
using report::SvgPlot;
using report::TimeChart;
using report::TimeEvent;

std::string fixed(double v, int decimals) { return std::isfinite(v) ? fmt::format("{:.{}f}", v, decimals) : "n/a"; }

// Every time axis of the report is the run's one axis (RunClock): seconds of recorder log time
// since the first message. An Evaluation filled without a clock falls back to start_time.
double relative(const Evaluation &e, TimeNs log_time) {
    return e.clock.empty() ? toSeconds(log_time - e.start_time) : e.clock.sinceStart(log_time);
}

/// A header stamp in seconds (possibly simulated time) on the same axis.
double stampOnAxis(const Evaluation &e, double stamp_s) {
    return e.clock.empty() ? stamp_s - toSeconds(e.start_time) : e.clock.stampSinceStart(stamp_s);
}

std::string timeAxis(const Evaluation &e) { return e.clock.axisLabel(); }

double runSeconds(const Evaluation &e) {
    return e.clock.empty() ? toSeconds(e.end_time - e.start_time) : e.clock.durationSeconds();
}

/// Every anomaly with a time (time_s..end_time_s, or a moment), plus `extra` events of the plot.
/// Shaded on every plot of the run's time axis, merged per code (report/EventBands.hpp).
std::vector<report::EventBand> runBands(const Evaluation &e, std::vector<TimeEvent> extra = {}) {
    for (const auto &a : e.anomalies) {
        if (a.time_s) extra.push_back({a.code, *a.time_s, a.end_time_s});
    }
    return report::mergeEvents(std::move(extra), report::mergeGapFor(runSeconds(e)));
}

/// A chart on the run's time axis with the run's anomalies on it.
TimeChart runChart(const Evaluation &e, std::string title, std::string y_label, std::vector<TimeEvent> extra = {}) {
    TimeChart chart(std::move(title), timeAxis(e), std::move(y_label));
    chart.setBands(runBands(e, std::move(extra)));
    return chart;
}

/// The map comparison (ground truth and the aligned estimate) as a PNG in base64: drawn once, for
/// the map section and as the trajectory plots' underlay. Empty without a map.
std::string mapOverlayPng(const Evaluation &e) {
    if (!e.map) return {};
    report::Image img{static_cast<int>(e.map->gt.width), static_cast<int>(e.map->gt.height), 3,
                      slam::renderOverlay(e.map->gt, e.map->aligned_estimate)};
    return report::base64(report::encodePng(img));
}

/// The map comparison as an underlay, so paths are seen against walls (axis-aligned maps only).
void addMapUnderlay(const Evaluation &e, const std::string &map_png, SvgPlot &plot) {
    if (!e.map) return;
    const auto &g = e.map->grid;
    if (std::abs(g.origin_yaw) >= 1e-9) return;
    plot.setUnderlay({map_png, g.origin_x, g.origin_y, g.origin_x + static_cast<double>(g.width) * g.resolution,
                      g.origin_y + static_cast<double>(g.height) * g.resolution});
}

void addHeadlineMetrics(const Evaluation &e, report::HtmlReport &html) {
    auto add = [&](const char *group, const char *name, std::string value, const char *unit, bool flag = false) {
        html.addMetric({group, name, std::move(value), unit, flag});
    };
    add("Run", e.clock.simTime() ? "Duration (simulated time)" : "Duration", fixed(e.clock.durationSeconds(), 1), "s");
    if (e.clock.simTime()) add("Run", "Duration (wall time)", fixed(e.clock.wallDurationSeconds(), 1), "s");
    const ActivityResult &a = e.activity;
    if (a.intent_known) {
        add("Activity", "Motion commanded", fixed(a.commanded_s, 1), "s");
        if (a.goals > 0) add("Activity", "Navigation goals", std::to_string(a.goals), "");
    }
    if (!a.progress_source.empty()) {
        add("Activity", "Moving", fixed(a.moving_s, 1), "s");
        add("Activity", "Idle (no command, not moving)", fixed(a.idle_s, 1), "s");
    }
    if (e.traversal) {
        // Only what was measured: an input that was not recorded is listed under Notes.
        const auto &s = e.traversal->summary;
        if (s.scans > 0) {
            add("Traversal", "Collision events", std::to_string(s.collision_events), "", s.collision_events > 0);
            add("Traversal", "Minimum clearance", fixed(s.min_clearance, 2), "m");
            add("Traversal", "Time below safe clearance", fixed(s.time_low_clearance_s, 1), "s");
            if (s.scan_ranges.readings > 0) {
                add("Traversal", ("Invalid readings of " + e.topics.scan + " (not obstacles)").c_str(),
                    fixed(100.0 * static_cast<double>(s.scan_ranges.invalid()) /
                              static_cast<double>(s.scan_ranges.readings),
                          1),
                    "%");
            }
        }
        if (s.distance_from_odometry) {
            add("Traversal", ("Distance travelled (" + e.topics.odometry + " pose)").c_str(),
                fixed(s.distance_traveled, 2), "m");
            if (s.odometry_jumps > 0) {
                add("Traversal", "Odometry jumps left out of the distance",
                    fmt::format("{} ({:.2f} m)", s.odometry_jumps, s.odometry_jump_distance_m), "", true);
            }
        } else if (s.pose_messages > 0) {
            add("Traversal", "Distance travelled", fixed(s.distance_traveled, 2), "m");
            add("Traversal", "Rejected pose jumps", std::to_string(s.rejected_pose_jumps), "",
                s.rejected_pose_jumps > 0);
        }
        if (s.odometry_messages > 0) add("Traversal", "Mean velocity", fixed(s.mean_velocity, 2), "m/s");
        if (s.imu_messages > 0) {
            add("Traversal", "Time on rough terrain", fixed(s.time_rough_terrain_s, 1), "s");
            // The traversal summary's |a| is the raw IMU vector: on a level floor it is gravity.
            add("Traversal", "Max |acceleration| (including gravity)", fixed(s.max_accel_magnitude, 2), "m/s²");
        }
    }
    if (e.motion) {
        add("Motion", "Odometry path length", fixed(e.motion->path_length_m, 2), "m");
        add("Motion", "Max odometry speed", fixed(e.motion->max_speed_mps, 2), "m/s");
    }
    if (e.trajectory) {
        add("SLAM", "ATE RMSE (SE(3) aligned)", fixed(e.trajectory->se3.rmse, 3), "m");
        add("SLAM", "ATE RMSE (origin aligned)", fixed(e.trajectory->origin.rmse, 3), "m");
        add("SLAM", "Matched poses", std::to_string(e.trajectory->se3.n), "");
    }
    if (e.map) {
        add("Map", "Coverage", fixed(100 * e.map->coverage.coverage, 1), "%");
        add("Map", "IoU (occupied)", fixed(e.map->iou.iou, 3), "");
        if (e.map->ssim_valid) add("Map", "SSIM (known cells)", fixed(e.map->ssim, 3), "");
        if (e.map->estimate_walls.valid())
            add("Map", "Wall thickness", fixed(e.map->estimate_walls.corrected_m, 3), "m");
    }
    if (e.lost) {
        size_t lost_episodes = 0;
        for (const auto &ep : e.lost->episodes.episodes()) lost_episodes += ep.worst == localization::LostStatus::Lost;
        add("Localization", "Lost episodes", std::to_string(lost_episodes), "", lost_episodes > 0);
        add("Localization", "Readings lost / confused",
            fmt::format("{} / {}", e.lost->episodes.countOf(localization::LostStatus::Lost),
                        e.lost->episodes.countOf(localization::LostStatus::Confused)),
            "");
    }
    if (e.costmap) {
        const auto &c = e.costmap->stats;
        add("Terrain", "Costmap lethal cells", fixed(100 * c.share(c.lethal), 1), "%");
        add("Terrain", "Costmap time per frame", fixed(c.meanMs(), 2), "ms");
    }
    if (e.system && !e.system->samples.empty()) {
        double peak_cpu = 0;
        std::uint64_t peak_rss = 0;
        for (const auto &s : e.system->samples) {
            peak_cpu = std::max(peak_cpu, s.cpu_percent);
            peak_rss = std::max(peak_rss, s.rss_bytes);
        }
        add("System", "Peak CPU", fixed(peak_cpu, 0), "%");
        add("System", "Peak memory (RSS)", fixed(static_cast<double>(peak_rss) / 1048576.0, 1), "MiB");
    }
}

std::string trajectoryPlot(const Evaluation &e, const std::string &map_png) {
    const auto &tr = *e.trajectory;
    SvgPlot plot("Trajectory: ground truth vs estimate (SE(3) aligned, coloured by error)", "x [m]", "y [m]", 720, 520);
    plot.setEqualAspect(true);
    plot.setEmptyMessage("no matched poses");
    addMapUnderlay(e, map_png, plot);
    // Reserved: a 4-hour run's trajectories are 288 000 poses each.
    LineSeries ref{"ground truth", {}, {}, "#444", true, false};
    ref.x.reserve(tr.reference.size());
    ref.y.reserve(tr.reference.size());
    for (const PlanarPoint &p : tr.reference) {
        ref.x.push_back(p.x);
        ref.y.push_back(p.y);
    }
    plot.add(std::move(ref));
    report::ColoredPath est{"APE [m]", {}, {}, {}};
    est.x.reserve(tr.pairs.size());
    est.y.reserve(tr.pairs.size());
    est.value.reserve(tr.pairs.size());
    for (const AtePair &p : tr.pairs) {
        est.x.push_back(p.est[0]);
        est.y.push_back(p.est[1]);
        est.value.push_back(p.se3_error);
    }
    plot.add(std::move(est));
    return plot.render();
}

/// Without a ground truth: the robot's estimated paths, one panel per frame (paths of different
/// frames on one plot would show the frame offset as an error); the odometry joins the map panel
/// when the bag recorded TF map -> odom.
std::string pathsPlot(const Evaluation &e, const std::string &map_png) {
    std::vector<std::string> frames;
    for (const auto &p : e.paths) {
        if (std::find(frames.begin(), frames.end(), p.frame) == frames.end()) frames.push_back(p.frame);
    }
    std::string out;
    for (const std::string &frame : frames) {
        SvgPlot plot(fmt::format("Estimated path in the {} frame (not evaluated)", frame), "x [m]", "y [m]",
                     720, 520);
        plot.setEqualAspect(true);
        plot.setEmptyMessage("no poses on the odometry, AMCL or TF topics");
        if (frame == "map") addMapUnderlay(e, map_png, plot);
        for (const auto &p : e.paths) {
            if (p.frame == frame) plot.add(LineSeries{p.source, p.x, p.y, "", false, false});
        }
        out += plot.render();
    }
    return out;
}

std::string errorPlot(const Evaluation &e) {
    const auto &tr = *e.trajectory;
    TimeChart plot = runChart(e, "Absolute position error over time", "APE [m]");
    plot.setEmptyMessage("no matched poses");
    // The stamps are the estimate's header stamps (maybe simulated time): mapped onto the run's axis.
    // Both alignments' errors belong to the same matched pairs, at the estimate's stamps.
    LineSeries se3{"SE(3) aligned", {}, {}, "", false, false};
    LineSeries origin{"origin aligned", {}, {}, "", true, false};
    for (LineSeries *s : {&se3, &origin}) {
        s->x.reserve(tr.pairs.size());
        s->y.reserve(tr.pairs.size());
    }
    for (const AtePair &p : tr.pairs) {
        se3.x.push_back(stampOnAxis(e, p.stamp));
        se3.y.push_back(p.se3_error);
        origin.x.push_back(se3.x.back());
        origin.y.push_back(p.origin_error);
    }
    plot.add(std::move(se3));
    plot.add(std::move(origin));
    return plot.render();
}

/// |a| without gravity for a robot on a level floor: the IMU's horizontal component,
/// sqrt(|a|^2 - a_z^2), from the row's latest |a| and |a_z| (one reading). NaN without a reading.
double horizontalAccel(const traversal::TraversalRow &r) {
    if (!r.imu_accel_magnitude || !r.vertical_roughness) return NAN;
    const double m = *r.imu_accel_magnitude, z = *r.vertical_roughness;
    return std::sqrt(std::max(0.0, m * m - z * z));
}

std::string traversalPlots(const Evaluation &e) {
    const auto &rows = e.traversal->rows;
    // One quantity per chart: speeds of 0.3 m/s beside gravity's 9.8 m/s^2 drew as a flat line.
    LineSeries clearance{"mean clearance", {}, {}, "", false, false}, minimum{"min clearance", {}, {}, "", true, false};
    LineSeries velocity{"speed (window mean of |v|)", {}, {}, "", false, false};
    LineSeries accel{"horizontal |a| (latest reading, gravity removed)", {}, {}, "", false, false};
    LineSeries smooth{"window mean of |a| + |w| (including gravity)", {}, {}, "", false, false};
    for (LineSeries *l : {&clearance, &minimum, &velocity, &accel, &smooth}) {
        l->x.reserve(rows.size());
        l->y.reserve(rows.size());
    }
    for (const auto &r : rows) {
        double t = relative(e, r.time);
        clearance.x.push_back(t);
        clearance.y.push_back(std::isfinite(r.obstacle_clearance) ? r.obstacle_clearance : NAN);
        minimum.x.push_back(t);
        minimum.y.push_back(std::isfinite(r.min_clearance) ? r.min_clearance : NAN);
        velocity.x.push_back(t);
        velocity.y.push_back(r.current_velocity.value_or(NAN));
        accel.x.push_back(t);
        accel.y.push_back(horizontalAccel(r));
        smooth.x.push_back(t);
        smooth.y.push_back(r.current_smoothness.value_or(NAN));
    }
    // Collisions: each row whose collision-event counter went up, merged like the anomalies.
    std::vector<TimeEvent> collisions;
    std::uint64_t previous = 0;
    for (const auto &r : rows) {
        if (r.collision_events > previous) collisions.push_back({"collision", relative(e, r.time), {}});
        previous = r.collision_events;
    }
    TimeChart c = runChart(e, "Obstacle clearance", "clearance [m]", std::move(collisions));
    c.setEmptyMessage(e.topics.scan.empty() ? "no laser scan topic in this run" : "no scan readings");
    c.add(std::move(clearance));
    c.add(std::move(minimum));
    TimeChart v = runChart(e, "Speed", "speed [m/s]");
    v.setEmptyMessage("no pose or odometry readings in this run");
    v.add(std::move(velocity));
    TimeChart acc = runChart(e, "Horizontal acceleration (gravity removed: sqrt(|a|^2 - a_z^2), IMU z up)",
                             "acceleration [m/s^2]");
    acc.setEmptyMessage("no IMU readings in this run");
    acc.add(std::move(accel));
    TimeChart rough = runChart(e, "Roughness (the traversal's smoothness: |a| + |w| per window, gravity included)",
                               "|a| + |w|");
    rough.setEmptyMessage("no IMU readings in this run");
    rough.add(std::move(smooth));
    return c.render() + v.render() + acc.render() + rough.render();
}

/// Which inputs of the traversal plots the run did not record, so an empty line is explained.
std::string traversalNote(const Evaluation &e) {
    std::vector<std::string> missing;
    if (e.topics.scan.empty()) missing.emplace_back("laser scan (clearance)");
    if (e.topics.imu.empty()) missing.emplace_back("IMU (acceleration, smoothness)");
    if (e.topics.pose_array.empty() && e.topics.odometry.empty()) missing.emplace_back("pose or odometry (velocity)");
    std::string note = "One row per second of recorder log time, drawn on the run's time axis.";
    if (!missing.empty()) note += fmt::format(" Not recorded in this run: {}.", fmt::join(missing, "; "));
    return note;
}

std::string topicPlot(const Evaluation &e) {
    // Messages per window per topic (from the period samples), for the busiest topics.
    std::map<std::string, LineSeries> series;
    for (const auto &w : e.topic_windows) {
        if (w.metric != topicstats::Metric::MessagePeriod) continue;
        auto &s = series[w.topic];
        s.label = w.topic;
        s.x.push_back(relative(e, w.window_stop));
        // The windows are in log time: the rate is turned onto the system's clock (a window of a
        // paused simulation has no rate).
        const double wall = toSeconds(w.window_stop - w.window_start);
        const double system =
            e.clock.empty() ? wall : toSeconds(e.clock.systemTime(w.window_stop) - e.clock.systemTime(w.window_start));
        s.y.push_back(w.stats.count > 0 && system > 0 ? 1000.0 / w.stats.average * wall / system : NAN);
    }
    std::vector<LineSeries> ordered;
    for (auto &[name, s] : series) ordered.push_back(std::move(s));
    // The busiest topics: the plot stays readable and the table below lists every topic.
    std::map<std::string, std::uint64_t> counts;
    for (const auto &t : e.topic_health) counts[t.topic] = t.count;
    std::sort(ordered.begin(), ordered.end(),
              [&](const auto &a, const auto &b) { return counts[a.label] > counts[b.label]; });
    if (ordered.size() > 6) ordered.resize(6);
    TimeChart plot = runChart(e, "Topic rates (1 / mean period per window)", "rate [Hz]");
    plot.setEmptyMessage("no topic had two messages in one window");
    for (auto &s : ordered) {
        s.step = true;
        plot.add(std::move(s));
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto &t : e.topic_health) {
        rows.push_back({t.topic, topicstats::kindCell(t.kind), std::to_string(t.count), fixed(t.active_rate_hz, 2),
                        fixed(t.jitter_ms, 2), fixed(t.longest_gap_ms, 1), topicstats::dropsCell(t),
                        t.idle_gaps ? fmt::format("{:.1f} s ({})", t.idle_s, t.idle_gaps) : "-",
                        t.age_samples ? fixed(t.age_p50_ms, 2) : "-", t.age_samples ? fixed(t.age_p95_ms, 2) : "-",
                        fixed(t.bandwidth_bps / 1024.0, 1)});
    }
    const std::string clock = e.clock.clockName();
    // Each rate says its clock and formula: `info` and `topic-stats` divide by the span of the
    // recorder's log times, this table by the span on the system's clock less idle gaps.
    return plot.render() +
           report::htmlTable({"topic", "kind", "messages", "rate [Hz, " + clock + "]", "jitter [ms]",
                              "longest gap [ms, " + clock + "]", "est. drops", "idle", "age p50 [ms]", "age p95 [ms]",
                              "KiB/s"},
                             rows) +
           "<p class=\"note\">rate = (messages - 1 - idle gaps) / (time from the first to the last message less the "
           "idle gaps), on " +
           report::escapeXml(clock) +
           "; <code>robometrics info</code> and <code>topic-stats</code> divide by the span of the recorder's log "
           "times instead, so their rates differ where the two clocks or spans do.</p>\n";
}

std::string lostPlot(const Evaluation &e) {
    std::vector<TimeEvent> episodes;
    for (const auto &ep : e.lost->episodes.episodes()) {
        const bool lost = ep.worst == localization::LostStatus::Lost;
        episodes.push_back({lost ? "lost episode" : "confused episode", relative(e, ep.start), relative(e, ep.end)});
    }
    TimeChart plot = runChart(e, "Localization: detector state and P(lost)", "state / probability", std::move(episodes));
    plot.setEmptyMessage("no readings on " + e.lost->topic);
    plot.setYRange(-0.05, 2.1);
    LineSeries state{"state (0 normal, 1 confused, 2 lost)", {}, {}, "#1f77b4", false, true};
    LineSeries prob{"P(lost)", {}, {}, "#d62728", true, false};
    for (const auto &r : e.lost->readings) {
        double t = relative(e, r.time);
        state.x.push_back(t);
        state.y.push_back(static_cast<double>(static_cast<int>(r.status)));
        prob.x.push_back(t);
        prob.y.push_back(r.probability);
    }
    plot.add(std::move(state));
    plot.add(std::move(prob));
    return plot.render();
}

std::string systemPlots(const Evaluation &e) {
    LineSeries cpu{"CPU (tree)", {}, {}, "", false, false}, rss{"RSS", {}, {}, "", false, false};
    LineSeries pss{"PSS", {}, {}, "", true, false};
    for (const auto &s : e.system->samples) {
        cpu.x.push_back(s.elapsed_s);
        cpu.y.push_back(s.cpu_percent);
        rss.x.push_back(s.elapsed_s);
        rss.y.push_back(static_cast<double>(s.rss_bytes) / 1048576.0);
        pss.x.push_back(s.elapsed_s);
        pss.y.push_back(s.pss_bytes ? static_cast<double>(*s.pss_bytes) / 1048576.0 : NAN);
    }
    // Sampled by `robometrics run` on its own clock, not the bag's: labelled so.
    const char *elapsed = "time since `robometrics run` started the command [s]";
    // Another clock than the bag's: no anomaly bands, and zoomed apart from the run's charts.
    TimeChart c("CPU use of the process tree (100 % = one core)", elapsed, "CPU [%]", "command");
    c.add(std::move(cpu));
    TimeChart m("Memory of the process tree", elapsed, "memory [MiB]", "command");
    m.add(std::move(rss));
    m.add(std::move(pss));
    return c.render() + m.render();
}

std::string mapSection(const Evaluation &e, const std::string &map_png) {
    const int width = static_cast<int>(e.map->gt.width);
    // Scale small maps up so cells are visible; pixelated rendering keeps them crisp.
    int scale = std::max(1, 640 / std::max(1, width));
    std::string html = fmt::format(
        "<img alt=\"map overlay\" style=\"image-rendering:pixelated;max-width:100%;border:1px solid #ccc\" "
        "width=\"{}\" src=\"data:image/png;base64,{}\">",
        width * scale, map_png);
    // Each colour and its label in one unbreakable box: a line wraps between entries, never
    // between a swatch and its words.
    std::string legend = "<p>";
    for (size_t i = 0; i < slam::kOverlayClasses; ++i) {
        const auto &c = slam::overlayColours()[i];
        legend += fmt::format(
            "<span style=\"display:inline-block;white-space:nowrap;margin:2px 14px 2px 0\">"
            "<span style=\"display:inline-block;width:12px;height:12px;background:rgb({},{},{});"
            "border:1px solid #999;margin-right:4px;vertical-align:middle\"></span>{}</span> ",
            c[0], c[1], c[2], report::escapeXml(slam::overlayLabels()[i]));
    }
    return html + legend + "</p>";
}

std::string costmapSection(const Evaluation &e) {
    const msgs::OccupancyGrid &grid = e.costmap->last;
    report::Image img{static_cast<int>(grid.info.width), static_cast<int>(grid.info.height), 3,
                      terrain::costmapRgb(grid)};
    int scale = std::max(1, 320 / std::max(1, img.width));
    const auto &c = e.costmap->stats;
    return fmt::format(
               "<img alt=\"costmap\" style=\"image-rendering:pixelated;border:1px solid #ccc\" width=\"{}\" "
               "src=\"data:image/png;base64,{}\">",
               img.width * scale, report::base64(report::encodePng(img))) +
           report::htmlTable(
               {"frames", "lethal", "unknown", "free", "costed 1..99", "mean ms/frame", "p95 ms/frame"},
               {{std::to_string(c.frames), fixed(100 * c.share(c.lethal), 1) + " %",
                 fixed(100 * c.share(c.unknown), 1) + " %", fixed(100 * c.share(c.free), 1) + " %",
                 fixed(100 * c.share(c.costed), 1) + " %", fixed(c.meanMs(), 3), fixed(c.percentileMs(0.95), 3)}});
}

/// Why the report draws paths instead of the ATE: no ground truth, or an ATE that could not be
/// computed (a ground truth was there; the note says why, e.g. a straight drive leaves the
/// alignment's rotation undetermined, as in evo).
std::string whyNoAte(const Evaluation &e) {
    constexpr std::string_view kSkipped = "trajectory: ATE skipped: ";
    for (const std::string &note : e.notes) {
        if (note.rfind(kSkipped, 0) == 0) return "The ATE was skipped (" + note.substr(kSkipped.size()) + ")";
    }
    return "No ground truth given (--gt-traj, gt_trajectory.*, or a ground-truth topic or TF frame in the bag)";
}

/// "Checked: collisions on LaserScan /scan; motion on odometry /odom (...); ...".
std::string checkedLine(const Evaluation &e) {
    std::string line;
    for (const CoreCheck &c : e.core_checks) {
        if (c.ran) line += (line.empty() ? "" : "; ") + c.name + " on " + c.basis;
    }
    return line.empty() ? "Checked: none of the core checks could run." : "Checked: " + line + ".";
}

std::string sensorsTable(const Evaluation &e) {
    std::vector<std::vector<std::string>> rows;
    for (const SensorUse &s : e.sensors) rows.push_back({s.topic, s.type, s.used ? "yes" : "no", s.why});
    return report::htmlTable({"topic", "type", "used", "by / why not"}, rows);
}

}  // namespace

std::string renderReport(const Evaluation &e) {
    const std::string map_png = mapOverlayPng(e);
    // The ATE's two plots of every matched pair are the largest part of a long run's report:
    // drawn on a thread of their own beside the other sections (all of them only read `e`).
    std::future<std::string> ate_plots;
    if (e.trajectory) {
        ate_plots = std::async(std::launch::async, [&e, &map_png] { return trajectoryPlot(e, map_png) + errorPlot(e); });
    }
    // The time charts of the sections after it, meanwhile on this thread.
    const std::string traversal_plots = e.traversal ? traversalPlots(e) : std::string();
    const std::string lost_plot = e.lost ? lostPlot(e) : std::string();
    const std::string topic_plot = e.topic_health.empty() ? std::string() : topicPlot(e);
    report::HtmlReport html("robometrics run report");
    html.setSubtitle(
        e.clock.simTime()
            ? fmt::format("{} · {:.1f} s of simulated time ({:.1f} s of wall time)", e.inputs.bag,
                          e.clock.durationSeconds(), e.clock.wallDurationSeconds())
            : fmt::format("{} · {:.1f} s of recorder log time", e.inputs.bag, toSeconds(e.end_time - e.start_time)));
    if (!e.clock.empty()) html.addHeaderLine("Time base: " + e.clock.describe() + ".");
    std::vector<std::string> reasons;
    // An anomaly that informs only (a damaged stretch of the file) is said, but not as a reason
    // for the verdict: an "ok" run lists it as noted.
    for (const auto &a : e.anomalies)
        reasons.push_back((a.informs_only ? "noted, does not affect the verdict: " : "") + a.code + ": " + a.message);
    for (const CoreCheck &c : e.core_checks) {
        if (!c.ran) reasons.push_back("not checked: " + c.name + ": " + c.basis);
    }
    using Level = report::HtmlReport::VerdictLevel;
    html.setVerdict(!e.ok() ? Level::Bad : (e.inconclusive() ? Level::Inconclusive : Level::Ok),
                    !e.ok() ? "potential failure" : (e.inconclusive() ? "inconclusive" : "ok"), reasons);
    html.addHeaderLine(checkedLine(e));
    addHeadlineMetrics(e, html);
    // A multi-robot run (or --robot): each robot's verdict, anomalies and activity.
    if (!e.robots.empty()) {
        html.addSection({"Robots", robotsTable(e),
                         "Each robot judged on its own topics (docs/evaluate.md, Several robots); the run's "
                         "metrics below are the first robot's."});
    }
    if (e.trajectory) {
        html.addSection({"Trajectory", ate_plots.get(),
                         "Estimate: " + e.trajectory->estimate_source +
                             ". Association, alignment and statistics as evo; the error is drawn at the estimate's "
                             "header stamp, mapped onto the run's time axis."});
    } else if (!e.paths.empty()) {
        html.addSection(
            {"Trajectory", pathsPlot(e, map_png),
             whyNoAte(e) +
                 (e.paths_aligned
                      ? ": the estimated paths in the map frame, the odometry brought there through the recorded TF "
                        "map -> odom at each odometry stamp; not evaluated."
                      : ": the estimated paths, one panel per frame (odometry in odom, AMCL and TF in map; the bag "
                        "has no TF map -> odom to join them); not evaluated.")});
    }
    if (e.map) {
        html.addSection({"Map overlay", mapSection(e, map_png), "The estimate's map brought onto the ground-truth grid."});
    }
    if (e.traversal) html.addSection({"Traversal metrics over time", traversal_plots, traversalNote(e)});
    if (e.lost) html.addSection({"Localization (lost detector on " + e.lost->topic + ")", lost_plot, ""});
    if (e.costmap) {
        html.addSection({"Terrain costmap (last frame)", costmapSection(e),
                         "Robot-centric costmap from " + e.costmap->topic +
                             ": white free, red rising cost, black lethal, grey unknown; grid +y up."});
    }
    if (!e.topic_health.empty()) {
        html.addSection({"Topic rates and ages", topic_plot,
                         fmt::format("Rates, gaps and drops on {}. Rate: while the topic publishes (idle stretches "
                                     "left out: a velocity command outside navigation goals, AMCL while the robot does "
                                     "not move or its scan is silent). Drops only for periodic topics.",
                                     e.clock.clockName())});
    }
    if (e.system && !e.system->samples.empty()) {
        html.addSection({"CPU and memory", systemPlots(e),
                         "Sampled by `robometrics run` while the command ran: seconds since it started the "
                         "command, not the bag's log time."});
    }
    // A section of one-column lines, when there are any.
    auto lines = [&html](const char *title, const char *column, const std::vector<std::string> &texts) {
        if (texts.empty()) return;
        std::vector<std::vector<std::string>> rows;
        for (const auto &text : texts) rows.push_back({text});
        html.addSection({title, report::htmlTable({column}, rows), ""});
    };
    if (!e.sensors.empty()) html.addSection({"Sensors", sensorsTable(e), "Every sensor topic of the bag and what read it."});
    lines("Notes", "analysis not run", e.notes);
    lines("Caveats", "result computed with a reservation", e.caveats);
    return html.render();
}

}  // namespace robometrics::evaluate
