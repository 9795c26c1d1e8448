#pragma once
// Low-level XCDR1 writer: the mirror of CdrReader. Writes the encapsulation header, aligns every
// primitive to its size from the byte after the header (zero padding), and pads the finished
// payload with zeros to a multiple of 4 bytes as Fast-CDR (every ROS 2 middleware) does.

#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

#include "robometrics/msgs/CdrReader.hpp"

namespace robometrics::msgs {

class CdrWriter {
public:
    /// Clears `out` (keeping its capacity) and writes the encapsulation header.
    CdrWriter(std::vector<std::uint8_t> &out, CdrByteOrder order);

    template <class T>
    void write(T value) {
        static_assert(std::is_arithmetic_v<T>);
        if constexpr (std::is_same_v<T, bool>) {
            write(static_cast<std::uint8_t>(value ? 1 : 0));
        } else {
            align(sizeof(T));
            if (swap_) value = byteSwapped(value);
            std::size_t at = out_.size();
            out_.resize(at + sizeof(T));
            std::memcpy(out_.data() + at, &value, sizeof(T));
        }
    }

    /// `count` primitives back to back; nothing (not even alignment) when `count` is 0.
    template <class T>
    void writeArray(const T *values, std::size_t count) {
        static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
        if (count == 0) return;
        align(sizeof(T));
        std::size_t at = out_.size();
        out_.resize(at + count * sizeof(T));
        if (!swap_) {
            std::memcpy(out_.data() + at, values, count * sizeof(T));
            return;
        }
        for (std::size_t i = 0; i < count; ++i) {
            T swapped = byteSwapped(values[i]);
            std::memcpy(out_.data() + at + i * sizeof(T), &swapped, sizeof(T));
        }
    }

    void writeCount(std::size_t count) { write(static_cast<std::uint32_t>(count)); }

    /// u32 length including the NUL, the bytes, the NUL.
    void writeString(std::string_view text);

    void writeEmptyStruct() { write(std::uint8_t{0}); }

    /// Pads the payload with zeros to a multiple of 4 bytes.
    void finish();

private:
    void align(std::size_t size) {
        std::size_t pad = (kCdrHeaderSize - out_.size()) & (size - 1);
        if (pad != 0) out_.resize(out_.size() + pad, 0);
    }

    std::vector<std::uint8_t> &out_;
    bool swap_;
};

}  // namespace robometrics::msgs
