// robometrics convert IN OUT.mcap [--compression zstd|lz4|none] [--to same|ros2] [--strict]
//                     [--start S] [--end S] [--topics T...] [--exclude-topics T...]
// Rewrites any bag (rosbag2 directory, .db3, .mcap) as one chunked MCAP file with the ros2
// profile: topics, types, schemas, QoS metadata, log and publish times are kept. Topics without a
// stored definition get the built-in one when robometrics knows the type. `--to ros2` translates a
// ROS 1 bag to ROS 2 types and CDR; topics it cannot translate are named on stderr (exit 3).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/mcap/McapConvert.hpp"

namespace robometrics::app {
namespace {

struct ConvertOptions {
    std::string input;
    std::string output;
    std::string compression = "zstd";
    std::string to = "same";
    bool strict = false;
    bool quiet = false;
    WindowOptions window;
    bag::ConvertSelection selection;
};

/// Exit status when OUT was written but `--to ros2` left topics out (docs/convert.md).
constexpr int kExitTopicsSkipped = 3;

int runConvert(ConvertOptions &options) {
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return fail("convert", compression.error());
    bag::WindowSpec spec;
    if (auto code = options.window.resolve("convert", options.input, spec, options.selection.window)) return *code;
    // The MCAP takes its name only when complete: an error or Ctrl-C leaves the earlier file at
    // OUT, or none.
    bag::Ros2Translation translation;
    std::optional<bag::ReadDamage> damage;  // what a recording cut short lost (not with --strict)
    auto count =
        bag::convertToMcap(options.input, options.output, *compression, options.to == "ros2" ? &translation : nullptr,
                           options.strict ? nullptr : &damage, !options.quiet, options.selection);
    if (!count) return fail("convert", count.error());
    fmt::print("wrote {} messages to {} ({} chunks)\n", *count, options.output, options.compression);
    if (damage) printNotes("convert", "warning", {bag::damageWarning(*damage)});
    std::uint64_t skipped_messages = 0;
    for (const bag::SkippedTopic &topic : translation.skipped) {
        fmt::print(stderr, "robometrics convert: skipped topic {} ({}): {} messages: {}\n", topic.topic, topic.type,
                   topic.messages, topic.reason);
        skipped_messages += topic.messages;
    }
    if (translation.skipped.empty()) return 0;
    fmt::print(stderr, "robometrics convert: {} topics ({} messages) not translated to ROS 2\n",
               translation.skipped.size(), skipped_messages);
    return kExitTopicsSkipped;
}

const RegisterCommand kConvertRegistration(
    "convert", "Convert any bag to MCAP",
    [](CLI::App &app) {
        auto options = std::make_shared<ConvertOptions>();
        app.add_option("IN", options->input, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("OUT", options->output, "the MCAP file to write")
            ->required()
            ->check(writesExtensions({".mcap"}));
        app.add_option("--compression", options->compression, "chunk compression")
            ->check(CLI::IsMember({"zstd", "lz4", "none"}));
        app.add_option("--to", options->to, "ros2: translate a ROS 1 bag to ROS 2 types and CDR")
            ->check(CLI::IsMember({"same", "ros2"}));
        options->window.add(app);
        app.add_option("--topics", options->selection.topics,
                       "keep only these topics: names or glob patterns ('/robot1/*'), several allowed");
        app.add_option("--exclude-topics", options->selection.exclude_topics,
                       "leave out these topics: names or glob patterns, several allowed");
        addStrictOption(app, options->strict);
        addQuietOption(app, options->quiet);
        return [options] { return runConvert(*options); };
    },
    12);

}  // namespace
}  // namespace robometrics::app
