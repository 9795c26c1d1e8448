#include "robometrics/nodes/ContractTopicPass.hpp"

#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/topicstats/HeaderStamp.hpp"

namespace robometrics::nodes {

namespace {

topicstats::TopicMeasurement declared(const bag::TopicInfo &t) {
    topicstats::TopicMeasurement m;
    m.name = t.name;
    m.type = t.type;
    const bag::RecordedQos qos = bag::recordedQos(t.offered_qos_profiles);
    m.reliability = qos.reliability;
    m.durability = qos.durability;
    // rosgraph_msgs/Clock carries a time but no header (no frame): no latency, no frame.
    m.has_header =
        !topicstats::typeIsClock(t.type) && topicstats::typeHasHeader(t.type, t.schema.text, t.schema.encoding);
    return m;
}

}  // namespace

ContractTopicPass::ContractTopicPass(const bag::TopicInfo &topic)
    : ContractTopicPass(declared(topic), msgs::wireFormatOf(topic.serialization_format)) {}

ContractTopicPass::ContractTopicPass(topicstats::TopicMeasurement declared, msgs::WireFormat format)
    : header_(declared.has_header), format_(format), measurer_(std::move(declared)) {}

void ContractTopicPass::add(const bag::Message &message) {
    std::optional<TimeNs> stamp;
    std::optional<std::string_view> frame;
    if (header_) {
        stamp = topicstats::readHeaderStamp(message.data, format_);
        frame = topicstats::readHeaderFrameId(message.data, format_);
    }
    measurer_.add(message.log_time, stamp, frame);
}

}  // namespace robometrics::nodes
