#pragma once
// Finding header.stamp without decoding the whole message: for a type whose first field is a
// std_msgs/Header, the stamp is the first 8 bytes after the CDR encapsulation header (int32 sec,
// uint32 nanosec, both 4-aligned at offset 0 of the body). Whether a type starts with a Header
// is read from its ros2msg schema text: the bag's own, or our built-in one for known types.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::topicstats {

/// True when the first field of the root definition in `ros2msg_text` (comments, blank lines
/// and constants skipped; stops at the first "====" separator) has type std_msgs/Header
/// ("std_msgs/Header", "std_msgs/msg/Header" or "Header").
bool schemaStartsWithHeader(std::string_view ros2msg_text);

/// Whether messages of `type_name` carry a leading header: uses `schema_text` when it is a
/// non-empty ros2msg or ros1msg definition, else the built-in definition of a known type. Unknown types
/// without a usable definition (ros2idl, none) are treated as headerless.
bool typeHasHeader(std::string_view type_name, std::string_view schema_text, std::string_view schema_encoding);

/// header.stamp of a CDR payload (encapsulation header included) in nanoseconds; nullopt when
/// the payload is shorter than 12 bytes or not plain CDR / XCDR2 (little or big endian).
/// A ROS 1 payload starts with the Header itself: u32 seq, then u32 sec and u32 nsec.
std::optional<TimeNs> readHeaderStamp(std::span<const std::uint8_t> payload,
                                      msgs::WireFormat format = msgs::WireFormat::Cdr);

/// header.frame_id of a payload whose type starts with a Header, in place (a view into
/// `payload`, without the CDR terminating NUL); nullopt when the payload is too short for the
/// length it declares or not plain CDR / XCDR2.
std::optional<std::string_view> readHeaderFrameId(std::span<const std::uint8_t> payload,
                                                  msgs::WireFormat format = msgs::WireFormat::Cdr);

/// rosgraph_msgs/Clock (ROS 1 or 2): the simulated time a simulator publishes on /clock.
bool typeIsClock(std::string_view type_name);
/// The time a Clock payload carries (its only field); it stands in for a header stamp, so /clock
/// is judged on its own clock (a paused simulation publishes no /clock and loses no time).
std::optional<TimeNs> readClockValue(std::span<const std::uint8_t> payload,
                                     msgs::WireFormat format = msgs::WireFormat::Cdr);

}  // namespace robometrics::topicstats
