#pragma once
// What every bag target does with its input: open it as the commands do and read every message
// (the reader's error paths are what is fuzzed, so an error simply ends the read), once strictly
// and once recovering what is readable (ReadOptions::recover, every command's default), then
// describe it as `robometrics info` does, both ways. Header-only: only the bag targets link
// robometrics_bag.

#include <cstdlib>
#include <string>

#include "robometrics/bag/BagInfo.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::fuzz {

/// Reads the bag to its end; true when the read skipped damaged spans (a recovering read) or
/// ended in an error (a strict one).
inline bool readBag(const std::string &path, bool recover) {
    bag::ReadOptions options;
    options.recover = recover;
    auto source = bag::openBag(path, options);
    if (!source) return true;
    bag::Message message;
    std::uint64_t read = 0;
    while (true) {
        auto more = (*source)->next(message);
        // A recovering read ends at the damage, never in an error.
        if (!more && recover) std::abort();
        if (!more) return true;
        if (!*more) break;
        ++read;
    }
    const auto damage = (*source)->damage();
    if (!damage) return false;
    // What it says it read is what it gave.
    if (damage->messages_read != read) std::abort();
    // Every span skipped is a byte range, and said only when something was skipped.
    for (const bag::LostSpan &span : damage->spans)
        if (span.byte_end < span.byte_begin) std::abort();
    if (damage->read_to_end && damage->spans.empty()) std::abort();
    (void)bag::damageWarning(*damage);
    return !damage->spans.empty();
}

inline void readAndDescribeBag(const std::string &path) {
    const bool strict_failed = readBag(path, false);
    // A strict read refuses whatever damage a recovering read skips.
    if (readBag(path, true) && !strict_failed) std::abort();
    (void)bag::describeBag(path, false);
    (void)bag::describeBag(path, true);
}

}  // namespace robometrics::fuzz
