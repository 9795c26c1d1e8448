// robometrics compare OUT_DIR... [--json|--csv|--md]
// Side-by-side table of evaluated runs (like evo_res), the best value of each row marked.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/evaluate/ComparedRunFiles.hpp"

namespace robometrics::app {
namespace {

struct CompareCli {
    std::vector<std::string> dirs;
    bool json = false, csv = false, md = false;
};

RunFn setupCompare(CLI::App &app) {
    auto cli = std::make_shared<CompareCli>();
    app.add_option("dirs", cli->dirs, "Output directories of robometrics evaluate")->required();
    auto *fmt_group = app.add_option_group("format");
    fmt_group->add_flag("--json", cli->json, "JSON output");
    fmt_group->add_flag("--csv", cli->csv, "CSV output");
    fmt_group->add_flag("--md", cli->md, "Markdown table (default)");
    fmt_group->require_option(0, 1);
    return [cli]() -> int {
        auto runs = evaluate::readComparedRuns(cli->dirs);
        if (!runs) return fail("compare", runs.error());
        const evaluate::ComparisonTable table = evaluate::compareRuns(*runs);
        fmt::print("{}", cli->json  ? evaluate::comparisonJson(table).dump(2) + "\n"
                         : cli->csv ? evaluate::comparisonCsv(table)
                                    : evaluate::comparisonMarkdown(table));
        return 0;
    };
}

const RegisterCommand kCompareRegistration{"compare", "Compare evaluated runs side by side (best value per row marked)",
                                           setupCompare, 11};

}  // namespace
}  // namespace robometrics::app
