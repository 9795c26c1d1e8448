#include "robometrics/io/LostLabelsFile.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace robometrics::io {

Result<localization::LostLabels> readLostLabels(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{fmt::format("{}: cannot open labels file", path)};
    std::ostringstream text;
    text << in.rdbuf();
    if (path.size() >= 5 && path.substr(path.size() - 5) == ".json") {
        return localization::LostLabels::fromScenarioJson(text.str(), path);
    }
    return localization::LostLabels::parse(text.str(), path);
}

}  // namespace robometrics::io
