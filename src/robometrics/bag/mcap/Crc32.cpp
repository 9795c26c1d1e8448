#include "robometrics/bag/mcap/Crc32.hpp"

#include <array>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROBOMETRICS_CRC_CLMUL 1
#endif

namespace robometrics::bag::mcap {

namespace {

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables makeTables() {
    Tables t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1U) ? (0xEDB88320U ^ (c >> 1)) : (c >> 1);
        t[0][i] = c;
    }
    for (std::size_t s = 1; s < 8; ++s) {
        for (std::size_t i = 0; i < 256; ++i) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFFU];
    }
    return t;
}

constexpr Tables kTables = makeTables();

// Advances the CRC register (not inverted) over n bytes with the tables.
std::uint32_t tableUpdate(std::uint32_t c, const std::uint8_t *p, std::size_t n) {
    while (n >= 8) {
        // Little-endian assembly of the next 8 bytes, independent of the host's alignment rules.
        std::uint32_t lo = c ^ (std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
                                std::uint32_t(p[3]) << 24);
        std::uint32_t hi =
            std::uint32_t(p[4]) | std::uint32_t(p[5]) << 8 | std::uint32_t(p[6]) << 16 | std::uint32_t(p[7]) << 24;
        c = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^ kTables[5][(lo >> 16) & 0xFF] ^
            kTables[4][lo >> 24] ^ kTables[3][hi & 0xFF] ^ kTables[2][(hi >> 8) & 0xFF] ^
            kTables[1][(hi >> 16) & 0xFF] ^ kTables[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n-- > 0) c = kTables[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c;
}

#ifdef ROBOMETRICS_CRC_CLMUL
// Folds whole 16-byte blocks (n >= 64) into the register; advances p and n past them.
// Constants for the reflected polynomial 0xEDB88320: x^(512±32) and x^(128±32) mod P for the
// 4-way and 1-way folds, x^64 mod P for the last 64->32 step, and P' / mu for Barrett reduction.
__attribute__((target("pclmul,sse4.1"))) inline __m128i load16(const std::uint8_t *q) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i *>(q));
}

// x * k (low and high halves with their constants) + data: moves x forward by the fold distance.
__attribute__((target("pclmul,sse4.1"))) inline __m128i fold(__m128i x, __m128i k, __m128i data) {
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)), data);
}

// Folds the 16-byte blocks left after the bulk into x0, then reduces it to the 32-bit register.
__attribute__((target("pclmul,sse4.1"))) std::uint32_t finishFold(__m128i x0, const std::uint8_t *&p,
                                                                  std::size_t &n) {
    const __m128i k_fold1 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
    for (; n >= 16; p += 16, n -= 16) x0 = fold(x0, k_fold1, load16(p));
    // 128 -> 64 bits.
    x0 = _mm_xor_si128(_mm_srli_si128(x0, 8), _mm_clmulepi64_si128(x0, k_fold1, 0x10));
    // 64 -> 32 bits.
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
    const __m128i k_64 = _mm_set_epi64x(0, 0x163cd6124LL);
    x0 = _mm_xor_si128(_mm_srli_si128(x0, 4), _mm_clmulepi64_si128(_mm_and_si128(x0, mask32), k_64, 0x00));
    // Barrett reduction to the 32-bit remainder.
    const __m128i poly_mu = _mm_set_epi64x(0x1F7011641LL, 0x1DB710641LL);
    __m128i t = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(x0, mask32), poly_mu, 0x10), mask32);
    x0 = _mm_xor_si128(x0, _mm_clmulepi64_si128(t, poly_mu, 0x00));
    return static_cast<std::uint32_t>(_mm_extract_epi32(x0, 1));
}

// Four 16-byte lanes folded 64 bytes at a time (n >= 64).
__attribute__((target("pclmul,sse4.1"))) std::uint32_t clmulUpdate(std::uint32_t reg, const std::uint8_t *&p,
                                                                   std::size_t &n) {
    const __m128i k_fold4 = _mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL);
    const __m128i k_fold1 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
    __m128i x0 = _mm_xor_si128(load16(p), _mm_cvtsi32_si128(static_cast<int>(reg)));
    __m128i x1 = load16(p + 16), x2 = load16(p + 32), x3 = load16(p + 48);
    p += 64;
    n -= 64;
    for (; n >= 64; p += 64, n -= 64) {
        x0 = fold(x0, k_fold4, load16(p));
        x1 = fold(x1, k_fold4, load16(p + 16));
        x2 = fold(x2, k_fold4, load16(p + 32));
        x3 = fold(x3, k_fold4, load16(p + 48));
    }
    x0 = fold(x0, k_fold1, x1);
    x0 = fold(x0, k_fold1, x2);
    x0 = fold(x0, k_fold1, x3);
    return finishFold(x0, p, n);
}

