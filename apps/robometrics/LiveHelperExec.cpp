// robometrics live <subcommand>, in the robometrics program: the command line, already parsed
// and checked here (so its help and usage errors are this program's), is handed to
// robometrics-live, which parses it again and runs it. Only robometrics-live links Fast DDS and
// its libraries, which would otherwise be loaded and initialised at the start of every command
// (about 8 ms and 5 MB, docs/install.md, "What is loaded when"). exec keeps the process: its
// PID, its signals (Ctrl-C ends the live run as before), its standard streams and exit code.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "commands/LiveCli.hpp"

namespace robometrics::app {

namespace {

/// Where robometrics-live is: beside this program (the build tree), else in the libexec folder
/// of the installation this program belongs to (ROBOMETRICS_LIVE_HELPER_FROM_BIN, set by CMake
/// from the install folders). Empty when it is in neither.
std::string liveHelperPath(std::string &looked_in) {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) {
        looked_in = "/proc/self/exe cannot be read: " + ec.message();
        return {};
    }
    const std::filesystem::path here = self.parent_path();
    const std::filesystem::path candidates[] = {here / "robometrics-live",
                                                (here / ROBOMETRICS_LIVE_HELPER_FROM_BIN).lexically_normal()};
    for (const std::filesystem::path &candidate : candidates) {
        if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
    looked_in = candidates[0].string() + " and " + candidates[1].string();
    return {};
}

}  // namespace

int runLiveCommand(const std::string &name, LiveCli &) {
    const std::string cmd = "live " + name;
    std::string looked_in;
    const std::string helper = liveHelperPath(looked_in);
    if (helper.empty()) {
        return fail(cmd,
                    "the live commands run in robometrics-live, which is not installed with this program (looked "
                    "for " +
                        looked_in + "); reinstall robometrics");
    }
    std::vector<char *> argv;
    for (const std::string &argument : programArguments()) argv.push_back(const_cast<char *>(argument.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    ::execv(helper.c_str(), argv.data());
    return fail(cmd, "cannot start " + helper + ": " + std::strerror(errno));  // only reached when exec failed
}

}  // namespace robometrics::app
