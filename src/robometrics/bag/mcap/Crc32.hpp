#pragma once
// CRC-32 as used by MCAP (the zlib crc32: reflected polynomial 0xEDB88320, initial value and final
// xor 0xFFFFFFFF). Slicing-by-8 tables because the readers check every byte of a file.

#include <cstdint>
#include <span>

namespace robometrics::bag::mcap {

/// Continues a CRC: crc32Update(crc32Update(0, a), b) == crc32 of a followed by b.
std::uint32_t crc32Update(std::uint32_t crc, std::span<const std::uint8_t> bytes);

inline std::uint32_t crc32(std::span<const std::uint8_t> bytes) { return crc32Update(0, bytes); }

}  // namespace robometrics::bag::mcap
