#pragma once
// Reads a bag to its end as the tests of recordings cut short need it: every message's topic and
// log time, the damage() at the end, and the error that ended the read (empty when none).

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "DamagedRead.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::test {

struct RecoveringRead {
    std::vector<std::pair<std::string, TimeNs>> messages;  ///< topic, log time
    std::optional<bag::ReadDamage> damage;
    std::string error;  ///< of openBag or next(); empty when the read ended without one
};

/// Only the topics and log times of a full read (tests/support/DamagedRead.hpp).
inline RecoveringRead topicsAndTimes(FullRead full) {
    RecoveringRead out{{}, std::move(full.damage), std::move(full.error)};
    for (const auto &[topic, time, bytes] : full.messages) out.messages.emplace_back(topic, time);
    return out;
}

/// Reads `source` to its end.
inline RecoveringRead readToTheEnd(bag::MessageSource &source) { return topicsAndTimes(readFully(source)); }

/// Opens the bag at `path` (recovering what is readable when `recover`) and reads it to its end.
inline RecoveringRead readToTheEnd(const std::filesystem::path &path, bool recover) {
    return topicsAndTimes(readFully(path, recover));
}

}  // namespace robometrics::test
