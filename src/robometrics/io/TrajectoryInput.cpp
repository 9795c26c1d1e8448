#include "robometrics/io/TrajectoryInput.hpp"

#include <filesystem>

#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

namespace robometrics::io {

Result<slam::Trajectory> loadTrajectory(const std::string &argument, const std::string &format) {
    std::error_code ec;
    bool is_bag = format == "bag";
    if (format == "auto" || format.empty()) {
        // An existing regular file is a trajectory file; otherwise PATH:... names a bag.
        is_bag = !std::filesystem::is_regular_file(argument, ec) && argument.find(':') != std::string::npos;
    }
    if (is_bag) {
        auto spec = parseBagTrajectorySpec(argument);
        if (!spec) return spec.error();
        if (!std::filesystem::exists(spec->path, ec)) return Error{spec->path + ": no such bag"};
        return readBagTrajectory(*spec);
    }
    auto parsed = parseTrajectoryFormat(format);
    if (!parsed) return parsed.error();
    return readTrajectoryFile(argument, *parsed);
}

}  // namespace robometrics::io
