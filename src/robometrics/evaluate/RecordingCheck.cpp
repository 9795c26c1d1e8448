#include "robometrics/evaluate/RecordingCheck.hpp"

#include <fmt/format.h>
#include <glob.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/evaluate/RunContractCheck.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/nodes/ContractMessages.hpp"
#include "robometrics/nodes/ContractTopicPass.hpp"

namespace robometrics::evaluate {

namespace {

/// What the pass decodes of a declared topic for the per-message rules, beyond what every topic
/// is measured for (nodes::ContractTopicPass): only when a rule needs it.
struct DecodedTopic {
    std::optional<topicstats::ScanValidityMeasurer> scans;  ///< a LaserScan's valid share
    bool odometry = false;                                  ///< the robot's motion is read from it
    bool any() const { return scans || odometry; }
};

Status decode(nodes::ContractMessages &decoder, DecodedTopic &p, const bag::Message &message) {
    if (p.scans) ROBOMETRICS_TRY(decoder.addScan(*p.scans, message));
    if (p.odometry) ROBOMETRICS_TRY(decoder.addOdometry(message));
    return Status{};
}

}  // namespace

bool RecordingVerdict::passed(bool warnings_as_errors) const {
    if (error) return false;
    return std::none_of(rules.begin(), rules.end(), [&](const topicstats::RuleResult &r) {
        return topicstats::countsAsFailure(r, warnings_as_errors);
    });
}

MeasureOptions MeasureOptions::forContract(const topicstats::RecordingContract &contract) {
    MeasureOptions o;
    o.scan_validity = nodes::scanValidityPatterns(contract);
    o.motion = contract.needsMotion();
    return o;
}

MeasureOptions MeasureOptions::everything() {
    MeasureOptions o;
    o.scan_validity = {"*"};
    o.motion = true;
    return o;
}

Result<topicstats::RecordingMeasurement> measureRecording(const std::string &input, bool strict,
                                                          std::vector<std::string> &warnings) {
    return measureRecording(input, strict, warnings, MeasureOptions{});
}

Result<topicstats::RecordingMeasurement> measureRecording(const std::string &input, bool strict,
                                                          std::vector<std::string> &warnings,
                                                          const MeasureOptions &what) {
    auto run = findRunInputs(input);
    if (!run) return run.error();
    bag::ReadOptions read;
    read.recover = !strict;
    auto source = bag::openBag(run->bag, read);
    if (!source) return source.error();
    (*source)->loadAhead();  // as `info` reads: chunks decompressed on other threads
    const std::vector<bag::TopicInfo> &topics = (*source)->topics();
    std::vector<nodes::ContractTopicPass> pass;
    pass.reserve(topics.size());
    std::vector<DecodedTopic> decoding(topics.size());
    const std::string odometry = what.motion ? nodes::motionTopic(topics) : std::string();
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const bag::TopicInfo &t = topics[i];
        pass.emplace_back(t);
        if (nodes::countsScanValidity(t, what.scan_validity)) decoding[i].scans.emplace();
        decoding[i].odometry = !odometry.empty() && t.name == odometry;
    }
    nodes::ContractMessages decoder;
    // A source that hands out topics outside its list (none does today) is found by name.
    std::unordered_map<std::string, std::size_t> by_name;
    for (std::size_t i = 0; i < topics.size(); ++i) by_name.emplace(topics[i].name, i);

    topicstats::RecordingMeasurement out;
    bool any = false;
    bag::Message message;
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        std::size_t index = static_cast<std::size_t>(message.topic - topics.data());
        if (message.topic < topics.data() || index >= topics.size()) {
            auto it = by_name.find(message.topic->name);
            if (it == by_name.end()) continue;
            index = it->second;
        }
        if (!any) out.start = message.log_time, any = true;
        out.end = std::max(out.end, message.log_time);
        pass[index].add(message);
        if (decoding[index].any()) {
            if (Status s = decode(decoder, decoding[index], message); !s.ok())
                return Error{fmt::format("{}: {} at {:.3f} s: {}", run->bag, message.topic->name,
                                         toSeconds(message.log_time - out.start), s.error().message)};
        }
    }
    if (auto damage = (*source)->damage()) warnings.push_back(bag::damageWarning(*damage));
    for (std::size_t i = 0; i < pass.size(); ++i) {
        out.topics.push_back(pass[i].finish(out.start, out.end));
        if (decoding[i].scans) out.topics.back().scan_validity = decoding[i].scans->finish();
    }
    if (!odometry.empty()) {
        out.moving = decoder.moving();
        out.motion_source = odometry;
    }
    return out;
}

namespace {

RecordingVerdict judgeRecording(const topicstats::RecordingContract &contract, const std::string &input, bool strict) {
    RecordingVerdict v;
    v.recording = input;
    auto measured = measureRecording(input, strict, v.warnings, MeasureOptions::forContract(contract));
    if (!measured) {
        v.error = measured.message();
        return v;
    }
    v.measurement = std::move(*measured);
    v.rules = topicstats::judgeContract(contract, v.measurement);
    if (contract.run) {
        auto evaluated = evaluateForContract(*contract.run, input, strict);
        if (!evaluated) {
            // The topic rules stand; the run's rules cannot be judged, and that is one failure.
            topicstats::RuleResult r;
            r.topic = "run";
            r.rule = "evaluate";
            r.passed = false;
            r.measured = "could not be evaluated: " + evaluated.message();
            r.line = contract.run->line;
            v.rules.push_back(std::move(r));
            return v;
        }
        std::vector<topicstats::RuleResult> run = judgeRunContract(*contract.run, *evaluated);
        v.rules.insert(v.rules.end(), std::make_move_iterator(run.begin()), std::make_move_iterator(run.end()));
    }
    return v;
}

}  // namespace

RecordingVerdict checkRecording(const topicstats::RecordingContract &contract, const std::string &input, bool strict) {
    const auto started = std::chrono::steady_clock::now();
    RecordingVerdict v = judgeRecording(contract, input, strict);
    v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return v;
}

std::vector<RecordingVerdict> checkFleet(const topicstats::RecordingContract &contract,
                                         const std::vector<std::string> &inputs, int jobs, bool strict,
                                         const std::function<void(const RecordingVerdict &)> &done) {
    std::vector<RecordingVerdict> verdicts(inputs.size());
    std::atomic<std::size_t> next{0};
    std::mutex tell;
    auto work = [&] {
        for (std::size_t i = next++; i < inputs.size(); i = next++) {
            verdicts[i] = checkRecording(contract, inputs[i], strict);
            if (done) {
                std::lock_guard<std::mutex> lock(tell);
                done(verdicts[i]);
            }
        }
    };
    const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), inputs.size());
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread &t : pool) t.join();
    return verdicts;
}

Result<std::vector<std::string>> expandCheckInputs(const std::vector<std::string> &inputs) {
    std::vector<std::string> out;
    for (const std::string &input : inputs) {
        if (input.find_first_of("*?[") == std::string::npos) {
            out.push_back(input);
            continue;
        }
        glob_t found{};
        const int r = ::glob(input.c_str(), 0, nullptr, &found);  // sorted
        const std::size_t before = out.size();
        for (std::size_t i = 0; r == 0 && i < found.gl_pathc; ++i) out.emplace_back(found.gl_pathv[i]);
        globfree(&found);
        if (out.size() == before) return Error{fmt::format("{}: the pattern matches nothing", input)};
    }
    return out;
}

}  // namespace robometrics::evaluate
