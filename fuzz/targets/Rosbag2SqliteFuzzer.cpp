// One rosbag2 sqlite3 storage file (.db3) from bytes, through bag::openBag (schema version
// detection, topics and message_definitions, the message query) and bag::describeBag. sqlite
// itself is not what is tested: it is not instrumented; our code around it is.

#include <cstdint>
#include <span>

#include "BagFuzzing.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    std::string path = robometrics::fuzz::writeScratchFile("input.db3", std::span(data, size));
    robometrics::fuzz::readAndDescribeBag(path);
    return 0;
}
