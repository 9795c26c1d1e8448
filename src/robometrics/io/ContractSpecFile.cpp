#include "robometrics/io/ContractSpecFile.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "robometrics/core/Text.hpp"

namespace robometrics::io {

namespace {

using topicstats::Limit;
using topicstats::Severity;
using topicstats::TopicContract;

const std::vector<std::string> kRootKeys = {"topics", "run"};
const std::vector<std::string> kTopicKeys = {
    "type",          "required",     "rate_hz", "tolerance", "min_hz",   "max_hz",          "max_gap_s",
    "max_latency_s", "min_messages", "qos",     "frame_id",  "severity", "min_valid_share", "forbid_sensor_silent"};
const std::vector<std::string> kQosKeys = {"reliability", "durability"};
const std::vector<std::string> kLongFormKeys = {"value", "severity"};

/// A mistake in the spec, thrown inside the parser only and returned as an Error.
struct SpecProblem {
    std::string message;
};

int lineOf(const YAML::Node &node) { return node.Mark().is_null() ? 0 : node.Mark().line + 1; }

class SpecParser {
public:
    explicit SpecParser(std::string path) : path_(std::move(path)) {}

    [[noreturn]] void fail(const YAML::Node &at, const std::string &key, const std::string &what) const {
        throw SpecProblem{fmt::format("{}:{}: {}: {}", path_, lineOf(at), key, what)};
    }

    /// Refuses a key outside `known`, naming the nearest known one, and a key given twice (YAML
    /// forbids it, but a parser keeps one of the two silently: a limit edited lower down would not count).
    void checkKeys(const YAML::Node &map, const std::vector<std::string> &known, const std::string &where) const {
        std::map<std::string, int> seen;  // key -> its line
        for (const auto &entry : map) {
            const std::string key = entry.first.Scalar();
            const std::string name = where.empty() ? key : where + "." + key;
            if (std::find(known.begin(), known.end(), key) != known.end()) {
                const auto [first, inserted] = seen.emplace(key, lineOf(entry.first));
                if (!inserted) fail(entry.first, name, fmt::format("listed twice (first on line {})", first->second));
                continue;
            }
            if (auto near = nearestName(key, known))
                fail(entry.first, name, fmt::format("unknown key; did you mean '{}'?", *near));
            fail(entry.first, name, fmt::format("unknown key; known: {}", fmt::join(known, ", ")));
        }
    }

    Severity severity(const YAML::Node &node, const std::string &key) const {
        if (node.IsScalar() && node.Scalar() == "error") return Severity::Error;
        if (node.IsScalar() && node.Scalar() == "warning") return Severity::Warning;
        fail(node, key, fmt::format("expected error or warning, got {}", shown(node)));
    }

    static std::string shown(const YAML::Node &node) {
        if (node.IsScalar()) return "'" + node.Scalar() + "'";
        return node.IsSequence() ? "a list" : node.IsMap() ? "a mapping" : "nothing";
    }

    /// A rule's value: a scalar, or {value: X, severity: warning}. Returns the value's node.
    template <class T>
    YAML::Node limitNode(const YAML::Node &node, const std::string &key, Limit<T> &limit, Severity fallback) const {
        limit.severity = fallback;
        limit.line = lineOf(node);
        if (!node.IsMap()) return node;
        checkKeys(node, kLongFormKeys, key);
        if (!node["value"]) fail(node, key, "the long form needs 'value' (and may say 'severity')");
        if (node["severity"]) limit.severity = severity(node["severity"], key + ".severity");
        return node["value"];
    }

    double number(const YAML::Node &node, const std::string &key) const {
        if (!node.IsScalar()) fail(node, key, fmt::format("expected a number, got {}", shown(node)));
        double v = 0;
        try {
            v = node.as<double>();
        } catch (const YAML::Exception &) {
            fail(node, key, fmt::format("expected a number, got {}", shown(node)));
        }
        if (!std::isfinite(v)) fail(node, key, fmt::format("expected a finite number, got {}", shown(node)));
        return v;
    }

