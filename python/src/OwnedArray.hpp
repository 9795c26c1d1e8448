#pragma once
// numpy arrays over memory the C++ side filled: a std::vector moved into the array's owner (a
// capsule), or a slice of a buffer that a shared owner keeps alive. No copy of the values, and
// none of fresh memory to copy them into.

#include <pybind11/numpy.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
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

/// A one-dimensional numpy array of `dtype` over `values`, which `base` keeps alive (a capsule
/// that several arrays share: the columns of one read are slices of one buffer).
inline pybind11::array viewArray(std::span<const std::uint8_t> values, const pybind11::dtype &dtype,
                                 std::size_t itemsize, const pybind11::handle &base) {
    const auto count = static_cast<pybind11::ssize_t>(values.size() / itemsize);
    return pybind11::array(dtype, {count}, {static_cast<pybind11::ssize_t>(itemsize)}, values.data(), base);
}

/// A capsule that holds `owner` (a shared buffer) for the arrays that view it.
inline pybind11::capsule ownerCapsule(std::shared_ptr<const void> owner) {
    auto *held = new std::shared_ptr<const void>(std::move(owner));
    return pybind11::capsule(held, [](void *p) { delete static_cast<std::shared_ptr<const void> *>(p); });
}

}  // namespace robometrics::python
