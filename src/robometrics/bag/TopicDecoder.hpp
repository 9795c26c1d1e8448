#pragma once
// The dynamic decoder of one topic of an open bag, from the schema the bag stores (or the
// built-in one): what `echo` prints with and what the Python module decodes with.

#include <string>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::bag {

/// The topic named `topic_name` in `source` (opened from `path`), or an error that names the bag's
/// topics (missingTopicMessage).
Result<const TopicInfo *> findTopic(const std::string &path, const MessageSource &source,
                                    const std::string &topic_name);

/// The decoder of `topic`; an error names the bag, the topic and its type.
Result<msgs::DynamicDecoder> topicDecoder(const std::string &path, const TopicInfo &topic);

}  // namespace robometrics::bag
