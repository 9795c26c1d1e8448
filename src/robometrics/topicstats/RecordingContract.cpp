#include "robometrics/topicstats/RecordingContract.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/topicstats/SensorSilence.hpp"

namespace robometrics::topicstats {

namespace {

std::string number(double v, int decimals = 3) { return contractNumber(v, decimals); }

/// What is judged for one topic: the recording (its start for relative times, the robot's
/// motion), the rules' sink.
struct Judge {
    const TopicContract &c;
    const TopicMeasurement &m;
    const RecordingMeasurement &recording;
    std::vector<RuleResult> &out;

    double relative(TimeNs t) const { return toSeconds(t - recording.start); }

    template <class T>
    RuleResult &add(const char *rule, const Limit<T> &limit, std::string limit_text, bool passed,
                    std::string measured) {
        RuleResult r;
        r.topic = m.name;
        r.rule = rule;
        r.limit = std::move(limit_text);
        r.severity = limit.severity;
        r.passed = passed;
        r.measured = std::move(measured);
        r.line = limit.line;
        out.push_back(std::move(r));
        return out.back();
    }

    /// The rate rules need two messages and some time between them.
    std::optional<double> rate() const {
        if (m.count < 2 || m.last <= m.first) return std::nullopt;
        return static_cast<double>(m.count - 1) / toSeconds(m.last - m.first);
    }
    std::string noRate() const { return fmt::format("no rate: {} message{}", m.count, m.count == 1 ? "" : "s"); }

    /// The mean interval over every message so far: live, the earlier windows' too (a sensor
    /// quiet in this window still has its period).
    std::optional<double> periodSoFar() const {
        const std::uint64_t n = m.count + m.earlier;
        const TimeNs first = m.earlier ? m.earlier_first : m.first, last = m.count ? m.last : m.earlier_last;
        if (n < 2 || last <= first) return std::nullopt;
        return toSeconds(last - first) / static_cast<double>(n - 1);
    }

    void rateRule(const char *rule, const Limit<double> &limit, std::string limit_text, double lo, double hi) {
        const auto hz = rate();
        if (!hz) {
            add(rule, limit, std::move(limit_text), false, noRate());
            return;
        }
        add(rule, limit, std::move(limit_text), *hz >= lo && *hz <= hi, number(*hz, 2) + " Hz").value = *hz;
    }

    void rates() {
        if (c.rate_hz) {
            const double span = c.rate_hz->value * c.tolerance_pct / 100.0;
            rateRule("rate_hz", *c.rate_hz, fmt::format("{} ± {} %", number(c.rate_hz->value), number(c.tolerance_pct)),
                     c.rate_hz->value - span, c.rate_hz->value + span);
        }
        if (c.min_hz) rateRule("min_hz", *c.min_hz, number(c.min_hz->value), c.min_hz->value, INFINITY);
        if (c.max_hz) rateRule("max_hz", *c.max_hz, number(c.max_hz->value), -INFINITY, c.max_hz->value);
    }

    void gap() {
        if (!c.max_gap_s) return;
        const double silent = toSeconds(m.gap_end - m.gap_start);
        RuleResult &r = add("max_gap_s", *c.max_gap_s, number(c.max_gap_s->value), silent <= c.max_gap_s->value,
                            fmt::format("silent {} s from {} s to {} s", number(silent), number(relative(m.gap_start)),
                                        number(relative(m.gap_end))));
        r.value = silent;
        r.from_s = relative(m.gap_start);
        r.to_s = relative(m.gap_end);
    }

    void latency() {
        if (!c.max_latency_s) return;
        const std::string limit = number(c.max_latency_s->value);
        if (m.latency_samples == 0) {
            std::string why = !m.has_header           ? fmt::format("not measured: {} has no header", m.type)
                              : m.sim_time_stamps > 0 ? fmt::format(
                                                            "not measured: {} stamp{} in simulated time on a "
                                                            "wall-clock log",
                                                            m.sim_time_stamps, m.sim_time_stamps == 1 ? "" : "s")
                                                      : std::string("not measured: no message has a stamp");
            add("max_latency_s", *c.max_latency_s, limit, false, std::move(why));
            return;
        }
        const double worst = toSeconds(m.max_latency);
        RuleResult &r = add("max_latency_s", *c.max_latency_s, limit, worst <= c.max_latency_s->value,
                            fmt::format("{} s at {} s", number(worst), number(relative(m.max_latency_at))));
        r.value = worst;
        r.from_s = r.to_s = relative(m.max_latency_at);
    }

