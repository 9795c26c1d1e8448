#pragma once
// The UDP socket buffers a live node asks for, what the kernel grants, and what the kernel threw
// away at the node's own sockets (docs/live.md, "Socket buffers and lost samples").
//
// A robot's largest messages (a 1.2 MB PointCloud2 arrives as about twenty 64 kB datagrams) do
// not fit Linux's default receive buffer (208 kB): the kernel drops the datagrams that overflow
// it, and best effort loses the whole sample. The live participants therefore ask for large
// buffers; Linux silently caps a request at net.core.rmem_max / wmem_max, so the node reads the
// caps and says once what was not granted. Drops are read from /proc/net/udp and udp6 (the
// `drops` column) for the sockets this process owns (/proc/self/fd -> socket:[inode]).

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace robometrics::live {

/// What every live participant asks for unless the user's profile sets its own sizes.
constexpr std::uint32_t kReceiveBufferBytes = 8U << 20;  // 8 MiB: several large samples in flight
constexpr std::uint32_t kSendBufferBytes = 4U << 20;     // 4 MiB: a large result written at once

/// The notice printed once when the kernel caps a buffer robometrics asked for: empty when both
/// requests fit. `rmem_max`/`wmem_max` unknown (nullopt): nothing to say.
std::string socketBufferCapNotice(std::uint32_t receive_requested, std::uint32_t send_requested,
                                  std::optional<std::uint64_t> rmem_max, std::optional<std::uint64_t> wmem_max);

/// A number from a /proc/sys file (net.core.rmem_max); nullopt when unreadable.
std::optional<std::uint64_t> readProcNumber(const std::string &path);

/// The inodes of the sockets this process has open (/proc/self/fd entries "socket:[N]").
std::set<std::uint64_t> processSocketInodes();

/// The `drops` column of a /proc/net/udp or udp6 table, by inode, for the sockets in `inodes`
/// (lines that do not parse are skipped).
std::map<std::uint64_t, std::uint64_t> udpDropsByInode(std::string_view table, const std::set<std::uint64_t> &inodes);

/// Datagrams the kernel dropped at this process's UDP sockets (IPv4 and IPv6) since `start()`:
/// each socket's growth since it was first seen (a socket opened later counts from zero), so a
/// socket closed in between keeps what it had dropped.
class KernelDrops {
public:
    void start();
    /// Reads the tables again; returns the drops since start().
    std::uint64_t read();
    /// Adds one reading of the tables (by inode); what read() does after reading them.
    std::uint64_t add(const std::map<std::uint64_t, std::uint64_t> &drops);

private:
    std::map<std::uint64_t, std::uint64_t> seen_;
    std::uint64_t total_ = 0;
};

}  // namespace robometrics::live
