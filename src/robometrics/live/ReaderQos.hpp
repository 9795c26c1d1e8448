#pragma once
// Which QoS a reader of a topic asks for, given the publishers discovery shows, and which of them
// it then cannot match. DDS matches a reader only with writers that offer at least what it
// requests: a reliable reader never hears a best-effort writer, a transient-local reader never a
// volatile one, and nothing says so on either side (rclcpp prints an "incompatible QoS" warning;
// a bare DDS reader is silent). Pure functions of the endpoints, so they are tested without DDS.

#include <string>
#include <vector>

#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

/// `requested` (best effort by default, reliable with --reliable) adapted to the writers:
/// reliable + transient local + depth 1 when every writer is (a latched map or status: a late
/// reader still gets the last sample); reliable when `adapt_reliability` and every writer is
/// reliable (as `ros2 bag record`); else `requested`. A writer that joins later can change it.
Qos readerQosFor(const Qos &requested, bool adapt_reliability, const std::vector<Endpoint> &writers);

/// The same reliability and durability (the depth does not decide matching).
bool sameMatching(const Qos &a, const Qos &b);

/// The writers a reader of QoS `reader` cannot match; one line naming each and why, e.g.
/// "publisher 01.0f...: offers best effort, the reader requests reliable"; empty when all match.
std::vector<std::string> unmatchedWriters(const Qos &reader, const std::vector<Endpoint> &writers);

}  // namespace robometrics::live
