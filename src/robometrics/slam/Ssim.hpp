#pragma once
// Structural similarity exactly as scikit-image's structural_similarity computes it by default:
// a win x win box (uniform) window, sample covariances (scaled by NP / (NP - 1), NP = win^2),
// C1 = (K1 R)^2, C2 = (K2 R)^2 with data range R, scipy 'reflect' borders (d c b a | a b c d),
// and the mean taken after cropping (win - 1) / 2 cells from every border.
//
// Images hold integer levels 0..scale standing for level / scale in [0, 1] (occupancy 0..100 is
// scale 100). Window sums are then exact integers, so the result does not depend on the order of
// summation; scikit-image filters in the input's float type, which differs by ~1e-7 in float32.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::slam {

struct SsimConfig {
    int win_size = 7;
    double k1 = 0.01;
    double k2 = 0.03;
    double data_range = 1.0;
    bool sample_covariance = true;
};

struct SsimStats {
    double mean = 0;         ///< over the cropped interior
    std::size_t cells = 0;   ///< interior cells
    double masked_mean = 0;  ///< over interior cells where mask != 0
    std::size_t masked_cells = 0;
};

/// Mean SSIM of `a` and `b` (width x height, row-major). `mask` (optional, same size) selects the
/// cells of the masked mean. Requires width, height >= win_size (as scikit-image) and an odd
/// win_size >= 3; otherwise returns zero cells.
SsimStats computeSsim(const std::vector<std::uint8_t> &a, const std::vector<std::uint8_t> &b, std::size_t width,
                      std::size_t height, unsigned scale, const std::vector<std::uint8_t> *mask = nullptr,
                      const SsimConfig &config = {});

/// The full SSIM map (width x height, borders included, computed with reflected windows).
std::vector<double> ssimMap(const std::vector<std::uint8_t> &a, const std::vector<std::uint8_t> &b, std::size_t width,
                            std::size_t height, unsigned scale, const SsimConfig &config = {});

}  // namespace robometrics::slam