    void qos(const char *rule, const std::optional<Limit<std::string>> &limit, const std::string &recorded) {
        if (!limit) return;
        add(rule, *limit, limit->value, recorded == limit->value,
            recorded.empty() ? "not recorded (the bag keeps no QoS profile for it)" : recorded);
    }

    void frame() {
        if (!c.frame_id) return;
        const std::string &want = c.frame_id->value;
        if (!m.has_header) {
            add("frame_id", *c.frame_id, want, false, fmt::format("not measured: {} has no header", m.type));
            return;
        }
        const TopicMeasurement::Frame *other = nullptr;
        std::uint64_t matching = 0;
        for (const auto &f : m.frames) {
            if (f.id == want)
                matching = f.count;
            else if (!other || f.first < other->first)
                other = &f;
        }
        const std::uint64_t wrong = m.count - matching;
        if (wrong == 0) {
            add("frame_id", *c.frame_id, want, true, fmt::format("'{}' on all {} messages", want, m.count));
            return;
        }
        std::string measured = fmt::format("{} of {} messages in another frame", wrong, m.count);
        if (other) measured += fmt::format(", first '{}' at {} s", other->id, number(relative(other->first)));
        RuleResult &r = add("frame_id", *c.frame_id, want, false, std::move(measured));
        r.value = static_cast<double>(wrong);
        if (other) r.from_s = r.to_s = relative(other->first);
    }

    void validShare() {
        if (!c.min_valid_share) return;
        const Limit<double> &limit = *c.min_valid_share;
        if (!m.scan_validity || m.scan_validity->windows == 0) {
            const bool scan = m.type == "sensor_msgs/msg/LaserScan";
            add("min_valid_share", limit, number(limit.value), false,
                m.scan_validity ? std::string(m.scan_validity->scans ? "not measured: no scan has a range"
                                                                     : "not measured: no scan")
                : scan          ? std::string("not measured: the scans were not decoded")
                                : fmt::format("not measured: {} is not a sensor_msgs/msg/LaserScan", m.type));
            return;
        }
        const ScanValidity &v = *m.scan_validity;
        RuleResult &r =
            add("min_valid_share", limit, number(limit.value), v.worst_share >= limit.value,
                fmt::format("worst second {} % valid, {} ({} % of {} ranges in all)", number(100 * v.worst_share, 1),
                            v.worst_from == v.worst_to
                                ? fmt::format("one scan at {} s", number(relative(v.worst_from)))
                                : fmt::format("scans from {} s to {} s", number(relative(v.worst_from)),
                                              number(relative(v.worst_to))),
                            number(100 * v.share(), 1), v.ranges));
        r.value = v.worst_share;
        r.from_s = relative(v.worst_from);
        r.to_s = relative(v.worst_to);
    }

    void silentWhileMoving() {
        if (!c.needsMotion()) return;
        const Limit<bool> &limit = *c.forbid_sensor_silent;
        const auto period = periodSoFar();
        if (!period) {
            const std::uint64_t n = m.count + m.earlier;
            add("forbid_sensor_silent", limit, "", false,
                fmt::format("not measured: no rate: {} message{}", n, n == 1 ? "" : "s"));
            return;
        }
        using Rule = SensorSilenceRule;
        const double period_s = *period;
        const TimeSpan *worst = nullptr;
        double worst_moving_s = 0;
        for (const TimeSpan &s : m.long_silences) {
            std::optional<double> moving;
            if (recording.moving) moving = toSeconds(recording.moving->overlap(s.start, s.end));
            if (!Rule::counts(toSeconds(s.length()), moving, period_s)) continue;
            if (!worst || s.length() > worst->length()) {
                worst = &s;
                worst_moving_s = moving.value_or(toSeconds(s.length()));
            }
        }
        const std::string unknown = "motion unknown: no odometry, every silence counts";
        if (!worst) {
            add("forbid_sensor_silent", limit, "", true,
                fmt::format("no silence of {} s or more while moving ({})", number(Rule::least(period_s), 2),
                            recording.moving ? "motion from " + recording.motion_source : unknown));
            return;
        }
        const double silent = toSeconds(worst->length());
        std::string measured = fmt::format("silent {} s from {} s to {} s", number(silent),
                                           number(relative(worst->start)), number(relative(worst->end)));
        measured += recording.moving ? fmt::format(", the robot moving for {} s of it (motion from {})",
                                                   number(worst_moving_s), recording.motion_source)
                                     : " (" + unknown + ")";
        RuleResult &r = add("forbid_sensor_silent", limit, "", false, std::move(measured));
        r.value = silent;
        r.from_s = relative(worst->start);
        r.to_s = relative(worst->end);
    }

