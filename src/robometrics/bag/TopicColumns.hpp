#pragma once
// One topic of a bag as columns, one row per message (msgs/ColumnDecoder.hpp): what the Python
// module's Bag.to_dataframe() and Bag.to_numpy() return (docs/python.md).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"

namespace robometrics::bag {

struct TopicColumnsRequest {
    std::string topic;
    std::vector<std::string> fields;  ///< column paths to keep (ColumnDecoder::create); empty: all
    std::optional<TimeNs> start_ns;   ///< inclusive log-time range
    std::optional<TimeNs> end_ns;
    /// Read what is readable of a recording cut short (ReadOptions::recover); TopicColumns::damage
    /// then says what was lost. False: damage is an Error.
    bool recover = true;
    /// Called between batches of messages on the reading thread; an Error it returns stops the
    /// read with that error (the Python module checks for Ctrl-C here).
    std::function<Status()> check;
};

struct TopicColumns {
    std::string type;                   ///< the topic's type, "nav_msgs/msg/Odometry"
    std::vector<TimeNs> log_times;      ///< one per row
    std::vector<msgs::Column> columns;  ///< in .msg order
    std::optional<ReadDamage> damage;   ///< what a recovering read could not read
};

/// What kind of error readTopicColumns() returned.
enum class TopicColumnsFailure : std::uint8_t {
    Read,      ///< the bag could not be read, or a message did not decode
    Argument,  ///< the bag has no such topic, or its type no such field: found before anything is read
};

/// Reads the messages of `request.topic` from the bag at `path` into columns. Errors name the bag,
/// the topic and, for a message that does not decode, its log time; `failure`, when given, says
/// which kind an error is.
Result<TopicColumns> readTopicColumns(const std::string &path, const TopicColumnsRequest &request,
                                      TopicColumnsFailure *failure = nullptr);

}  // namespace robometrics::bag
