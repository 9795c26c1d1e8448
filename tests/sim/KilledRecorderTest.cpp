#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/sim/KilledRecorder.hpp"

namespace robometrics::sim {

namespace {

constexpr TimeNs kKillBase = 1'000 * kNsPerSecond;

/// 100 Twists a second apart on /cmd_vel, uncompressed chunks of about ten messages.
std::string writeSmallChunks(const std::filesystem::path &dir) {
    const std::string path = (dir / "run.mcap").string();
    bag::McapWriterOptions options;
    options.compression = bag::Compression::None;
    options.chunk_size = 400;
    auto writer = bag::TypedWriter::open(path, options).value();
    for (int i = 0; i < 100; ++i) {
        msgs::Twist t;
        t.linear.x = i;
        EXPECT_TRUE(writer.write("/cmd_vel", t, kKillBase + i * kNsPerSecond).ok());
    }
    EXPECT_TRUE(writer.close().ok());
    return path;
}

}  // namespace

TEST(KilledRecorder, CutsTheChunkHoldingTheKillTimeInTheMiddleAndCountsWhatIsLeft) {
    const std::string path = writeSmallChunks(test::scratchDir("killed-recorder"));
    const auto size = std::filesystem::file_size(path);
    const RecorderKill kill = killRecorder(path, kKillBase + 50'500'000'000).value();
    EXPECT_EQ(kill.bytes_before, size);
    EXPECT_EQ(std::filesystem::file_size(path), kill.cut_offset);
    // Mid-chunk: after the chunk's start, before its end, no footer.
    EXPECT_GT(kill.cut_offset, kill.chunk_offset);
    EXPECT_LT(kill.cut_offset, kill.chunk_offset + kill.chunk_length);
    EXPECT_EQ(kill.messages_written, 100u);
    // The chunk holding 50.5 s ends after it; the chunks before it are complete: at most the 51
    // messages logged at 0 .. 50 s.
    EXPECT_LE(kill.messages_left, 51u);
    EXPECT_GE(kill.messages_left, 30u);
    EXPECT_EQ(kill.messages_left_per_topic.at("/cmd_vel"), kill.messages_left);
    EXPECT_EQ(kill.last_message_time, kKillBase + static_cast<TimeNs>(kill.messages_left - 1) * kNsPerSecond);

    // A streaming reader gets exactly those messages, then stops inside the chunk.
    auto reader = bag::mcap::LinearReader::open(path).value();
    bag::mcap::RecordEntry entry;
    std::uint64_t messages = 0;
    for (;;) {
        auto more = reader.next(entry);
        if (!more) {
            EXPECT_NE(more.message().find("Chunk"), std::string::npos) << more.message();
            break;
        }
        ASSERT_TRUE(more.value()) << "the cut file must not end cleanly";
        messages += std::holds_alternative<bag::mcap::MessageRecord>(entry.record);
    }
    EXPECT_EQ(messages, kill.messages_left);
}

TEST(KilledRecorder, AKillAfterTheLastMessageIsAnError) {
    const std::string path = writeSmallChunks(test::scratchDir("killed-recorder-late"));
    auto kill = killRecorder(path, kKillBase + 500 * kNsPerSecond);
    ASSERT_FALSE(kill);
    EXPECT_NE(kill.message().find("already ended"), std::string::npos) << kill.message();
}

}  // namespace robometrics::sim
