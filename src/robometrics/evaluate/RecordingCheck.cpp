#include "robometrics/evaluate/RecordingCheck.hpp"

#include <fmt/format.h>
#include <glob.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/nodes/ContractTopicPass.hpp"

namespace robometrics::evaluate {

bool RecordingVerdict::passed(bool warnings_as_errors) const {
    if (error) return false;
    return std::none_of(rules.begin(), rules.end(), [&](const topicstats::RuleResult &r) {
        return topicstats::countsAsFailure(r, warnings_as_errors);
    });
}

Result<topicstats::RecordingMeasurement> measureRecording(const std::string &input, bool strict,
                                                          std::vector<std::string> &warnings) {
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
    for (const bag::TopicInfo &t : topics) pass.emplace_back(t);
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
    }
    if (auto damage = (*source)->damage()) warnings.push_back(bag::damageWarning(*damage));
    for (const nodes::ContractTopicPass &p : pass) out.topics.push_back(p.finish(out.start, out.end));
    return out;
}

RecordingVerdict checkRecording(const topicstats::RecordingContract &contract, const std::string &input, bool strict) {
    RecordingVerdict v;
    v.recording = input;
    auto measured = measureRecording(input, strict, v.warnings);
    if (!measured) {
        v.error = measured.message();
        return v;
    }
    v.measurement = std::move(*measured);
    v.rules = topicstats::judgeContract(contract, v.measurement);
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
