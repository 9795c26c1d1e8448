#pragma once
// Reads a bag to its end as the tests of recordings cut short need it: every message's topic and
// log time, the damage() at the end, and the error that ended the read (empty when none).

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::test {

struct RecoveringRead {
    std::vector<std::pair<std::string, TimeNs>> messages;  ///< topic, log time
    std::optional<bag::ReadDamage> damage;
    std::string error;  ///< of openBag or next(); empty when the read ended without one
};

/// Reads `source` to its end.
inline RecoveringRead readToTheEnd(bag::MessageSource &source) {
    RecoveringRead out;
    bag::Message m;
    for (;;) {
        auto more = source.next(m);
        if (!more) {
            out.error = more.message();
            break;
        }
        if (!*more) break;
        out.messages.emplace_back(m.topic->name, m.log_time);
    }
    out.damage = source.damage();
    return out;
}

/// Opens the bag at `path` (recovering what is readable when `recover`) and reads it to its end.
inline RecoveringRead readToTheEnd(const std::filesystem::path &path, bool recover) {
    bag::ReadOptions options;
    options.recover = recover;
    auto source = bag::openBag(path.string(), options);
    if (!source) return RecoveringRead{{}, std::nullopt, source.message()};
    return readToTheEnd(**source);
}

}  // namespace robometrics::test
