#include "robometrics/io/LostLabelsFile.hpp"

#include <fmt/format.h>

#include "robometrics/core/Text.hpp"

namespace robometrics::io {

Result<localization::LostLabels> readLostLabels(const std::string &path) {
    auto text = readInputFile(path);
    if (!text) return text.error();
    if (path.size() >= 5 && path.substr(path.size() - 5) == ".json") {
        return localization::LostLabels::fromScenarioJson(*text, path);
    }
    return localization::LostLabels::parse(*text, path);
}

}  // namespace robometrics::io
