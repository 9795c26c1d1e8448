#include "robometrics/bag/TimeWindow.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "robometrics/bag/OfferedQos.hpp"

namespace robometrics::bag {

namespace {

constexpr std::string_view kTfType = "tf2_msgs/msg/TFMessage";

/// Reads the messages from before a window (the prelude: two log-time ordered reads merged by
/// log time), then the window's own. A message keeps its bytes until the next call: a read is
/// advanced only when the message it gave last has been handed on.
class WindowSource final : public MessageSource {
public:
    WindowSource(std::unique_ptr<MessageSource> window, Message first,
                 std::array<std::unique_ptr<MessageSource>, 3> prelude)
        : window_(std::move(window)), first_(first) {
        for (const TopicInfo &topic : window_->topics()) by_name_[topic.name] = &topic;
        for (std::size_t i = 0; i < prelude.size(); ++i) feeds_[i].source = std::move(prelude[i]);
    }

    const std::vector<TopicInfo> &topics() const override { return window_->topics(); }

    Result<bool> next(Message &out) override {
        if (!in_window_) {
            Feed *earliest = nullptr;
            for (Feed &feed : feeds_) {
                if (!feed.source) continue;
                if (feed.stale) {
                    auto more = feed.source->next(feed.head);
                    if (!more) return more.error();
                    feed.stale = false;
                    if (!*more) {
                        feed.source.reset();
                        continue;
                    }
                }
                if (!earliest || feed.head.log_time < earliest->head.log_time) earliest = &feed;
            }
            if (earliest) {
                out = earliest->head;
                out.topic = canonical(out.topic);
                earliest->stale = true;
                return true;
            }
            in_window_ = true;
            out = first_;  // read at opening, the window's read not advanced since
            return true;
        }
        return window_->next(out);
    }

    std::string describe() const override { return window_->describe(); }
    bool pinLast(std::shared_ptr<const void> &keeper) override { return in_window_ && window_->pinLast(keeper); }
    void loadAhead() override { window_->loadAhead(); }
    std::optional<ReadDamage> damage() const override { return window_->damage(); }

private:
    struct Feed {
        std::unique_ptr<MessageSource> source;
        Message head;
        bool stale = true;  ///< head given out (or none read yet): read the next before comparing
    };
    /// The window read's TopicInfo of the same name: every message names the topics() entry.
    const TopicInfo *canonical(const TopicInfo *topic) const {
        auto it = by_name_.find(topic->name);
        return it == by_name_.end() ? topic : it->second;
    }

    std::unique_ptr<MessageSource> window_;
    Message first_;
    std::array<Feed, 3> feeds_;
    std::map<std::string, const TopicInfo *> by_name_;
    bool in_window_ = false;
};

/// Messages copied out of a read, given again in log-time order.
class HeldMessages final : public MessageSource {
public:
    struct Held {
        TopicInfo topic;
        TimeNs log_time = 0, publish_time = 0;
        std::vector<std::uint8_t> bytes;
    };
    explicit HeldMessages(std::vector<Held> held) : held_(std::move(held)) {
        std::sort(held_.begin(), held_.end(), [](const Held &a, const Held &b) { return a.log_time < b.log_time; });
    }
    const std::vector<TopicInfo> &topics() const override { return no_topics_; }
    Result<bool> next(Message &out) override {
        if (at_ == held_.size()) return false;
        const Held &h = held_[at_++];
        out = Message{&h.topic, h.log_time, h.publish_time, h.bytes};
        return true;
    }
    std::string describe() const override { return "messages from before the window"; }

private:
    std::vector<Held> held_;
    std::vector<TopicInfo> no_topics_;
    std::size_t at_ = 0;
};

/// The last message before `before` of each of `topics`, looked for in slices of growing length
/// going back from `before` (10 s, 80 s, ...) to `origin`, so that only the chunks near the
/// window are read when the topics were published recently.
Result<std::unique_ptr<MessageSource>> lastMessages(const std::string &path, std::vector<std::string> topics,
                                                    TimeNs origin, TimeNs before) {
    std::vector<HeldMessages::Held> held;
    TimeNs slice = 10 * kNsPerSecond, to = before - 1;
    while (!topics.empty() && to >= origin) {
        const TimeNs from = to - origin > slice ? to - slice + 1 : origin;
        ReadOptions read;
        read.topics = topics;
        read.start_time = from;
        read.end_time = to;
        read.recover = true;
        auto source = openBag(path, read);
        if (!source) return source.error();
        std::map<std::string, HeldMessages::Held> last;
        Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more) return more.error();
            if (!*more) break;
            HeldMessages::Held &h = last[m.topic->name];
            h.topic = *m.topic;
            h.log_time = m.log_time;
            h.publish_time = m.publish_time;
            h.bytes.assign(m.data.begin(), m.data.end());
        }
        for (auto &[name, h] : last) {
            std::erase(topics, name);
            held.push_back(std::move(h));
        }
        to = from - 1;
        slice *= 8;
    }
    return std::unique_ptr<MessageSource>(new HeldMessages(std::move(held)));
}

