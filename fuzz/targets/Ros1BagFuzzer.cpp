// One ROS 1 bag (format 2.0) through bag::openBag (bag index, connections, chunk infos, the
// chunk merge in time order, bz2 / lz4 chunks), bag::describeBag (`robometrics info`) and the
// chunk compression listing.

#include <cstdint>
#include <span>

#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "BagFuzzing.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    std::string path = robometrics::fuzz::writeScratchFile("input.bag", std::span(data, size));
    robometrics::fuzz::readAndDescribeBag(path);
    (void)robometrics::bag::ros1::chunkCompressions(path);
    return 0;
}
