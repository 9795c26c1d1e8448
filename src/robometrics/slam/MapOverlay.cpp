#include "robometrics/slam/MapOverlay.hpp"

namespace robometrics::slam {

OverlayClass classifyCell(std::int8_t gt, std::int8_t estimate) {
    if (!isKnown(gt)) return isKnown(estimate) ? OverlayClass::OutsideGt : OverlayClass::BothUnknown;
    if (isOccupied(gt)) {
        if (isOccupied(estimate)) return OverlayClass::BothOccupied;
        return isKnown(estimate) ? OverlayClass::MissedWall : OverlayClass::UnseenWall;
    }
    if (isOccupied(estimate)) return OverlayClass::PhantomWall;
    return isKnown(estimate) ? OverlayClass::BothFree : OverlayClass::Unexplored;
}

const std::array<std::array<std::uint8_t, 3>, kOverlayClasses> &overlayColours() {
    static const std::array<std::array<std::uint8_t, 3>, kOverlayClasses> colours{{
        {0, 0, 0},
        {255, 255, 255},
        {230, 30, 30},
        {120, 0, 0},
        {30, 80, 230},
        {205, 205, 205},
        {250, 160, 30},
        {128, 128, 128},
    }};
    return colours;
}

const std::array<const char *, kOverlayClasses> &overlayLabels() {
    static const std::array<const char *, kOverlayClasses> labels{
        "both occupied",          "both free",
        "missed wall (est free)", "wall not seen (est unknown)",
        "phantom wall (GT free)", "free space not explored",
        "estimate outside GT",    "both unknown"};
    return labels;
}

std::vector<std::uint8_t> renderOverlay(const CellGrid &gt, const CellGrid &estimate) {
    std::vector<std::uint8_t> rgb(gt.size() * 3);
    const auto &colours = overlayColours();
    for (std::size_t row = 0; row < gt.height; ++row) {
        const std::size_t src = row * gt.width;
        std::uint8_t *dst = rgb.data() + (gt.height - 1 - row) * gt.width * 3;
        for (std::size_t col = 0; col < gt.width; ++col) {
            const auto &c =
                colours[static_cast<std::size_t>(classifyCell(gt.cells[src + col], estimate.cells[src + col]))];
            dst[3 * col] = c[0];
            dst[3 * col + 1] = c[1];
            dst[3 * col + 2] = c[2];
        }
    }
    return rgb;
}

}  // namespace robometrics::slam
