#include "robometrics/system/RunReport.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/wait.h>

#include <cstring>

namespace robometrics::system {

RunReport describeRun(const SupervisedRun &run, const SuperviseOptions &options) {
    const RunSummary &summary = run.summary;
    RunReport report;
    report.text = fmt::format(
        "command:   {}\nduration:  {:.1f} s ({})\npeak CPU:  {:.1f} % (mean {:.1f} %)\n"
        "peak RSS:  {:.1f} MiB\nsamples:   {} -> {}/system.csv, run.json\n",
        fmt::join(options.command, " "), run.duration_s, run.ended_by.text(), summary.peak_cpu_percent,
        summary.mean_cpu_percent, static_cast<double>(summary.peak_rss_bytes) / 1048576.0, run.samples,
        options.out_dir);
    if (summary.over_cpu_budget) {
        report.warning = fmt::format("peak CPU {:.1f} % exceeds the edge budget of {:.0f} %", summary.peak_cpu_percent,
                                     options.cpu_budget);
    }
    // A command stopped on purpose (Ctrl-C, the timeout) did not fail, whatever its status.
    if (run.failedOnItsOwn()) {
        report.failure = run.exitCode() ? fmt::format("the command exited with code {}", *run.exitCode())
                                        : fmt::format("the command was killed by signal {} ({})",
                                                      WTERMSIG(run.wait_status), strsignal(WTERMSIG(run.wait_status)));
    }
    return report;
}

}  // namespace robometrics::system
