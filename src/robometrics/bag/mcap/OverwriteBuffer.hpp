#pragma once
// Byte buffers that are reused for one chunk after another (raw chunk records, decompressed
// records) and overwritten whole each time.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace robometrics::bag::mcap {

/// std::allocator, but an element made without a value is left uninitialised: a vector's resize()
/// then does not zero-fill bytes that a file read or a decompression overwrites next (the
/// zero-fill of the decompression output was ~1.3 % of `evaluate`'s samples: issue 62).
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = UninitialisedAllocator<U>;
    };
    UninitialisedAllocator() noexcept = default;
    template <class U>
    UninitialisedAllocator(const UninitialisedAllocator<U> &) noexcept {}

    template <class U>
    void construct(U *p) noexcept {
        ::new (static_cast<void *>(p)) U;  // default-initialised: no zero for a byte
    }
    template <class U, class... Args>
    void construct(U *p, Args &&...args) {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

/// A byte buffer whose growth leaves the new bytes as they are, for bytes about to be overwritten.
using OverwriteBuffer = std::vector<std::uint8_t, UninitialisedAllocator<std::uint8_t>>;

/// Makes `buffer` `n` bytes long for bytes that are about to overwrite all of it. When it must
/// grow, its old bytes are dropped rather than copied into the new memory, and it grows a quarter
/// beyond `n`, so that the next chunk, a little larger, fits without a new block (each new block
/// is fresh pages for the kernel to make: issue 62). An OverwriteBuffer is not zero-filled either.
template <class Buffer>
void resizeForOverwrite(Buffer &buffer, std::size_t n) {
    if (n > buffer.capacity()) {
        buffer.clear();
        buffer.reserve(n + n / 4);
    }
    buffer.resize(n);
}

}  // namespace robometrics::bag::mcap
