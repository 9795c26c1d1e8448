// bag/TimeWindow: the spelling of --start/--end, the window on the recording's log time, and a
// read of only the window that hands over first the state from before it.

#include <gtest/gtest.h>

#include <filesystem>
#include <limits>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

constexpr TimeNs kOrigin = 1'700'000'000 * kNsPerSecond;

TimeNs at(double seconds) { return kOrigin + fromSeconds(seconds); }

struct Seen {
    std::string topic;
    TimeNs log_time;
    std::string text;  ///< a String's data, else empty
};

/// 300 s: /tf_static from two publishers at 0 and 0.5 s, /map (latched String) at 1, 30 and
/// 200 s, /tf and /chatter every second; small chunks so that a window skips most of them.
std::string writeLongRun() {
    const std::string path = (test::scratchDir("time_window") / "long.mcap").string();
    McapWriterOptions options;
    options.chunk_size = 4096;
    auto writer = TypedWriter::open(path, options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage tf;
    tf.transforms.resize(1);
    EXPECT_TRUE(writer->write("/tf_static", tf, at(0.0), true).ok());
    EXPECT_TRUE(writer->write("/tf_static", tf, at(0.5), true).ok());
    for (int s = 0; s < 300; ++s) {
        if (s == 1 || s == 30 || s == 200) {
            EXPECT_TRUE(writer->write("/map", msgs::String{"map at " + std::to_string(s)}, at(s), true).ok());
        }
        EXPECT_TRUE(writer->write("/tf", tf, at(s), false).ok());
        EXPECT_TRUE(writer->write("/chatter", msgs::String{std::to_string(s)}, at(s), false).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

std::vector<Seen> readWindow(const std::string &path, const LogWindow &window, const ReadOptions &base = {}) {
    std::vector<Seen> seen;
    auto source = openWindow(path, window, base);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source) return seen;
    Message m;
    while ((*source)->next(m).value()) {
        Seen s{m.topic->name, m.log_time, ""};
        if (m.topic->type == "std_msgs/msg/String") {
            msgs::String text;
            EXPECT_TRUE(msgs::decode(m.data, text, msgs::WireFormat::Cdr).ok());
            s.text = text.data;
        }
        // Every message names an entry of topics(), whichever read gave it.
        bool listed = false;
        for (const TopicInfo &t : (*source)->topics()) listed = listed || &t == m.topic;
        EXPECT_TRUE(listed) << m.topic->name;
        seen.push_back(s);
    }
    return seen;
}

}  // namespace

TEST(TimeWindow, PlainNumbersAreSecondsSinceTheStartAndEpochScaleNumbersAbsolute) {
    EXPECT_EQ(parseWindowBound("12.5", "--start").value(), (WindowBound{12'500'000'000, false}));
    EXPECT_EQ(parseWindowBound("0", "--start").value(), (WindowBound{0, false}));
    EXPECT_EQ(parseWindowBound(".25", "--start").value(), (WindowBound{250'000'000, false}));
    EXPECT_EQ(parseWindowBound("3e2", "--start").value(), (WindowBound{300 * kNsPerSecond, false}));
    // Epoch-scale: every nanosecond kept (a double would round this to 0.2 us).
    EXPECT_EQ(parseWindowBound("1700000012.123456789", "--end").value(),
              (WindowBound{1'700'000'012'123'456'789, true}));
    for (const char *bad : {"", "-1", "12s", "abc", "nan", "inf", "1e400", "1e10"}) {
        auto parsed = parseWindowBound(bad, "--start");
        ASSERT_FALSE(parsed.ok()) << bad;
        EXPECT_NE(parsed.message().find("--start '"), std::string::npos) << parsed.message();
    }
}

TEST(TimeWindow, ResolvesOnTheRecordingsLogTime) {
    WindowSpec spec{WindowBound{100 * kNsPerSecond, false}, WindowBound{1'700'000'110'250'000'000, true}};
    const LogWindow w = resolveWindow(spec, kOrigin).value();
    EXPECT_EQ(w.origin, kOrigin);
    EXPECT_EQ(w.start, kOrigin + 100 * kNsPerSecond);
    EXPECT_EQ(w.end, kOrigin + 110'250'000'000);
    // Missing bounds: the recording's start and end; a start before the recording is its start.
    const LogWindow open =
        resolveWindow(WindowSpec{WindowBound{1'600'000'000 * kNsPerSecond, true}, std::nullopt}, kOrigin).value();
    EXPECT_EQ(open.start, kOrigin);
    EXPECT_EQ(open.end, std::numeric_limits<TimeNs>::max());
    // Before the recording, or empty: errors that give the times.
    auto before = resolveWindow(WindowSpec{std::nullopt, WindowBound{1'600'000'000 * kNsPerSecond, true}}, kOrigin);
    ASSERT_FALSE(before.ok());
    EXPECT_NE(before.message().find("before the recording's first message"), std::string::npos) << before.message();
    auto empty = resolveWindow(WindowSpec{WindowBound{20 * kNsPerSecond, false}, WindowBound{20 * kNsPerSecond, false}},
                               kOrigin);
    ASSERT_FALSE(empty.ok());
    EXPECT_NE(empty.message().find("not after its start"), std::string::npos) << empty.message();
}

TEST(TimeWindow, ReadsTheWindowAfterTheLatchedStateAndTheLastTfBeforeIt) {
    const std::string path = writeLongRun();
    EXPECT_EQ(firstLogTime(path).value(), kOrigin);
    const LogWindow w{kOrigin, at(100), at(110)};
    const std::vector<Seen> seen = readWindow(path, w);
    // Before the window: both /tf_static messages, the last /map before it (30 s; the 200 s one
    // is later), /tf of the last 5 s (95..99). Then /tf and /chatter at 100..110: 22.
    ASSERT_EQ(seen.size(), 2u + 1u + 5u + 22u);
    EXPECT_EQ(seen[0].topic, "/tf_static");
    EXPECT_EQ(seen[1].topic, "/tf_static");
    EXPECT_EQ(seen[1].log_time, at(0.5));
    EXPECT_EQ(seen[2].topic, "/map");
    EXPECT_EQ(seen[2].log_time, at(30));
    EXPECT_EQ(seen[2].text, "map at 30");
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(seen[3 + i].topic, "/tf");
        EXPECT_EQ(seen[3 + i].log_time, at(95 + i));
    }
    EXPECT_EQ(seen[8].log_time, at(100));
    EXPECT_EQ(seen.back().log_time, at(110));
    EXPECT_EQ(seen.back().topic, "/chatter");
    EXPECT_EQ(seen.back().text, "110");
    for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LE(seen[i - 1].log_time, seen[i].log_time) << i;
}

TEST(TimeWindow, KeepsOnlyTheTopicsAskedForAndNothingBeforeAWindowAtTheStart) {
    const std::string path = writeLongRun();
    ReadOptions only;
    only.topics = {"/chatter", "/map"};
    std::vector<Seen> seen = readWindow(path, LogWindow{kOrigin, at(250), at(252)}, only);
    ASSERT_EQ(seen.size(), 1u + 3u);  // /map of 200 s, /chatter at 250..252
    EXPECT_EQ(seen[0].text, "map at 200");
    EXPECT_EQ(seen[3].text, "252");
    seen = readWindow(path, LogWindow{kOrigin, kOrigin, at(0.5)});
    ASSERT_EQ(seen.size(), 4u);  // 0 s: /tf_static, /tf, /chatter; 0.5 s: /tf_static (no /map before 1 s)
    EXPECT_EQ(seen[1].log_time, kOrigin);
}

TEST(TimeWindow, AWindowAfterTheEndIsAnErrorNamingIt) {
    const std::string path = writeLongRun();
    auto source = openWindow(path, LogWindow{kOrigin, at(400), at(410)});
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.message().find("no message in the window 400.000-410.000 s after the first message"),
              std::string::npos)
        << source.message();
}

}  // namespace robometrics::bag
