#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "robometrics/live/SocketBuffers.hpp"

namespace robometrics::live {
namespace {

// Two IPv4 sockets of ours (inodes 54321 and 54322) and one of another process (99999), with the
// kernel's header line and its trailing blanks, as /proc/net/udp prints them.
constexpr const char *kUdpTable =
    "   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer "
    "drops            \n"
    "  123: 0100007F:1CE8 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 54321 2 "
    "0000000000000000 17483\n"
    "  124: 0100007F:1CE9 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 54322 2 "
    "0000000000000000 0\n"
    "  200: 00000000:0044 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 99999 2 "
    "0000000000000000 5\n"
    "  201: short line\n";

TEST(SocketBuffers, DropsAreReadForTheProcessSocketsOnly) {
    const auto drops = udpDropsByInode(kUdpTable, {54321, 54322, 11111});
    EXPECT_EQ(drops, (std::map<std::uint64_t, std::uint64_t>{{54321, 17483}, {54322, 0}}));
    EXPECT_TRUE(udpDropsByInode(kUdpTable, {}).empty());
    EXPECT_TRUE(udpDropsByInode("", {54321}).empty());
}

TEST(SocketBuffers, KernelDropsCountEachSocketsGrowthSinceTheStart) {
    KernelDrops k;                             // not started: every socket counts from zero
    EXPECT_EQ(k.add({{1, 10}, {2, 0}}), 10u);  // never seen at start: counts from zero
    EXPECT_EQ(k.add({{1, 15}, {2, 3}}), 18u);  // +5 +3
    EXPECT_EQ(k.add({{2, 4}}), 19u);           // socket 1 closed: its 15 stay counted
    EXPECT_EQ(k.add({{2, 4}, {3, 2}}), 21u);   // a new socket counts from zero
}

TEST(SocketBuffers, TheCapIsNamedWithTheSysctlThatLiftsIt) {
    // Both requests fit: nothing to say; an unknown cap: nothing to say either.
    EXPECT_EQ(socketBufferCapNotice(8U << 20, 4U << 20, 16U << 20, 4U << 20), "");
    EXPECT_EQ(socketBufferCapNotice(8U << 20, 4U << 20, std::nullopt, std::nullopt), "");
    // Debian's default: 208 kB (212992 bytes) for both. The notice names, per buffer, the sysctl
    // that caps it, what was asked and what was granted (in bytes, exactly), and the line to run.
    EXPECT_EQ(socketBufferCapNotice(8U << 20, 4U << 20, 212992, 212992),
              "the kernel caps UDP receive buffers at net.core.rmem_max: asked 8388608 bytes (8.0 MiB), granted "
              "212992 bytes (208.0 KiB); and send buffers at net.core.wmem_max: asked 4194304 bytes (4.0 MiB), "
              "granted 212992 bytes (208.0 KiB); large messages (point clouds, maps) may be dropped at this node's "
              "sockets (counted as kernel drops); to lift the cap: sudo sysctl -w net.core.rmem_max=8388608 "
              "net.core.wmem_max=4194304");
    // The machine of docs/live.md's figures: both caps 4 MiB, so only the receive buffer is capped.
    EXPECT_EQ(socketBufferCapNotice(8U << 20, 4U << 20, 4U << 20, 4U << 20),
              "the kernel caps UDP receive buffers at net.core.rmem_max: asked 8388608 bytes (8.0 MiB), granted "
              "4194304 bytes (4.0 MiB); large messages (point clouds, maps) may be dropped at this node's sockets "
              "(counted as kernel drops); to lift the cap: sudo sysctl -w net.core.rmem_max=8388608");
    // One byte short is capped too.
    EXPECT_NE(
        socketBufferCapNotice(8U << 20, 4U << 20, (8U << 20) - 1, 4U << 20).find("granted 8388607 bytes (8.0 MiB)"),
        std::string::npos);
}

TEST(SocketBuffers, ProcNumbersAndOurOwnSockets) {
    EXPECT_EQ(readProcNumber("/nonexistent/rmem_max"), std::nullopt);
    const auto rmem = readProcNumber("/proc/sys/net/core/rmem_max");
    ASSERT_TRUE(rmem.has_value());
    EXPECT_GT(*rmem, 0u);
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);  // no address, no traffic: only its inode is read
    ASSERT_GE(fd, 0);
    struct stat st {};
    ASSERT_EQ(fstat(fd, &st), 0);
    EXPECT_EQ(processSocketInodes().count(static_cast<std::uint64_t>(st.st_ino)), 1u);
    close(fd);
    EXPECT_EQ(processSocketInodes().count(static_cast<std::uint64_t>(st.st_ino)), 0u);
}

}  // namespace
}  // namespace robometrics::live
