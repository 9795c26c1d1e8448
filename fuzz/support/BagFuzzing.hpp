#pragma once
// What every bag target does with its input: open it as the commands do and read every message
// (the reader's error paths are what is fuzzed, so an error simply ends the read), then describe
// it as `robometrics info` does. Header-only: only the bag targets link robometrics_bag.

#include <string>

#include "robometrics/bag/BagInfo.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::fuzz {

inline void readAndDescribeBag(const std::string &path) {
    if (auto source = bag::openBag(path)) {
        bag::Message message;
        while (true) {
            auto more = (*source)->next(message);
            if (!more || !*more) break;
        }
    }
    (void)bag::describeBag(path, false);
}

}  // namespace robometrics::fuzz
