#include "robometrics/core/NumberList.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace robometrics {

Result<std::vector<double>> parseNumberList(const std::string &text, std::size_t count, const std::string &option) {
    std::vector<double> values;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        try {
            std::size_t used = 0;
            values.push_back(std::stod(item, &used));
            if (used != item.size() || !std::isfinite(values.back())) throw std::invalid_argument(item);
        } catch (const std::exception &) {
            return Error{fmt::format("{} '{}': '{}' is not a number", option, text, item)};
        }
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    if (values.size() != count) {
        return Error{fmt::format("{} '{}': expected {} comma-separated numbers", option, text, count)};
    }
    return values;
}

}  // namespace robometrics
