#include "robometrics/slam/TimeOffsetEstimator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numeric>
#include <optional>
#include <unsupported/Eigen/FFT>

#include "robometrics/slam/TrajectoryAlignment.hpp"

namespace robometrics::slam {

namespace {

/// A trajectory sorted by stamp, so that poses can be interpolated by binary search.
struct Sorted {
    std::vector<double> t;
    std::vector<Eigen::Vector3d> p;
    std::vector<Eigen::Quaterniond> q;

    explicit Sorted(const Trajectory &traj) {
        std::vector<std::size_t> order(traj.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return traj.stamps[a] < traj.stamps[b]; });
        for (std::size_t i : order) {
            t.push_back(traj.stamps[i]);
            p.push_back(traj.positions[i]);
            q.push_back(traj.orientations[i]);
        }
    }
    double start() const { return t.front(); }
    double end() const { return t.back(); }
    double medianStep() const {
        std::vector<double> d;
        for (std::size_t i = 1; i < t.size(); ++i)
            if (t[i] > t[i - 1]) d.push_back(t[i] - t[i - 1]);
        if (d.empty()) return 0;
        std::nth_element(d.begin(), d.begin() + static_cast<long>(d.size() / 2), d.end());
        return d[d.size() / 2];
    }
    /// Index i with t[i] <= time < t[i + 1] (clamped), and the fraction between them.
    std::pair<std::size_t, double> locate(double time) const {
        auto it = std::upper_bound(t.begin(), t.end(), time);
        std::size_t i = it == t.begin() ? 0 : static_cast<std::size_t>(it - t.begin()) - 1;
        if (i + 1 >= t.size()) return {t.size() - 1, 0.0};
        const double span = t[i + 1] - t[i];
        return {i, span > 0 ? std::clamp((time - t[i]) / span, 0.0, 1.0) : 0.0};
    }
    Eigen::Vector3d position(double time) const {
        auto [i, f] = locate(time);
        return f == 0.0 ? p[i] : Eigen::Vector3d((1 - f) * p[i] + f * p[i + 1]);
    }
    Eigen::Quaterniond orientation(double time) const {
        auto [i, f] = locate(time);
        return f == 0.0 ? q[i] : q[i].slerp(f, q[i + 1]);
    }
};

enum class Signal { AngularRate, Speed };

/// The motion profile on the grid start + k * step, differentiated over +-h.
std::vector<double> profile(const Sorted &s, double step, double h, Signal signal) {
    const auto n = static_cast<std::size_t>(std::floor((s.end() - s.start()) / step)) + 1;
    std::vector<double> out(n);
    for (std::size_t k = 0; k < n; ++k) {
        const double time = s.start() + static_cast<double>(k) * step;
        const double a = std::max(s.start(), time - h), b = std::min(s.end(), time + h);
        if (!(b > a)) continue;
        out[k] = signal == Signal::Speed ? (s.position(b) - s.position(a)).norm() / (b - a)
                                         : s.orientation(a).angularDistance(s.orientation(b)) / (b - a);
    }
    return out;
}

struct Correlation {
    double lag = 0;  ///< in grid steps, sub-step after the parabola: est index + lag = ref index
    double peak = 0, sharpness = 0;
};

/// Pearson correlation of a (reference) and b (estimate) at every lag with enough overlap.
std::optional<Correlation> correlate(const std::vector<double> &a, const std::vector<double> &b, double min_overlap) {
    const long na = static_cast<long>(a.size()), nb = static_cast<long>(b.size());
    std::size_t m = 1;
    while (m < a.size() + b.size()) m <<= 1;
    // Centred on the global means so that the sums over the overlaps do not cancel.
    const double ma = std::accumulate(a.begin(), a.end(), 0.0) / static_cast<double>(na);
    const double mb = std::accumulate(b.begin(), b.end(), 0.0) / static_cast<double>(nb);
    std::vector<std::complex<double>> fa(m), fb(m), sa, sb, prod(m), cross;
    std::vector<double> pa(static_cast<std::size_t>(na) + 1, 0.0), pa2 = pa, pb(static_cast<std::size_t>(nb) + 1, 0.0),
                                                                   pb2 = pb;
    for (long i = 0; i < na; ++i) {
        const double v = a[static_cast<std::size_t>(i)] - ma;
        fa[static_cast<std::size_t>(i)] = v;
        pa[static_cast<std::size_t>(i) + 1] = pa[static_cast<std::size_t>(i)] + v;
        pa2[static_cast<std::size_t>(i) + 1] = pa2[static_cast<std::size_t>(i)] + v * v;
    }
    for (long j = 0; j < nb; ++j) {
        const double v = b[static_cast<std::size_t>(j)] - mb;
        fb[static_cast<std::size_t>(j)] = v;
        pb[static_cast<std::size_t>(j) + 1] = pb[static_cast<std::size_t>(j)] + v;
        pb2[static_cast<std::size_t>(j) + 1] = pb2[static_cast<std::size_t>(j)] + v * v;
    }
    Eigen::FFT<double> fft;
    fft.fwd(sa, fa);
    fft.fwd(sb, fb);
    for (std::size_t k = 0; k < m; ++k) prod[k] = sa[k] * std::conj(sb[k]);
    fft.inv(cross, prod);  // cross[k mod m] = sum_j a[j + k] b[j]

    const long first = -(nb - 1), count = na + nb - 1;
    const double needed = std::max(4.0, min_overlap * static_cast<double>(std::min(na, nb)));
    std::vector<double> r(static_cast<std::size_t>(count), NAN);
    for (long k = first; k < na; ++k) {
        const long j0 = std::max(0L, -k), j1 = std::min(nb, na - k);
        const double n = static_cast<double>(j1 - j0);
        if (n < needed) continue;
        const double sxy =
            cross[static_cast<std::size_t>((k % static_cast<long>(m) + static_cast<long>(m)) % static_cast<long>(m))]
                .real();
        const double sx = pa[static_cast<std::size_t>(j1 + k)] - pa[static_cast<std::size_t>(j0 + k)];
        const double sxx = pa2[static_cast<std::size_t>(j1 + k)] - pa2[static_cast<std::size_t>(j0 + k)];
        const double sy = pb[static_cast<std::size_t>(j1)] - pb[static_cast<std::size_t>(j0)];
        const double syy = pb2[static_cast<std::size_t>(j1)] - pb2[static_cast<std::size_t>(j0)];
        const double vx = sxx - sx * sx / n, vy = syy - sy * sy / n;
        // A flat stretch has no shape to match: its correlation is undefined, not high.
        if (vx <= 1e-12 * n || vy <= 1e-12 * n) continue;
        r[static_cast<std::size_t>(k - first)] = (sxy - sx * sy / n) / std::sqrt(vx * vy);
    }
    long best = -1;
    for (long i = 0; i < count; ++i) {
        const double v = r[static_cast<std::size_t>(i)];
        if (!std::isnan(v) && (best < 0 || v > r[static_cast<std::size_t>(best)])) best = i;
    }
    if (best < 0) return std::nullopt;
    auto at = [&](long i) { return i < 0 || i >= count ? NAN : r[static_cast<std::size_t>(i)]; };
    Correlation c;
    c.peak = at(best);
    // The peak's lobe ends where the correlation falls below half the peak.
    long left = best, right = best;
    while (left > 0 && at(left - 1) > c.peak / 2) --left;
    while (right + 1 < count && at(right + 1) > c.peak / 2) ++right;
    double second = 0;
    for (long i = 0; i < count; ++i) {
        if ((i < left || i > right) && !std::isnan(at(i))) second = std::max(second, at(i));
    }
    // The peak's margin over the best rival, as a share of the most it could be.
    c.sharpness = c.peak > second ? std::clamp((c.peak - second) / (1.0 - second), 0.0, 1.0) : 0.0;
    double delta = 0;
    const double before = at(best - 1), after = at(best + 1);
    if (!std::isnan(before) && !std::isnan(after)) {
        const double curve = before - 2 * c.peak + after;
        if (curve < 0) delta = std::clamp(0.5 * (before - after) / curve, -0.5, 0.5);
    }
    c.lag = static_cast<double>(best + first) + delta;
    return c;
}

/// RMS position residual after Sim(3) Umeyama, the reference interpolated at the estimate's
/// stamps + offset; nullopt when too few stamps overlap or the alignment is degenerate.
std::optional<double> residual(const Sorted &ref, const Sorted &est, double offset) {
    std::vector<Eigen::Vector3d> x, y;
    for (std::size_t j = 0; j < est.t.size(); ++j) {
        const double t = est.t[j] + offset;
        if (t < ref.start() || t > ref.end()) continue;
        x.push_back(est.p[j]);
        y.push_back(ref.position(t));
    }
    if (x.size() < 4 || x.size() * 4 < est.t.size()) return std::nullopt;
    auto alignment = umeyama(x, y, true);
    if (!alignment) return std::nullopt;
    double sse = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        sse += (alignment->rotation * (alignment->scale * x[i]) + alignment->translation - y[i]).squaredNorm();
    return std::sqrt(sse / static_cast<double>(x.size()));
}

/// Golden-section search of the residual on [lo, hi]; nullopt when it cannot be evaluated.
std::optional<double> minimiseResidual(const Sorted &ref, const Sorted &est, double lo, double hi) {
    const double g = (std::sqrt(5.0) - 1) / 2;
    double c = hi - g * (hi - lo), d = lo + g * (hi - lo);
    auto fc = residual(ref, est, c), fd = residual(ref, est, d);
    if (!fc || !fd) return std::nullopt;
    for (int it = 0; it < 60 && hi - lo > 1e-6; ++it) {
        if (*fc < *fd) {
            hi = d, d = c, fd = fc;
            c = hi - g * (hi - lo);
            fc = residual(ref, est, c);
        } else {
            lo = c, c = d, fc = fd;
            d = lo + g * (hi - lo);
            fd = residual(ref, est, d);
        }
        if (!fc || !fd) return std::nullopt;
    }
    return (lo + hi) / 2;
}

}  // namespace

