#include "robometrics/toolbox/TrajectoryCollection.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <set>

#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/io/TrajectoryWriters.hpp"
#include "robometrics/report/JsonNumber.hpp"
#include "robometrics/slam/ReferenceAlignment.hpp"
#include "robometrics/slam/TrajectoryEdit.hpp"
#include "robometrics/slam/TrajectoryStatistics.hpp"
#include "robometrics/toolbox/BagTrajectoryList.hpp"
#include "robometrics/toolbox/EvoTrajFigures.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/PlotMode.hpp"
#include "robometrics/toolbox/TrajectoryOverlayPlot.hpp"
#include "robometrics/toolbox/TrajectoryValidity.hpp"

namespace robometrics::toolbox {

namespace {

using report::finiteOrNull;

using Print = std::function<void(std::string_view)>;

/// A bag named without a topic: a rosbag2 folder, or a file with a bag's extension.
bool isPlainBag(const std::string &argument) {
    std::error_code ec;
    const std::filesystem::path p(argument);
    if (std::filesystem::is_directory(p, ec)) return true;
    const std::string ext = p.extension().string();
    return std::filesystem::is_regular_file(p, ec) && (ext == ".mcap" || ext == ".db3" || ext == ".bag");
}

/// A name usable as a label and a file stem: the file's stem, or the bag topic / TF chain.
std::string displayName(const std::string &argument) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(argument, ec)) return std::filesystem::path(argument).stem().string();
    auto source = io::parseTrajectorySource(argument, "bag");
    std::string name = !source ? argument
                       : source->kind == io::TrajectorySource::Kind::BagTf
                           ? "tf_" + source->parent + "_" + source->child
                           : source->topic;
    for (char &c : name) {
        if (c == '/' || c == ':' || c == ' ') c = '_';
    }
    while (!name.empty() && name.front() == '_') name.erase(name.begin());
    return name.empty() ? "trajectory" : name;
}

nlohmann::ordered_json statsJson(const NamedTrajectory &t, const slam::TrajectoryStatistics &s) {
    return {{"name", t.name},
            {"poses", s.poses},
            {"length_m", s.length_m},
            {"duration_s", finiteOrNull(s.duration_s)},
            {"mean_speed_mps", finiteOrNull(s.mean_speed_mps)},
            {"max_speed_mps", finiteOrNull(s.max_speed_mps)},
            {"rate_hz", finiteOrNull(s.rate_hz)},
            {"median_period_s", finiteOrNull(s.median_period_s)},
            {"longest_gap_s", finiteOrNull(s.longest_gap_s)},
            {"gaps", s.gaps},
            {"backward_steps", s.backward_steps},
            {"first_stamp_s", finiteOrNull(s.first_stamp_s)},
            {"last_stamp_s", finiteOrNull(s.last_stamp_s)}};
}

std::string statsText(const NamedTrajectory &t, const slam::TrajectoryStatistics &s) {
    std::string text = fmt::format("{}\n  {} poses, {:.3f} m", t.name, s.poses, s.length_m);
    if (std::isfinite(s.duration_s)) {
        text += fmt::format(", {:.3f} s, mean speed {:.3f} m/s, max {:.3f} m/s, {:.2f} Hz\n", s.duration_s,
                            s.mean_speed_mps, s.max_speed_mps, s.rate_hz);
        text += fmt::format("  longest gap {:.4f} s, {} gaps > {}x the median period ({:.4f} s)", s.longest_gap_s,
                            s.gaps, slam::kGapFactor, s.median_period_s);
        if (s.backward_steps > 0) text += fmt::format(", {} stamps not after the previous one", s.backward_steps);
    } else if (!t.trajectory.timestamped) {
        text += " (no stamps)";
    }
    return text + "\n";
}

Result<nlohmann::ordered_json> listBag(const std::string &bag, bool json, const Print &print) {
    auto list = listBagTrajectories(bag);
    if (!list) return list.error();
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    if (!json) print(fmt::format("{}: {} trajectories\n", bag, list->size()));
    for (const auto &t : *list) {
        items.push_back({{"spec", t.spec},
                         {"kind", t.kind},
                         {"name", t.name},
                         {"type", t.type},
                         {"poses", t.poses},
                         {"duration_s", t.duration_s},
                         {"rate_hz", t.rate_hz},
                         {"length_m", t.length_m}});
        if (!json) {
            print(fmt::format("  {:<22} {:<21} {:>7} poses {:>9.2f} s {:>8.2f} Hz {:>9.2f} m   {}\n", t.name, t.kind,
                              t.poses, t.duration_s, t.rate_hz, t.length_m, t.spec));
        }
    }
    return nlohmann::ordered_json{{"bag", bag}, {"trajectories", items}};
}