Error noMessageIn(const std::string &path, const LogWindow &window) {
    return Error{
        fmt::format("{}: no message in the window {}: the recording ends before it", path, describeWindow(window))};
}

bool wanted(const ReadOptions &base, const std::string &topic) {
    return base.topics.empty() || std::find(base.topics.begin(), base.topics.end(), topic) != base.topics.end();
}

/// A read of `topics` over [from, to], or null when there is nothing to read.
Result<std::unique_ptr<MessageSource>> openPrelude(const std::string &path, std::vector<std::string> topics,
                                                   std::optional<TimeNs> from, TimeNs to) {
    if (topics.empty() || (from && *from > to)) return std::unique_ptr<MessageSource>();
    ReadOptions read;
    read.topics = std::move(topics);
    read.start_time = from;
    read.end_time = to;
    read.recover = true;  // the window's read reports damage; state before it is best effort
    return openBag(path, read);
}

}  // namespace

Result<WindowBound> parseWindowBound(std::string_view text, std::string_view option) {
    double value = 0.0;
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || value < 0 || value > 9e9) {
        return Error{
            fmt::format("{} '{}': expected seconds since the first message (e.g. 12.5) or an absolute "
                        "log time in seconds since the Unix epoch (e.g. 1700000012.5), from 0 to 9e9",
                        option, text)};
    }
    // A double holds an epoch-scale time only to about 0.2 us: the decimals are read as digits.
    TimeNs ns = fromSeconds(value);
    const std::size_t point = text.find('.');
    if (text.find_first_of("eE") == std::string_view::npos) {
        std::int64_t whole = 0;
        (void)std::from_chars(text.data(), text.data() + std::min(point, text.size()), whole);
        TimeNs fraction = 0, scale = kNsPerSecond;
        for (std::size_t i = point == std::string_view::npos ? text.size() : point + 1; i < text.size() && scale > 1;
             ++i)
            fraction += (text[i] - '0') * (scale /= 10);
        ns = whole * kNsPerSecond + fraction;
    }
    return WindowBound{ns, value >= kAbsoluteFromSeconds};
}

Result<LogWindow> resolveWindow(const WindowSpec &spec, TimeNs origin) {
    auto at = [origin](const WindowBound &b) { return b.absolute ? b.ns : origin + b.ns; };
    LogWindow w{origin, origin, std::numeric_limits<TimeNs>::max()};
    if (spec.start) w.start = std::max(origin, at(*spec.start));
    if (spec.end) w.end = at(*spec.end);
    if (w.end < origin) {
        return Error{
            fmt::format("the window ends at log time {:.3f} s, before the recording's first message at "
                        "{:.3f} s",
                        toSeconds(w.end), toSeconds(origin))};
    }
    if (w.end <= w.start) {
        return Error{
            fmt::format("the window's end ({:.3f} s after the first message) is not after its start "
                        "({:.3f} s)",
                        toSeconds(w.end - origin), toSeconds(w.start - origin))};
    }
    return w;
}

