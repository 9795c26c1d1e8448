#pragma once
// A bag::MessageSource fed by DDS: the same Pipeline and analyzer wiring as for a bag, live.
// Readers are created on the consumer thread when discovery shows a publisher of a wanted topic,
// with the publisher's type (so raw topics need no type up front) and a QoS that matches it:
// best effort by default (matches reliable and best-effort publishers), transient local when
// every publisher of the topic is (latched maps); made again when a publisher that joins later
// needs another QoS, and a publisher no reader can match (`--reliable` against a best-effort
// one) is reported (ReaderQos.hpp). next() blocks on a queue filled by the DDS
// listener threads and returns false after `duration` or once `stop` is set.

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/live/SocketBuffers.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

/// The wall clock as DDS stamps samples with it (ns since the epoch): reception times and ticks.
TimeNs wallNow();

/// Which time becomes a message's log time.
enum class MessageClock {
    Reception,  ///< local receive time (what rosbag2 records as log time, and rclcpp's now())
    Source,     ///< the publisher's source timestamp (its send time: replays of a bag keep bag time)
};

struct DdsSourceOptions {
    std::vector<std::string> topics;           ///< ROS topic names; empty = every ROS topic discovered
    std::map<std::string, std::string> types;  ///< expected ROS type of a topic (other types are ignored)
    MessageClock clock = MessageClock::Reception;
    Qos qos = Qos::sensorData();                       ///< reader QoS for volatile publishers
    bool adapt_reliability = false;                    ///< reliable when every publisher is (as ros2 bag record)
    std::optional<std::chrono::nanoseconds> duration;  ///< stop after this long (wall time)
    std::function<bool()> stop_requested;              ///< stop once this says so (SIGINT/SIGTERM)
    std::size_t queue_limit = 100000;                  ///< older samples are dropped beyond this
    /// With MessageClock::Source, hold each sample this long and release in source-time order.
    std::chrono::nanoseconds reorder_window{0};
    /// Called from next() every `tick_period` with the wall time (ns since the epoch): lets a
    /// command close windows or tick timers while no message arrives.
    std::function<void(TimeNs)> tick;
    std::chrono::nanoseconds tick_period = std::chrono::milliseconds(100);
    /// 0: a sample wakes the consumer at once. Else the DDS threads only queue samples and the
    /// consumer drains the queue every `wake_period`: a few wake-ups a second instead of one per
    /// sample (the context switches are most of a light node's CPU), the same results (a sample's
    /// reception time is taken on the DDS thread), up to this much more latency.
    std::chrono::nanoseconds wake_period{0};
    /// Notices (a type mismatch, a subscription made), for the command to print.
    std::function<void(const std::string &)> log;
};

/// Samples of one topic the node did not get or did not process, by cause.
struct TopicLosses {
    std::uint64_t dds_lost = 0;       ///< DDS SAMPLE_LOST (never arrived whole: a datagram of it was dropped)
    std::uint64_t dds_rejected = 0;   ///< DDS SAMPLE_REJECTED (arrived, refused by the reader's limits)
    std::uint64_t queue_dropped = 0;  ///< received, then dropped from the node's full queue (queue_limit)
    /// Missing from a writer's sequence between two samples that arrived, beyond what the DDS
    /// statuses reported (ReaderLosses::sequence_gaps - lost - rejected): Fast DDS 2.9's
    /// SAMPLE_LOST misses an occasional gap of a reliable writer under load (docs/live.md).
    std::uint64_t unreported_gaps = 0;
    /// Not a loss count: what the topic's writers wrote before their first sample that arrived
    /// (ReaderLosses::before_first), an upper bound on the losses no gap shows. Not in total().
    std::uint64_t before_first = 0;
    /// Not in total() either: the readers' own count of skipped sequence numbers and what the
    /// writers had written up to their last sample that arrived (ReaderLosses).
    std::uint64_t sequence_gaps = 0;
    std::uint64_t written_through_last = 0;
    std::uint64_t total() const { return dds_lost + dds_rejected + queue_dropped + unreported_gaps; }
    TopicLosses &operator+=(const TopicLosses &o) {
        dds_lost += o.dds_lost;
        dds_rejected += o.dds_rejected;
        queue_dropped += o.queue_dropped;
        unreported_gaps += o.unreported_gaps;
        before_first += o.before_first;
        sequence_gaps += o.sequence_gaps;
        written_through_last += o.written_through_last;
        return *this;
    }
    bool operator==(const TopicLosses &) const = default;
};