    Limit<double> positive(const YAML::Node &node, const std::string &key, Severity fallback, bool zero_ok) const {
        Limit<double> limit;
        const YAML::Node value = limitNode(node, key, limit, fallback);
        limit.value = number(value, key);
        if (limit.value < 0 || (!zero_ok && limit.value == 0))
            fail(value, key, fmt::format("must be {} 0, got {}", zero_ok ? "at least" : "above", shown(value)));
        return limit;
    }

    Limit<std::string> text(const YAML::Node &node, const std::string &key, Severity fallback,
                            const std::vector<std::string> &allowed = {}) const {
        Limit<std::string> limit;
        const YAML::Node value = limitNode(node, key, limit, fallback);
        if (!value.IsScalar() || value.Scalar().empty())
            fail(value, key, fmt::format("expected a name, got {}", shown(value)));
        limit.value = value.Scalar();
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), limit.value) == allowed.end())
            fail(value, key, fmt::format("expected {}, got {}", fmt::join(allowed, " or "), shown(value)));
        return limit;
    }

    Limit<bool> boolean(const YAML::Node &node, const std::string &key, Severity fallback) const {
        Limit<bool> limit;
        const YAML::Node value = limitNode(node, key, limit, fallback);
        bool b = false;
        if (!value.IsScalar() || !YAML::convert<bool>::decode(value, b))
            fail(value, key, fmt::format("expected true or false, got {}", shown(value)));
        limit.value = b;
        return limit;
    }

    /// "pkg/Type" as the bags spell it: "pkg/msg/Type".
    static std::string normalisedType(const std::string &type) {
        const auto slash = type.find('/');
        if (slash == std::string::npos || type.find('/', slash + 1) != std::string::npos) return type;
        return type.substr(0, slash) + "/msg" + type.substr(slash);
    }

    TopicContract topic(const YAML::Node &key, const YAML::Node &body) const {
        TopicContract c;
        c.pattern = key.Scalar();
        c.line = lineOf(key);
        c.required.line = c.line;
        if (c.pattern.empty()) fail(key, "topics", "a topic name is empty");
        if (!body || body.IsNull()) return c;  // just "/scan:": the topic must be there
        if (!body.IsMap()) fail(body, c.pattern, fmt::format("expected a mapping of rules, got {}", shown(body)));
        const std::string at = c.pattern + ".";
        checkKeys(body, kTopicKeys, c.pattern);
        const Severity fallback = body["severity"] ? severity(body["severity"], at + "severity") : Severity::Error;
        c.required.severity = fallback;
        if (body["required"]) c.required = boolean(body["required"], at + "required", fallback);
        if (body["type"]) {
            c.type = text(body["type"], at + "type", fallback);
            c.type->value = normalisedType(c.type->value);
        }
        if (body["rate_hz"]) c.rate_hz = positive(body["rate_hz"], at + "rate_hz", fallback, false);
        if (body["tolerance"]) {
            if (!c.rate_hz) fail(body["tolerance"], at + "tolerance", "needs rate_hz (a tolerance is a share of it)");
            const double t = number(body["tolerance"], at + "tolerance");
            if (t < 0 || t >= 100)
                fail(body["tolerance"], at + "tolerance",
                     fmt::format("must be a percentage from 0 to below 100, got {}", shown(body["tolerance"])));
            c.tolerance_pct = t;
        }
        if (body["min_hz"]) c.min_hz = positive(body["min_hz"], at + "min_hz", fallback, true);
        if (body["max_hz"]) c.max_hz = positive(body["max_hz"], at + "max_hz", fallback, false);
        if (c.min_hz && c.max_hz && c.min_hz->value > c.max_hz->value)
            fail(body["max_hz"], at + "max_hz",
                 fmt::format("is below min_hz ({} < {})", c.max_hz->value, c.min_hz->value));
        if (body["max_gap_s"]) c.max_gap_s = positive(body["max_gap_s"], at + "max_gap_s", fallback, false);
        if (body["max_latency_s"])
            c.max_latency_s = positive(body["max_latency_s"], at + "max_latency_s", fallback, true);
        if (body["min_messages"]) {
            auto limit = positive(body["min_messages"], at + "min_messages", fallback, true);
            if (limit.value != std::floor(limit.value) || limit.value > 1e15)
                fail(body["min_messages"], at + "min_messages",
                     fmt::format("expected a whole number of messages, got '{}'", body["min_messages"].Scalar()));
            c.min_messages = Limit<std::uint64_t>{static_cast<std::uint64_t>(limit.value), limit.severity, limit.line};
        }
        if (body["frame_id"]) c.frame_id = text(body["frame_id"], at + "frame_id", fallback);
        if (body["min_valid_share"]) {
            c.min_valid_share = positive(body["min_valid_share"], at + "min_valid_share", fallback, true);
            if (c.min_valid_share->value > 1)
                fail(body["min_valid_share"], at + "min_valid_share",
                     fmt::format("is a share from 0 to 1, got {}", c.min_valid_share->value));
        }
        if (body["forbid_sensor_silent"])
            c.forbid_sensor_silent = boolean(body["forbid_sensor_silent"], at + "forbid_sensor_silent", fallback);
        if (const YAML::Node qos = body["qos"]) {
            if (!qos.IsMap())
                fail(qos, at + "qos", fmt::format("expected a mapping (reliability, durability), got {}", shown(qos)));
            checkKeys(qos, kQosKeys, at + "qos");
            if (qos["reliability"])
                c.reliability = text(qos["reliability"], at + "qos.reliability", fallback, {"reliable", "best_effort"});
            if (qos["durability"])
                c.durability =
                    text(qos["durability"], at + "qos.durability", fallback, {"volatile", "transient_local"});
        }
        return c;
    }

    /// `forbid:` a list of codes, or a mapping of codes to their severity.
    std::vector<topicstats::ForbiddenAnomaly> forbidden(const YAML::Node &node, Severity fallback) const {
        const std::vector<std::string> &known = topicstats::evaluateAnomalyCodes();
        std::vector<topicstats::ForbiddenAnomaly> out;
        auto one = [&](const YAML::Node &code, Severity severity) {
            if (!code.IsScalar() || code.Scalar().empty())
                fail(code, "run.forbid", fmt::format("expected an anomaly code, got {}", shown(code)));
            const std::string name = code.Scalar();
            if (std::find(known.begin(), known.end(), name) == known.end()) {
                if (auto near = nearestName(name, known))
                    fail(code, "run.forbid", fmt::format("unknown anomaly code '{}'; did you mean '{}'?", name, *near));
                fail(code, "run.forbid",
                     fmt::format("unknown anomaly code '{}'; evaluate raises {}", name, fmt::join(known, ", ")));
            }
            for (const auto &f : out) {
                if (f.code == name) fail(code, "run.forbid", fmt::format("'{}' listed twice", name));
            }
            out.push_back({name, severity, lineOf(code)});
        };
        if (node.IsSequence()) {
            for (const auto &code : node) one(code, fallback);
        } else if (node.IsMap()) {
            for (const auto &entry : node)
                one(entry.first, severity(entry.second, "run.forbid." + entry.first.Scalar()));
        } else {
            fail(node, "run.forbid",
                 fmt::format("expected a list of anomaly codes (or codes: severity), got {}", shown(node)));
        }
        return out;
    }

    topicstats::RunContract run(const YAML::Node &key, const YAML::Node &body) const {
        topicstats::RunContract r;
        r.line = lineOf(key);
        if (!body.IsMap() || body.size() == 0)
            fail(body.IsNull() ? key : body, "run",
                 fmt::format("expected a mapping of evaluate's limits and 'forbid', got {}", shown(body)));
        std::vector<std::string> known;
        for (const auto &kind : topicstats::runLimitKinds()) known.emplace_back(kind.name);
        known.emplace_back("forbid");
        known.emplace_back("severity");
        checkKeys(body, known, "run");
        const Severity fallback = body["severity"] ? severity(body["severity"], "run.severity") : Severity::Error;
        for (const auto &entry : body) {  // in spec order
            const std::string name = entry.first.Scalar();
            if (name == "forbid" || name == "severity") continue;
            const auto &kinds = topicstats::runLimitKinds();
            const auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto &k) { return name == k.name; });
            r.limits.push_back({name, positive(entry.second, "run." + name, fallback, kind->zero_ok)});
        }
        if (body["forbid"]) r.forbid = forbidden(body["forbid"], fallback);
        return r;
    }

    topicstats::RecordingContract parse(const std::string &text) const {
        YAML::Node loaded;
        try {
            loaded = YAML::Load(text);
        } catch (const YAML::ParserException &e) {
            // At the end of the text the parser's mark is past its last line: name the last line.
            const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n') +
                                                (!text.empty() && text.back() != '\n' ? 1 : 0));
            throw SpecProblem{
                fmt::format("{}:{}: not YAML: {}", path_, std::clamp(e.mark.line + 1, 1, std::max(1, lines)), e.msg)};
        }
        const YAML::Node &root = loaded;  // const: a lookup never adds a key
        if (root.IsNull()) throw SpecProblem{fmt::format("{}:1: spec: empty; expected a mapping with 'topics'", path_)};
        if (!root.IsMap()) fail(root, "spec", "expected a mapping with 'topics'");
        checkKeys(root, kRootKeys, "");
        topicstats::RecordingContract contract;
        contract.path = path_;
        for (const auto &entry : root) {
            if (entry.first.Scalar() == "run") contract.run = run(entry.first, entry.second);
        }
        const YAML::Node topics = root["topics"];
        if (!topics && contract.run) return contract;  // a spec of the run's limits alone
        if (!topics) fail(root, "topics", "missing: the spec names no topic (nor a run section)");
        if (!topics.IsMap() || topics.size() == 0)
            fail(topics, "topics",
                 fmt::format("expected a mapping of topic names to rules, got {}",
                             topics.IsMap() ? std::string("an empty mapping") : shown(topics)));
        std::map<std::string, int> seen;  // topic -> its line
        for (const auto &entry : topics) {
            if (!entry.first.IsScalar()) fail(entry.first, "topics", "a topic name must be text");
            const auto [first, inserted] = seen.emplace(entry.first.Scalar(), lineOf(entry.first));
            if (!inserted)
                fail(entry.first, entry.first.Scalar(), fmt::format("listed twice (first on line {})", first->second));
            contract.topics.push_back(topic(entry.first, entry.second));
        }
        return contract;
    }

