#pragma once
// A queue kept in one vector, for a sliding window of samples that mostly grows at the back and
// drops at the front (a TF link's history). Dropping the front only moves a start index, and the
// dropped room is reclaimed by moving the live elements down once the vector is full and at least
// half of it is dropped room: after the first fills, the window allocates nothing (a std::deque
// allocates a block and frees another every few elements as the window slides, issue 62: 65 000
// allocations in the TF buffers of the 2400 s terrain run, all threads sharing one malloc lock).
// Sorted searches and indexing work on its random-access iterators as on a deque's.

#include <cstddef>
#include <vector>

namespace robometrics {

template <class T>
class QueueVector {
public:
    using iterator = typename std::vector<T>::iterator;
    using const_iterator = typename std::vector<T>::const_iterator;

    bool empty() const { return head_ == items_.size(); }
    std::size_t size() const { return items_.size() - head_; }
    /// The storage, dropped room included (for tests of its reuse).
    std::size_t capacity() const { return items_.capacity(); }
    const T *storage() const { return items_.data(); }

    T &front() { return items_[head_]; }
    const T &front() const { return items_[head_]; }
    T &back() { return items_.back(); }
    const T &back() const { return items_.back(); }
    T &operator[](std::size_t i) { return items_[head_ + i]; }
    const T &operator[](std::size_t i) const { return items_[head_ + i]; }

    iterator begin() { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
    iterator end() { return items_.end(); }
    const_iterator begin() const { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
    const_iterator end() const { return items_.end(); }

    void push_back(const T &value) {
        reclaimIfFull();
        items_.push_back(value);
    }
    void pop_front() {
        if (++head_ == items_.size()) clear();
    }
    iterator insert(const_iterator at, const T &value) {
        const auto index = at - cbeginLive();  // stays valid when the live elements move down
        reclaimIfFull();
        return items_.insert(cbeginLive() + index, value);
    }
    /// Erases [first, last); erasing a front run only moves the start index.
    void erase(const_iterator first, const_iterator last) {
        if (first == cbeginLive()) {
            head_ += static_cast<std::size_t>(last - first);
            if (empty()) clear();
            return;
        }
        items_.erase(first, last);
    }
    void assign(std::size_t count, const T &value) {
        items_.assign(count, value);
        head_ = 0;
    }
    /// Keeps the storage for the next samples.
    void clear() {
        items_.clear();
        head_ = 0;
    }

private:
    const_iterator cbeginLive() const { return items_.cbegin() + static_cast<std::ptrdiff_t>(head_); }

    /// With the vector full and at least half of it dropped room, moves the live elements down to
    /// its start (amortised: at least as many pushes as live elements come between two moves).
    void reclaimIfFull() {
        if (items_.size() < items_.capacity() || head_ == 0 || head_ < items_.size() / 2) return;
        items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
    }

    std::vector<T> items_;
    std::size_t head_ = 0;  ///< the first live element; those before it are dropped
};

}  // namespace robometrics
