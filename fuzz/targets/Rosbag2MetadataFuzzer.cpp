// rosbag2 metadata.yaml text (versions 1 to 9) through rosbag2::parseMetadata, the parser every
// rosbag2 directory goes through.

#include <cstdint>
#include <string>

#include "robometrics/bag/rosbag2/Metadata.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    std::string text(reinterpret_cast<const char *>(data), size);
    (void)robometrics::bag::rosbag2::parseMetadata(text, "metadata.yaml");
    return 0;
}