private:
    std::string path_;
};

/// A limit with a margin, rounded up to a millisecond (never 0).
double withMargin(double seconds) {
    // Less a nanosecond's worth, so that 0.1 s read as 0.1000000001 still gives 0.15.
    return std::max(0.001, std::ceil(seconds * 1500.0 - 1e-6) / 1000.0);
}

/// A topic name as a YAML key: plain when it is made of the characters ROS allows.
std::string yamlKey(const std::string &name) {
    const bool plain =
        !name.empty() && name.find_first_not_of("/_~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") ==
                             std::string::npos;
    if (plain) return name;
    std::string quoted = "\"";
    for (char ch : name) quoted += (ch == '"' || ch == '\\') ? std::string("\\") + ch : std::string(1, ch);
    return quoted + "\"";
}

/// A share lowered by a margin and rounded down to a hundredth, so that the recording it was
/// measured on passes it.
double shareWithMargin(double share) { return std::max(0.0, std::floor((share - 0.05) * 100.0 + 1e-9) / 100.0); }

/// The per-message rules the pass measured for `m` (its scans' valid share, its silences while the
/// robot moved), each written only when the recording passes it.
std::string perMessageRules(const topicstats::RecordingMeasurement &recording, const topicstats::TopicMeasurement &m) {
    std::string out;
    if (m.scan_validity && m.scan_validity->windows > 0) {
        const topicstats::ScanValidity &v = *m.scan_validity;
        out += fmt::format("    min_valid_share: {:g}  # worst second {:.1f} % valid from {:.3f} s, {:.1f} % in all\n",
                           shareWithMargin(v.worst_share), 100 * v.worst_share,
                           toSeconds(v.worst_from - recording.start), 100 * v.share());
    }
    if (m.type == "sensor_msgs/msg/Imu" || m.type == "sensor_msgs/msg/LaserScan") {
        // Judged by the rule itself, so the comment says what it saw on this recording.
        topicstats::RecordingContract probe;
        topicstats::TopicContract c;
        c.pattern = m.name;
        c.required.value = false;
        c.forbid_sensor_silent = Limit<bool>{true};
        probe.topics.push_back(c);
        topicstats::RecordingMeasurement one{
            recording.start, recording.end, {m}, recording.moving, recording.motion_source};
        const std::vector<topicstats::RuleResult> judged = topicstats::judgeContract(probe, one);
        if (!recording.moving)
            out += "    # forbid_sensor_silent: true  # no odometry here: the robot's motion is unknown\n";
        else if (judged.front().passed)
            out += fmt::format("    forbid_sensor_silent: true  # {}\n", judged.front().measured);
        else
            out += fmt::format("    # forbid_sensor_silent: true  # fails here: {}\n", judged.front().measured);
    }
    return out;
}

