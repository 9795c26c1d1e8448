#include "robometrics/system/ExecutablePath.hpp"

#include <unistd.h>

#include <climits>

namespace robometrics::system {

std::string executablePath() {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string("robometrics");
}

}  // namespace robometrics::system
