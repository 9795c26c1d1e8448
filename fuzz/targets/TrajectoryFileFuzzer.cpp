// Trajectory files (io::readTrajectoryFile): the format detection, then TUM, KITTI and EuRoC
// parsing of the same bytes, forced one after the other.

#include <cstdint>
#include <span>

#include "robometrics/io/TrajectoryFile.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using robometrics::io::TrajectoryFormat;
    std::string path = robometrics::fuzz::writeScratchFile("trajectory.txt", std::span(data, size));
    for (auto format : {TrajectoryFormat::Auto, TrajectoryFormat::Tum, TrajectoryFormat::Kitti, TrajectoryFormat::Euroc}) {
        (void)robometrics::io::readTrajectoryFile(path, format);
    }
    return 0;
}
