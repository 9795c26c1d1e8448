// One MCAP file through bag::openBag (summary and chunk indexes, the indexed reader's lazy
// chunk loading and log-time merge, or the linear fallback when there is no summary) and through
// bag::describeBag (`robometrics info`), each strictly and recovering what is readable.

#include <cstdint>
#include <span>

#include "BagFuzzing.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    std::string path = robometrics::fuzz::writeScratchFile("input.mcap", std::span(data, size));
    robometrics::fuzz::readAndDescribeBag(path);
    return 0;
}
