// robometrics compare OUT_DIR... [--json|--csv|--md]
// Side-by-side table of evaluated runs (like evo_res), the best value of each row marked.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/evaluate/Comparison.hpp"

namespace robometrics::app {
namespace {

struct CompareCli {
    std::vector<std::string> dirs;
    bool json = false, csv = false, md = false;
};

int runCompare(const CompareCli &cli) {
    std::vector<evaluate::ComparedRun> runs;
    for (const auto &dir : cli.dirs) {
        std::filesystem::path p = std::filesystem::path(dir) / "summary.json";
        std::ifstream in(p);
        if (!in) return fail("compare", fmt::format("{}: cannot read (run robometrics evaluate first)", p.string()));
        nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        if (j.is_discarded() || !j.is_object()) return fail("compare", fmt::format("{}: not a JSON object", p.string()));
        runs.push_back({dir, std::move(j)});
    }
    evaluate::ComparisonTable table = evaluate::compareRuns(runs);
    if (cli.json) {
        fmt::print("{}\n", evaluate::comparisonJson(table).dump(2));
    } else if (cli.csv) {
        fmt::print("{}", evaluate::comparisonCsv(table));
    } else {
        fmt::print("{}", evaluate::comparisonMarkdown(table));
    }
    return 0;
}

const RegisterCommand kRegister{"compare", "Compare evaluated runs side by side (best value per row marked)",
                                [](CLI::App &app) -> RunFn {
                                    auto cli = std::make_shared<CompareCli>();
                                    app.add_option("dirs", cli->dirs, "Output directories of robometrics evaluate")
                                        ->required();
                                    auto *fmt_group = app.add_option_group("format");
                                    fmt_group->add_flag("--json", cli->json, "JSON output");
                                    fmt_group->add_flag("--csv", cli->csv, "CSV output");
                                    fmt_group->add_flag("--md", cli->md, "Markdown table (default)");
                                    fmt_group->require_option(0, 1);
                                    return [cli] { return runCompare(*cli); };
                                },
                                11};

}  // namespace
}  // namespace robometrics::app
