#include "robometrics/io/OccupancyGridInput.hpp"

#include <filesystem>

#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"

namespace robometrics::io {

Result<msgs::OccupancyGrid> readOccupancyGrid(const std::string &argument, const std::string &bag_topic) {
    const std::string ext = std::filesystem::path(argument).extension().string();
    if (ext == ".yaml" || ext == ".yml") return readMapServerMap(argument);
    auto map = readBagMap(argument, bag_topic);
    if (!map) return map.error();
    return std::move(map->grid);
}

}  // namespace robometrics::io
