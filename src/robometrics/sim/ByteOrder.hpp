#pragma once
// Writing numbers into byte buffers in a fixed byte order whatever the host's: point cloud
// fields are little-endian (is_bigendian false), PNG's integers big-endian.

#include <bit>
#include <cstdint>
#include <type_traits>

namespace robometrics::sim {

/// Writes `value` (an integer or a float) at `out`, least significant byte first.
template <class T>
void putLittleEndian(std::uint8_t *out, T value) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                    std::conditional_t<sizeof(T) == 2, std::uint16_t, std::uint8_t>>;
    static_assert(sizeof(T) == sizeof(Bits), "1, 2 or 4 bytes");
    const auto bits = std::bit_cast<Bits>(value);
    for (std::size_t i = 0; i < sizeof(T); ++i) out[i] = static_cast<std::uint8_t>(bits >> (8 * i));
}

/// Writes a 32-bit value most significant byte first (network order, as PNG stores integers).
inline void putBigEndian32(std::uint8_t *out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(value >> (24 - 8 * i));
}

}  // namespace robometrics::sim
