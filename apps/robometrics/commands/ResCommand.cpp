// robometrics res RESULT... [--use_filenames] [--save_table FILE.csv] [-p] [-o DIR] [--json]
// evo_res: compares the results files of `ape`/`rpe --save_results`: a table of their statistics
// and plots of their error distributions (toolbox/SavedResultComparison.hpp does the work).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/SavedResultComparison.hpp"

namespace robometrics::app {
namespace {

RunFn setupRes(CLI::App &cmd) {
    auto o = std::make_shared<toolbox::SavedResultComparisonOptions>();
    cmd.add_option("RESULT", o->files, "Results files written by ape/rpe --save_results")->required();
    cmd.add_flag("--use_filenames,--use-filenames", o->use_filenames,
                 "Name each result by its file (default: the estimate's name)");
    cmd.add_option("--save_table,--save-table", o->table, "Write the statistics table as CSV");
    cmd.add_flag("-p,--plot", o->plot,
                 "Plot: evo's window is not shown here; res_raw/box/stats/histogram/violin.svg go to -o DIR");
    cmd.add_option("--save_plot,--save-plot", o->save_plot,
                   "Write the plots as PATH_NAME.EXT (EXT svg or png), or all as pages of PATH.pdf");
    cmd.add_option("-o,--output", o->out_dir, "Folder of -p's plots");
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    return [o]() -> int {
        if (!o->save_plot.empty()) {
            if (Status s = toolbox::checkSavePlotPath(o->save_plot); !s.ok()) return usage("res", s);
        }
        auto text = toolbox::compareSavedResults(
            *o, [](const std::string &warning) { fmt::print(stderr, "robometrics res: warning: {}\n", warning); });
        if (!text) return fail("res", text.error());
        if (auto note = toolbox::plotWithoutWindowNote(o->plot, o->out_dir, o->save_plot))
            fmt::print(stderr, "robometrics res: {}\n", *note);
        fmt::print("{}", *text);
        return 0;
    };
}

const RegisterCommand kResRegistration("res", "Tables and plots comparing saved ape/rpe results (evo_res)", setupRes,
                                       43);

}  // namespace
}  // namespace robometrics::app
