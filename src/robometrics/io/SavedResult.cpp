#include "robometrics/io/SavedResult.hpp"

#include <nlohmann/json.hpp>

#include "robometrics/core/Text.hpp"
#include "robometrics/io/EvoResultZip.hpp"

namespace robometrics::io {

namespace {

using Json = nlohmann::json;

std::string text(const Json &j, const char *key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A number field; JSON null (how NaN is written) reads as NaN.
template <class AnyJson>
Result<double> number(const AnyJson &j, const std::string &where, const char *key) {
    auto it = j.find(key);
    if (it == j.end()) return Error{where + ": missing field '" + key + "'"};
    if (it->is_null()) return NAN;
    if (!it->is_number()) return Error{where + ": field '" + key + "' is not a number"};
    return it->template get<double>();
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

/// A string of evo's info.json; "" when absent.
std::string infoText(const nlohmann::ordered_json &info, const char *key) {
    auto it = info.find(key);
    return it != info.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// evo's result zip: the statistics from stats.json (n is the error count, evo stores none), the
/// names from info.json; the metric, relation and unit from the keys we add, else from evo's title
/// ("APE w.r.t. translation part (m)") and label ("APE (m)").
Result<SavedResult> readEvoResult(const std::string &path) {
    auto zip = readEvoResultZip(path);
    if (!zip) return zip.error();
    SavedResult r;
    r.path = path;
    r.title = infoText(zip->info, "title");
    r.ref_name = infoText(zip->info, "ref_name");
    r.est_name = infoText(zip->info, "est_name");
    r.metric = infoText(zip->info, "metric");
    r.relation = infoText(zip->info, "relation");
    r.unit = infoText(zip->info, "unit");
    const std::string label = infoText(zip->info, "label");
    if (r.metric.empty() && r.title.size() >= 3) {
        const std::string head = r.title.substr(0, 3);
        if (head == "APE" || head == "RPE") r.metric = head == "APE" ? "ape" : "rpe";
    }
    if (r.relation.empty()) {
        if (auto at = r.title.find("w.r.t. "); at != std::string::npos) {
            r.relation = r.title.substr(at + 7, r.title.find_first_of("(\n", at + 7) - at - 7);
            while (!r.relation.empty() && r.relation.back() == ' ') r.relation.pop_back();
        }
    }
    if (r.unit.empty() && !zip->info.contains("unit")) {
        const auto open = label.rfind('('), close = label.rfind(')');
        if (open != std::string::npos && close != std::string::npos && close > open)
            r.unit = label.substr(open + 1, close - open - 1);
    }
    const std::string where = path + ": stats.json";
    double *fields[] = {&r.stats.rmse, &r.stats.mean, &r.stats.median, &r.stats.std,
                        &r.stats.min,  &r.stats.max,  &r.stats.sse};
    const char *names[] = {"rmse", "mean", "median", "std", "min", "max", "sse"};
    for (std::size_t k = 0; k < std::size(names); ++k) {
        auto v = number(zip->stats, where, names[k]);
        if (!v) return v.error();
        *fields[k] = *v;
    }
    r.errors = zip->array("error_array")->values;
    r.stats.n = r.errors.size();
    if (const NpyArray *seconds = zip->array("seconds_from_start")) r.seconds_from_start = seconds->values;
    if (!r.seconds_from_start.empty() && r.seconds_from_start.size() != r.errors.size()) {
        return Error{path + ": seconds_from_start.npy has " + std::to_string(r.seconds_from_start.size()) +
                     " values for " + std::to_string(r.errors.size()) + " errors"};
    }
    return r;
}

}  // namespace

Result<SavedResult> readSavedResult(const std::string &path) {
    // A zip is read by libzip from its path, so it is told by its first bytes before reading it
    // whole (a missing file, a directory or a device is no zip, and readInputFile names it).
    if (looksLikeZip(path)) return readEvoResult(path);
    auto bytes = readInputFile(path);
    if (!bytes) return bytes.error();
    Json j = Json::parse(*bytes, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{path + ": not a results file (expected our JSON object or evo's result zip)"};

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
