#include "robometrics/bench/stats/WelchTest.hpp"

#include "robometrics/bench/stats/StudentT.hpp"
#include "robometrics/core/RunningStats.hpp"

namespace robometrics::bench {

WelchResult welchTest(std::span<const double> a, std::span<const double> b) {
    RunningStats sa, sb;
    for (double v : a) {
        if (std::isfinite(v)) sa.add(v);
    }
    for (double v : b) {
        if (std::isfinite(v)) sb.add(v);
    }
    WelchResult r;
    if (sa.count() < 2 || sb.count() < 2) return r;
    const double na = static_cast<double>(sa.count()), nb = static_cast<double>(sb.count());
    const double va = sa.sampleVariance() / na, vb = sb.sampleVariance() / nb;  // squared standard errors
    r.difference = sa.mean() - sb.mean();
    const double se2 = va + vb;
    if (se2 == 0) {
        r.p_value = r.difference == 0 ? 1.0 : 0.0;
        r.t = r.difference == 0 ? 0.0 : std::copysign(INFINITY, r.difference);
        r.df = na + nb - 2;
        return r;
    }
    r.t = r.difference / std::sqrt(se2);
    r.df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
    r.p_value = studentTTwoSidedP(r.t, r.df);
    return r;
}

}  // namespace robometrics::bench
