#include "robometrics/core/CompactTimes.hpp"

namespace robometrics {

void CompactTimes::putByte(std::uint8_t byte) {
    if (tail_.capacity() == 0) tail_.reserve(kFirstBytes);
    tail_.push_back(byte);
    ++bytes_;
    if (tail_.size() == kBlockBytes) {
        spilled_.append(tail_.data(), kBlockBytes);
        tail_.clear();  // keeps its capacity: the next block fills it again
    }
}

void CompactTimes::putVarint(std::uint64_t v) {
    while (v >= 0x80) {
        putByte(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    putByte(static_cast<std::uint8_t>(v));
}

void CompactTimes::push_back(std::int64_t value) {
    const std::uint64_t step = static_cast<std::uint64_t>(value) - last_;
    const std::uint64_t change = step - step_;
    last_ = static_cast<std::uint64_t>(value);
    step_ = step;
    ++size_;
    if (change == 0) {
        ++zeros_;
        return;
    }
    if (zeros_ > 0) {
        putVarint(0);
        putVarint(zeros_);
        zeros_ = 0;
    }
    putVarint(zigzagEncode(static_cast<std::int64_t>(change)));
}

CompactTimes::Iterator::Iterator(const CompactTimes *series, std::size_t index) : series_(series), index_(index) {
    if (index_ < series_->size_) decode();
}

CompactTimes::Iterator &CompactTimes::Iterator::operator++() {
    if (++index_ < series_->size_) decode();
    return *this;
}

std::uint8_t CompactTimes::Iterator::byteAt(std::size_t pos) {
    const std::size_t on_disk = series_->spilled_.size();
    if (pos >= on_disk) return series_->tail_[pos - on_disk];
    const std::size_t start = pos - pos % kBlockBytes;
    if (start != block_start_) {
        // A copy of this iterator may still read the block held: it keeps it, this one reads anew.
        if (!block_ || block_.use_count() > 1) block_ = std::make_shared_for_overwrite<std::uint8_t[]>(kBlockBytes);
        series_->spilled_.read(start, block_.get(), kBlockBytes);
        block_start_ = start;
    }
    return block_[pos - start];
}

std::uint64_t CompactTimes::Iterator::readVarint() {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        const std::uint8_t byte = byteAt(pos_++);
        v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return v;
    }
}

void CompactTimes::Iterator::decode() {
    if (zeros_left_ == 0) {
        if (pos_ == series_->bytes_) {
            zeros_left_ = series_->zeros_;  // the run still open at the end of the series
        } else if (const std::uint64_t token = readVarint(); token != 0) {
            step_ += static_cast<std::uint64_t>(zigzagDecode(token));
            value_ += step_;
            return;
        } else {
            zeros_left_ = readVarint();
        }
    }
    --zeros_left_;
    value_ += step_;
}

}  // namespace robometrics
