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

inline void readBag(const std::string &path, bool recover) {
    bag::ReadOptions options;
    options.recover = recover;
    auto source = bag::openBag(path, options);
    if (!source) return;
    bag::Message message;
    std::uint64_t read = 0;
    while (true) {
        auto more = (*source)->next(message);
        // A recovering read ends at the damage, never in an error.
        if (!more && recover) std::abort();
        if (!more || !*more) break;
        ++read;
    }
    // What it says it read is what it gave.
    if (auto damage = (*source)->damage(); damage && damage->messages_read != read) std::abort();
    if (auto damage = (*source)->damage()) (void)bag::damageWarning(*damage);
}

inline void readAndDescribeBag(const std::string &path) {
    readBag(path, false);
    readBag(path, true);
    (void)bag::describeBag(path, false);
    (void)bag::describeBag(path, true);
}

}  // namespace robometrics::fuzz
