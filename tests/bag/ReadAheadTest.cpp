#include <gtest/gtest.h>

#include <array>
#include <thread>

#include "robometrics/bag/ReadAhead.hpp"

namespace robometrics::bag {
namespace {

/// Messages of growing sizes (some beyond a batch), optionally failing after `fail_after`; every
/// 100th message adds a topic, so the source's topic list moves while it is read.
class GrowingSource : public MessageSource {
public:
    GrowingSource(std::size_t count, std::optional<std::size_t> fail_after = std::nullopt)
        : count_(count), fail_after_(fail_after) {
        topics_.push_back(TopicInfo{"/first", "std_msgs/msg/String", "cdr", "", 0, 0, {}});
    }
    const std::vector<TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(Message &out) override {
        if (fail_after_ && produced_ == *fail_after_) return Error{"broken.mcap: chunk at offset 42 is damaged"};
        if (produced_ == count_) return false;
        if (produced_ % 100 == 99) {
            topics_.push_back(TopicInfo{"/t" + std::to_string(produced_), "std_msgs/msg/String", "cdr", "", 0, 0, {}});
        }
        const std::size_t size = produced_ % 997 == 0 ? (3u << 20) : produced_ % 300;
        data_.assign(size, static_cast<std::uint8_t>(produced_));
        out.topic = &topics_.back();
        out.log_time = static_cast<TimeNs>(produced_);
        out.publish_time = out.log_time + 1;
        out.data = data_;
        ++produced_;
        return true;
    }
    std::string describe() const override { return "growing"; }

private:
    std::size_t count_, produced_ = 0;
    std::optional<std::size_t> fail_after_;
    std::vector<TopicInfo> topics_;
    std::vector<std::uint8_t> data_;
};

/// Messages in shared buffers of 50 each, pinned (MessageSource::pinLast) except every third
/// message; a buffer is reused, and overwritten, as soon as nobody pins it, as a chunk reader
/// reuses its chunks. Each message holds its index in every byte of its first 4 (mod 256) and
/// records where its bytes are, so a consumer can tell a pinned message from a copy.
class PinningSource : public MessageSource {
public:
    explicit PinningSource(std::size_t count) : count_(count) {
        topics_.push_back(TopicInfo{"/pinned", "std_msgs/msg/String", "cdr", "", 0, 0, {}});
    }
    const std::vector<TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(Message &out) override {
        if (produced_ == count_) {
            current_.reset();
            return false;
        }
        if (produced_ % 50 == 0) current_ = freeBuffer();
        const std::size_t size = sizeOf(produced_);
        std::vector<std::uint8_t> &bytes = current_->at(produced_ % 50);
        bytes.assign(size, static_cast<std::uint8_t>(produced_));
        out.topic = &topics_[0];
        out.log_time = static_cast<TimeNs>(produced_);
        out.publish_time = out.log_time;
        out.data = bytes;
        where_.push_back(bytes.data());
        ++produced_;
        return true;
    }
    bool pinLast(std::shared_ptr<const void> &keeper) override {
        if (!current_ || produced_ % 3 == 0) return false;  // the message before was number produced_ - 1
        keeper = current_;
        return true;
    }
    std::string describe() const override { return "pinning"; }

    /// 4 to 40 003 bytes, 20 kB on average: a buffer holds about a batch (1 MiB).
    static std::size_t sizeOf(std::size_t i) { return 4 + i * 7919 % 40000; }

    std::size_t buffersMade() const { return buffers_.size(); }
    /// Where message `i`'s bytes were when the source gave it (reader thread; read after it ends).
    const std::uint8_t *where(std::size_t i) const { return where_.at(i); }

private:
    using Buffer = std::array<std::vector<std::uint8_t>, 50>;
    std::shared_ptr<Buffer> freeBuffer() {
        for (auto &b : buffers_) {
            if (b.use_count() == 1) {  // ReadAhead drops its pins on this (the reader) thread
                for (auto &m : *b) std::fill(m.begin(), m.end(), std::uint8_t{0xEE});  // as a reload would
                return b;
            }
        }
        return buffers_.emplace_back(std::make_shared<Buffer>());
    }

