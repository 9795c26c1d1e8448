#include "robometrics/slam/TrajectoryErrorJson.hpp"

namespace robometrics::slam {

nlohmann::json errorStatisticsJson(const ErrorStatistics &s) {
    return {{"n", s.n},     {"rmse", s.rmse}, {"mean", s.mean}, {"median", s.median},
            {"std", s.std}, {"min", s.min},   {"max", s.max},   {"sse", s.sse}};
}

nlohmann::json alignmentJson(const Alignment &a) {
    nlohmann::json rotation = nlohmann::json::array();
    for (int row = 0; row < 3; ++row) rotation.push_back({a.rotation(row, 0), a.rotation(row, 1), a.rotation(row, 2)});
    return {{"rotation", rotation},
            {"translation", {a.translation.x(), a.translation.y(), a.translation.z()}},
            {"scale", a.scale}};
}

}  // namespace robometrics::slam
