#pragma once
// Runs the robometrics binary with stderr on a pseudo-terminal (stdout too), as a user at a
// terminal would: for what a command draws only when isatty(stderr) (progress lines).

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace robometrics::test {

/// Everything the command wrote to the terminal, and its exit code (-1 when it could not run).
struct TerminalRun {
    int exit_code = -1;
    std::string output;
};

inline TerminalRun runRobometricsOnTerminal(const std::vector<std::string> &args) {
    TerminalRun result;
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    if (!binary) return result;
    int master = -1;
    const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    if (pid < 0) return result;
    if (pid == 0) {
        std::vector<char *> argv;
        argv.push_back(const_cast<char *>(binary));
        for (const std::string &a : args) argv.push_back(const_cast<char *>(a.c_str()));
        argv.push_back(nullptr);
        execv(binary, argv.data());
        _exit(127);
    }
    char buffer[4096];
    for (;;) {
        const ssize_t got = read(master, buffer, sizeof buffer);
        if (got <= 0) break;  // EIO once the child has closed the terminal
        result.output.append(buffer, static_cast<std::size_t>(got));
    }
    close(master);
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

}  // namespace robometrics::test
