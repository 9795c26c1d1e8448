#pragma once
// rosbag2's `offered_qos_profiles`: the QoS of each publisher the recorder saw, kept so that
// `ros2 bag play` offers the same QoS again (a latched /tf_static or /map stays latched).
//
// Two spellings exist. Humble and Iron write the enums as integers (`reliability: 1`); Jazzy and
// later write names (`reliability: reliable`) and mark that with bag metadata version 9. A
// Jazzy reader takes integers unless the bag says version 9, while Humble reads only integers,
// so integers are what every distro plays: robometrics writes them for its own bags, and
// `convert` keeps whatever spelling the source has (docs/convert.md).

#include <string>
#include <string_view>

namespace robometrics::bag {

/// What a publisher offered, as far as playback needs it.
struct OfferedQos {
    bool reliable = true;
    bool transient_local = false;  ///< latched: a late subscriber still gets the last message
    int depth = 10;
};

/// The reliability and durability of a topic as the recorder saw its publishers, in rmw's words:
/// "reliable" / "best_effort", "volatile" / "transient_local"; "mixed" when publishers differ,
/// "" when the profiles do not say (no profiles, unreadable text, an unknown value).
struct RecordedQos {
    std::string reliability;
    std::string durability;
};
RecordedQos recordedQos(std::string_view profiles);

enum class QosSpelling { Integers, Names };

/// One entry of offered_qos_profiles (a YAML sequence item, newline-terminated); concatenate
/// one per publisher. Deadline, lifespan and lease are "infinite" as rclcpp reports them.
std::string offeredQosYaml(const OfferedQos &qos, QosSpelling spelling = QosSpelling::Integers);

/// The spelling of a stored offered_qos_profiles text: Names when an enum is a word
/// (`reliability: reliable`), else Integers (also for an empty text).
QosSpelling qosSpellingOf(std::string_view profiles);

}  // namespace robometrics::bag