namespace {
/// The log time of the first message `read` lets through (reading past damage), none when there is none.
Result<std::optional<TimeNs>> firstLogTimeRead(const std::string &path, ReadOptions read) {
    read.recover = true;
    auto source = openBag(path, read);
    if (!source) return source.error();
    Message m;
    auto more = (*source)->next(m);
    if (!more) return more.error();
    if (!*more) return std::optional<TimeNs>{};
    return std::optional<TimeNs>{m.log_time};
}
}  // namespace

Result<TimeNs> firstLogTime(const std::string &path) {
    auto first = firstLogTimeRead(path, ReadOptions{});
    if (!first) return first.error();
    if (!*first) return Error{fmt::format("{}: no messages, so no window of it", path)};
    return **first;
}

Result<LogWindow> windowOfBag(const std::string &path, const WindowSpec &spec) {
    auto first = firstLogTime(path);
    if (!first) return first.error();
    auto window = resolveWindow(spec, *first);
    if (!window) return Error{path + ": " + window.message()};
    ReadOptions read;
    read.start_time = window->start;
    read.end_time = window->end;
    auto inside = firstLogTimeRead(path, read);
    if (!inside) return inside.error();
    if (!*inside) return noMessageIn(path, *window);
    return window;
}

bool staticTf(const TopicInfo &topic) { return topic.type == kTfType && topic.name.ends_with("tf_static"); }

bool latchedTopic(const TopicInfo &topic) {
    if (staticTf(topic)) return true;
    if (recordedQos(topic.offered_qos_profiles).durability == "transient_local") return true;
    return std::any_of(topic.ros1_connections.begin(), topic.ros1_connections.end(),
                       [](const Ros1Connection &c) { return c.latching == Ros1Latching::Latched; });
}

Result<std::unique_ptr<MessageSource>> openWindow(const std::string &path, const LogWindow &window,
                                                  const ReadOptions &base) {
    ReadOptions read = base;
    read.start_time = window.start;
    read.end_time = window.end;
    auto source = openBag(path, read);
    if (!source) return source.error();
    Message first;
    auto more = (*source)->next(first);
    if (!more) return more.error();
    if (!*more) return noMessageIn(path, window);
    std::vector<std::string> static_tf, latched, tf;
    for (const TopicInfo &topic : (*source)->topics()) {
        if (!wanted(base, topic.name)) continue;
        if (staticTf(topic))
            static_tf.push_back(topic.name);
        else if (latchedTopic(topic))
            latched.push_back(topic.name);
        else if (topic.type == kTfType)
            tf.push_back(topic.name);
    }
    std::array<std::unique_ptr<MessageSource>, 3> prelude;
    if (window.start > window.origin) {
        auto statics = openPrelude(path, static_tf, std::nullopt, window.start - 1);
        if (!statics) return statics.error();
        auto recent = openPrelude(path, tf, std::max(window.origin, window.start - kTfLookback), window.start - 1);
        if (!recent) return recent.error();
        auto last = lastMessages(path, latched, window.origin, window.start);
        if (!last) return last.error();
        prelude = {std::move(*statics), std::move(*recent), std::move(*last)};
    }
    return std::unique_ptr<MessageSource>(new WindowSource(std::move(*source), first, std::move(prelude)));
}

std::string describeWindow(const LogWindow &window) {
    const bool open_end = window.end == std::numeric_limits<TimeNs>::max();
    return fmt::format(
        "{:.3f}-{} s after the first message (log time {:.3f}-{})", toSeconds(window.start - window.origin),
        open_end ? std::string("end") : fmt::format("{:.3f}", toSeconds(window.end - window.origin)),
        toSeconds(window.start), open_end ? std::string("end") : fmt::format("{:.3f} s", toSeconds(window.end)));
}

}  // namespace robometrics::bag