Result<TimeOffsetEstimate> estimateTimeOffset(const Trajectory &ref, const Trajectory &est,
                                              const TimeOffsetConfig &config) {
    if (!ref.timestamped || !est.timestamped)
        return Error{"time offset: both trajectories need stamps (KITTI files are paired by index)"};
    if (ref.size() < 4 || est.size() < 4)
        return Error{fmt::format("time offset: too few poses ({} in the reference, {} in the estimate; need 4)",
                                 ref.size(), est.size())};
    const Sorted r(ref), e(est);
    const double longest = std::max(r.end() - r.start(), e.end() - e.start());
    const double ref_step = r.medianStep(), est_step = e.medianStep();
    if (!(ref_step > 0) || !(est_step > 0)) return Error{"time offset: a trajectory's stamps do not advance"};
    double step = std::max(config.min_step, std::min(ref_step, est_step));
    step = std::max(step, longest / static_cast<double>(config.max_grid_points));
    // Differentiate over at least one sample of the sparser trajectory on each side.
    const double h = std::max(step, std::max(ref_step, est_step));

    std::optional<TimeOffsetEstimate> best;
    for (Signal signal : {Signal::AngularRate, Signal::Speed}) {
        auto c = correlate(profile(r, step, h, signal), profile(e, step, h, signal), config.min_overlap);
        if (!c) continue;
        TimeOffsetEstimate out;
        out.signal = signal == Signal::AngularRate ? "angular_rate" : "speed";
        out.grid_step = step;
        out.peak = c->peak;
        out.sharpness = c->sharpness;
        out.confidence = std::max(c->peak, 0.0) * c->sharpness;
        out.correlation_offset = r.start() - e.start() + c->lag * step;
        out.offset = out.correlation_offset;
        if (!best || out.confidence > best->confidence) best = out;
    }
    if (!best) return Error{"time offset: neither the angular rate nor the speed varies: nothing to correlate"};
    if (auto refined = minimiseResidual(r, e, best->offset - 2 * step, best->offset + 2 * step)) {
        best->offset = *refined;
        best->refined = true;
    }
    return *best;
}

}  // namespace robometrics::slam