slam::AlignMode alignMode(const TrajectoryCollectionOptions &o) {
    if (o.align_origin) return slam::AlignMode::Origin;
    if (o.align) return o.correct_scale ? slam::AlignMode::Sim3 : slam::AlignMode::Se3;
    return o.correct_scale ? slam::AlignMode::Scale : slam::AlignMode::None;
}

/// Loads REF (first, when given) and the inputs; names are made unique with a numeric suffix.
Result<std::vector<NamedTrajectory>> loadAll(const TrajectoryCollectionOptions &o,
                                             const std::vector<std::string> &arguments) {
    std::vector<NamedTrajectory> out;
    std::set<std::string> used;
    for (const std::string &argument : arguments) {
        auto t = io::loadTrajectory(argument, o.format, io::TrajectoryLoadOptions{o.tf_lookup_frequency, io::tfLookupAnchor(o.tf_start)});
        if (!t) return t.error();
        std::string name = displayName(argument);
        for (int k = 2; used.count(name) != 0; ++k) name = displayName(argument) + "_" + std::to_string(k);
        used.insert(name);
        out.push_back({name, std::move(*t)});
    }
    return out;
}

Status exportAll(const TrajectoryCollectionOptions &o, const std::vector<NamedTrajectory> &all,
                 std::vector<std::string> &written) {
    const std::pair<bool, io::TrajectoryFormat> formats[] = {{o.save_tum, io::TrajectoryFormat::Tum},
                                                             {o.save_kitti, io::TrajectoryFormat::Kitti},
                                                             {o.save_euroc, io::TrajectoryFormat::Euroc}};
    for (const auto &[wanted, format] : formats) {
        if (!wanted) continue;
        for (const auto &t : all) {
            const std::string path =
                (std::filesystem::path(o.out_dir.empty() ? "." : o.out_dir) / (t.name + "." + io::trajectoryFileExtension(format))).string();
            ROBOMETRICS_TRY(io::writeTrajectoryFile(path, t.trajectory, format));
            written.push_back(path);
        }
    }
    return {};
}

/// Each trajectory related to the reference (all[0]): matched pairs, alignment and scale; null
/// for the reference and without one.
Result<std::vector<nlohmann::ordered_json>> relateAll(const TrajectoryCollectionOptions &o,
                                                      std::vector<NamedTrajectory> &all, std::size_t first) {
    std::vector<nlohmann::ordered_json> relations(all.size());
    slam::ReferenceOptions ro;
    ro.association.t_max_diff = o.t_max_diff;
    ro.align = alignMode(o);
    ro.n_to_align = o.n_to_align;
    // evo_traj aligns the associated trajectory, so an aligned one keeps only its matched poses.
    ro.sync = o.sync || ro.align != slam::AlignMode::None;
    for (std::size_t k = first; first > 0 && k < all.size(); ++k) {
        auto r = slam::relateToReference(all[0].trajectory, all[k].trajectory, ro);
        if (!r) return Error{all[k].name + ": " + r.message()};
        const auto &a = r->alignment;
        relations[k] = {{"matched", r->matched},
                        {"max_pairs", r->max_pairs},
                        {"alignment", slam::alignModeName(ro.align)},
                        {"scale", a.scale},
                        {"translation", {a.translation.x(), a.translation.y(), a.translation.z()}}};
    }
    return relations;
}