    void all() {
        if (c.type) add("type", *c.type, c.type->value, m.type == c.type->value, m.type);
        if (c.min_messages) {
            const std::uint64_t n = m.count + m.earlier;  // live: the messages so far
            add("min_messages", *c.min_messages, std::to_string(c.min_messages->value), n >= c.min_messages->value,
                fmt::format("{} message{}", n, n == 1 ? "" : "s"))
                .value = static_cast<double>(n);
        }
        rates();
        gap();
        latency();
        qos("qos.reliability", c.reliability, m.reliability);
        qos("qos.durability", c.durability, m.durability);
        frame();
        validShare();
        silentWhileMoving();
    }
};

}  // namespace

const char *toString(Severity severity) { return severity == Severity::Warning ? "warning" : "error"; }

std::string contractNumber(double v, int decimals) {
    std::string s = fmt::format("{:.{}f}", v, decimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

bool topicMatches(std::string_view pattern, std::string_view name) {
    // Iterative glob: on a mismatch after a '*', let the '*' take one more character.
    std::size_t p = 0, n = 0, star = std::string_view::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p, ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

namespace {
const TimeNs kLongSilence = fromSeconds(SensorSilenceRule::kSeconds);
}

void TopicMeasurer::add(TimeNs log_time, std::optional<TimeNs> stamp, std::optional<std::string_view> frame_id) {
    if (m_.count == 0) {
        m_.first = log_time;
    } else {
        if (log_time - m_.last > m_.gap_end - m_.gap_start) {
            m_.gap_start = m_.last;
            m_.gap_end = log_time;
        }
        if (log_time - m_.last >= kLongSilence) m_.long_silences.push_back({m_.last, log_time});
    }
    m_.last = log_time;
    ++m_.count;
    if (stamp && *stamp != 0) {
        if (simTimeStamp(*stamp, log_time)) {
            ++m_.sim_time_stamps;  // another clock: a latency would be the offset between the clocks
        } else {
            const TimeNs latency = log_time - *stamp;
            if (m_.latency_samples == 0 || latency > m_.max_latency) {
                m_.max_latency = latency;
                m_.max_latency_at = log_time;
            }
            ++m_.latency_samples;
        }
    }
    if (!frame_id) return;
    // Frames rarely change within a topic: compare with the previous message's first.
    if (last_frame_ < m_.frames.size() && m_.frames[last_frame_].id == *frame_id) {
        ++m_.frames[last_frame_].count;
        return;
    }
    for (std::size_t i = 0; i < m_.frames.size(); ++i) {
        if (m_.frames[i].id == *frame_id) {
            ++m_.frames[i].count;
            last_frame_ = i;
            return;
        }
    }
    if (m_.frames.size() < TopicMeasurement::kMaxFrames) {
        m_.frames.push_back({std::string(*frame_id), log_time, 1});
        last_frame_ = m_.frames.size() - 1;
    } else {
        ++m_.frames_untold;
    }
}

TopicMeasurement TopicMeasurer::finish(TimeNs recording_start, TimeNs recording_end) const {
    TopicMeasurement m = m_;
    if (m.count == 0) {
        m.gap_start = recording_start;
        m.gap_end = recording_end;
        // Live, a quiet window of a topic heard before: silent since its last message.
        if (recording_end - recording_start >= kLongSilence)
            m.long_silences.push_back({recording_start, recording_end});
        return m;
    }
    // A sensor that starts late or stops early is silent at the recording's ends too.
    if (m.first - recording_start >= kLongSilence)
        m.long_silences.insert(m.long_silences.begin(), TimeSpan{recording_start, m.first});
    if (recording_end - m.last >= kLongSilence) m.long_silences.push_back({m.last, recording_end});
    // The silence before the first message comes first: of equal silences it is the one reported
    // (and a lone message's only silences are the two ends).
    if (m.first - recording_start >= m.gap_end - m.gap_start) m.gap_start = recording_start, m.gap_end = m.first;
    if (recording_end - m.last > m.gap_end - m.gap_start) m.gap_start = m.last, m.gap_end = recording_end;
    return m;
}

void ScanValidityMeasurer::add(TimeNs log_time, std::uint64_t ranges, std::uint64_t valid) {
    if (v_.scans++ == 0) {
        first_ = log_time;
        window_start_ = anchor_ && log_time >= *anchor_
                            ? *anchor_ + (log_time - *anchor_) / ScanValidity::kWindow * ScanValidity::kWindow
                            : log_time;
    } else if (log_time - window_start_ >= ScanValidity::kWindow) {
        close(v_);
        // Windows are fixed from the first scan on; a silence skips the windows it spans.
        window_start_ += (log_time - window_start_) / ScanValidity::kWindow * ScanValidity::kWindow;
        first_ = log_time;
        ranges_ = valid_ = 0;
    }
    last_ = std::max(last_, log_time);
    if (ranges_ == 0) first_ = log_time;
    ranges_ += ranges;
    valid_ += valid;
    v_.ranges += ranges;
    v_.valid += valid;
}

void ScanValidityMeasurer::close(ScanValidity &into) const {
    if (ranges_ == 0) return;  // scans without ranges say nothing of the sensor's returns
    const double share = static_cast<double>(valid_) / static_cast<double>(ranges_);
    if (into.windows++ == 0 || share < into.worst_share) {
        into.worst_share = share;
        into.worst_from = first_;
        into.worst_to = last_;
    }
}

ScanValidity ScanValidityMeasurer::finish() const {
    ScanValidity v = v_;
    close(v);
    return v;
}

const RunLimit *RunContract::find(std::string_view name) const {
    for (const RunLimit &l : limits) {
        if (l.name == name) return &l;
    }
    return nullptr;
}

const std::vector<RunLimitKind> &runLimitKinds() {
    static const std::vector<RunLimitKind> kinds = {
        {"collision_threshold", "metrics_node", "m", true}, {"min_safe_clearance", "metrics_node", "m", true},
        {"max_speed_mps", "slam_eval", "m/s", false},       {"max_ate_m", "slam_eval", "m", false},
        {"stuck_window_s", "slam_eval", "s", false},        {"stuck_progress_ratio", "slam_eval", "", true},
    };
    return kinds;
}

const std::vector<std::string> &evaluateAnomalyCodes() {
    static const std::vector<std::string> codes = {
        "collision",           "pose_jump",         "stuck",       "teleport",      "drift",
        "missing_topic",       "localization_lost", "topic_drops", "sensor_silent", "cpu_budget",
        "recording_truncated", "recording_damaged"};
    return codes;
}

bool RecordingContract::needsScanValidity() const {
    return std::any_of(topics.begin(), topics.end(), [](const TopicContract &c) { return c.needsScanValidity(); });
}

bool RecordingContract::needsMotion() const {
    return std::any_of(topics.begin(), topics.end(), [](const TopicContract &c) { return c.needsMotion(); });
}

std::vector<RuleResult> judgeContract(const RecordingContract &contract, const RecordingMeasurement &recording) {
    std::vector<RuleResult> out;
    for (const TopicContract &c : contract.topics) {
        std::vector<const TopicMeasurement *> matched;
        for (const TopicMeasurement &m : recording.topics) {
            if (topicMatches(c.pattern, m.name) && m.count + m.earlier > 0) matched.push_back(&m);
        }
        std::sort(matched.begin(), matched.end(), [](auto *a, auto *b) { return a->name < b->name; });
        if (c.required.value) {
            RuleResult r;
            r.topic = c.pattern;
            r.rule = "required";
            r.limit = "";  // the rule says it all: "/cmd_vel: required: no such topic"
            r.severity = c.required.severity;
            r.line = c.required.line ? c.required.line : c.line;
            r.passed = !matched.empty();
            const bool glob = c.pattern.find_first_of("*?") != std::string::npos;
            if (matched.empty()) {
                const bool declared =
                    std::any_of(recording.topics.begin(), recording.topics.end(),
                                [&](const TopicMeasurement &m) { return topicMatches(c.pattern, m.name); });
                r.measured =
                    declared ? "declared but no message recorded" : (glob ? "no topic matches" : "no such topic");
            } else {
                r.measured = glob ? fmt::format("{} topic{} match", matched.size(), matched.size() == 1 ? "" : "s")
                                  : fmt::format("{} message{}", matched.front()->count + matched.front()->earlier,
                                                matched.front()->count + matched.front()->earlier == 1 ? "" : "s");
            }
            r.value = static_cast<double>(matched.size());
            out.push_back(std::move(r));
        }
        for (const TopicMeasurement *m : matched) Judge{c, *m, recording, out}.all();
    }
    return out;
}

}  // namespace robometrics::topicstats
