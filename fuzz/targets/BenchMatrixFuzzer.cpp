// Benchmark matrices (bench::parseMatrix, what `robometrics bench` reads), then the expansion
// into jobs with their substitutions, as `bench` does before it runs anything.

#include <cstdint>
#include <string>

#include "robometrics/bench/MatrixSpec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto matrix = bench::parseMatrix(std::string(reinterpret_cast<const char *>(data), size), "matrix.yaml");
    if (!matrix) return 0;
    (void)matrix->hash();
    (void)bench::expandMatrix(*matrix, {.out_root = "out", .robometrics = "robometrics"});
    return 0;
}
