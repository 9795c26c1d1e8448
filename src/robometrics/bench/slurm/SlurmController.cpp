#include "robometrics/bench/slurm/SlurmController.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "robometrics/core/Text.hpp"

namespace robometrics::bench {
namespace {

bool sameKey(std::string_view a, std::string_view b) {
    return a.size() == b.size() && strncasecmp(a.data(), b.data(), a.size()) == 0;  // slurm.conf keys ignore case
}

/// Connects to `c` within `timeout_s`; empty on success, else why not.
std::string tryConnect(const SlurmController &c, double timeout_s) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    const std::string port = std::to_string(c.port);
    if (int e = getaddrinfo(c.address.c_str(), port.c_str(), &hints, &found); e != 0) {
        return fmt::format("cannot resolve '{}': {}", c.address, gai_strerror(e));
    }
    std::string why = "no address";
    for (addrinfo *a = found; a != nullptr; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        int r = connect(fd, a->ai_addr, a->ai_addrlen);
        if (r != 0 && errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            r = poll(&p, 1, static_cast<int>(timeout_s * 1000)) == 1 ? 0 : -1;
            int error = r == 0 ? 0 : ETIMEDOUT;
            socklen_t len = sizeof error;
            if (r == 0) getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
            errno = error;
            r = error == 0 ? 0 : -1;
        }
        why = r == 0 ? std::string() : std::string(std::strerror(errno));
        close(fd);
        if (r == 0) break;
    }
    freeaddrinfo(found);
    return why;
}

}  // namespace

Result<std::vector<SlurmController>> parseSlurmControllers(std::string_view conf, const std::string &source) {
    std::vector<SlurmController> controllers;
    std::string control_addr;
    int port = 6817;
    std::istringstream lines{std::string(conf)};
    for (std::string line; std::getline(lines, line);) {
        line = std::string(trimmed(std::string_view(line).substr(0, line.find('#'))));
        const auto equals = line.find('=');
        if (equals == std::string::npos) continue;
        const std::string key(trimmed(std::string_view(line).substr(0, equals)));
        const std::string value(trimmed(std::string_view(line).substr(equals + 1)));
        if (sameKey(key, "SlurmctldHost") || sameKey(key, "ControlMachine")) {
            SlurmController c;
            const auto open = value.find('(');
            c.host = std::string(trimmed(std::string_view(value).substr(0, open)));
            c.address =
                open == std::string::npos
                    ? c.host
                    : std::string(trimmed(std::string_view(value).substr(open + 1, value.find(')') - open - 1)));
            controllers.push_back(c);
        } else if (sameKey(key, "ControlAddr")) {
            control_addr = value;
        } else if (sameKey(key, "SlurmctldPort")) {
            port = std::atoi(value.c_str());  // "6817" or a range "6817-6818": its first port
            if (port <= 0 || port > 65535)
                return Error{fmt::format("{}: SlurmctldPort '{}' is not a port", source, value)};
        }
    }
    if (controllers.empty()) return Error{fmt::format("{}: names no controller (SlurmctldHost)", source)};
    if (!control_addr.empty()) controllers.front().address = control_addr;
    for (auto &c : controllers) c.port = port;
    return controllers;
}

std::string slurmConfPath() {
    const char *env = std::getenv("SLURM_CONF");
    return env != nullptr && *env != '\0' ? env : "/etc/slurm/slurm.conf";
}

Status checkSlurmController(double timeout_s) {
    const std::string path = slurmConfPath();
    const std::string conf = readWholeFile(path);
    if (conf.empty()) {
        return Error{
            fmt::format("{}: cannot read the Slurm configuration (set SLURM_CONF to the cluster's slurm.conf); "
                        "not submitting without a known controller",
                        path)};
    }
    auto controllers = parseSlurmControllers(conf, path);
    if (!controllers) return controllers.error();
    std::string reasons;
    for (const SlurmController &c : *controllers) {
        std::string why = tryConnect(c, timeout_s);
        if (why.empty()) return Status::Ok();
        reasons += fmt::format("{}{} ({}:{}): {}", reasons.empty() ? "" : "; ", c.host, c.address, c.port, why);
    }
    return Error{fmt::format("{}: the Slurm controller is not reachable, so nothing was submitted: {}", path, reasons)};
}

}  // namespace robometrics::bench
