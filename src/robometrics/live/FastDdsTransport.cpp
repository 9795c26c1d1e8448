// Fast DDS 2.9 behind the Transport interface. Every message type goes through one generic type
// support that carries the CDR payload as bytes (our codec in msgs/ serializes), declares no key
// and reports 4 + body as its size; history memory grows as needed, as in rmw_fastrtps.

#include <fastdds/rtps/transport/UDPv4TransportDescriptor.h>
#include <fastdds/rtps/transport/UDPv6TransportDescriptor.h>
#include <fastdds/rtps/transport/shared_mem/SharedMemTransportDescriptor.h>
#include <fastrtps/utils/IPLocator.h>
#include <fastrtps/xmlparser/XMLProfileManager.h>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/domain/DomainParticipantListener.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/publisher/qos/DataWriterQos.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/DataReaderListener.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/subscriber/qos/DataReaderQos.hpp>
#include <fastdds/dds/topic/Topic.hpp>
#include <fastdds/dds/topic/TopicDataType.hpp>
#include <fastdds/dds/topic/TypeSupport.hpp>
#include <map>
#include <set>
#include <sstream>

#include "robometrics/live/DdsSource.hpp"  // wallNow
#include "robometrics/live/Sandbox.hpp"
#include "robometrics/live/SocketBuffers.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

namespace dds = eprosima::fastdds::dds;
namespace rtps = eprosima::fastrtps::rtps;

