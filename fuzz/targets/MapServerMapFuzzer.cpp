// map_server maps (io::readMapServerMap): the YAML, then the PGM image it names, read as a
// nav_msgs/OccupancyGrid. Input: the YAML text, a separator line, the image bytes, written as
// map.yaml and map.pgm side by side (the seeds' YAML names map.pgm).

#include <cstdint>
#include <span>

#include "robometrics/io/MapServerMap.hpp"
#include "InputParts.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto parts = fuzz::splitParts(std::span(data, size), 2);
    std::string image = fuzz::writeScratchFile("map.pgm", parts[1]);
    std::string yaml = fuzz::writeScratchFile("map.yaml", parts[0]);
    (void)io::readPgm(image);
    (void)io::readMapServerMap(yaml);
    return 0;
}
