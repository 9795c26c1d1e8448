#pragma once
// Low-level XCDR1 writer: the mirror of CdrReader. Writes the encapsulation header, aligns every
// primitive to its size from the byte after the header (zero padding), and pads the finished
// payload with zeros to a multiple of 4 bytes as Fast-CDR (every ROS 2 middleware) does.
//
// It writes over the bytes `out` already holds (a buffer kept from message to message) and counts
// the payload's size itself, growing `out` only when a message is longer than any before it, and
// sets out's size in finish(): growing the vector by one resize per primitive (each a call and a
// zero fill) was most of what encoding a message of small fields cost.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

#include "robometrics/msgs/CdrReader.hpp"

namespace robometrics::msgs {

class CdrWriter {
public:
    /// Writes the encapsulation header at the start of `out`; finish() sets its size.
    CdrWriter(std::vector<std::uint8_t> &out, CdrByteOrder order);

    template <class T>
    void write(T value) {
        static_assert(std::is_arithmetic_v<T>);
        if constexpr (std::is_same_v<T, bool>) {
            write(static_cast<std::uint8_t>(value ? 1 : 0));
        } else {
            align(sizeof(T));
            if (swap_) value = byteSwapped(value);
            std::memcpy(room(sizeof(T)), &value, sizeof(T));
        }
    }

    /// `count` primitives back to back; nothing (not even alignment) when `count` is 0.
    template <class T>
    void writeArray(const T *values, std::size_t count) {
        static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
        if (count == 0) return;
        align(sizeof(T));
        std::uint8_t *at = room(count * sizeof(T));
        if (!swap_) {
            std::memcpy(at, values, count * sizeof(T));
            return;
        }
        for (std::size_t i = 0; i < count; ++i) {
            T swapped = byteSwapped(values[i]);
            std::memcpy(at + i * sizeof(T), &swapped, sizeof(T));
        }
    }

    void writeCount(std::size_t count) { write(static_cast<std::uint32_t>(count)); }

    /// u32 length including the NUL, the bytes, the NUL.
    void writeString(std::string_view text);

    void writeEmptyStruct() { write(std::uint8_t{0}); }

    /// Pads the payload with zeros to a multiple of 4 bytes and gives `out` the payload's size.
    /// Until then `out` may hold bytes past the payload: call it once every field is written.
    void finish();

private:
    /// The next `n` bytes of the payload, to be written (out grows, geometrically, when short).
    /// The growth is a cold call of its own so that the usual case inlines into every field's
    /// write: with the resize in it, the compiler kept room() a call, one per field.
    std::uint8_t *room(std::size_t n) {
        if (out_.size() - size_ < n) grow(n);
        std::uint8_t *at = out_.data() + size_;
        size_ += n;
        return at;
    }
    [[gnu::cold]] void grow(std::size_t n);  ///< out grows to hold n more bytes (rare)
    void align(std::size_t size) {
        std::size_t pad = (kCdrHeaderSize - size_) & (size - 1);
        if (pad != 0) std::memset(room(pad), 0, pad);
    }

    std::vector<std::uint8_t> &out_;
    bool swap_;
    std::size_t size_ = 0;  ///< of the payload written so far
};

}  // namespace robometrics::msgs