namespace {

/// A sample as the type support sees it: the whole serialized payload.
struct RawSample {
    std::vector<std::uint8_t> bytes;
};

class RawType : public dds::TopicDataType {
public:
    explicit RawType(const std::string &name) {
        setName(name.c_str());
        m_typeSize = 4 + 4;  // grows per sample (PREALLOCATED_WITH_REALLOC)
        m_isGetKeyDefined = false;
        auto_fill_type_object(false);
        auto_fill_type_information(false);
    }
    bool serialize(void *data, rtps::SerializedPayload_t *payload) override {
        const auto &bytes = static_cast<RawSample *>(data)->bytes;
        if (bytes.size() < 4) return false;
        if (payload->max_size < bytes.size()) payload->reserve(static_cast<std::uint32_t>(bytes.size()));
        std::copy(bytes.begin(), bytes.end(), payload->data);
        payload->length = static_cast<std::uint32_t>(bytes.size());
        payload->encapsulation = bytes[1] == 0 ? CDR_BE : CDR_LE;
        return true;
    }
    bool deserialize(rtps::SerializedPayload_t *payload, void *data) override {
        auto &bytes = static_cast<RawSample *>(data)->bytes;
        bytes.assign(payload->data, payload->data + payload->length);
        return true;
    }
    std::function<std::uint32_t()> getSerializedSizeProvider(void *data) override {
        return [data] { return static_cast<std::uint32_t>(static_cast<RawSample *>(data)->bytes.size()); };
    }
    void *createData() override { return new RawSample(); }
    void deleteData(void *data) override { delete static_cast<RawSample *>(data); }
    bool getKey(void *, rtps::InstanceHandle_t *, bool) override { return false; }
};

TimeNs toNs(const rtps::Time_t &t) { return static_cast<TimeNs>(t.seconds()) * kNsPerSecond + t.nanosec(); }

std::string guidText(const rtps::GUID_t &guid) {
    std::ostringstream out;
    out << guid;
    return out.str();
}

template <class PolicyQos>
Qos qosOf(const PolicyQos &q) {
    Qos out;
    out.reliability =
        q.m_reliability.kind == dds::RELIABLE_RELIABILITY_QOS ? Reliability::Reliable : Reliability::BestEffort;
    out.durability =
        q.m_durability.kind == dds::VOLATILE_DURABILITY_QOS ? Durability::Volatile : Durability::TransientLocal;
    return out;
}

template <class EndpointQos>
void applyQos(EndpointQos &q, const Qos &qos) {
    q.reliability().kind =
        qos.reliability == Reliability::Reliable ? dds::RELIABLE_RELIABILITY_QOS : dds::BEST_EFFORT_RELIABILITY_QOS;
    q.durability().kind = qos.durability == Durability::TransientLocal ? dds::TRANSIENT_LOCAL_DURABILITY_QOS
                                                                       : dds::VOLATILE_DURABILITY_QOS;
    q.history().kind = dds::KEEP_LAST_HISTORY_QOS;
    q.history().depth = std::max(1, qos.depth);
    q.endpoint().history_memory_policy = rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
    q.data_sharing().off();
}

/// Discovery of remote endpoints into the Graph (our own participant's are skipped).
class DiscoveryListener : public dds::DomainParticipantListener {
public:
    explicit DiscoveryListener(Graph &graph) : graph_(graph) {}
    void setSelf(const rtps::GuidPrefix_t &self) {
        std::lock_guard lock(mutex_);
        self_ = self;
    }
    void on_publisher_discovery(dds::DomainParticipant *, rtps::WriterDiscoveryInfo &&info) override {
        using S = rtps::WriterDiscoveryInfo::DISCOVERY_STATUS;
        const auto &d = info.info;
        update(d.guid(), info.status == S::REMOVED_WRITER, d.topicName().to_string(), d.typeName().to_string(),
               qosOf(d.m_qos), true);
    }
    void on_subscriber_discovery(dds::DomainParticipant *, rtps::ReaderDiscoveryInfo &&info) override {
        using S = rtps::ReaderDiscoveryInfo::DISCOVERY_STATUS;
        const auto &d = info.info;
        update(d.guid(), info.status == S::REMOVED_READER, d.topicName().to_string(), d.typeName().to_string(),
               qosOf(d.m_qos), false);
    }

private:
    void update(const rtps::GUID_t &guid, bool removed, std::string topic, std::string type, Qos qos, bool writer) {
        {
            std::lock_guard lock(mutex_);
            if (guid.guidPrefix == self_) return;
        }
        if (removed) {
            graph_.remove(guidText(guid));
        } else {
            graph_.add(Endpoint{guidText(guid), std::move(topic), std::move(type), qos, writer});
        }
    }
    Graph &graph_;
    std::mutex mutex_;
    rtps::GuidPrefix_t self_;
};

class FastReader : public Reader, public dds::DataReaderListener {
public:
    FastReader(dds::Subscriber *subscriber, SampleHandler handler)
        : subscriber_(subscriber), handler_(std::move(handler)) {}
    ~FastReader() override {
        if (reader_) {
            reader_->set_listener(nullptr);
            subscriber_->delete_datareader(reader_);
        }
    }
    void attach(dds::DataReader *reader) { reader_ = reader; }
    std::size_t matched() const override {
        dds::SubscriptionMatchedStatus status;
        reader_->get_subscription_matched_status(status);
        return static_cast<std::size_t>(status.current_count);
    }
    ReaderLosses losses() const override {
        dds::SampleLostStatus lost;
        dds::SampleRejectedStatus rejected;
        reader_->get_sample_lost_status(lost);
        reader_->get_sample_rejected_status(rejected);
        std::lock_guard lock(writers_mutex_);
        return {static_cast<std::uint64_t>(std::max(0, lost.total_count)), rejected.total_count, before_first_,
                sequence_gaps_, written_through_last_};
    }
    void on_data_available(dds::DataReader *reader) override {
        RawSample raw;
        dds::SampleInfo info;
        while (reader->take_next_sample(&raw, &info) == ReturnCode_t::RETCODE_OK) {
            noteWriter(info.sample_identity, info.valid_data);
            if (!info.valid_data) continue;
            handler_(Sample{std::move(raw.bytes), toNs(info.source_timestamp), wallNow()});
            raw.bytes = {};
        }
    }

private:
    /// Where each writer's sequence stands here (its sequence numbers start at 1 and grow by 1 a
    /// change): what it wrote before its first change that arrived, the numbers skipped between
    /// two that arrived, and its last data sample that arrived.
    struct WriterSequence {
        std::uint64_t last_change = 0;
        std::uint64_t last_data = 0;
    };
    void noteWriter(const rtps::SampleIdentity &id, bool valid_data) {
        if (id.writer_guid() == rtps::GUID_t::unknown()) return;
        const auto sequence = static_cast<std::uint64_t>(id.sequence_number().to64long());
        std::lock_guard lock(writers_mutex_);
        if (!last_writer_ || last_writer_guid_ != id.writer_guid()) {
            const auto [it, first] = writers_.try_emplace(id.writer_guid());
            if (first && sequence > 1) before_first_ += sequence - 1;
            if (first) it->second.last_change = sequence > 0 ? sequence - 1 : 0;
            last_writer_guid_ = id.writer_guid();
            last_writer_ = &it->second;
        }
        WriterSequence &w = *last_writer_;
        if (sequence > w.last_change + 1) sequence_gaps_ += sequence - w.last_change - 1;
        w.last_change = std::max(w.last_change, sequence);
        if (valid_data && sequence > w.last_data) {
            written_through_last_ += sequence - w.last_data;
            w.last_data = sequence;
        }
    }

