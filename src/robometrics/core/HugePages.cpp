#include "robometrics/core/HugePages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>

namespace robometrics {

void adviseHeapHugePages(std::size_t bytes) {
    void *block = std::malloc(bytes);
    if (block == nullptr) return;
    adviseHugePages(block, bytes);
    std::free(block);
}

std::shared_ptr<MappedBytes> MappedBytes::create(std::size_t bytes) {
    if (bytes == 0) bytes = 1;
    // MAP_NORESERVE: what is not touched is not counted against the memory the kernel promises.
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    adviseHugePages(p, bytes);
    return std::shared_ptr<MappedBytes>(new MappedBytes(static_cast<std::uint8_t *>(p), bytes));
}

MappedBytes::~MappedBytes() { munmap(data_, size_); }

void MappedBytes::release(std::size_t offset, std::size_t bytes) {
    if (offset >= size_) return;
    if (bytes > size_ - offset) bytes = size_ - offset;
    static const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto begin = (reinterpret_cast<std::uintptr_t>(data_) + offset + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(data_) + offset + bytes) / page * page;
    if (end > begin) (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

}  // namespace robometrics