const char *const kRunSkeleton =
    "# The run as `robometrics evaluate` judges it (docs/check.md, The run section): evaluate's own\n"
    "# parameters as limits, and the anomaly codes that must not occur. Uncomment what the robot needs.\n"
    "# run:\n"
    "#   collision_threshold: 0.2    # m: a valid scan reading closer than this is a collision\n"
    "#   min_safe_clearance: 0.5     # m: the closest valid reading of any scan\n"
    "#   max_speed_mps: 1.5          # the fastest odometry motion\n"
    "#   stuck_window_s: 5           # commanded to drive this long and covered less than\n"
    "#   stuck_progress_ratio: 0.25  # this share of the commanded distance: stuck\n"
    "#   forbid: [localization_lost, sensor_silent, topic_drops]\n";

}  // namespace

Result<topicstats::RecordingContract> parseContractSpec(const std::string &text, const std::string &path) {
    try {
        return SpecParser(path).parse(text);
    } catch (const SpecProblem &p) {
        return Error{p.message};
    } catch (const YAML::Exception &e) {
        return Error{fmt::format("{}:{}: {}", path, e.mark.line + 1, e.msg)};
    }
}

Result<topicstats::RecordingContract> readContractSpec(const std::string &path) {
    auto text = readInputFile(path);
    if (!text) return text.error();
    return parseContractSpec(*text, path);
}

