#include "robometrics/toolbox/PlotMode.hpp"

namespace robometrics::toolbox {

const std::vector<std::string> &plotModes() {
    static const std::vector<std::string> modes = {"xy", "xz", "yx", "yz", "zx", "zy", "xyz"};
    return modes;
}

std::optional<std::array<int, 2>> plotModeAxes(const std::string &mode) {
    if (mode.size() != 2) return std::nullopt;
    const int horizontal = mode[0] - 'x', vertical = mode[1] - 'x';
    if (horizontal < 0 || horizontal > 2 || vertical < 0 || vertical > 2 || horizontal == vertical) return std::nullopt;
    return std::array<int, 2>{horizontal, vertical};
}

}  // namespace robometrics::toolbox