/// A reader's cumulative losses as a topic's: the gaps in its writers' sequences that no DDS
/// status counted are a cause of their own (`unreported_gaps`).
TopicLosses topicLosses(const ReaderLosses &l);

class DdsSource : public bag::MessageSource {
public:
    DdsSource(Transport &transport, DdsSourceOptions options);
    ~DdsSource() override;

    const std::vector<bag::TopicInfo> &topics() const override { return list_; }
    Result<bool> next(bag::Message &out) override;
    std::string describe() const override;

    std::uint64_t received() const;
    std::uint64_t dropped() const;
    /// Readers created so far, by ROS topic, with how many writers each has matched (at the
    /// stop, once next() has returned false: the readers are closed then).
    std::map<std::string, std::size_t> matchedWriters() const;
    /// Per ROS topic, what was lost so far (readers made again or closed at the stop included);
    /// only topics with a reader or a loss. Call from the thread that calls next().
    std::map<std::string, TopicLosses> losses() const;
    /// Datagrams the kernel dropped at this process's UDP sockets since the source was made
    /// (receive buffer full; not attributable to a topic). Reads /proc: call once per window.
    std::uint64_t kernelDrops();
    /// Messages next() gave to the node, by ROS topic.
    std::map<std::string, std::uint64_t> delivered() const;

private:
    /// Whether a sample received at or before `wall` (reception clock) is still queued.
    bool receivedBefore(TimeNs wall) const;
    struct Pending {
        std::size_t topic = 0;
        Sample sample;
    };
    struct Subscription {
        std::size_t topic = 0;
        Qos qos;  ///< what the reader requested (ReaderQos.hpp)
        std::unique_ptr<Reader> reader;
    };

    bool wanted(const std::string &ros_topic) const;
    std::size_t topicIndex(const std::string &ros_topic, const std::string &ros_type);
    void refreshDiscovery();
    void subscribe(const std::string &topic, const std::string &ros_type, const Endpoint &first,
                   const std::vector<Endpoint> &writers, const Qos &qos, bool again);
    /// Logs once per publisher that the topic's reader cannot match (ReaderQos.hpp).
    void warnUnmatched(const std::string &topic, const Qos &qos, const std::vector<Endpoint> &writers);
    bool stopRequested() const;
    /// Keeps what a reader about to be destroyed lost.
    void retire(const std::string &topic, const Subscription &subscription);

    Transport &transport_;
    DdsSourceOptions options_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point next_tick_;
    /// The wall time of a tick that is due but waits for the samples received before it (which
    /// belong to the windows it may close); none when no tick is due.
    std::optional<TimeNs> pending_tick_;
    std::uint64_t graph_version_ = ~std::uint64_t{0};

    std::deque<bag::TopicInfo> infos_;  // stable addresses for Message::topic
    std::vector<bag::TopicInfo> list_;
    std::map<std::string, Subscription> subscriptions_;
    std::set<std::string> warned_;
    std::set<std::string> warned_writers_;  // guids of publishers reported as not matched
    std::map<std::string, std::size_t> matched_at_stop_;
    std::map<std::string, TopicLosses> retired_losses_;  // readers made again or closed
    KernelDrops kernel_drops_;

    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::map<std::pair<TimeNs, std::uint64_t>, Pending> queue_;  // (order key, sequence)
    std::uint64_t sequence_ = 0;
    std::uint64_t dropped_ = 0;
    std::uint64_t received_ = 0;
    std::map<std::size_t, std::uint64_t> queue_dropped_;  // by topic index
    std::vector<std::uint64_t> delivered_;                // by topic index (consumer thread only)
    Pending current_;
};

}  // namespace robometrics::live
