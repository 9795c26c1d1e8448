#pragma once
// A numpy array over a std::vector's storage, the vector moved into the array's owner (a
// capsule): no copy of the values, and none of fresh memory to copy them into.

#include <pybind11/numpy.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace robometrics::python {

/// A one-dimensional numpy array of `dtype` (items of `itemsize` bytes) over `values`.
template <class T, class Allocator>
pybind11::array ownedArray(std::vector<T, Allocator> &&values, const pybind11::dtype &dtype, std::size_t itemsize) {
    using Values = std::vector<T, Allocator>;
    auto *owner = new Values(std::move(values));
    pybind11::capsule free(owner, [](void *p) { delete static_cast<Values *>(p); });
    const auto count = static_cast<pybind11::ssize_t>(owner->size() * sizeof(T) / itemsize);
    return pybind11::array(dtype, {count}, {static_cast<pybind11::ssize_t>(itemsize)}, owner->data(), free);
}

}  // namespace robometrics::python
