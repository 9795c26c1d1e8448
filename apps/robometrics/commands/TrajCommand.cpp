// robometrics traj INPUT... [--ref REF] [-a] [-s] [--align_origin] [--n_to_align N] [--sync] [--t_offset S]
//                 [--merge] [--save_as_tum|--save_as_kitti|--save_as_euroc] [-p] [-o DIR] [--json]
// evo_traj: statistics, export, alignment to a reference and plots of several trajectories; a bag
// given alone lists the trajectories it holds. Parses, calls the library and prints.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/BagTrajectoryList.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/io/TrajectoryOverlayPlot.hpp"
#include "robometrics/io/TrajectoryWriters.hpp"
#include "robometrics/slam/ReferenceAlignment.hpp"
#include "robometrics/slam/TrajectoryEdit.hpp"
#include "robometrics/slam/TrajectoryStatistics.hpp"

namespace robometrics::app {
namespace {

struct TrajOptions {
    std::vector<std::string> inputs;
    std::string ref;
    std::string format = "auto";
    bool align = false, correct_scale = false, align_origin = false;
    std::size_t n_to_align = 0;
    double t_max_diff = 0.01, t_offset = 0.0;
    bool sync = false, merge = false;
    bool save_tum = false, save_kitti = false, save_euroc = false;
    bool plot = false, json = false;
    std::string out_dir = ".";
};

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
    auto spec = io::parseBagTrajectorySpec(argument);
    std::string name = !spec ? argument : spec->isTf() ? "tf_" + spec->parent + "_" + spec->child : spec->topic;
    for (char &c : name) {
        if (c == '/' || c == ':' || c == ' ') c = '_';
    }
    while (!name.empty() && name.front() == '_') name.erase(name.begin());
    return name.empty() ? "trajectory" : name;
}

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

nlohmann::ordered_json statsJson(const io::NamedTrajectory &t, const slam::TrajectoryStatistics &s) {
    return {{"name", t.name},
            {"poses", s.poses},
            {"length_m", s.length_m},
            {"duration_s", number(s.duration_s)},
            {"mean_speed_mps", number(s.mean_speed_mps)},
            {"max_speed_mps", number(s.max_speed_mps)},
            {"rate_hz", number(s.rate_hz)},
            {"median_period_s", number(s.median_period_s)},
            {"longest_gap_s", number(s.longest_gap_s)},
            {"gaps", s.gaps},
            {"backward_steps", s.backward_steps},
            {"first_stamp_s", number(s.first_stamp_s)},
            {"last_stamp_s", number(s.last_stamp_s)}};
}

void printStats(const io::NamedTrajectory &t, const slam::TrajectoryStatistics &s) {
    fmt::print("{}\n  {} poses, {:.3f} m", t.name, s.poses, s.length_m);
    if (std::isfinite(s.duration_s)) {
        fmt::print(", {:.3f} s, mean speed {:.3f} m/s, max {:.3f} m/s, {:.2f} Hz\n", s.duration_s, s.mean_speed_mps,
                   s.max_speed_mps, s.rate_hz);
        fmt::print("  longest gap {:.4f} s, {} gaps > {}x the median period ({:.4f} s)", s.longest_gap_s, s.gaps,
                   slam::kGapFactor, s.median_period_s);
        if (s.backward_steps > 0) fmt::print(", {} stamps not after the previous one", s.backward_steps);
    } else if (!t.trajectory.timestamped) {
        fmt::print(" (no stamps)");
    }
    fmt::print("\n");
}

int listBag(const std::string &bag, bool json, nlohmann::ordered_json &listing) {
    auto list = io::listBagTrajectories(bag);
    if (!list) return fail("traj", list.error());
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    if (!json) fmt::print("{}: {} trajectories\n", bag, list->size());
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
            fmt::print("  {:<22} {:<21} {:>7} poses {:>9.2f} s {:>8.2f} Hz {:>9.2f} m   {}\n", t.name, t.kind, t.poses,
                       t.duration_s, t.rate_hz, t.length_m, t.spec);
        }
    }
    listing.push_back({{"bag", bag}, {"trajectories", items}});
    return 0;
}

slam::AlignMode alignMode(const TrajOptions &o) {
    if (o.align_origin) return slam::AlignMode::Origin;
    if (o.align) return o.correct_scale ? slam::AlignMode::Sim3 : slam::AlignMode::Se3;
    return o.correct_scale ? slam::AlignMode::Scale : slam::AlignMode::None;
}

