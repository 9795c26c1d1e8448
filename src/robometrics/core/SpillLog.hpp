#pragma once
// An append-only log of fixed-size records that holds at most two blocks of them in memory: the
// block being filled and, per reader, the block being read. Full blocks go to a SpillFile (an
// unnamed temporary file, or memory where none can be made). For what a long run must keep until
// its end but reads only in order: a 4-hour run's window statistics are 21 MB, its AMCL readings
// 14 MB. Reads give back the records exactly as added, in order; each iterator reads on its own,
// so several threads may read one log at once (none may append meanwhile).

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <vector>

#include "robometrics/core/SpillFile.hpp"

namespace robometrics {

template <class T>
class SpillLog {
    static_assert(std::is_trivially_copyable_v<T>, "SpillLog stores records as their bytes");

public:
    /// Records per block: 4096 records of 64 bytes are 256 KiB, one write each.
    static constexpr std::size_t kBlockRecords = 4096;

    void push_back(const T &record) {
        if (tail_.capacity() == 0) tail_.reserve(kBlockRecords);
        tail_.push_back(record);
        if (tail_.size() < kBlockRecords) return;
        file_.append(tail_.data(), tail_.size() * sizeof(T));
        spilled_ += tail_.size();
        tail_.clear();
    }
    std::size_t size() const { return spilled_ + tail_.size(); }
    bool empty() const { return size() == 0; }
    /// The full blocks are in a temporary file (not in memory).
    bool onDisk() const { return file_.onDisk(); }
    void clear() {
        file_.clear();
        spilled_ = 0;
        std::vector<T>().swap(tail_);
    }

    class const_iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T *;
        using reference = const T &;

        const_iterator() = default;
        const_iterator(const SpillLog *log, std::size_t i) : log_(log), i_(i) {}
        const T &operator*() const {
            if (i_ >= log_->spilled_) return log_->tail_[i_ - log_->spilled_];
            const std::size_t block = i_ / kBlockRecords;
            if (!buffer_) buffer_ = std::make_shared<std::vector<T>>(kBlockRecords);
            if (block != loaded_) {
                log_->file_.read(block * kBlockRecords * sizeof(T), buffer_->data(), kBlockRecords * sizeof(T));
                loaded_ = block;
            }
            return (*buffer_)[i_ % kBlockRecords];
        }
        const T *operator->() const { return &**this; }
        const_iterator &operator++() {
            ++i_;
            return *this;
        }
        void operator++(int) { ++i_; }
        bool operator==(const const_iterator &other) const { return i_ == other.i_; }
        bool operator!=(const const_iterator &other) const { return i_ != other.i_; }

    private:
        const SpillLog *log_ = nullptr;
        std::size_t i_ = 0;
        /// The block read from the file last: shared by the copies of one iterator (an input
        /// iterator is read through one copy at a time), never by iterators of separate begin()s.
        mutable std::shared_ptr<std::vector<T>> buffer_;
        mutable std::size_t loaded_ = static_cast<std::size_t>(-1);
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

private:
    SpillFile file_;
    std::size_t spilled_ = 0;  ///< records in file_
    std::vector<T> tail_;      ///< the records after them, fewer than a block
};

}  // namespace robometrics