    dds::Subscriber *subscriber_;
    dds::DataReader *reader_ = nullptr;
    SampleHandler handler_;
    mutable std::mutex writers_mutex_;
    std::map<rtps::GUID_t, WriterSequence> writers_;  // one entry per writer the topic ever had
    rtps::GUID_t last_writer_guid_;
    WriterSequence *last_writer_ = nullptr;  // writers_'s entry of last_writer_guid_ (map nodes stay put)
    std::uint64_t before_first_ = 0;
    std::uint64_t sequence_gaps_ = 0;
    std::uint64_t written_through_last_ = 0;
};

class FastWriter : public Writer {
public:
    FastWriter(dds::Publisher *publisher, dds::DataWriter *writer) : publisher_(publisher), writer_(writer) {}
    ~FastWriter() override { publisher_->delete_datawriter(writer_); }
    Status write(std::span<const std::uint8_t> payload, TimeNs source_time) override {
        std::lock_guard lock(mutex_);
        sample_.bytes.assign(payload.begin(), payload.end());
        ReturnCode_t rc;
        if (source_time > 0) {
            eprosima::fastrtps::Time_t stamp(static_cast<std::int32_t>(source_time / kNsPerSecond),
                                             static_cast<std::uint32_t>(source_time % kNsPerSecond));
            rc = writer_->write_w_timestamp(&sample_, dds::HANDLE_NIL, stamp);
        } else {
            rc = writer_->write(&sample_, dds::HANDLE_NIL);
        }
        if (rc != ReturnCode_t::RETCODE_OK) {
            return Error{fmt::format("{}: DDS write failed (code {})", writer_->get_topic()->get_name(), rc())};
        }
        return Status::Ok();
    }
    bool waitForAcknowledgments(std::chrono::milliseconds timeout) override {
        const auto ms = timeout.count();
        eprosima::fastrtps::Duration_t wait(static_cast<std::int32_t>(ms / 1000),
                                            static_cast<std::uint32_t>(ms % 1000) * 1'000'000U);
        return writer_->wait_for_acknowledgments(wait) == ReturnCode_t::RETCODE_OK;
    }
    std::size_t matched() const override {
        dds::PublicationMatchedStatus status;
        writer_->get_publication_matched_status(status);
        return static_cast<std::size_t>(status.current_count);
    }

private:
    dds::Publisher *publisher_;
    dds::DataWriter *writer_;
    std::mutex mutex_;
    RawSample sample_;
};

rtps::Locator_t udpLocator(const std::string &address) {
    rtps::Locator_t locator;
    locator.kind = LOCATOR_KIND_UDPv4;
    rtps::IPLocator::setIPv4(locator, address);
    return locator;
}

/// The transports: an explicit XML profile wins; otherwise the discovery range decides, with
/// UDP only (no shared memory unless asked), as docs/live.md explains.
void configureTransports(dds::DomainParticipantQos &qos, const TransportOptions &o) {
    auto &builtin = qos.wire_protocol().builtin;
    builtin.readerHistoryMemoryPolicy = rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
    builtin.writerHistoryMemoryPolicy = rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
    const bool profile_sets_transports =
        !qos.transport().use_builtin_transports || !qos.transport().user_transports.empty();
    if (!profile_sets_transports && o.range != DiscoveryRange::SystemDefault) {
        auto udp = std::make_shared<eprosima::fastdds::rtps::UDPv4TransportDescriptor>();
        qos.transport().use_builtin_transports = false;
        if (o.range == DiscoveryRange::Localhost || o.range == DiscoveryRange::Off) {
            // Only this host, unless static peers must be reached (then discovery alone is limited).
            if (o.static_peers.empty()) udp->interfaceWhiteList.emplace_back("127.0.0.1");
            udp->maxInitialPeersRange = 32;
            builtin.metatrafficMulticastLocatorList.clear();
            builtin.metatrafficUnicastLocatorList.clear();
            builtin.metatrafficUnicastLocatorList.push_back(udpLocator("127.0.0.1"));
            builtin.initialPeersList.clear();
            if (o.range == DiscoveryRange::Localhost) builtin.initialPeersList.push_back(udpLocator("127.0.0.1"));
        } else if (!o.static_peers.empty()) {
            // Explicit initial peers replace the default multicast one: keep it for SUBNET.
            builtin.initialPeersList.push_back(udpLocator("239.255.0.1"));
        }
        qos.transport().user_transports.push_back(udp);
        if (o.shared_memory) {
            qos.transport().user_transports.push_back(
                std::make_shared<eprosima::fastdds::rtps::SharedMemTransportDescriptor>());
        }
    }
    for (const std::string &peer : o.static_peers) builtin.initialPeersList.push_back(udpLocator(peer));
}

/// The socket buffers asked for (receive, send).
struct BufferSizes {
    std::uint32_t receive = 0;
    std::uint32_t send = 0;
};

template <class Descriptor>
bool sizeUdp(std::shared_ptr<eprosima::fastdds::rtps::TransportDescriptorInterface> &slot, const BufferSizes &want,
             BufferSizes &asked) {
    auto udp = std::dynamic_pointer_cast<Descriptor>(slot);
    if (!udp) return false;
    if (udp->receiveBufferSize == 0 || udp->sendBufferSize == 0) {
        auto sized = std::make_shared<Descriptor>(*udp);  // the profile's own descriptor stays as loaded
        if (sized->receiveBufferSize == 0) sized->receiveBufferSize = want.receive;
        if (sized->sendBufferSize == 0) sized->sendBufferSize = want.send;
        slot = sized;
        udp = sized;
    }
    asked.receive = std::max(asked.receive, udp->receiveBufferSize);
    asked.send = std::max(asked.send, udp->sendBufferSize);
    return true;
}

/// Socket buffers sized for a robot's large messages (SocketBuffers.hpp): every UDP transport
/// whose size the profile leaves to the system gets robometrics' default (or the profile's
/// participant-wide listen/send sizes when it sets those); a size the profile sets wins. Returns
/// the largest sizes asked for.
BufferSizes sizeSocketBuffers(dds::DomainParticipantQos &qos) {
    auto &transport = qos.transport();
    const BufferSizes want{
        transport.listen_socket_buffer_size ? transport.listen_socket_buffer_size : kReceiveBufferBytes,
        transport.send_socket_buffer_size ? transport.send_socket_buffer_size : kSendBufferBytes};
    transport.listen_socket_buffer_size = want.receive;  // what the built-in UDP transport uses
    transport.send_socket_buffer_size = want.send;
    BufferSizes asked;
    if (transport.use_builtin_transports) asked = want;
    for (auto &slot : transport.user_transports) {
        if (!sizeUdp<eprosima::fastdds::rtps::UDPv4TransportDescriptor>(slot, want, asked)) {
            sizeUdp<eprosima::fastdds::rtps::UDPv6TransportDescriptor>(slot, want, asked);
        }
    }
    return asked;
}

class FastDdsTransport : public Transport {
public:
    FastDdsTransport() : listener_(graph_) {}
    ~FastDdsTransport() override {
        if (participant_) {
            participant_->set_listener(nullptr);
            participant_->delete_contained_entities();
            dds::DomainParticipantFactory::get_instance()->delete_participant(participant_);
        }
    }