std::string initialContractSpec(const topicstats::RecordingMeasurement &recording, const std::string &name) {
    std::string out = fmt::format(
        "# Recording contract for `robometrics check` (docs/check.md), written by `check --init` from\n"
        "#   {} ({:.1f} s)\n"
        "# Every limit holds on that recording: the rate is the measured mean with a 10 % tolerance,\n"
        "# max_gap_s and max_latency_s are the largest measured times plus half again.\n"
        "# Tighten them to what the robot needs; remove the topics it does not need.\n"
        "topics:\n",
        name, toSeconds(recording.end - recording.start));
    for (const topicstats::TopicMeasurement &m : recording.topics) {
        if (m.count == 0) continue;
        out += fmt::format("  {}:  # {} message{}\n    type: {}\n", yamlKey(m.name), m.count, m.count == 1 ? "" : "s",
                           m.type);
        if (m.count >= 10 && m.last > m.first) {
            const double hz = static_cast<double>(m.count - 1) / toSeconds(m.last - m.first);
            out += fmt::format("    rate_hz: {:.6g}\n    tolerance: 10  # percent\n", hz);
            const double gap = toSeconds(m.gap_end - m.gap_start);
            out += fmt::format("    max_gap_s: {:g}  # longest silence {:.3f} s, from {:.3f} s\n", withMargin(gap), gap,
                               toSeconds(m.gap_start - recording.start));
        } else {
            out += fmt::format("    min_messages: {}  # too few messages for a rate\n", m.count);
        }
        if (m.latency_samples > 0) {
            const double worst = toSeconds(m.max_latency);
            out += fmt::format("    max_latency_s: {:g}  # largest stamp-to-log latency {:.3f} s\n",
                               withMargin(std::max(0.0, worst)), worst);
        }
        if (m.has_header && m.frames.size() == 1 && m.frames_untold == 0 && !m.frames.front().id.empty())
            out += fmt::format("    frame_id: {}\n", yamlKey(m.frames.front().id));
        std::vector<std::string> qos;
        if (!m.reliability.empty() && m.reliability != "mixed") qos.push_back("reliability: " + m.reliability);
        if (!m.durability.empty() && m.durability != "mixed") qos.push_back("durability: " + m.durability);
        if (!qos.empty()) out += fmt::format("    qos: {{{}}}\n", fmt::join(qos, ", "));
        out += perMessageRules(recording, m);
    }
    return out + kRunSkeleton;
}

}  // namespace robometrics::io
