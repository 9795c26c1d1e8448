#include "robometrics/live/Sandbox.hpp"

#include <net/if.h>

#include <cstdlib>
#include <cstring>

namespace robometrics::live {

std::string loopbackSandboxProblem() {
    const char *flag = std::getenv("ROBOMETRICS_IN_NETNS");
    if (!flag || std::strcmp(flag, "1") != 0)
        return "not inside the loopback-only network namespace (run through netns-run)";
    struct if_nameindex *interfaces = if_nameindex();
    if (!interfaces) return "cannot list the network interfaces";
    std::string other;
    for (struct if_nameindex *i = interfaces; i->if_index != 0 && i->if_name; ++i) {
        if (std::strcmp(i->if_name, "lo") != 0) other += std::string(other.empty() ? "" : ", ") + i->if_name;
    }
    if_freenameindex(interfaces);
    if (!other.empty()) return "network interfaces other than lo are present: " + other;
    return {};
}

}  // namespace robometrics::live
