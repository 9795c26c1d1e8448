// robometrics info BAG [--json] [--recover]
// Like `ros2 bag info` (storage, compression, duration, start and end, per topic its type and
// message count) plus the size in bytes and each topic's rate. Counts come from reading the
// messages. --recover lists what is readable before damage and says where reading stopped.

#include <fmt/ranges.h>

#include <ctime>
#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/BagInfo.hpp"

namespace robometrics::app {
namespace {

struct InfoOptions {
    std::string bag;
    bool json = false;
    bool recover = false;
};

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

nlohmann::ordered_json toJson(const bag::BagInfo &info) {
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
    if (!info.complete) out["error"] = info.error;
    return out;
}

void printHuman(const bag::BagInfo &info) {
    fmt::print("Path:              {}\n", info.path);
    for (std::size_t i = 0; i < info.files.size(); ++i)
        fmt::print("{}{}\n", i == 0 ? "Files:             " : "                   ", info.files[i]);
    fmt::print("Bag size:          {}\n", formatSize(info.size_bytes));
    fmt::print("Storage id:        {}\n", info.storage);
    std::string compression = info.compression;
    if (info.compression_mode == "FILE") compression += " (per file)";
    if (info.compression_mode == "MESSAGE") compression += " (per message)";
    if (!info.chunk_compression.empty())
        compression += fmt::format(", {} chunks: {}", info.storage == "ros1" ? "ROS 1" : "MCAP",
                                   fmt::join(info.chunk_compression, ", "));
    fmt::print("Compression:       {}\n", compression);
    fmt::print("Duration:          {:.9f} s\n", info.duration_s);
    if (info.message_count > 0) {
        fmt::print("Start:             {}\n", formatTime(info.start_ns));
        fmt::print("End:               {}\n", formatTime(info.end_ns));
    }
    fmt::print("Messages:          {}\n", info.message_count);
    std::size_t name_width = 0, type_width = 0;
    for (const auto &t : info.topics) {
        name_width = std::max(name_width, t.name.size());
        type_width = std::max(type_width, t.type.size());
    }
    fmt::print("Topic information:{}\n", info.topics.empty() ? " none" : "");
    for (const auto &t : info.topics)
        fmt::print("  {:<{}}  {:<{}}  {:>8} msgs  {:>10.3f} Hz\n", t.name, name_width, t.type, type_width, t.message_count,
                   t.rate_hz);
    if (!info.complete) fmt::print("Stopped early:     {}\n", info.error);
}

int runInfo(const InfoOptions &options) {
    auto info = bag::describeBag(options.bag, options.recover);
    if (!info) return fail("info", info.error());
    if (options.json) fmt::print("{}\n", toJson(*info).dump(2));
    else printHuman(*info);
    // A recovered listing is still a damaged bag: report it and exit 1 so scripts notice.
    if (!info->complete) return fail("info", "reading stopped early: " + info->error);
    return 0;
}

const RegisterCommand kRegister("info", "Describe a bag: storage, topics, counts, rates", [](CLI::App &app) {
    auto options = std::make_shared<InfoOptions>();
    app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_flag("--json", options->json, "one JSON object on stdout");
    app.add_flag("--recover", options->recover, "list what is readable up to damage in the bag");
    return [options] { return runInfo(*options); };
}, 10);

}  // namespace
}  // namespace robometrics::app
