#pragma once
// Remembers the last few entries found in a node-based map by string key, so that a stream that
// names the same few keys again and again (a TF stream: the same frame names in every message)
// compares each name with a remembered one instead of hashing it. Comparing a short name costs a
// tenth of hashing it (issue 62: the hash look-ups by frame name were a quarter of the TF
// handlers' instructions in the 2400 s terrain run).
//
// Entries of std::unordered_map and std::map stay where they are when others are added, so the
// remembered pointers stay valid until an entry is erased: call forget() then. A copy or a move
// starts with nothing remembered, as its pointers would be into the other map.

#include <array>
#include <cstddef>
#include <string>

namespace robometrics {

template <class Map>
class RecentLookups {
public:
    using Value = typename Map::mapped_type;

    RecentLookups() = default;
    RecentLookups(const RecentLookups &) {}
    RecentLookups &operator=(const RecentLookups &) {
        forget();
        return *this;
    }

    /// map[key]: the remembered entry when `key` is one of the last few, else the map's (added
    /// when missing, as operator[]), then remembered in place of the oldest.
    Value &operator()(Map &map, const std::string &key) {
        for (const Entry &e : entries_) {
            if (e.value != nullptr && e.key == key) return *e.value;
        }
        Entry &slot = entries_[next_];
        next_ = (next_ + 1) % entries_.size();
        slot.key = key;
        slot.value = &map[key];
        return *slot.value;
    }

    void forget() { entries_ = {}; }

private:
    struct Entry {
        std::string key;
        Value *value = nullptr;
    };
    /// A few: a message's links (odom -> base_link, map -> odom, ...); a long list would cost
    /// more to search on a miss than the hash it saves.
    std::array<Entry, 4> entries_;
    std::size_t next_ = 0;  ///< the slot replaced next (the oldest)
};

}  // namespace robometrics
