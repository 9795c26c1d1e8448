#pragma once
// What a live node says about the samples it did not get or did not process (docs/live.md,
// "Socket buffers and lost samples"): per topic the DDS statuses and the node's own queue, per
// node the kernel's drops at its sockets. Pure: the counts come from DdsSource.

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/core/Time.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::live {

struct LossReport {
    std::map<std::string, TopicLosses> topics;      ///< by ROS topic
    std::uint64_t kernel_drops = 0;                 ///< datagrams, at the node's sockets, all topics
    std::map<std::string, std::uint64_t> received;  ///< messages given to the node, by topic
};

/// "DDS sample lost 283, queue full 2" (causes with a count only); empty when nothing was lost.
std::string lossCauses(const TopicLosses &l);

/// The summary's closing lines: one per topic that lost samples (with what it received), the
/// kernel's drops, or that nothing was lost.
std::string lossSummaryText(const LossReport &r);

/// `samples_lost` of a --json document: kernel_datagrams_dropped, and per topic received, dds_sample_lost,
/// dds_sample_rejected, queue_dropped, unreported_gaps, lost (their sum), lost_share (of received +
/// lost; null without either), and not loss counts: before_first (written before each writer's
/// first sample that arrived), sequence_gaps, written_through_last (TopicLosses).
nlohmann::json lossJson(const LossReport &r);

/// Raises a topic's window status to at least WARN when it lost samples in the window, naming
/// the causes; adds the lost counts to its values either way.
void markWindowLosses(msgs::DiagnosticStatus &status, const TopicLosses &in_window);

/// The same for a node's status over several inputs (traversal, costmap, lost): the sum, its
/// causes named per topic ("/scan: DDS sample lost 3; /odom: queue full 1").
void markInputLosses(msgs::DiagnosticStatus &status, const std::map<std::string, TopicLosses> &in_window);

/// The node's receive status ("robometrics: dds receive"): WARN when the kernel dropped
/// datagrams at its sockets since the previous one, else OK; totals in its values.
msgs::DiagnosticArray receiveDiagnostics(const LossReport &total, std::uint64_t kernel_since_last, TimeNs stamp);

/// Whether a topic's kind (periodic, event-driven, ...) cannot be judged from what arrived: it
/// lost a tenth of its samples or more, or lost any and does not look periodic.
bool lossyKind(std::uint64_t received, std::uint64_t lost, bool looks_periodic);

/// Each topic's losses since the previous call for it (windows report what they lost).
class LossWindows {
public:
    TopicLosses since(const std::string &topic, const TopicLosses &now);

private:
    std::map<std::string, TopicLosses> reported_;
};

}  // namespace robometrics::live
