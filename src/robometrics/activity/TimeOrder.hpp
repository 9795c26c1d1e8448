#pragma once
// Time order for the activity's records (commands, track points), which carry their time in `t`.

#include <algorithm>
#include <vector>

namespace robometrics::activity {

/// Sorts `records` by time, records of equal time keeping their order. Recorded in order nearly
/// always, they are checked first: a stable sort moves every record about log2(n) times even when
/// they are sorted.
template <class Timed>
void sortByTime(std::vector<Timed> &records) {
    auto earlier = [](const Timed &a, const Timed &b) { return a.t < b.t; };
    if (!std::is_sorted(records.begin(), records.end(), earlier)) {
        std::stable_sort(records.begin(), records.end(), earlier);
    }
}

}  // namespace robometrics::activity
