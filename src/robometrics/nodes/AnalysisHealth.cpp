#include "robometrics/nodes/AnalysisHealth.hpp"

#include <fmt/format.h>

namespace robometrics::nodes {

void CountClock::sample(TimeNs now, std::uint64_t count) {
    if (count > count_) grew_ = now;
    count_ = count;
}

std::optional<TimeNs> CountClock::age(TimeNs now) const {
    if (!grew_) return std::nullopt;
    return now - *grew_;
}

std::string ageText(std::optional<TimeNs> age) { return age ? fmt::format("{:.6g}", toSeconds(*age)) : "none"; }

AnalysisHealth::AnalysisHealth(std::string name, std::string hardware_id, HealthTiming timing)
    : name_(std::move(name)), hardware_id_(std::move(hardware_id)), timing_(timing) {}

void AnalysisHealth::sample(TimeNs now, std::uint64_t inputs, std::uint64_t outputs) {
    if (!started_) started_ = now;
    now_ = now;
    inputs_.sample(now, inputs);
    outputs_.sample(now, outputs);
}

bool AnalysisHealth::due(TimeNs now) {
    if (started_ && now < next_due_) return false;
    // Keep the phase, so the rate is the period on average; after a stall, start again from now.
    next_due_ = next_due_ + timing_.period > now ? next_due_ + timing_.period : now + timing_.period;
    return true;
}

std::pair<std::uint8_t, std::string> AnalysisHealth::freshness(const std::string &ok_message) const {
    using msgs::DiagnosticStatus;
    const TimeNs running = started_ ? now_ - *started_ : 0;
    const auto input_age = inputs_.age(now_);
    const auto output_age = outputs_.age(now_);
    auto seconds = [](TimeNs t) { return fmt::format("{:.3g} s", toSeconds(t)); };
    if (!input_age) {
        if (running < timing_.stale_after) return {DiagnosticStatus::OK, "waiting for input"};
        return {DiagnosticStatus::WARN, "no input in the " + seconds(running) + " since the start"};
    }
    if (*input_age > timing_.stale_after) return {DiagnosticStatus::WARN, "no input for " + seconds(*input_age)};
    if (!output_age) {
        if (running < timing_.stale_after) return {DiagnosticStatus::OK, "waiting for the first result"};
        return {DiagnosticStatus::WARN, "no result in the " + seconds(running) + " since the start"};
    }
    if (*output_age > timing_.stale_after) return {DiagnosticStatus::WARN, "no result for " + seconds(*output_age)};
    return {DiagnosticStatus::OK, ok_message};
}

msgs::DiagnosticArray AnalysisHealth::array(const std::string &ok_message, const std::string &failure,
                                            std::vector<msgs::KeyValue> values) const {
    msgs::DiagnosticStatus s;
    s.name = name_;
    s.hardware_id = hardware_id_;
    if (!failure.empty()) {
        s.level = msgs::DiagnosticStatus::ERROR;
        s.message = failure;
    } else {
        std::tie(s.level, s.message) = freshness(ok_message);
    }
    s.values = std::move(values);
    s.values.push_back({"last_update_age_s", ageText(outputs_.age(now_))});
    s.values.push_back({"last_input_age_s", ageText(inputs_.age(now_))});
    msgs::DiagnosticArray out;
    out.header.stamp = msgs::Time::fromNs(now_);
    out.status.push_back(std::move(s));
    return out;
}

}  // namespace robometrics::nodes
