// ROBOMETRICS_READ_THREADS: 1 loads on the reading thread, N >= 2 on N threads (capped), and
// anything else is the default. Every real bag (ROBOMETRICS_TEST_DATA) gives the same messages,
// errors and damage whether its chunks are loaded ahead or not.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/BagThreads.hpp"

namespace robometrics::bag {
namespace {

TEST(BagThreads, OneMeansNoLoadingThread) { EXPECT_EQ(bagThreadsFor("1"), 0u); }

TEST(BagThreads, TwoOrMoreAreLoadingThreadsUpToTheCap) {
    EXPECT_EQ(bagThreadsFor("2"), 2u);
    EXPECT_EQ(bagThreadsFor("3"), 3u);
    EXPECT_EQ(bagThreadsFor("1000"), kMostBagThreads);
}

TEST(BagThreads, UnsetOrNotACountIsTheDefault) {
    for (const char *value : {static_cast<const char *>(nullptr), "", "0", "two", "2x", "-1"})
        EXPECT_EQ(bagThreadsFor(value), kDefaultBagThreads) << (value ? value : "(unset)");
}

// Every bag under the data directory: .mcap, .bag and .db3 files outside a rosbag2 folder, and the
// folders with a metadata.yaml.
std::vector<std::filesystem::path> realBagsForThreads() {
    namespace fs = std::filesystem;
    std::vector<fs::path> bags;
    const fs::path root = test::testDataDir() / "bags";
    if (!fs::is_directory(root)) return bags;
    for (const auto &entry : fs::recursive_directory_iterator(root)) {
        const fs::path &p = entry.path();
        if (entry.is_directory() && fs::exists(p / "metadata.yaml")) bags.push_back(p);
        const std::string ext = p.extension().string();
        if (entry.is_regular_file() && (ext == ".mcap" || ext == ".bag" || ext == ".db3") &&
            !fs::exists(p.parent_path() / "metadata.yaml"))
            bags.push_back(p);
    }
    std::sort(bags.begin(), bags.end());
    return bags;
}

// What a whole read gives: per message its topic, times and a digest of its bytes; then the
// error or the damage it ended with.
std::vector<std::string> readForThreads(const std::string &path, bool recover, bool load_ahead) {
    ReadOptions options;
    options.recover = recover;
    auto source = openBag(path, options);
    if (!source) return {"open: " + source.message()};
    if (load_ahead) (*source)->loadAhead();
    std::vector<std::string> out;
    Message m;
    for (;;) {
        auto more = (*source)->next(m);
        if (!more) {
            out.push_back("error: " + more.message());
            break;
        }
        if (!*more) break;
        std::uint64_t digest = 1469598103934665603ull;  // FNV-1a
        for (std::uint8_t b : m.data) digest = (digest ^ b) * 1099511628211ull;
        out.push_back(m.topic->name + " " + std::to_string(m.log_time) + " " + std::to_string(m.publish_time) + " " +
                      std::to_string(digest));
    }
    if (auto damage = (*source)->damage()) out.push_back("damage: " + damage->file + ": " + damage->description);
    return out;
}

TEST(BagThreads, EveryRealBagReadsTheSameLoadedAheadOrNot) {
    const std::vector<std::filesystem::path> bags = realBagsForThreads();
    if (bags.empty()) GTEST_SKIP() << "no bags under " << test::testDataDir() << " (set ROBOMETRICS_TEST_DATA)";
    if (chunkLoaders() == 0) std::cout << "[     NOTE ] ROBOMETRICS_READ_THREADS=1: both reads are on one thread\n";
    std::size_t messages = 0;
    for (const auto &bag : bags) {
        for (bool recover : {false, true}) {
            const std::vector<std::string> here = readForThreads(bag.string(), recover, false);
            EXPECT_EQ(readForThreads(bag.string(), recover, true), here) << bag << (recover ? " (recover)" : "");
            messages += here.size();
        }
    }
    std::cout << "[     NOTE ] " << bags.size() << " bags, " << messages << " lines compared\n";
}

}  // namespace
}  // namespace robometrics::bag