    Status open(const TransportOptions &o) {
        auto *factory = dds::DomainParticipantFactory::get_instance();
        if (!o.profile_file.empty()) {
            const char *current = std::getenv("FASTRTPS_DEFAULT_PROFILES_FILE");
            if (!current || o.profile_file != current) {
                if (factory->load_XML_profiles_file(o.profile_file) != ReturnCode_t::RETCODE_OK) {
                    return Error{fmt::format("{}: cannot load the Fast DDS XML profile", o.profile_file)};
                }
            }
        }
        factory->load_profiles();
        if (!o.intraprocess) {
            eprosima::fastrtps::LibrarySettingsAttributes library;
            library.intraprocess_delivery = eprosima::fastrtps::INTRAPROCESS_OFF;
            eprosima::fastrtps::xmlparser::XMLProfileManager::library_settings(library);
        }
        dds::DomainParticipantQos qos = factory->get_default_participant_qos();
        qos.name("/");
        const std::string enclave = "enclave=/;";
        qos.user_data().data_vec(std::vector<rtps::octet>(enclave.begin(), enclave.end()));
        configureTransports(qos, o);
        const BufferSizes asked = sizeSocketBuffers(qos);
        participant_ = factory->create_participant(static_cast<dds::DomainId_t>(o.domain_id), qos, &listener_,
                                                   dds::StatusMask::none());
        if (!participant_) return Error{fmt::format("cannot create a DDS participant on domain {}", o.domain_id)};
        listener_.setSelf(participant_->guid().guidPrefix);
        publisher_ = participant_->create_publisher(dds::PUBLISHER_QOS_DEFAULT);
        subscriber_ = participant_->create_subscriber(dds::SUBSCRIBER_QOS_DEFAULT);
        if (!publisher_ || !subscriber_) return Error{"cannot create the DDS publisher/subscriber"};
        if (asked.receive || asked.send) {
            std::string capped =
                socketBufferCapNotice(asked.receive, asked.send, readProcNumber("/proc/sys/net/core/rmem_max"),
                                      readProcNumber("/proc/sys/net/core/wmem_max"));
            if (!capped.empty()) notices_.push_back(std::move(capped));
        }
        description_ = fmt::format("Fast DDS, domain {}, discovery {}{}", o.domain_id, toString(o.range),
                                   o.profile_file.empty() ? "" : ", profile " + o.profile_file);
        return Status::Ok();
    }

