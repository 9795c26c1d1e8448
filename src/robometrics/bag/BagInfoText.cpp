#include "robometrics/bag/BagInfoText.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <ctime>
#include <iterator>
#include <nlohmann/json.hpp>

namespace robometrics::bag {

namespace {

// "2020-11-02 22:44:49.919704830 UTC (1604357089.919704830)", as exact as the bag.
std::string formatTime(TimeNs t) {
    std::time_t seconds = static_cast<std::time_t>(t / kNsPerSecond);
    long nanos = static_cast<long>(t % kNsPerSecond);
    if (nanos < 0) {
        nanos += kNsPerSecond;
        --seconds;
    }
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &tm);
    return fmt::format("{}.{:09d} UTC ({}.{:09d})", date, nanos, static_cast<long long>(seconds), nanos);
}

std::string formatSize(std::uint64_t bytes) {
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    return unit == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {} ({} bytes)", value, units[unit], bytes);
}

}  // namespace

std::string bagInfoTable(const BagInfo &info) {
    std::string out;
    auto line = std::back_inserter(out);
    fmt::format_to(line, "Path:              {}\n", info.path);
    for (std::size_t i = 0; i < info.files.size(); ++i)
        fmt::format_to(line, "{}{}\n", i == 0 ? "Files:             " : "                   ", info.files[i]);
    fmt::format_to(line, "Bag size:          {}\n", formatSize(info.size_bytes));
    fmt::format_to(line, "Storage id:        {}\n", info.storage);
    std::string compression = info.compression;
    if (info.compression_mode == "FILE") compression += " (per file)";
    if (info.compression_mode == "MESSAGE") compression += " (per message)";
    if (!info.chunk_compression.empty())
        compression += fmt::format(", {} chunks: {}", info.storage == "ros1" ? "ROS 1" : "MCAP",
                                   fmt::join(info.chunk_compression, ", "));
    fmt::format_to(line, "Compression:       {}\n", compression);
    fmt::format_to(line, "Duration:          {:.9f} s\n", info.duration_s);
    if (info.message_count > 0) {
        fmt::format_to(line, "Start:             {}\n", formatTime(info.start_ns));
        fmt::format_to(line, "End:               {}\n", formatTime(info.end_ns));
    }
    fmt::format_to(line, "Messages:          {}\n", info.message_count);
    std::size_t name_width = 0, type_width = 0;
    for (const auto &t : info.topics) {
        name_width = std::max(name_width, t.name.size());
        type_width = std::max(type_width, t.type.size());
    }
    fmt::format_to(line, "Topic information:{}\n", info.topics.empty() ? " none" : "");
    for (const auto &t : info.topics)
        fmt::format_to(line, "  {:<{}}  {:<{}}  {:>8} msgs  {:>10.3f} Hz\n", t.name, name_width, t.type, type_width,
                       t.message_count, t.rate_hz);
    // The clock and formula of the rates: topic-stats and evaluate measure on other spans or clocks.
    if (!info.topics.empty())
        fmt::format_to(line, "Rates:             (messages - 1) / (last - first log time) per topic, recorder clock\n");
    if (info.damage) {
        // Every stretch skipped (reading went on after it), then what ended the read, if anything.
        for (const LostSpan &span : info.damage->spans)
            fmt::format_to(
                line, "Lost (skipped):    {}: {} ({})\n", span.file,
                describeSpan(span, info.message_count > 0 ? std::optional<TimeNs>(info.start_ns) : std::nullopt),
                span.reason);
        if (!info.damage->read_to_end) fmt::format_to(line, "Stopped early:     {}\n", info.error);
    } else if (!info.complete) {
        fmt::format_to(line, "Stopped early:     {}\n", info.error);
    }
    return out;
}

std::string bagInfoJson(const BagInfo &info) {
    nlohmann::ordered_json topics = nlohmann::ordered_json::array();
    for (const auto &t : info.topics)
        topics.push_back({{"name", t.name},
                          {"type", t.type},
                          {"serialization_format", t.serialization_format},
                          {"message_count", t.message_count},
                          {"rate_hz", t.rate_hz},
                          {"first_ns", t.first_ns},
                          {"last_ns", t.last_ns}});
    nlohmann::ordered_json out = {{"path", info.path},
                                  {"storage", info.storage},
                                  {"compression", info.compression},
                                  {"compression_mode", info.compression_mode},
                                  {"chunk_compression", info.chunk_compression},
                                  {"files", info.files},
                                  {"size_bytes", info.size_bytes},
                                  {"start_ns", info.start_ns},
                                  {"end_ns", info.end_ns},
                                  {"duration_s", info.duration_s},
                                  {"message_count", info.message_count},
                                  {"topics", topics},
                                  {"complete", info.complete}};
    if (!info.complete && !(info.damage && info.damage->read_to_end)) out["error"] = info.error;
    if (info.damage && !info.damage->spans.empty()) {
        nlohmann::ordered_json spans = nlohmann::ordered_json::array();
        for (const LostSpan &span : info.damage->spans) {
            spans.push_back({{"file", span.file},
                             {"start_ns", span.start_time ? nlohmann::ordered_json(*span.start_time) : nullptr},
                             {"end_ns", span.end_time ? nlohmann::ordered_json(*span.end_time) : nullptr},
                             {"messages", span.messages ? nlohmann::ordered_json(*span.messages) : nullptr},
                             {"topics", span.topics},
                             {"byte_begin", span.byte_begin ? nlohmann::ordered_json(*span.byte_begin) : nullptr},
                             {"byte_end", span.byte_end ? nlohmann::ordered_json(*span.byte_end) : nullptr},
                             {"reason", span.reason}});
        }
        out["lost_spans"] = std::move(spans);
    }
    return out.dump(2);
}

}  // namespace robometrics::bag
