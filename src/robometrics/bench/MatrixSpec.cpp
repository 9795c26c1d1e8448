// Parses the matrix YAML into a MatrixSpec. Every error names the file, the line, the key and
// what was expected, because a matrix is typed by hand and a typo should cost one rerun.

#include "robometrics/bench/MatrixSpec.hpp"

#include <fmt/format.h>
#include <glob.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "robometrics/bench/slurm/SlurmPacking.hpp"
#include "robometrics/core/Text.hpp"
#include "robometrics/io/ContractSpecFile.hpp"

namespace robometrics::bench {
namespace {

/// "matrix.yaml:12: key: message"
Error keyError(const std::string &source, const YAML::Node &node, const std::string &key, const std::string &what) {
    int line = node.Mark().is_null() ? 0 : node.Mark().line + 1;
    if (line > 0) return Error{fmt::format("{}:{}: {}: {}", source, line, key, what)};
    return Error{fmt::format("{}: {}: {}", source, key, what)};
}

Result<std::string> scalarText(const std::string &source, const YAML::Node &node, const std::string &key) {
    if (!node.IsScalar()) return keyError(source, node, key, "expected a single value");
    return node.Scalar();
}

Result<double> number(const std::string &source, const YAML::Node &node, const std::string &key, double min) {
    auto text = scalarText(source, node, key);
    if (!text) return text.error();
    try {
        std::size_t used = 0;
        double v = std::stod(*text, &used);
        if (used == text->size() && std::isfinite(v) && v >= min) return v;
    } catch (const std::exception &) {
    }
    return keyError(source, node, key, fmt::format("expected a number >= {}, got '{}'", min, *text));
}

Result<std::int64_t> integer(const std::string &source, const YAML::Node &node, const std::string &key,
                             std::int64_t min) {
    auto text = scalarText(source, node, key);
    if (!text) return text.error();
    try {
        std::size_t used = 0;
        long long v = std::stoll(*text, &used);
        if (used == text->size() && v >= min) return static_cast<std::int64_t>(v);
    } catch (const std::exception &) {
    }
    return keyError(source, node, key, fmt::format("expected an integer >= {}, got '{}'", min, *text));
}

/// An argv list; each element's line goes into `m.argument_lines` under "key[i]".
Result<std::vector<std::string>> stringList(const std::string &source, const YAML::Node &node, const std::string &key,
                                            MatrixSpec &m) {
    if (!node.IsSequence() || node.size() == 0) {
        return keyError(source, node, key, "expected a non-empty list of strings (an argv, no shell)");
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < node.size(); ++i) {
        const std::string name = fmt::format("{}[{}]", key, i);
        auto text = scalarText(source, node[i], name);
        if (!text) return text.error();
        out.push_back(*text);
        if (!node[i].Mark().is_null()) m.argument_lines[name] = node[i].Mark().line + 1;
    }
    return out;
}

/// The recordings of an axis given as {glob: PATTERN} (files or folders), {list: FILE} (one path
/// per line, # comments) or {paths: [...]}; relative paths from the matrix file's folder (a list
/// file's from its own). Absolute, sorted, each once.
Result<std::vector<std::string>> recordings(const std::string &source, const YAML::Node &node, const std::string &key,
                                            MatrixSpec &m) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path base = fs::absolute(fs::path(source), ec).parent_path();
    auto from = [&](const std::string &p) {
        return (fs::path(p).is_absolute() ? fs::path(p) : base / p).lexically_normal();
    };
    if (!node.IsMap() || node.size() != 1 || !(node["glob"] || node["list"] || node["paths"])) {
        return keyError(source, node, key,
                        "expected a list of values, or recordings as {glob: PATTERN}, {list: FILE} or {paths: [...]}");
    }
    std::vector<std::string> out;
    if (node["paths"]) {
        auto paths = stringList(source, node["paths"], key + ".paths", m);
        if (!paths) return paths.error();
        for (const std::string &p : *paths) out.push_back(from(p).string());
    } else if (node["glob"]) {
        auto pattern = scalarText(source, node["glob"], key + ".glob");
        if (!pattern) return pattern.error();
        glob_t found{};
        const int r = ::glob(from(*pattern).string().c_str(), GLOB_NOSORT, nullptr, &found);
        for (std::size_t i = 0; r == 0 && i < found.gl_pathc; ++i) out.emplace_back(found.gl_pathv[i]);
        globfree(&found);
        if (out.empty()) return keyError(source, node["glob"], key, fmt::format("glob '{}' matches nothing", *pattern));
    } else {
        auto file = scalarText(source, node["list"], key + ".list");
        if (!file) return file.error();
        auto list = readInputFile(from(*file).string());
        if (!list)
            return keyError(source, node["list"], key, fmt::format("cannot read the list file: {}", list.message()));
        const fs::path list_base = from(*file).parent_path();
        std::istringstream lines(*list);
        for (std::string line; std::getline(lines, line);) {
            const std::string path(trimmed(line));
            if (path.empty() || path[0] == '#') continue;
            out.push_back(
                (fs::path(path).is_absolute() ? fs::path(path) : list_base / path).lexically_normal().string());
        }
        if (out.empty()) return keyError(source, node["list"], key, fmt::format("the list file '{}' is empty", *file));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Status parseAxes(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    if (!node.IsMap() || node.size() == 0)
        return keyError(source, node, "axes", "expected a map of axis name -> list of values");
    static const std::set<std::string> reserved{"out", "iteration", "index", "robometrics"};
    for (const auto &entry : node) {
        Axis axis;
        axis.name = entry.first.Scalar();
        std::string key = "axes." + axis.name;
        if (axis.name.empty() || axis.name.find_first_of("{} ") != std::string::npos) {
            return keyError(source, entry.first, key, "axis names may not be empty or hold braces or spaces");
        }
        if (reserved.count(axis.name) != 0) {
            return keyError(source, entry.first, key,
                            "is a reserved substitution name (out, iteration, index, robometrics)");
        }
        if (entry.second.IsMap()) {
            auto paths = recordings(source, entry.second, key, m);
            if (!paths) return paths.error();
            if (!m.recordings_axis.empty()) {
                return keyError(source, entry.second, key,
                                fmt::format("a second axis of recordings (the first is '{}')", m.recordings_axis));
            }
            axis.values = std::move(*paths);
            axis.recordings = true;
            m.recordings_axis = axis.name;
            m.axes.push_back(std::move(axis));
            continue;
        }
        if (!entry.second.IsSequence() || entry.second.size() == 0) {
            return keyError(source, entry.second, key, "expected a non-empty list of values");
        }
        std::set<std::string> seen;
        for (std::size_t i = 0; i < entry.second.size(); ++i) {
            std::string value_key = fmt::format("{}[{}]", key, i);
            auto text = scalarText(source, entry.second[i], value_key);
            if (!text) return text.error();
            if (axis.name == "seed") {
                auto seed = integer(source, entry.second[i], value_key, INT64_MIN);
                if (!seed) return seed.error();
            }
            if (!seen.insert(*text).second) {
                return keyError(source, entry.second[i], value_key, fmt::format("value '{}' appears twice", *text));
            }
            axis.values.push_back(*text);
        }
        m.axes.push_back(std::move(axis));
    }
    return Status::Ok();
}

Status parseRecord(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    YAML::Node mode = node.IsMap() ? node["mode"] : node;
    if (!mode || !mode.IsScalar()) {
        return keyError(source, node, "record", "expected job_writes_bag, rosbag_record or robometrics_live_record");
    }
    const std::string &name = mode.Scalar();
    if (name == "job_writes_bag") {
        m.record = RecordMode::JobWritesBag;
    } else if (name == "rosbag_record") {
        m.record = RecordMode::RosbagRecord;
        if (!node.IsMap() || !node["command"]) {
            return keyError(source, node, "record",
                            "rosbag_record needs 'command: [ros2, bag, record, -o, \"{out}/bag\", ...]'");
        }
    } else if (name == "robometrics_live_record") {
        m.record = RecordMode::LiveRecord;
        m.record_command = {"{robometrics}", "live", "record", "-o", "{out}/live.mcap"};
    } else {
        return keyError(
            source, mode, "record",
            fmt::format("unknown mode '{}' (expected job_writes_bag, rosbag_record or robometrics_live_record)", name));
    }
    if (node.IsMap() && node["command"]) {
        auto argv = stringList(source, node["command"], "record.command", m);
        if (!argv) return argv.error();
        m.record_command = *argv;
    }
    return Status::Ok();
}

Status parseStop(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    if (node.IsScalar() && node.Scalar() == "command_exits") {
        m.stop = StopMode::CommandExits;
        return Status::Ok();
    }
    if (node.IsMap() && node["duration_s"]) {
        auto d = number(source, node["duration_s"], "stop.duration_s", 0);
        if (!d) return d.error();
        m.stop = StopMode::Duration;
        m.stop_duration_s = *d;
        return Status::Ok();
    }
    if (node.IsMap() && node["topic"]) {
        return keyError(source, node["topic"], "stop.topic",
                        "stopping on a topic message needs a live DDS subscription and is not implemented; use "
                        "duration_s or command_exits");
    }
    return keyError(source, node, "stop", "expected command_exits, {duration_s: S} or {topic: /name}");
}

Status parseResources(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    if (!node.IsMap()) return keyError(source, node, "resources", "expected a map with cpus, mem_mb, time_limit");
    for (const auto &entry : node) {
        std::string key = "resources." + entry.first.Scalar();
        if (entry.first.Scalar() == "cpus") {
            auto v = integer(source, entry.second, key, 1);
            if (!v) return v.error();
            m.resources.cpus = static_cast<int>(*v);
        } else if (entry.first.Scalar() == "mem_mb") {
            auto v = integer(source, entry.second, key, 0);
            if (!v) return v.error();
            m.resources.mem_mb = static_cast<int>(*v);
        } else if (entry.first.Scalar() == "time_limit") {
            auto v = scalarText(source, entry.second, key);
            if (!v) return v.error();
            if (!taskTimeLimit(*v, 1)) {
                return keyError(source, entry.second, key,
                                "expected a Slurm time: MM, MM:SS, HH:MM:SS, D-HH:MM:SS or UNLIMITED");
            }
            m.resources.time_limit = *v;
        } else {
            return keyError(source, entry.first, key, "unknown key (expected cpus, mem_mb, time_limit)");
        }
    }
    return Status::Ok();
}

Status parseEvaluate(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    if (!node.IsMap()) return keyError(source, node, "evaluate", "expected a map with gt_traj, gt_map, params, extra");
    for (const auto &entry : node) {
        const std::string &name = entry.first.Scalar();
        std::string key = "evaluate." + name;
        if (name == "extra") {
            auto list = stringList(source, entry.second, key, m);
            if (!list) return list.error();
            m.evaluate.extra = *list;
            continue;
        }
        auto v = scalarText(source, entry.second, key);
        if (!v) return v.error();
        if (name == "gt_traj") {
            m.evaluate.gt_traj = *v;
        } else if (name == "gt_map") {
            m.evaluate.gt_map = *v;
        } else if (name == "params") {
            m.evaluate.params = *v;
        } else {
            return keyError(source, entry.first, key, "unknown key (expected gt_traj, gt_map, params, extra)");
        }
    }
    return Status::Ok();
}

/// `check: spec.yaml`, relative to the matrix file's folder; read and judged now, so a bad spec
/// is refused before any job runs. The stored matrix holds {path, spec}: the text as read then.
Status parseCheck(const std::string &source, const YAML::Node &node, MatrixSpec &m) {
    CheckSpec check;
    if (node.IsMap() && node["path"] && node["spec"]) {
        check.path = node["path"].Scalar();
        check.text = node["spec"].Scalar();
    } else {
        auto given = scalarText(source, node, "check");
        if (!given) return keyError(source, node, "check", "expected the path of a spec file (docs/check.md)");
        std::filesystem::path path(*given);
        if (path.is_relative()) path = std::filesystem::path(source).parent_path() / path;
        check.path = path.lexically_normal().string();
        auto text = readInputFile(check.path);
        if (!text) return keyError(source, node, "check", text.message());
        check.text = std::move(*text);
    }
    auto contract = io::parseContractSpec(check.text, check.path);
    if (!contract) {
        return Error{fmt::format("{} (the spec of check: in {}:{})", contract.message(), source,
                                 node.Mark().is_null() ? 0 : node.Mark().line + 1)};
    }
    check.contract = std::move(*contract);
    m.check = std::move(check);
    return Status::Ok();
}

Status parseTopLevel(const std::string &source, const YAML::Node &root, MatrixSpec &m) {
    for (const auto &entry : root) {
        const std::string &key = entry.first.Scalar();
        const YAML::Node &value = entry.second;
        if (key == "axes") {
            ROBOMETRICS_TRY(parseAxes(source, value, m));
        } else if (key == "iterations") {
            auto v = integer(source, value, key, 1);
            if (!v) return v.error();
            if (*v > 1000000) return keyError(source, value, key, "more than 1000000 iterations");
            m.iterations = static_cast<int>(*v);
        } else if (key == "base_seed") {
            auto v = integer(source, value, key, 0);
            if (!v) return v.error();
            m.base_seed = *v;
        } else if (key == "command") {
            auto v = stringList(source, value, key, m);
            if (!v) return v.error();
            m.command = *v;
        } else if (key == "record") {
            ROBOMETRICS_TRY(parseRecord(source, value, m));
        } else if (key == "stop") {
            ROBOMETRICS_TRY(parseStop(source, value, m));
        } else if (key == "timeout_s" || key == "grace_s" || key == "sample_hz") {
            auto v = number(source, value, key, 0);
            if (!v) return v.error();
            if (key == "sample_hz" && *v <= 0) return keyError(source, value, key, "must be positive");
            (key == "timeout_s" ? m.timeout_s : key == "grace_s" ? m.grace_s : m.sample_hz) = *v;
        } else if (key == "retries") {
            auto v = integer(source, value, key, 0);
            if (!v) return v.error();
            if (*v > 100) return keyError(source, value, key, "more than 100 retries");
            m.retries = static_cast<int>(*v);
        } else if (key == "resources") {
            ROBOMETRICS_TRY(parseResources(source, value, m));
        } else if (key == "evaluate") {
            ROBOMETRICS_TRY(parseEvaluate(source, value, m));
        } else if (key == "check") {
            ROBOMETRICS_TRY(parseCheck(source, value, m));
        } else {
            return keyError(source, entry.first, key,
                            "unknown key (expected axes, iterations, base_seed, command, record, stop, timeout_s, "
                            "grace_s, sample_hz, retries, resources, evaluate, check)");
        }
    }
    return Status::Ok();
}

}  // namespace

Result<MatrixSpec> parseMatrix(const std::string &text, const std::string &source) {
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return Error{fmt::format("{}:{}: invalid YAML: {}", source, e.mark.line + 1, e.msg)};
    }
    if (!root.IsMap()) return Error{source + ": expected a map at the top level (axes, iterations, command, ...)"};
    MatrixSpec m;
    m.source = source;
    m.yaml = text;
    try {
        ROBOMETRICS_TRY(parseTopLevel(source, root, m));
    } catch (const YAML::Exception &e) {
        return Error{fmt::format("{}:{}: {}", source, e.mark.line + 1, e.msg)};
    }
    if (m.command.empty() && m.recordings_axis.empty()) {
        return Error{
            source +
            ": command: missing (the job's argv, e.g. [\"{robometrics}\", simulate, ...]; only a matrix with an "
            "axis of recordings, {glob: ...} or {list: ...}, may have none: it evaluates them)"};
    }
    if (m.command.empty() && m.iterations != 1) {
        return Error{source + ": iterations: an evaluate-only matrix (no command) evaluates each recording once"};
    }
    if (!m.recordings_axis.empty()) {
        // The stored matrix holds the expanded list, so every worker (and --resume) sees the
        // same jobs even if files matching the glob come or go later.
        YAML::Node resolved;
        resolved["paths"] =
            std::find_if(m.axes.begin(), m.axes.end(), [](const Axis &a) { return a.recordings; })->values;
        root["axes"][m.recordings_axis] = resolved;
    }
    if (m.check) {
        // The spec's text goes into the stored matrix (and so into its hash): every worker judges
        // the same rules, and --resume after the spec was edited is refused like any other change.
        YAML::Node stored;
        stored["path"] = std::filesystem::absolute(m.check->path).lexically_normal().string();
        stored["spec"] = m.check->text;
        root["check"] = stored;
    }
    if (!m.recordings_axis.empty() || m.check) m.yaml = YAML::Dump(root) + "\n";
    if (m.stop == StopMode::Duration && m.timeout_s > 0 && m.timeout_s < m.stop_duration_s) {
        return Error{fmt::format("{}: timeout_s ({}) is shorter than stop.duration_s ({})", source, m.timeout_s,
                                 m.stop_duration_s)};
    }
    // Expanding once with placeholder paths finds unknown {names} now, not at the first job.
    auto probe = expandMatrix(m, ExpandContext{"OUT", "robometrics"});
    if (!probe) return probe.error();
    return m;
}

Result<MatrixSpec> loadMatrix(const std::string &path) {
    auto text = readInputFile(path);
    if (!text) return text.error();
    return parseMatrix(*text, path);
}

std::string MatrixSpec::hash() const {
    // The YAML as re-emitted from its parse: comments and layout do not change the matrix.
    std::string canonical;
    try {
        canonical = YAML::Dump(YAML::Load(yaml));
    } catch (const YAML::Exception &) {
        canonical = yaml;
    }
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, 64 bit
    for (unsigned char c : canonical) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return fmt::format("{:016x}", h);
}

}  // namespace robometrics::bench
