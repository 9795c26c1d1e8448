#pragma once
// Per-topic state found from a message's topic pointer: one hash of the pointer and one name
// comparison a message, instead of a search by name. A source may move its topic list when it
// grows (a channel that first appears mid-file), after which a pointer can name another topic,
// so a remembered pointer is trusted only while its topic still has the remembered name.
//
// A source whose topic pointers never name another topic (bag::ReadAhead's consumers) lets the
// memo trust a remembered pointer without the name comparison.
//
// The table is open-addressed with a power-of-two size (Fibonacci hashing of the pointer, linear
// probing, at most half full): std::unordered_map's prime bucket count cost an integer division
// per look-up, most of the time the pipeline spent per message it did not analyse.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

template <class Value>
class TopicMemo {
public:
    TopicMemo() = default;
    /// `stable_pointers`: the topics come from a source whose topic pointers never name another
    /// topic, so that a remembered pointer is trusted as it is.
    explicit TopicMemo(bool stable_pointers) : compare_names_(!stable_pointers) {}

    /// The value remembered for `topic`, else `find(*topic)`'s, then remembered.
    template <class Find>
    Value get(const TopicInfo *topic, Find &&find) {
        Slot &slot = slotOf(topic);  // find() does not touch this table: the slot stays valid
        if (slot.topic != topic || (compare_names_ && slot.name != topic->name)) assign(slot, topic, find(*topic));
        return slot.value;
    }

    /// Forgets every topic (what `find` would say has changed).
    void clear() {
        slots_.clear();
        used_ = 0;
    }
    /// Remembers `value` for `topic` (as it is named now).
    void remember(const TopicInfo *topic, Value value) { assign(slotOf(topic), topic, std::move(value)); }

private:
    struct Slot {
        const TopicInfo *topic = nullptr;  ///< null: empty
        std::string name;
        Value value{};
    };

    void assign(Slot &slot, const TopicInfo *topic, Value value) {
        if (slot.topic == nullptr) ++used_;
        slot.topic = topic;
        slot.name = topic->name;
        slot.value = std::move(value);
    }

    /// The slot holding `topic`, or the empty slot where it goes (the table has room for it).
    Slot &slotOf(const TopicInfo *topic) {
        if (2 * (used_ + 1) > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = home(topic);; i = (i + 1) & mask) {
            Slot &slot = slots_[i];
            if (slot.topic == topic || slot.topic == nullptr) return slot;
        }
    }

    std::size_t home(const TopicInfo *topic) const {
        const auto bits = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(topic));
        return static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ULL) >> (64 - shift_));
    }

    /// Doubles the table. The entries keep the names they were remembered under (their topics
    /// may no longer exist: they are not read).
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        shift_ = old.empty() ? 4 : shift_ + 1;
        slots_.assign(std::size_t{1} << shift_, Slot{});
        used_ = 0;
        for (Slot &slot : old) {
            if (slot.topic == nullptr) continue;
            slotOf(slot.topic) = std::move(slot);
            ++used_;
        }
    }

    std::vector<Slot> slots_;
    std::size_t used_ = 0;
    unsigned shift_ = 0;  ///< slots_.size() == 1 << shift_
    bool compare_names_ = true;
};

}  // namespace robometrics::bag