// The same folds on 64-byte registers with VPCLMULQDQ: one instruction multiplies four 16-byte
// lanes, so the bulk runs about twice as fast as the 16-byte path on CPUs that have it. The
// constants are x^(D+32) and x^(D-32) mod P (bit-reflected, shifted left by one) for a fold
// distance of D bits, as in the 16-byte path.
// GCC 12's AVX-512 headers start some intrinsics from a deliberately undefined register, which
// -Wuninitialized reports once they are inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#define ROBOMETRICS_CRC_WIDE_TARGET __attribute__((target("avx512f,avx512vl,vpclmulqdq,pclmul,sse4.1")))

ROBOMETRICS_CRC_WIDE_TARGET inline __m512i fold512(__m512i x, __m512i k, __m512i data) {
    return _mm512_xor_si512(
        _mm512_xor_si512(_mm512_clmulepi64_epi128(x, k, 0x00), _mm512_clmulepi64_epi128(x, k, 0x11)), data);
}

ROBOMETRICS_CRC_WIDE_TARGET inline __m512i load64(const std::uint8_t *q) { return _mm512_loadu_si512(q); }

// Four 64-byte registers folded 256 bytes at a time (n >= 256).
ROBOMETRICS_CRC_WIDE_TARGET std::uint32_t wideClmulUpdate(std::uint32_t reg, const std::uint8_t *&p,
                                                          std::size_t &n) {
    const __m512i k_fold2048 = _mm512_broadcast_i32x4(_mm_set_epi64x(0x1322d1430LL, 0x11542778aLL));
    const __m512i k_fold512 = _mm512_broadcast_i32x4(_mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL));
    __m512i seed = _mm512_inserti32x4(_mm512_setzero_si512(), _mm_cvtsi32_si128(static_cast<int>(reg)), 0);
    __m512i z0 = _mm512_xor_si512(load64(p), seed);
    __m512i z1 = load64(p + 64), z2 = load64(p + 128), z3 = load64(p + 192);
    p += 256;
    n -= 256;
    for (; n >= 256; p += 256, n -= 256) {
        z0 = fold512(z0, k_fold2048, load64(p));
        z1 = fold512(z1, k_fold2048, load64(p + 64));
        z2 = fold512(z2, k_fold2048, load64(p + 128));
        z3 = fold512(z3, k_fold2048, load64(p + 192));
    }
    z0 = fold512(z0, k_fold512, z1);
    z0 = fold512(z0, k_fold512, z2);
    z0 = fold512(z0, k_fold512, z3);
    // The four 16-byte lanes of z0 onto the last one: lane i moves forward by (3 - i) * 128 bits.
    const __m128i k_fold384 = _mm_set_epi64x(0x174359406LL, 0x3db1ecdcLL);
    const __m128i k_fold256 = _mm_set_epi64x(0x15a546366LL, 0xf1da05aaLL);
    const __m128i k_fold128 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
    __m128i x = fold(_mm512_extracti32x4_epi32(z0, 0), k_fold384, _mm512_extracti32x4_epi32(z0, 3));
    x = fold(_mm512_extracti32x4_epi32(z0, 1), k_fold256, x);
    x = fold(_mm512_extracti32x4_epi32(z0, 2), k_fold128, x);
    return finishFold(x, p, n);
}
#pragma GCC diagnostic pop

const bool kHasClmul = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
const bool kHasWideClmul = kHasClmul && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                           __builtin_cpu_supports("vpclmulqdq");
#endif

}  // namespace

std::uint32_t crc32UpdatePortable(std::uint32_t crc, std::span<const std::uint8_t> bytes) {
    return ~tableUpdate(~crc, bytes.data(), bytes.size());
}

std::uint32_t crc32Update(std::uint32_t crc, std::span<const std::uint8_t> bytes) {
    std::uint32_t reg = ~crc;
    const std::uint8_t *p = bytes.data();
    std::size_t n = bytes.size();
#ifdef ROBOMETRICS_CRC_CLMUL
    if (n >= 512 && kHasWideClmul) {
        reg = wideClmulUpdate(reg, p, n);
    } else if (n >= 128 && kHasClmul) {
        reg = clmulUpdate(reg, p, n);
    }
#endif
    return ~tableUpdate(reg, p, n);
}

}  // namespace robometrics::bag::mcap
