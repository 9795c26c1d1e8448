#pragma once
// A fixed-capacity FIFO that drops its oldest element when full: the seed's
// "append, then pop(0) past buffer_size" lists, in constant memory and O(1) per push.

#include <cstddef>
#include <vector>

namespace robometrics::traversal {

template <class T>
class RingBuffer {
public:
    explicit RingBuffer(std::size_t capacity) : data_(capacity == 0 ? 1 : capacity) {}

    void push(const T &value) {
        data_[(head_ + size_) % data_.size()] = value;
        if (size_ < data_.size()) {
            ++size_;
        } else {
            head_ = (head_ + 1) % data_.size();
        }
    }

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return data_.size(); }
    bool empty() const { return size_ == 0; }
    /// Element i, oldest first.
    const T &operator[](std::size_t i) const { return data_[(head_ + i) % data_.size()]; }
    const T &back() const { return (*this)[size_ - 1]; }

    /// Calls f on every element, oldest first (the order the seed sums in).
    template <class F>
    void forEach(F &&f) const {
        for (std::size_t i = 0; i < size_; ++i) f((*this)[i]);
    }

private:
    std::vector<T> data_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace robometrics::traversal
