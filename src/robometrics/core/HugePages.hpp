#pragma once
// Large arrays that are filled once (a million-pose trajectory holds 64 MB) backed by transparent
// huge pages: the kernel then makes one 2 MiB page per fault instead of 512 pages of 4 KiB, and
// each fault is costly on a virtual machine (issue 62: `ape` on 2 x 1M poses took 49 900 page
// faults, 60 % of them filling its trajectories). Advice only: where the kernel has transparent
// huge pages off, or no 2 MiB page is free, the memory is made of 4 KiB pages as before.

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace robometrics {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// Asks for huge pages for the whole 2 MiB pages inside [data, data + bytes) that are not touched
/// yet (the kernel makes a huge page on the first touch of one). Nothing for a smaller range.
inline void adviseHugePages(const void *data, std::size_t bytes) {
#if defined(MADV_HUGEPAGE)
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    const std::uintptr_t last = (begin + bytes) & ~(kHugePageBytes - 1);
    if (data == nullptr || last <= first) return;
    (void)madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);  // advice: failure is harmless
#else
    (void)data;
    (void)bytes;
#endif
}

/// `values.reserve(n)`, the new storage in huge pages where it spans whole ones.
template <class T, class Allocator>
void reserveInHugePages(std::vector<T, Allocator> &values, std::size_t n) {
    if (n <= values.capacity()) return;
    values.reserve(n);
    adviseHugePages(values.data(), values.capacity() * sizeof(T));
}

}  // namespace robometrics
