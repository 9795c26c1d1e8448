#pragma once
// One interface over every kind of bag (MCAP file, rosbag2 directory with sqlite3 or MCAP
// storage, a single .db3) and, later, live DDS: a stream of raw messages with their topic,
// type, times and schema. Analyzers never see this; the pipeline decodes for them.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "robometrics/bag/LoadedChunks.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

/// The message definition that came with a topic (MCAP Schema / rosbag2 message_definitions).
struct Schema {
    std::string name;      ///< "sensor_msgs/msg/LaserScan"
    std::string encoding;  ///< "ros2msg", "ros2idl", "" when the bag carries none
    std::string text;      ///< the definition text (may be empty)
};

/// A ROS 1 connection header's `latching` field: `1`, anything else, or no such field (bags
/// written by tools that keep only topic, type, md5sum and message_definition, as rosbags does).
enum class Ros1Latching : std::uint8_t { Latched, NotLatched, NotRecorded };

/// What a ROS 1 connection header says of its publisher beyond the topic's type.
struct Ros1Connection {
    std::string callerid;  ///< the publishing node ("/turtlesim"); empty when not recorded
    Ros1Latching latching = Ros1Latching::NotRecorded;
    bool operator==(const Ros1Connection &) const = default;
};

/// A topic as the bag declares it.
struct TopicInfo {
    std::string name;                  ///< "/scan"
    std::string type;                  ///< "sensor_msgs/msg/LaserScan" (normalised with /msg/)
    std::string serialization_format;  ///< "cdr"
    std::string offered_qos_profiles;  ///< raw YAML text, may be empty
    std::uint64_t message_count = 0;   ///< from the index or metadata; 0 when unknown
    /// Publishers the recorder saw, when the format records them directly (a ROS 1 bag has a
    /// connection per publisher); 0 = not recorded that way (see publisherCount()).
    int publishers = 0;
    Schema schema;
    /// The type's description hash ("RIHS01_<sha256 hex>", Iron and later), empty when the bag
    /// does not say; rosbag2 keeps it per topic and `convert` passes it on.
    std::string type_hash;
    /// ROS 1: one entry per connection on the topic, as its connection header declares it
    /// (`callerid`, `latching`); empty for other formats. (Last, so that the positional
    /// initialisations of the fields above stay valid.)
    std::vector<Ros1Connection> ros1_connections;
};

/// How many publishers the recorder saw on the topic: TopicInfo::publishers when the format
/// records them (ROS 1), else the entries of offered_qos_profiles (rosbag2 stores one QoS profile
/// per publisher); 1 when the bag does not say.
int publisherCount(const TopicInfo &topic);

/// One message. `data` (the CDR payload with its encapsulation header) stays valid until the
/// next call to MessageSource::next().
struct Message {
    const TopicInfo *topic = nullptr;
    TimeNs log_time = 0;      ///< receive time
    TimeNs publish_time = 0;  ///< send time when known, else log_time
    std::span<const std::uint8_t> data;
};

/// What to read: topic names (empty = all) and an inclusive log-time range.
struct ReadOptions {
    std::vector<std::string> topics;
    std::optional<TimeNs> start_time;
    std::optional<TimeNs> end_time;
    /// Read what is readable from a recording cut short or damaged (docs/bags.md, Recordings cut
    /// short): after the bag was recognised, openBag() does not fail and next() ends (false, not an
    /// Error) at the damage, which damage() then describes. False: any damage is an Error.
    bool recover = false;
    /// Shown each chunk as it loads, where the reader can promise the order of its chunks
    /// (bag/LoadedChunks.hpp: one indexed MCAP file); others leave it alone.
    std::shared_ptr<LoadedChunkVisitor> chunk_visitor;
};

/// A stream of messages in log-time order.
class MessageSource {
public:
    virtual ~MessageSource() = default;
    MessageSource() = default;
    MessageSource(const MessageSource &) = delete;
    MessageSource &operator=(const MessageSource &) = delete;

    /// Every topic in the source (also those filtered out by ReadOptions).
    virtual const std::vector<TopicInfo> &topics() const = 0;

    /// Reads the next message into `out`. Returns true when a message was read, false at the
    /// end, or an Error naming the file and offset when the input is damaged.
    virtual Result<bool> next(Message &out) = 0;

    /// A short description for messages ("bag.mcap", "rosbag2 dir with 5 files").
    virtual std::string describe() const = 0;

    /// For readers that keep messages past the next call (ReadAhead) without copying them: when
    /// the bytes of the message next() gave last sit in a buffer that this source leaves
    /// unchanged while `keeper` holds it, sets `keeper` to that buffer (left as it is when it is
    /// already that buffer, so a run of messages from one buffer costs no reference count) and
    /// returns true. False, the default, when the bytes are valid only until the next call.
    /// `keeper` is to be released on the thread that calls next(), or in an order synchronised
    /// with it (a mutex, a join): the source tells a buffer is free by its use count alone.
    virtual bool pinLast(std::shared_ptr<const void> &keeper) {
        (void)keeper;
        return false;
    }

    /// For a caller that reads to the end on a thread of its own and has a core to spare
    /// (ReadAhead): a source whose reading splits (an indexed MCAP: its chunks read and
    /// decompressed ahead on threads of their own) may do so from now on. The messages and errors
    /// stay exactly the same. The default does nothing.
    virtual void loadAhead() {}

    /// After next() returned false: what a recovering read (ReadOptions::recover) could not read,
    /// none when the source was read to its real end. Sources that never recover say none.
    virtual std::optional<ReadDamage> damage() const { return std::nullopt; }
};

/// Opens a bag: an .mcap file, a .db3 file, or a rosbag2 directory (metadata.yaml plus storage
/// files, split and compressed bags included).
Result<std::unique_ptr<MessageSource>> openBag(const std::string &path, const ReadOptions &options = {});

}  // namespace robometrics::bag