    std::size_t count_, produced_ = 0;
    std::vector<TopicInfo> topics_;
    std::vector<std::shared_ptr<Buffer>> buffers_;
    std::shared_ptr<Buffer> current_;
    std::vector<const std::uint8_t *> where_;
};

struct Seen {
    std::string topic;
    TimeNs log_time, publish_time;
    std::size_t size;
    std::uint8_t first;
    bool operator==(const Seen &) const = default;
};

std::pair<std::vector<Seen>, std::string> readSeen(MessageSource &source) {
    std::vector<Seen> seen;
    Message m;
    for (;;) {
        Result<bool> more = source.next(m);
        if (!more) return {seen, more.message()};
        if (!*more) return {seen, ""};
        seen.push_back(Seen{m.topic->name, m.log_time, m.publish_time, m.data.size(),
                            m.data.empty() ? std::uint8_t{0} : m.data[0]});
    }
}

TEST(ReadAhead, GivesTheSourcesMessagesInOrder) {
    GrowingSource plain(5000), wrapped_source(5000);
    ReadAhead ahead(wrapped_source);
    EXPECT_EQ(ahead.consumer(0).topics().size(), 1u);
    EXPECT_EQ(ahead.consumer(0).describe(), "growing");
    const auto expected = readSeen(plain);
    const auto got = readSeen(ahead.consumer(0));
    EXPECT_EQ(got.first.size(), 5000u);
    EXPECT_EQ(got, expected);
    Message m;
    EXPECT_FALSE(*ahead.consumer(0).next(m));  // stays at the end
}

TEST(ReadAhead, EveryConsumerOnItsOwnThreadSeesEveryMessage) {
    GrowingSource plain(8000), wrapped_source(8000, 7000);
    const auto expected = readSeen(plain);
    ReadAhead ahead(wrapped_source, 3);
    std::vector<std::pair<std::vector<Seen>, std::string>> got(3);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < 3; ++i) threads.emplace_back([&, i] { got[i] = readSeen(ahead.consumer(i)); });
    for (auto &t : threads) t.join();
    for (const auto &g : got) {
        ASSERT_EQ(g.first.size(), 7000u);
        EXPECT_TRUE(std::equal(g.first.begin(), g.first.end(), expected.first.begin()));
        EXPECT_EQ(g.second, "broken.mcap: chunk at offset 42 is damaged");
    }
}

TEST(ReadAhead, AReleasedConsumerHoldsNoOneBack) {
    GrowingSource plain(6000), wrapped_source(6000);
    ReadAhead ahead(wrapped_source, 2);
    Message m;
    ASSERT_TRUE(*ahead.consumer(1).next(m));
    ahead.release(1);  // stopped after one message; the other reads on to the end
    EXPECT_EQ(readSeen(ahead.consumer(0)), readSeen(plain));
    EXPECT_FALSE(ahead.consumer(1).next(m).ok());
}

TEST(ReadAhead, GivesTheErrorAfterTheMessagesBeforeIt) {
    GrowingSource source(5000, 1234);
    ReadAhead ahead(source);
    const auto got = readSeen(ahead.consumer(0));
    EXPECT_EQ(got.first.size(), 1234u);
    EXPECT_EQ(got.second, "broken.mcap: chunk at offset 42 is damaged");
}

TEST(ReadAhead, StopsReadingWhenDroppedEarly) {
    GrowingSource source(1000000);
    {
        ReadAhead ahead(source, 2);
        Message m;
        ASSERT_TRUE(*ahead.consumer(0).next(m));
    }  // must not hang or read the rest
    SUCCEED();
}

TEST(ReadAhead, AnEmptySourceEndsAtOnce) {
    GrowingSource source(0);
    ReadAhead ahead(source);
    Message m;
    EXPECT_FALSE(*ahead.consumer(0).next(m));
}

TEST(ReadAhead, KeepsPinnedMessagesWhereTheyAreAndCopiesTheRest) {
    constexpr std::size_t kCount = 3000;
    PinningSource source(kCount);
    ReadAhead ahead(source, 2);
    std::vector<std::vector<std::pair<std::size_t, const std::uint8_t *>>> got(2);  // (checked index, where)
    std::vector<std::thread> threads;
    for (std::size_t c = 0; c < 2; ++c) {
        threads.emplace_back([&, c] {
            Message m;
            while (*ahead.consumer(c).next(m)) {
                const std::size_t i = static_cast<std::size_t>(m.log_time);
                const bool intact = m.data.size() == PinningSource::sizeOf(i) &&
                                    std::all_of(m.data.begin(), m.data.end(),
                                                [&](std::uint8_t b) { return b == static_cast<std::uint8_t>(i); });
                got[c].emplace_back(intact ? i : kCount, m.data.data());
            }
        });
    }
    for (auto &t : threads) t.join();
    for (const auto &g : got) {
        ASSERT_EQ(g.size(), kCount);
        for (std::size_t i = 0; i < kCount; ++i) {
            ASSERT_EQ(g[i].first, i) << "message " << i << " was changed before its consumer read it";
            // Pinned (the source says no to every third): read where the source put it.
            if (i % 3 != 2) {
                EXPECT_EQ(g[i].second, source.where(i)) << i;
            } else {
                EXPECT_NE(g[i].second, source.where(i)) << i;
            }
        }
    }
    // Buffers are reused once their batches are done with: far fewer than the 60 the run fills.
    EXPECT_LT(source.buffersMade(), 30u);
}

}  // namespace
}  // namespace robometrics::bag
