#pragma once
// The shape of an error distribution as evo_res -p draws it, through seaborn: a histogram of
// densities with a kernel density curve over it (the "histogram" figure, seaborn's distplot), and
// violins (the "violin_histogram" figure, seaborn's violinplot). The numbers are those of numpy
// and scipy, which those calls use:
//   bins       min(Freedman-Diaconis, 50): ceil((max - min) / (2 IQR n^(-1/3))), or
//              int(sqrt(n)) when the IQR is 0, 1 for fewer than two values
//   histogram  numpy.histogram(density=True): equal bins over [min, max] (max in the last bin;
//              [v - 0.5, v + 0.5] when every value is v), count / (n * bin width)
//   bandwidth  scipy.stats.gaussian_kde's Scott rule: std (ddof 1) * n^(-1/5)
//   density    the Gaussian kernel density on linspace(min - cut bw, max + cut bw, gridsize):
//              seaborn's kdeplot uses cut 3 and 200 points, its violinplot cut 2 and 100
// Non-finite values are left out.

#include <cstddef>
#include <span>
#include <vector>

namespace robometrics::slam {

/// The number of histogram bins seaborn's distplot chooses.
std::size_t distplotBins(std::span<const double> values);

struct DensityHistogram {
    std::vector<double> edges;    ///< bins + 1 edges, ascending
    std::vector<double> density;  ///< per bin; integrates to 1 over the edges
};

/// numpy.histogram(values, bins, density=True); empty for no values.
DensityHistogram densityHistogram(std::span<const double> values, std::size_t bins);

/// The Scott bandwidth of scipy.stats.gaussian_kde; NaN for fewer than two values or no spread
/// (where scipy refuses the data as singular and seaborn draws no curve).
double scottBandwidth(std::span<const double> values);

struct DensityCurve {
    std::vector<double> x;
    std::vector<double> density;
};

/// The Gaussian kernel density with the Scott bandwidth, on `gridsize` points from
/// min - cut bw to max + cut bw; empty where scottBandwidth is NaN.
DensityCurve gaussianDensity(std::span<const double> values, double cut, std::size_t gridsize);

}  // namespace robometrics::slam