/// Loads REF (first, when given) and the inputs; names are made unique with a numeric suffix.
Result<std::vector<io::NamedTrajectory>> loadAll(const TrajOptions &o, const std::vector<std::string> &arguments) {
    std::vector<io::NamedTrajectory> out;
    std::set<std::string> used;
    for (const std::string &argument : arguments) {
        auto t = io::loadTrajectory(argument, o.format);
        if (!t) return t.error();
        std::string name = displayName(argument);
        for (int k = 2; used.count(name) != 0; ++k) name = displayName(argument) + "_" + std::to_string(k);
        used.insert(name);
        out.push_back({name, std::move(*t)});
    }
    return out;
}

Status exportAll(const TrajOptions &o, const std::vector<io::NamedTrajectory> &all, std::vector<std::string> &written) {
    const std::pair<bool, io::TrajectoryFormat> formats[] = {{o.save_tum, io::TrajectoryFormat::Tum},
                                                             {o.save_kitti, io::TrajectoryFormat::Kitti},
                                                             {o.save_euroc, io::TrajectoryFormat::Euroc}};
    for (const auto &[wanted, format] : formats) {
        if (!wanted) continue;
        for (const auto &t : all) {
            const std::string path =
                (std::filesystem::path(o.out_dir) / (t.name + "." + io::trajectoryFileExtension(format))).string();
            ROBOMETRICS_TRY(io::writeTrajectoryFile(path, t.trajectory, format));
            written.push_back(path);
        }
    }
    return {};
}

int run(const TrajOptions &o) {
    // Bags named without a topic are listed; everything else is a trajectory.
    nlohmann::ordered_json listing = nlohmann::ordered_json::array();
    std::vector<std::string> arguments;
    if (!o.ref.empty()) arguments.push_back(o.ref);
    for (const std::string &input : o.inputs) {
        if (isPlainBag(input)) {
            if (int code = listBag(input, o.json, listing)) return code;
        } else {
            arguments.push_back(input);
        }
    }
    nlohmann::ordered_json out;
    if (!listing.empty()) out["bags"] = listing;
    if (arguments.size() > (o.ref.empty() ? 0u : 1u)) {
        auto loaded = loadAll(o, arguments);
        if (!loaded) return fail("traj", loaded.error());
        std::vector<io::NamedTrajectory> all = std::move(*loaded);
        const std::optional<std::size_t> ref_index = o.ref.empty() ? std::nullopt : std::optional<std::size_t>(0);
        const std::size_t first = ref_index ? 1 : 0;
        for (std::size_t k = first; k < all.size(); ++k) slam::shiftStamps(all[k].trajectory, o.t_offset);
        if (o.merge) {
            std::vector<slam::Trajectory> parts;
            for (std::size_t k = first; k < all.size(); ++k) parts.push_back(std::move(all[k].trajectory));
            auto merged = slam::mergeTrajectories(parts);
            if (!merged) return fail("traj", merged.error());
            all.resize(first);
            all.push_back({"merged", std::move(*merged)});
        }
        nlohmann::ordered_json items = nlohmann::ordered_json::array();
        std::vector<nlohmann::ordered_json> relations(all.size());
        if (ref_index) {
            slam::ReferenceOptions ro;
            ro.association.t_max_diff = o.t_max_diff;
            ro.align = alignMode(o);
            ro.n_to_align = o.n_to_align;
            ro.sync = o.sync;
            for (std::size_t k = first; k < all.size(); ++k) {
                auto r = slam::relateToReference(all[0].trajectory, all[k].trajectory, ro);
                if (!r) return fail("traj", all[k].name + ": " + r.message());
                const auto &a = r->alignment;
                relations[k] = {{"matched", r->matched},
                                {"max_pairs", r->max_pairs},
                                {"alignment", slam::alignModeName(ro.align)},
                                {"scale", a.scale},
                                {"translation", {a.translation.x(), a.translation.y(), a.translation.z()}}};
            }
        }
        for (std::size_t k = 0; k < all.size(); ++k) {
            const auto stats = slam::computeTrajectoryStatistics(all[k].trajectory);
            auto item = statsJson(all[k], stats);
            if (ref_index && k == 0) item["reference"] = true;
            if (!relations[k].is_null()) item["to_reference"] = relations[k];
            items.push_back(item);
            if (!o.json) {
                printStats(all[k], stats);
                if (ref_index && k == 0) fmt::print("  (reference)\n");
                if (!relations[k].is_null()) {
                    fmt::print("  matched {} of {} poses to the reference, alignment {} (scale {:.9g})\n",
                               relations[k]["matched"].get<std::size_t>(), relations[k]["max_pairs"].get<std::size_t>(),
                               relations[k]["alignment"].get<std::string>(), relations[k]["scale"].get<double>());
                }
            }
        }
        out["trajectories"] = items;

        std::vector<std::string> written;
        if (o.save_tum || o.save_kitti || o.save_euroc || o.plot) {
            std::error_code ec;
            std::filesystem::create_directories(o.out_dir, ec);
            if (ec) return fail("traj", o.out_dir + ": cannot create the output directory: " + ec.message());
        }
        if (Status s = exportAll(o, all, written); !s.ok()) return fail("traj", s.error());
        if (o.plot) {
            auto plots = io::writeOverlayPlots(o.out_dir, io::trajectoryOverlayPlots(all, ref_index), true);
            if (!plots) return fail("traj", plots.error());
            written.insert(written.end(), plots->begin(), plots->end());
        }
        out["written"] = written;
        if (!o.json) {
            for (const auto &path : written) fmt::print("wrote {}\n", path);
        }
    }
    if (o.json) fmt::print("{}\n", out.dump(2));
    return 0;
}

