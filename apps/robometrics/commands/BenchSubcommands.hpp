#pragma once
// Further `robometrics bench <sub>` commands (report, status, ...) register here from their own
// files, as commands do in Command.hpp; BenchCommand.cpp adds them under `bench`.

#include <string>
#include <vector>

#include "Command.hpp"

namespace robometrics::app {

struct BenchSubcommandSpec {
    std::string name;
    std::string summary;
    SetupFn setup;
};

inline std::vector<BenchSubcommandSpec> &benchSubcommands() {
    static std::vector<BenchSubcommandSpec> registry;
    return registry;
}

struct RegisterBenchSubcommand {
    RegisterBenchSubcommand(std::string name, std::string summary, SetupFn setup) {
        benchSubcommands().push_back({std::move(name), std::move(summary), std::move(setup)});
    }
};

}  // namespace robometrics::app