/// Loads, edits, relates, describes, exports and plots the trajectories `arguments` name.
Status describeLoaded(const TrajectoryCollectionOptions &o, const std::vector<std::string> &arguments,
                      nlohmann::ordered_json &out, const Print &print) {
    auto loaded = loadAll(o, arguments);
    if (!loaded) return loaded.error();
    std::vector<NamedTrajectory> all = std::move(*loaded);
    const std::optional<std::size_t> ref_index = o.ref.empty() ? std::nullopt : std::optional<std::size_t>(0);
    const std::size_t first = ref_index ? 1 : 0;
    for (std::size_t k = first; k < all.size(); ++k) slam::shiftStamps(all[k].trajectory, o.t_offset);
    if (o.merge) {
        std::vector<slam::Trajectory> parts;
        for (std::size_t k = first; k < all.size(); ++k) parts.push_back(std::move(all[k].trajectory));
        auto merged = slam::mergeTrajectories(parts);
        if (!merged) return merged.error();
        all.resize(first);
        all.push_back({"merged", std::move(*merged)});
    }
    auto relations = relateAll(o, all, first);
    if (!relations) return relations.error();
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < all.size(); ++k) {
        const auto stats = slam::computeTrajectoryStatistics(all[k].trajectory);
        const nlohmann::ordered_json &relation = (*relations)[k];
        auto item = statsJson(all[k], stats);
        if (ref_index && k == 0) item["reference"] = true;
        if (!relation.is_null()) item["to_reference"] = relation;
        std::optional<TrajectoryValidity> validity;
        if (o.full_check) {
            validity = checkTrajectoryValidity(all[k].trajectory);
            item["check"] = {{"valid", validity->valid()},
                             {"non_se3_poses", validity->non_rigid_poses},
                             {"stamps_not_ascending", validity->stamps_not_ascending}};
        }
        items.push_back(item);
        if (o.json) continue;
        print(statsText(all[k], stats));
        if (validity) print(fmt::format("  check: {}\n", validity->summary()));
        if (ref_index && k == 0) print("  (reference)\n");
        if (!relation.is_null()) {
            print(fmt::format("  matched {} of {} poses to the reference, alignment {} (scale {:.9g})\n",
                              relation["matched"].get<std::size_t>(), relation["max_pairs"].get<std::size_t>(),
                              relation["alignment"].get<std::string>(), relation["scale"].get<double>()));
        }
    }
    out["trajectories"] = items;

    std::vector<std::string> written;
    const bool plot_files = o.plot && !o.out_dir.empty();  // -p alone writes nothing (no window)
    if (!o.out_dir.empty() && (o.save_tum || o.save_kitti || o.save_euroc || plot_files)) {
        std::error_code ec;
        std::filesystem::create_directories(o.out_dir, ec);
        if (ec) return Error{o.out_dir + ": cannot create the output directory: " + ec.message()};
    }
    ROBOMETRICS_TRY(exportAll(o, all, written));
    if (o.plot || !o.save_plot.empty()) {
        const std::vector<OverlayPlot> plots = trajectoryOverlayPlots(all, ref_index, plotModeAxes(o.plot_mode), o.plot_mode == "xyz");
        auto files = plot_files ? writeOverlayPlots(o.out_dir, plots, true)
                            : Result<std::vector<std::string>>(std::vector<std::string>{});
        if (!files) return files.error();
        written.insert(written.end(), files->begin(), files->end());
        if (!o.save_plot.empty()) {
            // evo's three figures: PATH_trajectories.png, PATH_xyz.png, PATH_rpy.png.
            auto named = evoTrajFigures(plots);
            if (!named) return named.error();
            auto saved = savePlots(o.save_plot, *named);
            if (!saved) return saved.error();
            written.insert(written.end(), saved->begin(), saved->end());
        }
    }
    out["written"] = written;
    for (const auto &path : written) {
        if (!o.json) print(fmt::format("wrote {}\n", path));
    }
    return Status::Ok();
}

}  // namespace

Result<nlohmann::ordered_json> describeTrajectories(const TrajectoryCollectionOptions &o, const Print &print) {
    // Bags named without a topic are listed; everything else is a trajectory.
    nlohmann::ordered_json listing = nlohmann::ordered_json::array();
    std::vector<std::string> arguments;
    if (!o.ref.empty()) arguments.push_back(o.ref);
    for (const std::string &input : o.inputs) {
        if (!isPlainBag(input)) {
            arguments.push_back(input);
            continue;
        }
        if (o.all_topics) {
            // evo's --all_topics: every pose topic of the bag (TF chains are named one by one).
            auto list = listBagTrajectories(input);
            if (!list) return list.error();
            for (const auto &t : *list) {
                if (t.kind != "tf") arguments.push_back(t.spec);
            }
            continue;
        }
        auto bag = listBag(input, o.json, print);
        if (!bag) return bag.error();
        listing.push_back(std::move(*bag));
    }
    nlohmann::ordered_json out;
    if (!listing.empty()) out["bags"] = listing;
    if (arguments.size() > (o.ref.empty() ? 0u : 1u)) ROBOMETRICS_TRY(describeLoaded(o, arguments, out, print));
    return out;
}

}  // namespace robometrics::toolbox
