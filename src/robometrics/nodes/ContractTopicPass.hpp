#pragma once
// What a recording contract measures of one topic, message by message, from any source: the
// topic's declaration (type, QoS as its publishers offered it, whether its type has a header)
// and per message its log time, header stamp and frame, read in place. One definition for
// `check` (a bag, evaluate/RecordingCheck) and `live topic-stats --spec` (DDS, ContractWindows).

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::nodes {

class ContractTopicPass {
public:
    explicit ContractTopicPass(const bag::TopicInfo &topic);

    /// One message of the topic.
    void add(const bag::Message &message);
    /// The measurement, with the silences up to `start` and from `end` counted (TopicMeasurer).
    topicstats::TopicMeasurement finish(TimeNs start, TimeNs end) const { return measurer_.finish(start, end); }

private:
    ContractTopicPass(topicstats::TopicMeasurement declared, msgs::WireFormat format);

    bool header_ = false;
    msgs::WireFormat format_ = msgs::WireFormat::Cdr;
    topicstats::TopicMeasurer measurer_;
};

}  // namespace robometrics::nodes
