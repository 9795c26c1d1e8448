#pragma once
// Helpers for the bench tests: the robometrics binary the jobs run, and a zombie check.

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace robometrics::test {

/// The binary the tests' jobs run ({robometrics}); set by CMake for every test.
inline std::string robometricsBinary() {
    const char *b = std::getenv("ROBOMETRICS_BINARY");
    return b ? b : "";
}

/// How many zombie children this process has (children that exited and were not reaped).
inline int zombieChildren() {
    int zombies = 0;
    DIR *proc = opendir("/proc");
    if (proc == nullptr) return 0;
    const std::string self = std::to_string(getpid());
    while (dirent *e = readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream stat(std::string("/proc/") + e->d_name + "/stat");
        std::string line;
        std::getline(stat, line);
        auto close = line.rfind(')');
        if (close == std::string::npos || close + 4 > line.size()) continue;
        char state = line[close + 2];
        std::string rest = line.substr(close + 4);
        std::string ppid = rest.substr(0, rest.find(' '));
        if (ppid == self && state == 'Z') ++zombies;
    }
    closedir(proc);
    return zombies;
}

}  // namespace robometrics::test
