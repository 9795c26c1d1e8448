#include "robometrics/live/SocketBuffers.hpp"

#include <dirent.h>
#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <vector>

namespace robometrics::live {

namespace {

/// "8388608 bytes (8.0 MiB)", "212992 bytes (208.0 KiB)": exact, and readable.
std::string bytesText(std::uint64_t bytes) {
    const double b = static_cast<double>(bytes);
    if (bytes >= (1U << 20)) return fmt::format("{} bytes ({:.1f} MiB)", bytes, b / (1U << 20));
    return fmt::format("{} bytes ({:.1f} KiB)", bytes, b / (1U << 10));
}

std::string readWhole(const std::string &path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::string socketBufferCapNotice(std::uint32_t receive_requested, std::uint32_t send_requested,
                                  std::optional<std::uint64_t> rmem_max, std::optional<std::uint64_t> wmem_max) {
    std::vector<std::string> capped, sysctls;
    if (rmem_max && *rmem_max < receive_requested) {
        capped.push_back(fmt::format("receive buffers at net.core.rmem_max: asked {}, granted {}",
                                     bytesText(receive_requested), bytesText(*rmem_max)));
        sysctls.push_back(fmt::format("net.core.rmem_max={}", receive_requested));
    }
    if (wmem_max && *wmem_max < send_requested) {
        capped.push_back(fmt::format("send buffers at net.core.wmem_max: asked {}, granted {}",
                                     bytesText(send_requested), bytesText(*wmem_max)));
        sysctls.push_back(fmt::format("net.core.wmem_max={}", send_requested));
    }
    if (capped.empty()) return {};
    return fmt::format(
        "the kernel caps UDP {}; large messages (point clouds, maps) may be dropped at this node's sockets "
        "(counted as kernel drops); to lift the cap: sudo sysctl -w {}",
        fmt::join(capped, "; and "), fmt::join(sysctls, " "));
}

std::optional<std::uint64_t> readProcNumber(const std::string &path) {
    const std::string text = readWhole(path);
    std::uint64_t value = 0;
    const char *begin = text.data();
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr == begin) return std::nullopt;
    return value;
}

std::set<std::uint64_t> processSocketInodes() {
    std::set<std::uint64_t> inodes;
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) return inodes;
    constexpr std::string_view kPrefix = "socket:[";
    while (const dirent *entry = readdir(dir)) {
        if (entry->d_name[0] == '.') continue;
        char target[64];
        const std::string link = std::string("/proc/self/fd/") + entry->d_name;
        const ssize_t n = readlink(link.c_str(), target, sizeof target - 1);
        if (n <= 0) continue;
        const std::string_view t(target, static_cast<std::size_t>(n));
        if (!t.starts_with(kPrefix) || !t.ends_with("]")) continue;
        std::uint64_t inode = 0;
        const char *first = t.data() + kPrefix.size();
        if (std::from_chars(first, t.data() + t.size() - 1, inode).ec == std::errc()) inodes.insert(inode);
    }
    closedir(dir);
    return inodes;
}

std::map<std::uint64_t, std::uint64_t> udpDropsByInode(std::string_view table, const std::set<std::uint64_t> &inodes) {
    // Columns: sl local rem st tx:rx tr:when retrnsmt uid timeout inode ref pointer drops.
    constexpr std::size_t kInode = 9, kDrops = 12;
    std::map<std::uint64_t, std::uint64_t> out;
    std::size_t line_start = table.find('\n');  // the first line is the header
    while (line_start != std::string_view::npos && line_start < table.size()) {
        const std::size_t line_end = table.find('\n', line_start + 1);
        std::string_view line = table.substr(
            line_start + 1, line_end == std::string_view::npos ? std::string_view::npos : line_end - line_start - 1);
        line_start = line_end;
        std::vector<std::string_view> fields;
        std::size_t pos = 0;
        while (pos < line.size()) {
            while (pos < line.size() && line[pos] == ' ') ++pos;
            const std::size_t end = line.find(' ', pos);
            if (pos < line.size()) fields.push_back(line.substr(pos, end == std::string_view::npos ? end : end - pos));
            pos = end == std::string_view::npos ? line.size() : end;
        }
        if (fields.size() <= kDrops) continue;
        std::uint64_t inode = 0, drops = 0;
        const auto &fi = fields[kInode];
        const auto &fd = fields[kDrops];
        if (std::from_chars(fi.data(), fi.data() + fi.size(), inode).ec != std::errc()) continue;
        if (!inodes.count(inode)) continue;
        if (std::from_chars(fd.data(), fd.data() + fd.size(), drops).ec != std::errc()) continue;
        out[inode] = drops;
    }
    return out;
}

namespace {
std::map<std::uint64_t, std::uint64_t> readUdpDrops() {
    const std::set<std::uint64_t> inodes = processSocketInodes();
    auto drops = udpDropsByInode(readWhole("/proc/net/udp"), inodes);
    drops.merge(udpDropsByInode(readWhole("/proc/net/udp6"), inodes));
    return drops;
}
}  // namespace

void KernelDrops::start() {
    seen_ = readUdpDrops();
    total_ = 0;
}

std::uint64_t KernelDrops::read() { return add(readUdpDrops()); }

std::uint64_t KernelDrops::add(const std::map<std::uint64_t, std::uint64_t> &drops) {
    for (const auto &[inode, count] : drops) {
        std::uint64_t &before = seen_[inode];  // a socket new since start() counts from zero
        if (count > before) total_ += count - before;
        before = count;
    }
    return total_;
}

}  // namespace robometrics::live
