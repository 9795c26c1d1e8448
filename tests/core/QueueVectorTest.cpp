#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>

#include "robometrics/core/QueueVector.hpp"

namespace robometrics {
namespace {

void expectSame(const QueueVector<int> &queue, const std::deque<int> &model) {
    ASSERT_EQ(queue.size(), model.size());
    ASSERT_EQ(queue.empty(), model.empty());
    ASSERT_TRUE(std::equal(queue.begin(), queue.end(), model.begin(), model.end()));
    for (std::size_t i = 0; i < model.size(); ++i) ASSERT_EQ(queue[i], model[i]);
    if (!model.empty()) {
        ASSERT_EQ(queue.front(), model.front());
        ASSERT_EQ(queue.back(), model.back());
    }
}

TEST(QueueVectorTest, DoesWhatADequeDoesUnderRandomOperations) {
    std::mt19937 random(62);
    QueueVector<int> queue;
    std::deque<int> model;
    for (int step = 0; step < 200000; ++step) {
        const int op = static_cast<int>(random() % 100);
        const int value = static_cast<int>(random() % 1000);
        if (op < 55) {
            queue.push_back(value);
            model.push_back(value);
        } else if (op < 85) {
            if (model.empty()) continue;
            queue.pop_front();
            model.pop_front();
        } else if (op < 92) {  // inserted in order, as a late sample is
            auto at = std::upper_bound(queue.begin(), queue.end(), value);
            auto model_at = std::upper_bound(model.begin(), model.end(), value);
            queue.insert(at, value);
            model.insert(model_at, value);
        } else if (op < 95) {  // all but the newest, as keepNewest
            if (model.size() < 2) continue;
            queue.erase(queue.begin(), std::prev(queue.end()));
            model.erase(model.begin(), std::prev(model.end()));
        } else if (op < 97) {  // a stretch in the middle
            if (model.size() < 4) continue;
            queue.erase(queue.begin() + 1, queue.begin() + 3);
            model.erase(model.begin() + 1, model.begin() + 3);
        } else if (op < 99) {
            queue.assign(1, value);
            model.assign(1, value);
        } else {
            queue.clear();
            model.clear();
        }
        expectSame(queue, model);
    }
}

TEST(QueueVectorTest, ASlidingWindowStopsGrowingOnceItIsFull) {
    // 500 elements live at a time, a million pushed: the storage settles at most twice the
    // window (rounded up to the vector's growth) and is not replaced afterwards.
    QueueVector<int> queue;
    std::size_t settled = 0;
    const int *storage = nullptr;
    for (int i = 0; i < 1000000; ++i) {
        queue.push_back(i);
        if (queue.size() > 500) queue.pop_front();
        ASSERT_EQ(queue.front(), std::max(0, i - 499));
        if (i == 10000) {
            settled = queue.capacity();
            storage = queue.storage();
        }
        if (i > 10000) {
            ASSERT_EQ(queue.capacity(), settled);
            ASSERT_EQ(queue.storage(), storage);
        }
    }
    EXPECT_LE(settled, 1024u);
}

}  // namespace
}  // namespace robometrics
