// robometrics bench status OUT
// Where a benchmark stands: the store's job counts and, for the Slurm executor, what squeue and
// sacct say about its array jobs (docs/bench.md, Slurm executor). Exit 0 whatever the state.

#include <memory>

#include "BenchSubcommands.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bench/SlurmStatus.hpp"

namespace robometrics::app {
namespace {

const RegisterBenchSubcommand kRegister{
    "status", "Show a benchmark's progress: the store's counts and its Slurm array jobs (squeue/sacct)",
    [](CLI::App &app) -> RunFn {
        auto out_dir = std::make_shared<std::string>();
        app.add_option("out", *out_dir, "The benchmark's output directory (holds bench.sqlite)")->required();
        return [out_dir] {
            auto status = bench::benchStatus(*out_dir);
            if (!status) return fail("bench status", status.error());
            fmt::print("{}", status->text);
            return 0;
        };
    }};

}  // namespace
}  // namespace robometrics::app
