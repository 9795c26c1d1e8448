#pragma once
// The small interface between robometrics and a DDS implementation: readers and writers of raw
// CDR payloads on DDS topics with a type name, plus what discovery saw. It knows nothing about
// ROS names (RosNames.hpp) or message types (the CDR codec in msgs/ does all serialization).
// Fast DDS implements it (FastDdsTransport.hpp); tests and the benchmark use it as a peer too.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::live {

enum class Reliability { BestEffort, Reliable };
enum class Durability { Volatile, TransientLocal };

struct Qos {
    Reliability reliability = Reliability::Reliable;
    Durability durability = Durability::Volatile;
    int depth = 10;  ///< KEEP_LAST depth

    /// rclcpp's default (QoS(10)): reliable, volatile, keep last 10.
    static Qos rosDefault() { return {}; }
    /// What robometrics subscribes with by default: matches reliable and best-effort publishers.
    static Qos sensorData() { return {Reliability::BestEffort, Durability::Volatile, 10}; }
    /// Latched topics (maps, status): reliable, transient local, keep last 1.
    static Qos latched() { return {Reliability::Reliable, Durability::TransientLocal, 1}; }
};

/// A remote reader or writer seen by discovery.
struct Endpoint {
    std::string guid;
    std::string topic;  ///< DDS topic name ("rt/scan")
    std::string type;   ///< DDS type name ("sensor_msgs::msg::dds_::LaserScan_")
    Qos qos;
    bool writer = true;
};

/// What discovery has seen so far; updated from middleware threads, read from any thread.
class Graph {
public:
    void add(const Endpoint &endpoint);
    void remove(const std::string &guid);
    std::vector<Endpoint> endpoints() const;
    /// Increases on every change, so pollers can tell whether to look again.
    std::uint64_t version() const;
    /// Waits until the graph changes after `seen` or `timeout` passes; returns the new version.
    std::uint64_t waitForChange(std::uint64_t seen, std::chrono::milliseconds timeout) const;

private:
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::vector<Endpoint> endpoints_;
    std::uint64_t version_ = 0;
};

/// One received sample: the payload with its encapsulation header, the writer's source
/// timestamp and the local reception time (both ns since the Unix epoch).
struct Sample {
    std::vector<std::uint8_t> data;
    TimeNs source_time = 0;
    TimeNs reception_time = 0;
};
/// Called on a middleware thread for every valid sample.
using SampleHandler = std::function<void(Sample &&)>;

/// Samples a reader knows it did not deliver, cumulative since it was created.
struct ReaderLosses {
    std::uint64_t lost = 0;      ///< DDS SAMPLE_LOST: gaps in a writer's sequence (a sample or a fragment never came)
    std::uint64_t rejected = 0;  ///< DDS SAMPLE_REJECTED: received but refused (resource limits)
    /// Samples its writers wrote before the first one of each that arrived here (that sample's
    /// sequence number - 1, summed over writers): written before the writer matched this reader,
    /// or lost; DDS cannot tell which, so it bounds the losses at the start and is not in `lost`.
    std::uint64_t before_first = 0;
    /// Sequence numbers a writer skipped between two of its changes that were taken here: what
    /// never reached the node, whatever dropped it (in the network, the kernel or the reader's
    /// history); checks `lost`.
    std::uint64_t sequence_gaps = 0;
    /// Up to each writer's last data sample taken here, how many it wrote (that sample's sequence
    /// number, summed over writers): what a sender's count is compared with at the end.
    std::uint64_t written_through_last = 0;
};

class Reader {
public:
    virtual ~Reader() = default;
    /// Remote writers currently matched.
    virtual std::size_t matched() const = 0;
    /// What the middleware says this reader lost so far.
    virtual ReaderLosses losses() const { return {}; }
};

class Writer {
public:
    virtual ~Writer() = default;
    /// Publishes a CDR payload (encapsulation header included). `source_time` (ns since the
    /// epoch) sets the sample's source timestamp; 0 = now.
    virtual Status write(std::span<const std::uint8_t> payload, TimeNs source_time = 0) = 0;
    /// Remote readers currently matched.
    virtual std::size_t matched() const = 0;
    /// Waits until every reliable reader has acknowledged every sample written (lost datagrams are
    /// repaired at the writer's next heartbeat); false after `timeout`.
    virtual bool waitForAcknowledgments(std::chrono::milliseconds timeout) = 0;
};

/// One DDS participant. Readers and writers must be destroyed before their transport.
class Transport {
public:
    virtual ~Transport() = default;
    virtual Result<std::unique_ptr<Reader>> createReader(const std::string &dds_topic, const std::string &dds_type,
                                                         const Qos &qos, SampleHandler handler) = 0;
    virtual Result<std::unique_ptr<Writer>> createWriter(const std::string &dds_topic, const std::string &dds_type,
                                                         const Qos &qos) = 0;
    /// Remote endpoints (our own are not listed).
    virtual const Graph &graph() const = 0;
    /// "Fast DDS 2.9, domain 0, ..." for logs.
    virtual std::string describe() const = 0;
    /// Said once when the participant opened (the kernel capping the socket buffers asked for).
    virtual std::vector<std::string> notices() const { return {}; }
};

/// ROS_AUTOMATIC_DISCOVERY_RANGE (Jazzy and later) and ROS_LOCALHOST_ONLY (Humble).
enum class DiscoveryRange { SystemDefault, Subnet, Localhost, Off };

/// How to join the DDS domain; filled from the ROS 2 environment variables, then from options.
struct TransportOptions {
    int domain_id = 0;  ///< ROS_DOMAIN_ID, unset = 0
    DiscoveryRange range = DiscoveryRange::Subnet;
    std::vector<std::string> static_peers;  ///< ROS_STATIC_PEERS (IPv4 addresses, ';' separated)
    std::string profile_file;               ///< a Fast DDS XML profile (FASTRTPS_DEFAULT_PROFILES_FILE)
    bool shared_memory = false;             ///< add the SHM transport (off: see docs/live.md)
    /// Fast DDS short-cuts samples between participants of one process; false sends them through
    /// the transport like between processes (process-wide setting, for benchmarks).
    bool intraprocess = true;

    /// Reads ROS_DOMAIN_ID, ROS_LOCALHOST_ONLY, ROS_AUTOMATIC_DISCOVERY_RANGE, ROS_STATIC_PEERS and
    /// FASTRTPS_DEFAULT_PROFILES_FILE; an invalid value is an Error naming the variable.
    static Result<TransportOptions> fromEnvironment();
    /// Same, from a lookup function (for tests).
    static Result<TransportOptions> fromLookup(const std::function<const char *(const char *)> &getenv_fn);
};

std::string_view toString(DiscoveryRange range);

/// Opens a Fast DDS participant named "/" with USER_DATA "enclave=/;", as rmw_fastrtps does.
Result<std::unique_ptr<Transport>> openFastDds(const TransportOptions &options);

}  // namespace robometrics::live
