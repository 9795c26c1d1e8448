#pragma once
// Large arrays that are filled once (a million-pose trajectory holds 64 MB) backed by transparent
// huge pages: the kernel then makes one 2 MiB page per fault instead of 512 pages of 4 KiB, and
// each fault is costly on a virtual machine (issue 62: `ape` on 2 x 1M poses took 49 900 page
// faults, 60 % of them filling its trajectories). Advice only: where the kernel has transparent
// huge pages off, or no 2 MiB page is free, the memory is made of 4 KiB pages as before.

#include <cstddef>
#include <cstdint>
#include <memory>
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

/// Grows the heap by about `bytes` and asks for huge pages for the whole 2 MiB pages of that
/// growth, then frees it for malloc to hand out: the heap's first blocks are then made 2 MiB at a
/// time on first touch instead of 4 KiB (issue 62: evaluate on the 2400 s terrain run took 7 500
/// page faults, one per page of a heap that grows once to its peak, most of them the chunk
/// buffers' first fill). Nothing is made until touched. For a program's start, with the heap
/// empty: glibc must carve a block of `bytes` from the heap (the mmap threshold above it, at most
/// 32 MiB) and keep it when freed (the trim threshold above it), else this is only advice lost.
void adviseHeapHugePages(std::size_t bytes);

/// Bytes of their own mapping, for a large buffer that is filled once and handed on whole (the
/// columns of Bag.to_dataframe(), issue 58): asked for in transparent huge pages, not zero-filled
/// by the program (the kernel gives zeroed pages on first touch), and only the pages touched are
/// made, so a capacity reserved from a count that turns out too high costs address space, not
/// memory. Given back to the kernel whole when the last owner lets go.
class MappedBytes {
public:
    /// `bytes` of address space (at least one byte); null when the kernel refuses the mapping.
    static std::shared_ptr<MappedBytes> create(std::size_t bytes);
    ~MappedBytes();
    MappedBytes(const MappedBytes &) = delete;
    MappedBytes &operator=(const MappedBytes &) = delete;

    std::uint8_t *data() const { return data_; }
    std::size_t size() const { return size_; }
    /// Gives back the pages wholly inside [offset, offset + bytes): their contents are lost and
    /// read as zero if touched again. For capacity a read did not use.
    void release(std::size_t offset, std::size_t bytes);

private:
    MappedBytes(std::uint8_t *data, std::size_t size) : data_(data), size_(size) {}
    std::uint8_t *data_;
    std::size_t size_;
};

}  // namespace robometrics
