#pragma once
// The one pipeline that drives analyzers from any MessageSource (a bag today, DDS later).
// Commands subscribe typed callbacks to topics; the pipeline decodes each message once per type
// into a reused buffer, however many subscribers it has, and calls them in log-time order.
// Subscriptions fall into lanes (setLane); when the bag is read ahead, each lane runs on its own
// thread over the same messages, so subscribers in different lanes must share no mutable state. Topic remapping works
// like ROS 2 remapping: a subscription to "/scan" reads "/my/scan" under the rule "/scan" -> "/my/scan" (Remaps).

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::bag {
class ReadAheadConsumer;
}

namespace robometrics::pipeline {

/// Where and when a message was received.
struct Envelope {
    const bag::TopicInfo *topic = nullptr;
    TimeNs log_time = 0;
    TimeNs publish_time = 0;
};

class Pipeline {
public:
    using RawHandler = std::function<Status(const bag::Message &)>;

    /// The remapping of the subscriptions made from now on (none at first).
    void setRemaps(Remaps remaps) { remaps_ = std::move(remaps); }
    const Remaps &remaps() const { return remaps_; }

    /// The topic actually read for a subscription to `topic`.
    std::string resolve(const std::string &topic) const { return remaps_.resolve(topic); }

    /// Calls `callback` with every message on `topic`, decoded as T. A topic whose type is not
    /// T makes run() fail with a message naming both types.
    template <class T>
    void subscribe(const std::string &topic, std::function<void(const T &, const Envelope &)> callback) {
        const std::string resolved = resolve(topic);
        const std::string type(msgs::TypeInfo<T>::name);
        std::shared_ptr<void> &slot = decoders_[{lane_, resolved, type}];
        if (!slot) {
            auto decoder = std::make_shared<Decoder<T>>();
            slot = decoder;
            addHandler(resolved, type, [decoder](const bag::Message &m) { return decoder->dispatch(m); });
        }
        std::static_pointer_cast<Decoder<T>>(slot)->callbacks.push_back(std::move(callback));
    }

    /// Calls `handler` with every raw message on `topic`, whose type must be T as for subscribe<T>:
    /// for a subscriber that decodes T its own way (the costmap's GridMap, straight into its layers).
    template <class T>
    void subscribeUndecoded(const std::string &topic, RawHandler handler) {
        addHandler(resolve(topic), std::string(msgs::TypeInfo<T>::name), std::move(handler));
    }

    /// Calls `handler` with every raw message on `topic` ("*" = every topic).
    void subscribeRaw(const std::string &topic, RawHandler handler) {
        addHandler(topic == "*" ? topic : resolve(topic), "", std::move(handler));
    }

    /// The topics subscribed to (after remapping); empty when some handler wants every topic.
    std::vector<std::string> topics() const;

    /// Shows a progress bar on stderr while running (only when stderr is a terminal): over the
    /// bytes of the bag when `bag_bytes` (its size on disk, bag::bytesOnDisk) is given, with the
    /// total, rate and ETA (core/ByteProgress.hpp), else the bag time read so far.
    void showProgress(bool enabled, std::uint64_t bag_bytes = 0) {
        progress_ = enabled;
        progress_bytes_ = bag_bytes;
    }

    /// Reads the bag on a second thread while this one decodes and analyses (bag::ReadAhead), and
    /// runs every lane but the first on a thread of its own; the subscribers see the same messages
    /// in the same order either way. Off by default: a live source must not be read by a thread
    /// nobody can interrupt.
    void readAhead(bool enabled) { read_ahead_ = enabled; }

    /// Called between messages (every few thousand, on the thread of the first lane) while
    /// running: an error stops run() with that error, as a damaged message would (the Python
    /// module checks for Ctrl-C here). None by default.
    void setCheck(std::function<Status()> check) { check_ = std::move(check); }

    /// The lane of the subscriptions made from now on (0 at first). Each lane's subscribers are
    /// called in subscription order; a message goes to lane 0 first when the lanes share a thread.
    void setLane(std::size_t lane) {
        lane_ = lane;
        if (lanes_.size() <= lane) lanes_.resize(lane + 1);
    }

    /// Reads the source to its end, dispatching every message. Fails on the first damaged
    /// message, naming the topic, the log time and the source.
    Status run(bag::MessageSource &source);

private:
    /// One topic decoded as T into a reused buffer, then handed to every subscriber of that pair.
    template <class T>
    struct Decoder {
        T buffer;
        std::vector<std::function<void(const T &, const Envelope &)>> callbacks;
        Status dispatch(const bag::Message &m) {
            Status status = msgs::decode(m.data, buffer, msgs::wireFormatOf(m.topic->serialization_format));
            if (!status.ok()) return status;
            const Envelope envelope{m.topic, m.log_time, m.publish_time};
            for (const auto &callback : callbacks) callback(buffer, envelope);
            return Status::Ok();
        }
    };
    struct Handler {
        std::string type;  ///< expected type, empty for raw handlers
        RawHandler call;
    };
    struct Lane {
        std::map<std::string, std::vector<Handler>> handlers;  ///< by topic
        std::vector<Handler> every;                            ///< subscribed to "*": every topic
    };
    /// How a lane's run ended: its status and, on an error, the index of the message it failed at.
    struct LaneEnd {
        Status status;
        std::uint64_t at = std::numeric_limits<std::uint64_t>::max();
    };
    void addHandler(const std::string &topic, const std::string &type, RawHandler call);
    /// Calls `lane`'s subscribers of `message`: those of its topic (`topic_handlers`, may be
    /// null), then those of every topic.
    static Status dispatch(const Lane &lane, const std::vector<Handler> *topic_handlers, const bag::Message &message,
                           const bag::MessageSource &source);
    /// Reads `source` to its end feeding `lanes` (all on this thread), or until a message index
    /// past `*stop_after` (lowered by the lanes that fail, so that the others stop too).
    LaneEnd feed(bag::MessageSource &source, const std::vector<const Lane *> &lanes, bool progress,
                 std::atomic<std::uint64_t> *stop_after) const;
    /// The same for one lane reading a ReadAhead consumer that passes over the messages the lane
    /// does not subscribe to: the indices are the consumer's positions in the bag's order.
    LaneEnd feed(bag::ReadAheadConsumer &source, const Lane &lane, bool progress,
                 std::atomic<std::uint64_t> *stop_after) const;
    /// The loop of both: `indexOf(read)` is the index of the message read last (`read`
    /// messages were read before it); `stable_topics`: a topic pointer never names another topic.
    template <class IndexOf>
    LaneEnd feedLanes(bag::MessageSource &source, const std::vector<const Lane *> &lanes, bool progress,
                      std::atomic<std::uint64_t> *stop_after, IndexOf indexOf, bool stable_topics) const;

    Remaps remaps_;
    std::vector<Lane> lanes_{1};
    std::size_t lane_ = 0;
    std::map<std::tuple<std::size_t, std::string, std::string>, std::shared_ptr<void>>
        decoders_;  ///< lane, topic, type
    bool progress_ = false;
    std::uint64_t progress_bytes_ = 0;
    bool read_ahead_ = false;
    std::function<Status()> check_;
};

}  // namespace robometrics::pipeline
