#include "TrajectoryArguments.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "robometrics/io/BagTrajectoryList.hpp"

namespace robometrics::app {

namespace {

const std::set<std::string> kAlignModes = {"none", "origin", "se3", "sim3", "scale", "posyaw"};

/// Our `--align MODE` takes a word that is neither an option, a path nor a bag argument; evo's
/// `--align` is a flag, so what follows it is anything else (an option or a trajectory).
bool takesAlignMode(const std::vector<std::string> &args, std::size_t i) {
    if (i + 1 >= args.size()) return false;
    const std::string &next = args[i + 1];
    if (kAlignModes.count(next)) return true;
    std::error_code ec;
    return !next.empty() && next[0] != '-' && next.find(':') == std::string::npos && !std::filesystem::exists(next, ec);
}

/// evo's single-letter flags that a user may combine: -a(lign) -s(cale) -v(erbose) -p(lot).
bool isCombinedEvoFlags(const std::string &arg) {
    return arg.size() > 2 && arg[0] == '-' && arg.find_first_not_of("asvp", 1) == std::string::npos;
}

/// evo names a TF chain in a bag `/tf:PARENT.CHILD`; ours is `tf:PARENT:CHILD`.
std::string bagTopicArgument(const std::string &bag, const std::string &topic) {
    const std::string evo_tf = "/tf:";
    if (topic.rfind(evo_tf, 0) == 0) {
        const std::string frames = topic.substr(evo_tf.size());
        if (auto dot = frames.find('.'); dot != std::string::npos)
            return bag + ":tf:" + frames.substr(0, dot) + ":" + frames.substr(dot + 1);
    }
    return bag + ":" + topic;
}

int usage(const std::string &command, const std::string &message) {
    fmt::print(stderr, "robometrics {}: error: {}\n", command, message);
    return 2;
}

/// `robometrics ape REF BAG`: what the bag holds, instead of reading it as a text file.
int listBag(const std::string &command, const std::string &bag) {
    auto list = io::listBagTrajectories(bag);
    if (!list) return fail(command, list.error());
    std::string text =
        fmt::format("robometrics {}: error: {} is a bag: name a trajectory in it as BAG:TOPIC or BAG:tf:PARENT:CHILD\n",
                    command, bag);
    if (list->empty()) {
        text +=
            "  it holds no pose topic (Odometry, PoseStamped, PoseWithCovarianceStamped, Path) and no moving TF "
            "chain\n";
    } else {
        std::size_t width = 0;
        for (const auto &t : *list) width = std::max(width, t.spec.size());
        text += "  trajectories in it:\n";
        for (const auto &t : *list) {
            text += fmt::format("    {:<{}}  {:<20} {:>7} poses {:>8.1f} s {:>7.1f} Hz {:>9.2f} m\n", t.spec, width,
                                t.kind, t.poses, t.duration_s, t.rate_hz, t.length_m);
        }
    }
    fmt::print(stderr, "{}", text);
    return 2;
}

}  // namespace

std::vector<std::string> rewriteEvoArguments(std::vector<std::string> args) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--") {  // the rest is positional
            out.insert(out.end(), args.begin() + static_cast<long>(i), args.end());
            break;
        }
        if (arg == "-a" || (arg == "--align" && !takesAlignMode(args, i))) {
            out.push_back("--evo-align");
        } else if (isCombinedEvoFlags(arg)) {
            for (char c : arg.substr(1)) out.push_back(c == 'a' ? "--evo-align" : std::string("-") + c);
        } else {
            out.push_back(arg);
        }
    }
    return out;
}

int resolveTrajectoryArguments(const std::string &command, TrajectoryOptions &o) {
    std::vector<std::string> positionals{o.ref, o.est};
    positionals.insert(positionals.end(), o.more_positionals.begin(), o.more_positionals.end());
    const std::string evo_format = positionals.size() > 2 ? positionals[0] : "";
    if (positionals.size() == 3 && (evo_format == "tum" || evo_format == "kitti" || evo_format == "euroc")) {
        o.ref = positionals[1];
        o.est = positionals[2];
        // evo's euroc: the reference is EuRoC ground truth, the estimate a TUM file.
        if (o.ref_format == "auto") o.ref_format = evo_format;
        if (o.est_format == "auto") o.est_format = evo_format == "euroc" ? "tum" : evo_format;
    } else if (positionals.size() == 4 && (evo_format == "bag" || evo_format == "bag2")) {
        o.ref = bagTopicArgument(positionals[1], positionals[2]);
        o.est = bagTopicArgument(positionals[1], positionals[3]);
    } else if (positionals.size() != 2) {
        return usage(command, fmt::format("expected REF EST (or evo's 'tum|kitti|euroc REF EST', 'bag|bag2 BAG "
                                          "REF_TOPIC EST_TOPIC'), got {} trajectory arguments",
                                          positionals.size()));
    }
    for (const std::string *argument : {&o.ref, &o.est}) {
        const std::string &format = argument == &o.ref ? o.ref_format : o.est_format;
        if ((format == "auto" || format == "bag") && io::looksLikeBag(*argument)) return listBag(command, *argument);
    }

    // evo's alignment flags, as evo combines them: -a SE(3), -a -s Sim(3), -s alone scale only.
    std::string evo_align;
    if (o.evo_align && o.evo_align_origin) return usage(command, "-a/--align and --align_origin exclude each other");
    if (o.evo_align)
        evo_align = o.evo_correct_scale ? "sim3" : "se3";
    else if (o.evo_align_origin)
        evo_align = "origin";
    else if (o.evo_correct_scale)
        evo_align = "scale";
    if (!evo_align.empty()) {
        if (o.align != "none" && o.align != evo_align) {
            return usage(command,
                         fmt::format("--align {} contradicts evo's flags, which mean --align {}", o.align, evo_align));
        }
        o.align = evo_align;
    }
    if (o.relation == "trans_part") o.relation = "trans";
    return 0;
}

}  // namespace robometrics::app
