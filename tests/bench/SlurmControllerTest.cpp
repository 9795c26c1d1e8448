#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bench/slurm/SlurmController.hpp"

namespace robometrics::bench {
namespace {

TEST(SlurmController, ParsesHostAddressAndPort) {
    auto c = parseSlurmControllers(
        "# a cluster\nClusterName=lab\nSlurmctldHost=head(10.0.0.5)  # primary\nslurmctldhost=backup\n"
        "SlurmctldPort=6820-6821\n",
        "slurm.conf");
    ASSERT_TRUE(c.ok()) << c.message();
    ASSERT_EQ(c->size(), 2u);
    EXPECT_EQ((*c)[0].host, "head");
    EXPECT_EQ((*c)[0].address, "10.0.0.5");
    EXPECT_EQ((*c)[0].port, 6820);
    EXPECT_EQ((*c)[1].host, "backup");
    EXPECT_EQ((*c)[1].address, "backup");
    auto old = parseSlurmControllers("ControlMachine=head\nControlAddr=127.0.0.1\n", "old.conf");
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old->front().address, "127.0.0.1");
    EXPECT_EQ(old->front().port, 6817);  // Slurm's default
    EXPECT_EQ(parseSlurmControllers("ClusterName=lab\n", "x.conf").message(),
              "x.conf: names no controller (SlurmctldHost)");
    EXPECT_EQ(parseSlurmControllers("SlurmctldHost=a\nSlurmctldPort=none\n", "x.conf").message(),
              "x.conf: SlurmctldPort 'none' is not a port");
}

/// SLURM_CONF pointing at a conf naming 127.0.0.1:`port`, for the life of the object.
struct ConfOnLoopback {
    explicit ConfOnLoopback(int port) {
        path = test::scratchDir("slurm-controller") / "slurm.conf";
        std::ofstream(path) << "SlurmctldHost=testhost(127.0.0.1)\nSlurmctldPort=" << port << "\n";
        setenv("SLURM_CONF", path.c_str(), 1);
    }
    ~ConfOnLoopback() { unsetenv("SLURM_CONF"); }
    std::filesystem::path path;
};

TEST(SlurmController, AListeningControllerIsReachable) {
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    ASSERT_EQ(listen(listener, 1), 0);
    socklen_t len = sizeof addr;
    getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len);
    ConfOnLoopback conf(ntohs(addr.sin_port));
    Status reached = checkSlurmController(2.0);
    EXPECT_TRUE(reached.ok()) << reached.message();
    close(listener);
}

TEST(SlurmController, ARefusedOrMissingControllerIsAnErrorWithTheReason) {
    // A port nothing listens on: bind one, note it, close it.
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(s, reinterpret_cast<sockaddr *>(&addr), &len);
    close(s);
    const int port = ntohs(addr.sin_port);
    {
        ConfOnLoopback conf(port);
        EXPECT_EQ(checkSlurmController(2.0).message(),
                  conf.path.string() +
                      ": the Slurm controller is not reachable, so nothing was submitted: testhost "
                      "(127.0.0.1:" +
                      std::to_string(port) + "): Connection refused");
    }
    setenv("SLURM_CONF", "/nonexistent/slurm.conf", 1);
    EXPECT_EQ(checkSlurmController(2.0).message(),
              "/nonexistent/slurm.conf: cannot read the Slurm configuration (set SLURM_CONF to the cluster's "
              "slurm.conf); not submitting without a known controller");
    unsetenv("SLURM_CONF");
}

}  // namespace
}  // namespace robometrics::bench