    Result<std::unique_ptr<Reader>> createReader(const std::string &dds_topic, const std::string &dds_type,
                                                 const Qos &qos, SampleHandler handler) override {
        std::lock_guard lock(mutex_);
        auto topic = topicFor(dds_topic, dds_type);
        if (!topic) return topic.error();
        dds::DataReaderQos rq = subscriber_->get_default_datareader_qos();
        applyQos(rq, qos);
        auto reader = std::make_unique<FastReader>(subscriber_, std::move(handler));
        dds::DataReader *r =
            subscriber_->create_datareader(*topic, rq, reader.get(), dds::StatusMask::data_available());
        if (!r) return Error{fmt::format("{}: cannot create a DDS reader", dds_topic)};
        reader->attach(r);
        return std::unique_ptr<Reader>(std::move(reader));
    }

    Result<std::unique_ptr<Writer>> createWriter(const std::string &dds_topic, const std::string &dds_type,
                                                 const Qos &qos) override {
        std::lock_guard lock(mutex_);
        auto topic = topicFor(dds_topic, dds_type);
        if (!topic) return topic.error();
        dds::DataWriterQos wq = publisher_->get_default_datawriter_qos();
        applyQos(wq, qos);
        wq.representation().m_value.clear();
        wq.representation().m_value.push_back(dds::XCDR_DATA_REPRESENTATION);
        dds::DataWriter *w = publisher_->create_datawriter(*topic, wq, nullptr, dds::StatusMask::none());
        if (!w) return Error{fmt::format("{}: cannot create a DDS writer", dds_topic)};
        return std::unique_ptr<Writer>(std::make_unique<FastWriter>(publisher_, w));
    }

    const Graph &graph() const override { return graph_; }
    std::string describe() const override { return description_; }
    std::vector<std::string> notices() const override { return notices_; }

private:
    Result<dds::Topic *> topicFor(const std::string &name, const std::string &type) {
        if (auto it = topics_.find(name); it != topics_.end()) {
            if (it->second->get_type_name() != type) {
                return Error{
                    fmt::format("{}: already used with type {}, not {}", name, it->second->get_type_name(), type)};
            }
            return it->second;
        }
        if (!types_.count(type)) {
            dds::TypeSupport support(new RawType(type));
            if (support.register_type(participant_) != ReturnCode_t::RETCODE_OK) {
                return Error{fmt::format("cannot register DDS type {}", type)};
            }
            types_.insert(type);
        }
        dds::Topic *topic = participant_->create_topic(name, type, dds::TOPIC_QOS_DEFAULT);
        if (!topic) return Error{fmt::format("cannot create DDS topic {} ({})", name, type)};
        topics_.emplace(name, topic);
        return topic;
    }

    Graph graph_;
    DiscoveryListener listener_;
    dds::DomainParticipant *participant_ = nullptr;
    dds::Publisher *publisher_ = nullptr;
    dds::Subscriber *subscriber_ = nullptr;
    std::mutex mutex_;
    std::map<std::string, dds::Topic *> topics_;
    std::set<std::string> types_;
    std::string description_;
    std::vector<std::string> notices_;
};

}  // namespace

Result<std::unique_ptr<Transport>> openFastDds(const TransportOptions &options) {
    // The test suites set ROBOMETRICS_REQUIRE_SANDBOX=1: a test that would create a participant
    // outside the loopback-only namespace (a command that opens DDS before a usage check, say)
    // fails here instead of announcing itself on the machine's network.
    if (const char *require = std::getenv("ROBOMETRICS_REQUIRE_SANDBOX"); require && std::string(require) == "1") {
        if (std::string problem = loopbackSandboxProblem(); !problem.empty()) {
            return Error{
                "refusing to open a DDS participant outside the loopback-only network namespace "
                "(ROBOMETRICS_REQUIRE_SANDBOX=1): " +
                problem};
        }
    }
    auto transport = std::make_unique<FastDdsTransport>();
    ROBOMETRICS_TRY(transport->open(options));
    return std::unique_ptr<Transport>(std::move(transport));
}

}  // namespace robometrics::live
