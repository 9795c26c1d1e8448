#include "robometrics/bag/TopicDecoder.hpp"

#include "robometrics/bag/MissingTopic.hpp"

namespace robometrics::bag {

Result<const TopicInfo *> findTopic(const std::string &path, const MessageSource &source,
                                    const std::string &topic_name) {
    const TopicInfo *topic = nullptr;
    for (const TopicInfo &t : source.topics()) {
        if (t.name == topic_name) topic = &t;
    }
    if (!topic) return Error{missingTopicMessage(path, topic_name, source.topics())};
    return topic;
}

Result<msgs::DynamicDecoder> topicDecoder(const std::string &path, const TopicInfo &topic) {
    auto decoder = msgs::DynamicDecoder::create(topic.type, topic.schema.text,
                                                topic.schema.encoding.empty() ? "ros2msg" : topic.schema.encoding);
    if (!decoder) return Error{path + ": topic " + topic.name + " (" + topic.type + "): " + decoder.message()};
    return decoder;
}

}  // namespace robometrics::bag
