// `evaluate` and `info` of a simulated run copied into an MCAP written without chunks, with a
// stretch of about a second zeroed in the middle (docs/bags.md, Damage in the middle): the stretch
// is skipped and the rest read. `evaluate` gives the intact copy's verdict and anomalies plus one
// `recording_damaged`, whose span has the times of the messages on either side of it, and judges
// no drop, silence or stop over it; `--strict` refuses the file.

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"
#include "UnchunkedMcap.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

std::multiset<std::string> codesOfLooseRun(const nlohmann::json &summary) {
    std::multiset<std::string> codes;
    for (const auto &a : summary["anomalies"]) codes.insert(a["code"].get<std::string>());
    return codes;
}

TEST(EvaluateLooseDamaged, GivesTheIntactVerdictPlusRecordingDamaged) {
    const fs::path dir = test::scratchDir("eval-loose-damaged");
    const auto sim =
        test::runRobometrics({"simulate", "--scenario", "office", "--duration", "30", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    const fs::path whole = dir / "unchunked.mcap";
    const auto messages = test::writeUnchunkedCopy(dir / "run" / "run.mcap", whole);
    ASSERT_GT(messages.size(), 1000u);
    // About a second's worth of records from the middle, zeroed from inside one message's data.
    const std::size_t first = messages.size() / 2, last = first + messages.size() / 30;
    std::string bytes = test::readFile(whole);
    const std::uint64_t begin = messages[first].first + 40, end = messages[last].first + 5;
    for (std::uint64_t i = begin; i < end; ++i) bytes[i] = 0;
    std::size_t touched = 0;
    for (const auto &[offset, stop] : messages) touched += offset < end && begin < stop;
    const fs::path damaged = dir / "damaged.mcap";
    std::ofstream(damaged, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));

    const auto intact = test::runRobometrics({"evaluate", whole.string(), "-o", (dir / "eval-intact").string()});
    ASSERT_EQ(intact.exit_code, 0) << intact.err;
    const auto read = test::runRobometrics({"evaluate", damaged.string(), "-o", (dir / "eval-damaged").string()});
    ASSERT_EQ(read.exit_code, 0) << read.err;
    const nlohmann::json w = test::readJson(dir / "eval-intact" / "summary.json");
    const nlohmann::json s = test::readJson(dir / "eval-damaged" / "summary.json");
    EXPECT_EQ(s["verdict"], w["verdict"]);
    std::multiset<std::string> expected = codesOfLooseRun(w);
    expected.insert("recording_damaged");
    EXPECT_EQ(codesOfLooseRun(s), expected) << s["anomalies"].dump(2);
    ASSERT_EQ(s["lost_spans"].size(), 1u);
    const nlohmann::json &span = s["lost_spans"][0];
    EXPECT_TRUE(span["start_s"].is_number());
    EXPECT_TRUE(span["end_s"].is_number());
    EXPECT_LT(span["start_s"].get<double>(), span["end_s"].get<double>());
    EXPECT_GT(span["end_s"].get<double>() - span["start_s"].get<double>(), 0.5);

    const auto info = test::runRobometrics({"info", damaged.string(), "--json"});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    const nlohmann::json i = nlohmann::json::parse(info.out);
    EXPECT_EQ(i["lost_spans"].size(), 1u);
    EXPECT_EQ(i["message_count"].get<std::size_t>(), messages.size() - touched);
    const auto strict =
        test::runRobometrics({"evaluate", damaged.string(), "-o", (dir / "strict").string(), "--strict"});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find("damaged.mcap"), std::string::npos) << strict.err;
}

}  // namespace
}  // namespace robometrics
