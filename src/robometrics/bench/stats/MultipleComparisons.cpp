#include "robometrics/bench/stats/MultipleComparisons.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace robometrics::bench {

bool parseCorrection(const std::string &word, Correction &out) {
    if (word == "bh") {
        out = Correction::BenjaminiHochberg;
    } else if (word == "holm") {
        out = Correction::Holm;
    } else if (word == "none") {
        out = Correction::None;
    } else {
        return false;
    }
    return true;
}

const char *correctionName(Correction correction) {
    switch (correction) {
        case Correction::Holm:
            return "Holm";
        case Correction::None:
            return "none";
        case Correction::BenjaminiHochberg:
            break;
    }
    return "Benjamini-Hochberg";
}

std::vector<double> adjustPValues(const std::vector<double> &p_values, Correction correction) {
    std::vector<double> adjusted(p_values.size(), NAN);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p_values.size(); ++i) {
        if (!std::isnan(p_values[i])) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
    const double m = static_cast<double>(order.size());
    if (correction == Correction::None) {
        for (std::size_t i : order) adjusted[i] = p_values[i];
    } else if (correction == Correction::Holm) {
        double running = 0;
        for (std::size_t k = 0; k < order.size(); ++k) {
            running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p_values[order[k]]));
            adjusted[order[k]] = running;
        }
    } else {
        double running = 1;
        for (std::size_t k = order.size(); k-- > 0;) {
            running = std::min(running, std::min(1.0, m * p_values[order[k]] / static_cast<double>(k + 1)));
            adjusted[order[k]] = running;
        }
    }
    return adjusted;
}

}  // namespace robometrics::bench