RunFn setupTraj(CLI::App &cmd) {
    auto o = std::make_shared<TrajOptions>();
    cmd.add_option("INPUT", o->inputs,
                   "Trajectories: TUM/KITTI/EuRoC files, BAG:TOPIC, BAG:tf:PARENT:CHILD; a bag alone lists its "
                   "trajectories")
        ->required();
    auto *ref = cmd.add_option("--ref", o->ref, "Reference trajectory (same forms): the others are compared to it");
    cmd.add_option("--format", o->format, "Format of the inputs (default: detected)")
        ->check(CLI::IsMember({"auto", "tum", "kitti", "euroc", "bag"}));
    auto *align = cmd.add_flag("-a,--align", o->align, "Align each trajectory to the reference (SE(3) Umeyama)");
    auto *scale = cmd.add_flag("-s,--correct_scale", o->correct_scale, "Correct the scale (with -a: Sim(3))");
    auto *origin = cmd.add_flag("--align_origin,--align-origin", o->align_origin,
                                "Align the first poses (full SE(3) of the first pose)");
    auto *n_to_align =
        cmd.add_option("--n_to_align,--n-to-align", o->n_to_align, "Align on the first N associated poses only")
            ->check(CLI::PositiveNumber);
    auto *sync = cmd.add_flag("--sync", o->sync, "Keep only the poses associated with the reference");
    for (CLI::Option *needs_ref : {align, scale, origin, n_to_align, sync}) needs_ref->needs(ref);
    origin->excludes(align);
    cmd.add_option("--t_max_diff,--t-max-diff", o->t_max_diff, "Largest stamp difference of an association [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t_offset,--t-offset", o->t_offset, "Added to the stamps of every input but the reference [s]")
        ->capture_default_str();
    cmd.add_flag("--merge", o->merge, "Concatenate the inputs (not the reference) into one trajectory, by stamp");
    cmd.add_flag("--save_as_tum,--save-as-tum", o->save_tum, "Write each trajectory as DIR/NAME.tum");
    cmd.add_flag("--save_as_kitti,--save-as-kitti", o->save_kitti, "Write each trajectory as DIR/NAME.kitti");
    cmd.add_flag("--save_as_euroc,--save-as-euroc", o->save_euroc, "Write each trajectory as DIR/NAME.csv (EuRoC)");
    cmd.add_flag("-p,--plot", o->plot, "Write the plots (traj_*.svg and .png) to DIR");
    cmd.add_option("-o,--output", o->out_dir, "Folder of the exported files and plots")->capture_default_str();
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    return [o]() { return run(*o); };
}

const RegisterCommand registration("traj", "Statistics, export, alignment and plots of trajectories (evo_traj)",
                                   setupTraj, 42);

}  // namespace
}  // namespace robometrics::app
