#include "robometrics/live/LiveLosses.hpp"

#include <fmt/format.h>

#include <vector>

namespace robometrics::live {

namespace {
std::uint64_t minus(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }

constexpr const char *kKernelCause =
    "the kernel dropped {} datagrams at this node's sockets (receive buffer full; see the socket-buffer notice)";
}  // namespace

std::string lossCauses(const TopicLosses &l) {
    std::vector<std::string> parts;
    if (l.dds_lost) parts.push_back(fmt::format("DDS sample lost {}", l.dds_lost));
    if (l.dds_rejected) parts.push_back(fmt::format("DDS sample rejected {}", l.dds_rejected));
    if (l.queue_dropped) parts.push_back(fmt::format("queue full {}", l.queue_dropped));
    if (l.unreported_gaps)
        parts.push_back(fmt::format("missing from the writer's sequence, unreported by DDS {}", l.unreported_gaps));
    return fmt::format("{}", fmt::join(parts, ", "));
}

std::string lossSummaryText(const LossReport &r) {
    const auto &received = r.received;
    std::string out;
    for (const auto &[topic, l] : r.topics) {
        if (!l.total()) continue;
        auto it = received.find(topic);
        const std::uint64_t got = it == received.end() ? 0 : it->second;
        out += fmt::format("lost on {}: {} of {} samples ({}); what it received is above\n", topic, l.total(),
                           got + l.total(), lossCauses(l));
    }
    if (r.kernel_drops) out += fmt::format(fmt::runtime(kKernelCause), r.kernel_drops) + "\n";
    if (out.empty()) out = "lost: none (no DDS sample lost or rejected, no queue overflow, no kernel drops)\n";
    return out;
}

nlohmann::json lossJson(const LossReport &r) {
    const auto &received = r.received;
    nlohmann::json topics = nlohmann::json::object();
    auto add = [&](const std::string &topic, const TopicLosses &l) {
        auto it = received.find(topic);
        const std::uint64_t got = it == received.end() ? 0 : it->second;
        const std::uint64_t seen = got + l.total();
        topics[topic] = {
            {"received", got},
            {"dds_sample_lost", l.dds_lost},
            {"dds_sample_rejected", l.dds_rejected},
            {"queue_dropped", l.queue_dropped},
            {"unreported_gaps", l.unreported_gaps},
            {"lost", l.total()},
            {"before_first", l.before_first},
            {"sequence_gaps", l.sequence_gaps},
            {"written_through_last", l.written_through_last},
            {"lost_share", seen ? nlohmann::json(static_cast<double>(l.total()) / static_cast<double>(seen))
                                : nlohmann::json(nullptr)}};
    };
    for (const auto &[topic, l] : r.topics) add(topic, l);
    for (const auto &[topic, n] : received) {
        if (!r.topics.count(topic)) add(topic, {});
    }
    return {{"kernel_datagrams_dropped", r.kernel_drops}, {"topics", topics}};
}

namespace {
/// `lost` (and the causes' counts when not 0) into the values; at least WARN with `causes` when
/// anything was lost.
void markLosses(msgs::DiagnosticStatus &status, const TopicLosses &in_window, const std::string &causes) {
    status.values.push_back({"lost", std::to_string(in_window.total())});
    if (!in_window.total()) return;
    status.values.push_back({"dds_sample_lost", std::to_string(in_window.dds_lost)});
    status.values.push_back({"dds_sample_rejected", std::to_string(in_window.dds_rejected)});
    status.values.push_back({"queue_dropped", std::to_string(in_window.queue_dropped)});
    if (in_window.unreported_gaps)
        status.values.push_back({"unreported_gaps", std::to_string(in_window.unreported_gaps)});
    if (status.level == msgs::DiagnosticStatus::OK || status.level == msgs::DiagnosticStatus::STALE) {
        status.level = msgs::DiagnosticStatus::WARN;
    }
    status.message += fmt::format("; lost {} in this window ({})", in_window.total(), causes);
}
}  // namespace

void markWindowLosses(msgs::DiagnosticStatus &status, const TopicLosses &in_window) {
    markLosses(status, in_window, lossCauses(in_window));
}

void markInputLosses(msgs::DiagnosticStatus &status, const std::map<std::string, TopicLosses> &in_window) {
    TopicLosses sum;
    std::vector<std::string> named;
    for (const auto &[topic, l] : in_window) {
        if (!l.total()) continue;
        sum += l;
        named.push_back(fmt::format("{}: {}", topic, lossCauses(l)));
    }
    markLosses(status, sum, fmt::format("{}", fmt::join(named, "; ")));
}

msgs::DiagnosticArray receiveDiagnostics(const LossReport &total, std::uint64_t kernel_since_last, TimeNs stamp) {
    msgs::DiagnosticStatus s;
    s.name = "robometrics: dds receive";
    s.hardware_id = "dds";
    std::uint64_t lost = 0;
    for (const auto &[topic, l] : total.topics) lost += l.total();
    if (kernel_since_last) {
        s.level = msgs::DiagnosticStatus::WARN;
        s.message = fmt::format(fmt::runtime(kKernelCause), kernel_since_last) + " since the last status";
    } else {
        s.level = msgs::DiagnosticStatus::OK;
        s.message = lost || total.kernel_drops ? "no kernel drops since the last status" : "nothing lost";
    }
    s.values = {{"kernel_datagrams_dropped", std::to_string(total.kernel_drops)},
                {"kernel_datagrams_dropped_since_last", std::to_string(kernel_since_last)},
                {"samples_lost", std::to_string(lost)}};
    msgs::DiagnosticArray out;
    out.header.stamp = msgs::Time::fromNs(stamp);
    out.status.push_back(std::move(s));
    return out;
}

bool lossyKind(std::uint64_t received, std::uint64_t lost, bool looks_periodic) {
    if (lost == 0) return false;
    return !looks_periodic || lost * 10 >= received + lost;
}

TopicLosses LossWindows::since(const std::string &topic, const TopicLosses &now) {
    TopicLosses &before = reported_[topic];
    const TopicLosses delta{minus(now.dds_lost, before.dds_lost), minus(now.dds_rejected, before.dds_rejected),
                            minus(now.queue_dropped, before.queue_dropped),
                            minus(now.unreported_gaps, before.unreported_gaps)};
    before = now;
    return delta;
}

}  // namespace robometrics::live
