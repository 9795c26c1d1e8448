#include "robometrics/io/SavedResult.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace robometrics::io {

namespace {

using Json = nlohmann::json;

std::string text(const Json &j, const char *key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A number field; JSON null (how NaN is written) reads as NaN.
Result<double> number(const Json &j, const std::string &where, const char *key) {
    auto it = j.find(key);
    if (it == j.end()) return Error{where + ": missing field '" + key + "'"};
    if (it->is_null()) return NAN;
    if (!it->is_number()) return Error{where + ": field '" + key + "' is not a number"};
    return it->get<double>();
}

Result<std::vector<double>> numbers(const Json &j, const std::string &where, const char *key, bool required) {
    auto it = j.find(key);
    if (it == j.end()) {
        if (required) return Error{where + ": missing field '" + key + "' (write the file with --save_results)"};
        return std::vector<double>{};
    }
    if (!it->is_array()) return Error{where + ": field '" + key + "' is not an array"};
    std::vector<double> out;
    out.reserve(it->size());
    for (std::size_t k = 0; k < it->size(); ++k) {
        const Json &v = (*it)[k];
        if (!v.is_number() && !v.is_null())
            return Error{where + ": " + key + "[" + std::to_string(k) + "] is not a number"};
        out.push_back(v.is_null() ? NAN : v.get<double>());
    }
    return out;
}

}  // namespace

Result<SavedResult> readSavedResult(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path + ": cannot open for reading"};
    std::stringstream buffer;
    buffer << in.rdbuf();
    Json j = Json::parse(buffer.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error{path + ": not a results file (expected a JSON object)"};

    SavedResult r;
    r.path = path;
    r.metric = text(j, "metric");
    r.relation = text(j, "relation");
    r.unit = text(j, "unit");
    if (auto info = j.find("info"); info != j.end() && info->is_object()) {
        r.title = text(*info, "title");
        r.ref_name = text(*info, "ref_name");
        r.est_name = text(*info, "est_name");
        r.label = text(*info, "label");
        if (r.metric.empty()) r.metric = text(*info, "metric");
    }
    auto n = number(j, path, "n");
    if (!n) return n.error();
    r.stats.n = static_cast<std::size_t>(*n);
    double *fields[] = {&r.stats.rmse, &r.stats.mean, &r.stats.median, &r.stats.std,
                        &r.stats.min,  &r.stats.max,  &r.stats.sse};
    const char *names[] = {"rmse", "mean", "median", "std", "min", "max", "sse"};
    for (std::size_t k = 0; k < std::size(names); ++k) {
        auto v = number(j, path, names[k]);
        if (!v) return v.error();
        *fields[k] = *v;
    }
    auto errors = numbers(j, path, "errors", true);
    if (!errors) return errors.error();
    r.errors = std::move(*errors);
    auto seconds = numbers(j, path, "seconds_from_start", false);
    if (!seconds) return seconds.error();
    r.seconds_from_start = std::move(*seconds);
    if (!r.seconds_from_start.empty() && r.seconds_from_start.size() != r.errors.size()) {
        return Error{path + ": 'seconds_from_start' has " + std::to_string(r.seconds_from_start.size()) +
                     " values for " + std::to_string(r.errors.size()) + " errors"};
    }
    return r;
}

}  // namespace robometrics::io
