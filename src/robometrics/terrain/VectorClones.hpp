#pragma once
// Hot loops written for the compiler to vectorise are built twice on x86-64, for the baseline ISA
// (SSE2: two doubles a vector) and for AVX2 (four), and the loader picks the one the CPU runs
// (GCC's target_clones). No FMA is enabled, and the code is ISO C++ (no contraction), so both
// compute the same values bit for bit.

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define ROBOMETRICS_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define ROBOMETRICS_VECTOR_CLONES
#endif
