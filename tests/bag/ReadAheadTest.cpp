#include <gtest/gtest.h>

#include <algorithm>
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

/// Messages taking turns on /a, /b and /c, some beyond a batch; every 500th adds a topic /nN
/// (the source's topic list moves while it is read). Ends with an error after `fail_after`, else
/// with the damage of a recording cut short.
class TurnsSource : public MessageSource {
public:
    TurnsSource(std::size_t count, std::optional<std::size_t> fail_after = std::nullopt)
        : count_(count), fail_after_(fail_after) {
        for (const char *name : {"/a", "/b", "/c"}) topics_.push_back(TopicInfo{name, "std_msgs/msg/String", "cdr", "", 0, 0, {}});
    }
    const std::vector<TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(Message &out) override {
        if (fail_after_ && produced_ == *fail_after_) return Error{"turns.mcap: chunk at offset 7 is damaged"};
        if (produced_ == count_) return false;
        if (produced_ % 500 == 499) {
            topics_.push_back(TopicInfo{"/n" + std::to_string(produced_), "std_msgs/msg/String", "cdr", "", 0, 0, {}});
        }
        const std::size_t size = produced_ % 1999 == 0 ? (2u << 20) : produced_ % 200;
        data_.assign(size, static_cast<std::uint8_t>(produced_));
        out.topic = produced_ % 500 == 499 ? &topics_.back() : &topics_[produced_ % 3];
        out.log_time = static_cast<TimeNs>(produced_);
        out.publish_time = out.log_time;
        out.data = data_;
        ++produced_;
        return true;
    }
    std::optional<ReadDamage> damage() const override {
        if (fail_after_) return std::nullopt;
        ReadDamage damage;
        damage.file = "turns.mcap";
        damage.loss = "the last chunk is cut";
        damage.messages_read = produced_;
        return damage;
    }
    std::string describe() const override { return "turns"; }

private:
    std::size_t count_, produced_ = 0;
    std::optional<std::size_t> fail_after_;
    std::vector<TopicInfo> topics_;
    std::vector<std::uint8_t> data_;
};

ReadAhead::TopicFilter onTopics(std::vector<std::string> names) {
    return [names](const TopicInfo &topic) { return std::find(names.begin(), names.end(), topic.name) != names.end(); };
}

/// What a consumer read: the messages (by index in the source), then the error or the damage.
struct FilteredRead {
    std::vector<Seen> messages;
    std::vector<std::uint64_t> positions;
    std::string error;
    std::uint64_t end_position = 0;
    std::optional<ReadDamage> damage;
};

FilteredRead readFiltered(ReadAheadConsumer &consumer) {
    FilteredRead read;
    Message m;
    for (;;) {
        Result<bool> more = consumer.next(m);
        if (!more || !*more) {
            if (!more) read.error = more.message();
            read.end_position = consumer.position();
            read.damage = consumer.damage();
            return read;
        }
        read.messages.push_back(Seen{m.topic->name, m.log_time, m.publish_time, m.data.size(),
                                     m.data.empty() ? std::uint8_t{0} : m.data[0]});
        read.positions.push_back(consumer.position());
    }
}

/// Consumers wanting /a, /b and /c and the added topics, everything, and nothing, each on its own thread.
std::vector<FilteredRead> readFilteredTurns(TurnsSource &source) {
    const std::vector<std::string> later = {"/n499", "/n999", "/n1499", "/n1999", "/n2499", "/n2999"};
    std::vector<std::string> b_c_later = {"/b", "/c"};
    b_c_later.insert(b_c_later.end(), later.begin(), later.end());
    ReadAhead ahead(source, {onTopics({"/a"}), onTopics(b_c_later), {}, onTopics({})});
    std::vector<FilteredRead> got(4);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < got.size(); ++i) threads.emplace_back([&, i] { got[i] = readFiltered(ahead.consumer(i)); });
    for (auto &t : threads) t.join();
    return got;
}

/// The messages of `all` (read unfiltered, in order) on topics `wanted` accepts, with their indices.
std::pair<std::vector<Seen>, std::vector<std::uint64_t>> expectedOf(const std::vector<Seen> &all,
                                                                     const ReadAhead::TopicFilter &wanted) {
    std::pair<std::vector<Seen>, std::vector<std::uint64_t>> out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!wanted(TopicInfo{all[i].topic, "", "", "", 0, 0, {}})) continue;
        out.first.push_back(all[i]);
        out.second.push_back(i);
    }
    return out;
}

TEST(ReadAhead, AFilteredConsumerSeesExactlyItsTopicsInOrderWithTheirPositions) {
    TurnsSource plain(3000), wrapped(3000);
    const auto all = readSeen(plain).first;
    const auto got = readFilteredTurns(wrapped);
    const auto only_a = expectedOf(all, onTopics({"/a"}));
    const auto not_a = expectedOf(all, [](const TopicInfo &t) { return t.name != "/a"; });
    EXPECT_EQ(got[0].messages, only_a.first);
    EXPECT_EQ(got[0].positions, only_a.second);
    EXPECT_EQ(got[1].messages, not_a.first);
    EXPECT_EQ(got[1].positions, not_a.second);
    EXPECT_EQ(got[2].messages, all);  // no filter: every message, its position its count
    EXPECT_EQ(got[2].positions.back(), 2999u);
    EXPECT_TRUE(got[3].messages.empty());
    for (const FilteredRead &g : got) {
        EXPECT_EQ(g.error, "");
        EXPECT_EQ(g.end_position, 3000u);  // the end comes after the 3000 messages, wanted or not
        ASSERT_TRUE(g.damage.has_value());
        EXPECT_EQ(g.damage->loss, "the last chunk is cut");
        EXPECT_EQ(g.damage->messages_read, 3000u);
    }
}

TEST(ReadAhead, AFilteredConsumerGetsTheErrorAtItsPositionInTheSource) {
    TurnsSource plain(3000, 2345), wrapped(3000, 2345);
    const auto all = readSeen(plain);
    const auto got = readFilteredTurns(wrapped);
    EXPECT_EQ(got[0].messages, expectedOf(all.first, onTopics({"/a"})).first);
    EXPECT_EQ(got[2].messages, all.first);
    for (const FilteredRead &g : got) {
        EXPECT_EQ(g.error, all.second);
        EXPECT_EQ(g.error, "turns.mcap: chunk at offset 7 is damaged");
        EXPECT_EQ(g.end_position, 2345u);  // as many messages came before it
        EXPECT_FALSE(g.damage.has_value());
    }
}

TEST(ReadAhead, AConsumerToldWhereToStopEndsThereWithoutReadingOnForItsTopics) {
    TurnsSource source(3000);
    ReadAhead ahead(source, {{}, onTopics({"/never"})});
    ahead.release(0);
    std::atomic<std::uint64_t> last{100};
    ReadAheadConsumer &consumer = ahead.consumer(1);
    consumer.stopAfter(&last);
    Message m;
    const Result<bool> more = consumer.next(m);
    ASSERT_TRUE(more.ok());
    EXPECT_FALSE(*more);
    // It ended at the first batch past message 100 (message 0 fills a batch of its own), not at 3000.
    EXPECT_GT(consumer.position(), 100u);
    EXPECT_LT(consumer.position(), 3000u);
}

}  // namespace
}  // namespace robometrics::bag
