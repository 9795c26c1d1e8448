#include "robometrics/io/TrajectoryInput.hpp"

#include <filesystem>
#include <fstream>
#include <future>

#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

namespace robometrics::io {

bool looksLikeBag(const std::string &path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return true;
    std::ifstream in(path, std::ios::binary);
    char head[16] = {};
    in.read(head, sizeof head);
    const std::string start(head, static_cast<std::size_t>(in.gcount()));
    for (const char *magic : {"\x89MCAP", "SQLite format 3", "#ROSBAG V", "\x28\xb5\x2f\xfd"}) {
        if (start.rfind(magic, 0) == 0) return true;
    }
    return false;
}

Result<slam::Trajectory> readTrajectory(const TrajectorySource &source, const TrajectoryLoadOptions &options) {
    if (!source.inBag()) return readTrajectoryFile(source.path, source.format, options.fields);
    std::error_code ec;
    if (!std::filesystem::exists(source.path, ec)) return Error{source.path + ": no such bag"};
    return readBagTrajectory(source, options);
}

Result<slam::Trajectory> loadTrajectory(const std::string &argument, const std::string &format,
                                        const TrajectoryLoadOptions &options) {
    auto source = parseTrajectorySource(argument, format);
    if (!source) return source.error();
    return readTrajectory(*source, options);
}

Result<TrajectoryPair> loadTrajectoryPair(const std::string &ref, const std::string &ref_format, const std::string &est,
                                          const std::string &est_format, const TrajectoryLoadOptions &options) {
    auto est_future = std::async(std::launch::async, [&] { return loadTrajectory(est, est_format, options); });
    auto ref_result = loadTrajectory(ref, ref_format, options);
    auto est_result = est_future.get();
    if (!ref_result) return ref_result.error();
    if (!est_result) return est_result.error();
    return TrajectoryPair{std::move(*ref_result), std::move(*est_result)};
}

}  // namespace robometrics::io
