#pragma once
// CRC-32 as used by MCAP (the zlib crc32: reflected polynomial 0xEDB88320, initial value and final
// xor 0xFFFFFFFF). The readers check every byte of a file, so on x86-64 CPUs with PCLMULQDQ the
// bulk is folded 64 bytes at a time with carry-less multiplication (Intel's "Fast CRC Computation
// for Generic Polynomials Using PCLMULQDQ"), 256 bytes at a time with VPCLMULQDQ where the CPU has
// AVX-512; elsewhere, and for short inputs, slicing-by-8 tables.

#include <cstdint>
#include <span>

namespace robometrics::bag::mcap {

/// Continues a CRC: crc32Update(crc32Update(0, a), b) == crc32 of a followed by b.
std::uint32_t crc32Update(std::uint32_t crc, std::span<const std::uint8_t> bytes);

inline std::uint32_t crc32(std::span<const std::uint8_t> bytes) { return crc32Update(0, bytes); }

/// The table-only implementation (for tests of the fast path).
std::uint32_t crc32UpdatePortable(std::uint32_t crc, std::span<const std::uint8_t> bytes);

}  // namespace robometrics::bag::mcap
