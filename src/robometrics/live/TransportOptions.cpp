#include <arpa/inet.h>
#include <fmt/format.h>

#include <cstdlib>

#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

std::string_view toString(DiscoveryRange range) {
    switch (range) {
        case DiscoveryRange::SystemDefault:
            return "SYSTEM_DEFAULT";
        case DiscoveryRange::Subnet:
            return "SUBNET";
        case DiscoveryRange::Localhost:
            return "LOCALHOST";
        case DiscoveryRange::Off:
            return "OFF";
    }
    return "?";
}

Result<TransportOptions> TransportOptions::fromLookup(const std::function<const char *(const char *)> &getenv_fn) {
    auto value = [&](const char *name) -> std::string {
        const char *v = getenv_fn(name);
        return v ? std::string(v) : std::string();
    };
    TransportOptions o;
    if (std::string id = value("ROS_DOMAIN_ID"); !id.empty()) {
        char *end = nullptr;
        long parsed = std::strtol(id.c_str(), &end, 10);
        // 232 is the largest id whose ports still fit in 16 bits with Fast DDS's port formula.
        if (*end != '\0' || parsed < 0 || parsed > 232) {
            return Error{fmt::format("ROS_DOMAIN_ID: expected an integer 0..232, got '{}'", id)};
        }
        o.domain_id = static_cast<int>(parsed);
    }
    // ROS_AUTOMATIC_DISCOVERY_RANGE wins; ROS_LOCALHOST_ONLY=1 alone means LOCALHOST (as Jazzy reads it).
    const std::string range = value("ROS_AUTOMATIC_DISCOVERY_RANGE");
    if (range.empty()) {
        if (value("ROS_LOCALHOST_ONLY") == "1") o.range = DiscoveryRange::Localhost;
    } else if (range == "SUBNET") {
        o.range = DiscoveryRange::Subnet;
    } else if (range == "LOCALHOST") {
        o.range = DiscoveryRange::Localhost;
    } else if (range == "OFF") {
        o.range = DiscoveryRange::Off;
    } else if (range == "SYSTEM_DEFAULT") {
        o.range = DiscoveryRange::SystemDefault;
    } else {
        return Error{fmt::format(
            "ROS_AUTOMATIC_DISCOVERY_RANGE: expected SUBNET, LOCALHOST, OFF or SYSTEM_DEFAULT, got '{}'", range)};
    }
    const std::string peers = value("ROS_STATIC_PEERS");
    std::size_t start = 0;
    while (start <= peers.size() && !peers.empty()) {
        std::size_t end = peers.find(';', start);
        std::string peer = peers.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!peer.empty()) {
            in_addr addr{};
            if (inet_pton(AF_INET, peer.c_str(), &addr) != 1) {
                return Error{fmt::format("ROS_STATIC_PEERS: '{}' is not an IPv4 address", peer)};
            }
            o.static_peers.push_back(peer);
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
    o.profile_file = value("FASTRTPS_DEFAULT_PROFILES_FILE");
    return o;
}

Result<TransportOptions> TransportOptions::fromEnvironment() {
    return fromLookup([](const char *name) { return static_cast<const char *>(std::getenv(name)); });
}

}  // namespace robometrics::live
