#pragma once
// Per-topic state found from a message's topic pointer: one hash of the pointer and one name
// comparison a message, instead of a search by name. A source may move its topic list when it
// grows (a channel that first appears mid-file), after which a pointer can name another topic,
// so a remembered pointer is trusted only while its topic still has the remembered name.

#include <string>
#include <unordered_map>
#include <utility>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

template <class Value>
class TopicMemo {
public:
    /// The value remembered for `topic`, else `find(*topic)`'s, then remembered.
    template <class Find>
    Value get(const TopicInfo *topic, Find &&find) {
        auto [it, added] = memo_.try_emplace(topic);
        if (added || it->second.name != topic->name) {
            it->second.name = topic->name;
            it->second.value = find(*topic);
        }
        return it->second.value;
    }

    /// Forgets every topic (what `find` would say has changed).
    void clear() { memo_.clear(); }
    /// Remembers `value` for `topic` (as it is named now).
    void remember(const TopicInfo *topic, Value value) { memo_[topic] = Entry{topic->name, std::move(value)}; }

private:
    struct Entry {
        std::string name;
        Value value{};
    };
    std::unordered_map<const TopicInfo *, Entry> memo_;
};

}  // namespace robometrics::bag
