#pragma once
// An append-only sequence of int64 values (times in nanoseconds) that costs next to nothing when
// they come exactly on a clock and a few bytes each when they jitter. What is stored per value is
// its second difference, the change of the step from the value before: zero for a steady rate,
// the jitter otherwise. It is written as a zigzag varint (LEB128, 7 bits a byte: a change under
// 64 ns takes one byte, under 1 ms three, under 134 ms four); a run of zero changes is written
// once, as a 0 byte and the run's length. The first value is a step from 0 and the second a change
// from that step: two long varints per series. Differences wrap around modulo 2^64 and unwrap on
// reading, so every int64 sequence, extremes included, reads back exactly.
//
// The bytes are collected in memory (1 KiB at first, doubling) up to a block of 16 KiB; every full
// block goes to a SpillFile (an unnamed temporary file, memory where none can be made), so a series
// holds at most one block in memory however long it grows: a live node that keeps a whole run's
// times (`live topic-stats`, 3 bytes a message at 0.4 ms of jitter, 4.6 MB an hour on a robot's
// topics) stays flat in memory, and a short series never touches the disk. Iterators read the
// spilled blocks back one at a time (16 KiB, one pread, as one write stored it).
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "robometrics/core/SpillFile.hpp"

namespace robometrics {

/// Zigzag: 0, -1, 1, -2, 2 ... -> 0, 1, 2, 3, 4 ..., so that small changes of either sign are small.
constexpr std::uint64_t zigzagEncode(std::int64_t v) {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
constexpr std::int64_t zigzagDecode(std::uint64_t u) { return static_cast<std::int64_t>((u >> 1) ^ (0 - (u & 1))); }

class CompactTimes {
public:
    void push_back(std::int64_t value);

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// Bytes written so far (what the values cost).
    std::size_t encodedBytes() const { return bytes_; }
    /// Bytes held in memory: the block being filled (the full ones are in the temporary file).
    std::size_t capacityBytes() const { return tail_.capacity(); }
    /// Bytes in the temporary file (or kept in memory where none could be made: !onDisk()).
    std::uint64_t spilledBytes() const { return spilled_.size(); }
    bool onDisk() const { return spilled_.onDisk(); }

    /// Reads the values in order, decoding as it goes; push_back() invalidates it. A copy shares the
    /// spilled block it read until either moves on to another.
    class Iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::int64_t;
        using difference_type = std::ptrdiff_t;
        using pointer = const std::int64_t *;
        using reference = std::int64_t;

        Iterator() = default;
        std::int64_t operator*() const { return static_cast<std::int64_t>(value_); }
        Iterator &operator++();
        Iterator operator++(int) {
            Iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const Iterator &other) const { return index_ == other.index_; }

    private:
        friend class CompactTimes;
        Iterator(const CompactTimes *series, std::size_t index);
        void decode();
        std::uint64_t readVarint();
        std::uint8_t byteAt(std::size_t pos);

        const CompactTimes *series_ = nullptr;
        std::size_t index_ = 0;
        std::size_t pos_ = 0;           ///< next byte to read
        std::uint64_t zeros_left_ = 0;  ///< values left in the current run of zero changes
        std::uint64_t value_ = 0, step_ = 0;
        std::shared_ptr<std::uint8_t[]> block_;                ///< a spilled block read back
        std::size_t block_start_ = static_cast<std::size_t>(-1);  ///< its offset in the series' bytes
    };
    Iterator begin() const { return Iterator(this, 0); }
    Iterator end() const { return Iterator(this, size_); }

private:
    static constexpr std::size_t kFirstBytes = 1024;       ///< the first capacity of the block being filled
    static constexpr std::size_t kBlockBytes = 16 * 1024;  ///< a full block, spilled with one write

    void putByte(std::uint8_t byte);
    void putVarint(std::uint64_t v);

    SpillFile spilled_;                     ///< every full block, in order
    std::vector<std::uint8_t> tail_;  ///< the block being filled
    std::size_t bytes_ = 0;  ///< bytes written
    std::size_t size_ = 0;
    std::uint64_t last_ = 0, step_ = 0;  ///< unsigned: differences wrap instead of overflowing
    std::uint64_t zeros_ = 0;            ///< zero changes since the last one written (not yet in bytes_)
};

}  // namespace robometrics
