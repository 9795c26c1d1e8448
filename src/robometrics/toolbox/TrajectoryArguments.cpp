#include "robometrics/toolbox/TrajectoryArguments.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/toolbox/BagTrajectoryList.hpp"

namespace robometrics::toolbox {

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

/// evo's words for text files (they set the format) and for bags (the words after the bag are
/// topics). `mcap` is evo 1.36's mode for MCAP files; it takes what `bag2` takes.
bool isFileFormatWord(const std::string &word) { return word == "tum" || word == "kitti" || word == "euroc"; }
bool isBagFormatWord(const std::string &word) { return word == "bag" || word == "bag2" || word == "mcap"; }

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

Result<ResolvedTrajectoryArguments> resolveTrajectoryArguments(const TrajectoryArguments &arguments) {
    const std::vector<std::string> &p = arguments.positionals;
    ResolvedTrajectoryArguments out{p.size() > 1 ? p[0] : "", p.size() > 1 ? p[1] : "", arguments.ref_format,
                                    arguments.est_format};
    const std::string evo_format = p.size() > 2 ? p[0] : "";
    if (p.size() == 3 && isFileFormatWord(evo_format)) {
        out.ref = p[1];
        out.est = p[2];
        // evo's euroc: the reference is EuRoC ground truth, the estimate a TUM file.
        if (out.ref_format == "auto") out.ref_format = evo_format;
        if (out.est_format == "auto") out.est_format = evo_format == "euroc" ? "tum" : evo_format;
    } else if (p.size() == 4 && isBagFormatWord(evo_format)) {
        out.ref = bagTopicArgument(p[1], p[2]);
        out.est = bagTopicArgument(p[1], p[3]);
    } else if (p.size() != 2) {
        return Error{
            fmt::format("expected REF EST (or evo's 'tum|kitti|euroc REF EST', 'bag|bag2|mcap BAG REF_TOPIC "
                        "EST_TOPIC'), got {} trajectory arguments",
                        p.size())};
    }
    return out;
}

Result<TrajectoryListArguments> resolveTrajectoryListArguments(const TrajectoryListArguments &typed) {
    const std::vector<std::string> &p = typed.inputs;
    const std::string word = p.empty() ? "" : p[0];
    if (!isFileFormatWord(word) && !isBagFormatWord(word)) return typed;
    if (typed.format != "auto" && typed.format != (isBagFormatWord(word) ? "bag" : word)) {
        return Error{fmt::format("--format {} contradicts evo's format word '{}'", typed.format, word)};
    }
    TrajectoryListArguments out;
    if (isFileFormatWord(word)) {
        // evo_traj euroc reads every file, the reference too, as EuRoC.
        if (p.size() < 2)
            return Error{fmt::format("expected evo's '{} FILE...': no trajectory file after '{}'", word, word)};
        out.inputs.assign(p.begin() + 1, p.end());
        out.ref = typed.ref;
        out.format = word;
        return out;
    }
    // bag BAG [TOPIC...] [--ref TOPIC]: the topics (and the reference) are in that bag; the bag
    // alone is listed, or read whole with --all_topics.
    if (p.size() < 2) return Error{fmt::format("expected evo's '{} BAG TOPIC...': no bag after '{}'", word, word)};
    const std::string &bag = p[1];
    if (p.size() == 2) out.inputs.push_back(bag);
    for (std::size_t k = 2; k < p.size(); ++k) out.inputs.push_back(bagTopicArgument(bag, p[k]));
    if (!typed.ref.empty()) out.ref = bagTopicArgument(bag, typed.ref);
    out.format = "auto";
    return out;
}

Result<std::string> resolveAlignMode(const std::string &align, bool evo_align, bool evo_correct_scale,
                                     bool evo_align_origin) {
    if (evo_align && evo_align_origin) return Error{"-a/--align and --align_origin exclude each other"};
    std::string evo = evo_align           ? (evo_correct_scale ? "sim3" : "se3")
                      : evo_align_origin  ? "origin"
                      : evo_correct_scale ? "scale"
                                          : "";
    if (evo.empty() || align == evo) return evo.empty() ? align : evo;
    if (align != "none")
        return Error{fmt::format("--align {} contradicts evo's flags, which mean --align {}", align, evo)};
    return evo;
}

Result<std::string> bagWithoutTopicMessage(const std::string &argument, const std::string &format) {
    if ((format != "auto" && format != "bag") || !io::looksLikeBag(argument)) return std::string();
    auto list = listBagTrajectories(argument);
    if (!list) return list.error();
    std::string text =
        fmt::format("{} is a bag: name a trajectory in it as BAG:TOPIC or BAG:tf:PARENT:CHILD\n", argument);
    if (list->empty()) {
        text +=
            "  it holds no pose topic (Odometry, PoseStamped, PoseWithCovarianceStamped, Path) and no moving TF "
            "chain";
        return text;
    }
    std::size_t width = 0;
    for (const auto &t : *list) width = std::max(width, t.spec.size());
    text += "  trajectories in it:";
    for (const auto &t : *list) {
        text += fmt::format("\n    {:<{}}  {:<20} {:>7} poses {:>8.1f} s {:>7.1f} Hz {:>9.2f} m", t.spec, width, t.kind,
                            t.poses, t.duration_s, t.rate_hz, t.length_m);
    }
    return text;
}

}  // namespace robometrics::toolbox
