#pragma once
// Byte buffers that are reused for one chunk after another (raw chunk records, decompressed
// records) and overwritten whole each time.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::bag::mcap {

/// Makes `buffer` `n` bytes long for bytes that are about to overwrite all of it. When it must
/// grow, its old bytes are dropped rather than copied into the new memory, and it grows a quarter
/// beyond `n`, so that the next chunk, a little larger, fits without a new block (each new block
/// is fresh pages for the kernel to make: issue 62).
inline void resizeForOverwrite(std::vector<std::uint8_t> &buffer, std::size_t n) {
    if (n > buffer.capacity()) {
        buffer.clear();
        buffer.reserve(n + n / 4);
    }
    buffer.resize(n);
}

}  // namespace robometrics::bag::mcap
