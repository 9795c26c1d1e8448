// robometrics res RESULT... [--use_filenames] [--save_table FILE.csv] [-p] [-o DIR] [--json]
// evo_res: compares the results files of `ape`/`rpe --save_results`: a table of their statistics
// and plots of their error distributions. Parses, calls the library and prints.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/ResultComparisonPlot.hpp"
#include "robometrics/io/SavedResult.hpp"

namespace robometrics::app {
namespace {

struct ResOptions {
    std::vector<std::string> files;
    bool use_filenames = false;
    std::string table;
    bool plot = false, json = false;
    std::string out_dir = ".";
};

/// evo's naming: the estimate's name, or the results file with --use_filenames; repeats get _2, _3.
std::vector<std::string> resultNames(const std::vector<io::SavedResult> &results, bool use_filenames) {
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

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string tableCsv(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    fmt::memory_buffer out;
    fmt::format_to(std::back_inserter(out), "name,file,metric,relation,unit,n,rmse,mean,median,std,min,max,sse\n");
    auto quoted = [](const std::string &s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    for (std::size_t k = 0; k < results.size(); ++k) {
        const auto &r = results[k];
        const auto &s = r.stats;
        fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{},{},{},{},{},{},{}\n", quoted(names[k]),
                       quoted(r.path), quoted(r.metric), quoted(r.relation), quoted(r.unit), s.n, s.rmse, s.mean,
                       s.median, s.std, s.min, s.max, s.sse);
    }
    return {out.data(), out.size()};
}

int run(const ResOptions &o) {
    std::vector<io::SavedResult> results;
    for (const std::string &file : o.files) {
        auto r = io::readSavedResult(file);
        if (!r) return fail("res", r.error());
        results.push_back(std::move(*r));
    }
    const std::vector<std::string> names = resultNames(results, o.use_filenames);
    for (const auto &r : results) {
        if (r.metric != results.front().metric || r.relation != results.front().relation ||
            r.unit != results.front().unit) {
            fmt::print(stderr, "robometrics res: warning: {} holds {} {} [{}], {} holds {} {} [{}]: not comparable\n",
                       results.front().path, results.front().metric, results.front().relation, results.front().unit,
                       r.path, r.metric, r.relation, r.unit);
        }
    }
    std::vector<std::string> written;
    if (!o.table.empty()) {
        if (Status s = writeFileAtomically(o.table, tableCsv(results, names)); !s.ok()) return fail("res", s.error());
        written.push_back(o.table);
    }
    if (o.plot) {
        std::error_code ec;
        std::filesystem::create_directories(o.out_dir, ec);
        if (ec) return fail("res", o.out_dir + ": cannot create the output directory: " + ec.message());
        auto plots = io::writeOverlayPlots(o.out_dir, io::resultComparisonPlots(results, names), false);
        if (!plots) return fail("res", plots.error());
        written.insert(written.end(), plots->begin(), plots->end());
    }
    if (o.json) {
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
                             {"rmse", number(s.rmse)},
                             {"mean", number(s.mean)},
                             {"median", number(s.median)},
                             {"std", number(s.std)},
                             {"min", number(s.min)},
                             {"max", number(s.max)},
                             {"sse", number(s.sse)}});
        }
        nlohmann::ordered_json out = {{"results", items}, {"written", written}};
        fmt::print("{}\n", out.dump(2));
        return 0;
    }
    std::size_t width = 4;
    for (const auto &n : names) width = std::max(width, n.size());
    fmt::print("{:<{}} {:>8} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n", "name", width, "n", "rmse", "mean",
               "median", "std", "min", "max", "sse");
    for (std::size_t k = 0; k < results.size(); ++k) {
        const auto &s = results[k].stats;
        fmt::print("{:<{}} {:>8} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f} {:>12.6f}\n", names[k],
                   width, s.n, s.rmse, s.mean, s.median, s.std, s.min, s.max, s.sse);
    }
    for (const auto &path : written) fmt::print("wrote {}\n", path);
    return 0;
}

RunFn setupRes(CLI::App &cmd) {
    auto o = std::make_shared<ResOptions>();
    cmd.add_option("RESULT", o->files, "Results files written by ape/rpe --save_results")->required();
    cmd.add_flag("--use_filenames,--use-filenames", o->use_filenames,
                 "Name each result by its file (default: the estimate's name)");
    cmd.add_option("--save_table,--save-table", o->table, "Write the statistics table as CSV");
    cmd.add_flag("-p,--plot", o->plot, "Write the plots (res_raw.svg, res_box.svg, res_stats.svg) to DIR");
    cmd.add_option("-o,--output", o->out_dir, "Folder of the plots")->capture_default_str();
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    return [o]() { return run(*o); };
}

const RegisterCommand registration("res", "Tables and plots comparing saved ape/rpe results (evo_res)", setupRes, 43);

}  // namespace
}  // namespace robometrics::app
