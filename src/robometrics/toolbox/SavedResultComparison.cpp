#include "robometrics/toolbox/SavedResultComparison.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/report/JsonNumber.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/ResultComparisonPlot.hpp"

namespace robometrics::toolbox {

namespace {

using report::finiteOrNull;

std::string csvField(const std::string &s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string tableCsv(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    fmt::memory_buffer out;
    fmt::format_to(std::back_inserter(out), "name,file,metric,relation,unit,n,rmse,mean,median,std,min,max,sse\n");
    for (std::size_t k = 0; k < results.size(); ++k) {
        const auto &r = results[k];
        const auto &s = r.stats;
        fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(names[k]),
                       csvField(r.path), csvField(r.metric), csvField(r.relation), csvField(r.unit), s.n, s.rmse,
                       s.mean, s.median, s.std, s.min, s.max, s.sse);
    }
    return {out.data(), out.size()};
}

std::string tableJson(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names,
                      const std::vector<std::string> &written) {
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < results.size(); ++k) {
        const auto &r = results[k];
        const auto &s = r.stats;
        items.push_back({{"name", names[k]},
                         {"file", r.path},
                         {"title", r.title},
                         {"metric", r.metric},
                         {"relation", r.relation},
                         {"unit", r.unit},
                         {"n", s.n},
                         {"rmse", finiteOrNull(s.rmse)},
                         {"mean", finiteOrNull(s.mean)},
                         {"median", finiteOrNull(s.median)},
                         {"std", finiteOrNull(s.std)},
                         {"min", finiteOrNull(s.min)},
                         {"max", finiteOrNull(s.max)},
                         {"sse", finiteOrNull(s.sse)}});
    }
    nlohmann::ordered_json out = {{"results", items}, {"written", written}};
    return out.dump(2) + "\n";
}

std::string tableText(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names,
                      const std::vector<std::string> &written) {
    std::size_t width = 4;
    for (const auto &n : names) width = std::max(width, n.size());
    std::string text = fmt::format("{:<{}} {:>8} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n", "name", width,
                                   "n", "rmse", "mean", "median", "std", "min", "max", "sse");
    for (std::size_t k = 0; k < results.size(); ++k) {
        const auto &s = results[k].stats;
        text += fmt::format("{:<{}} {:>8} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f}\n",
                            names[k], width, s.n, s.rmse, s.mean, s.median, s.std, s.min, s.max, s.sse);
    }
    for (const auto &path : written) text += fmt::format("wrote {}\n", path);
    return text;
}

}  // namespace

std::vector<std::string> savedResultNames(const std::vector<io::SavedResult> &results, bool use_filenames) {
    std::vector<std::string> names;
    std::set<std::string> used;
    for (const auto &r : results) {
        std::string base = use_filenames         ? r.path
                           : !r.label.empty()    ? r.label
                           : !r.est_name.empty() ? r.est_name
                                                 : std::filesystem::path(r.path).stem().string();
        std::string name = base;
        for (int k = 2; used.count(name) != 0; ++k) name = base + "_" + std::to_string(k);
        used.insert(name);
        names.push_back(name);
    }
    return names;
}

Result<std::string> compareSavedResults(const SavedResultComparisonOptions &o,
                                        const std::function<void(const std::string &)> &warn) {
    std::vector<io::SavedResult> results;
    for (const std::string &file : o.files) {
        auto r = io::readSavedResult(file);
        if (!r) return r.error();
        results.push_back(std::move(*r));
    }
    const std::vector<std::string> names = savedResultNames(results, o.use_filenames);
    const io::SavedResult &first = results.front();
    for (const auto &r : results) {
        if (r.metric != first.metric || r.relation != first.relation || r.unit != first.unit) {
            warn(fmt::format("{} holds {} {} [{}], {} holds {} {} [{}]: not comparable", first.path, first.metric,
                             first.relation, first.unit, r.path, r.metric, r.relation, r.unit));
        }
    }
    std::vector<std::string> written;
    if (!o.table.empty()) {
        ROBOMETRICS_TRY(writeFileAtomically(o.table, tableCsv(results, names)));
        written.push_back(o.table);
    }
    const std::vector<OverlayPlot> plots =
        o.plot || !o.save_plot.empty() ? resultComparisonPlots(results, names) : std::vector<OverlayPlot>{};
    if (o.plot && !o.out_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.out_dir, ec);
        if (ec) return Error{o.out_dir + ": cannot create the output directory: " + ec.message()};
        auto files = writeOverlayPlots(o.out_dir, plots, false);
        if (!files) return files.error();
        written.insert(written.end(), files->begin(), files->end());
    }
    if (!o.save_plot.empty()) {
        // evo's figure names: PATH_raw.png, PATH_box_plot.png, PATH_stats.png, PATH_histogram.png,
        // PATH_violin_histogram.png.
        std::vector<NamedPlot> named;
        for (const OverlayPlot &plot : plots) {
            std::string name = plot.stem.substr(plot.stem.find('_') + 1);
            if (name == "box") name = "box_plot";
            if (name == "violin") name = "violin_histogram";
            named.push_back({name, plot.svg});
        }
        auto saved = savePlots(o.save_plot, named);
        if (!saved) return saved.error();
        written.insert(written.end(), saved->begin(), saved->end());
    }
    return o.json ? tableJson(results, names, written) : tableText(results, names, written);
}

}  // namespace robometrics::toolbox
