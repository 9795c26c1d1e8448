// robometrics convert IN OUT.mcap [--compression zstd|lz4|none]
// Rewrites any bag (rosbag2 directory, .db3, .mcap) as one chunked MCAP file with the ros2
// profile: topics, types, schemas, QoS metadata, log and publish times are kept. Topics without a
// stored definition get the built-in one when robometrics knows the type.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/McapConvert.hpp"

namespace robometrics::app {
namespace {

struct ConvertOptions {
    std::string input;
    std::string output;
    std::string compression = "zstd";
};

int runConvert(const ConvertOptions &options) {
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return fail("convert", compression.error());
    // The MCAP takes its name only when complete: an error or Ctrl-C leaves the earlier file at
    // OUT, or none.
    auto count = bag::convertToMcap(options.input, options.output, *compression);
    if (!count) return fail("convert", count.error());
    fmt::print("wrote {} messages to {} ({} chunks)\n", *count, options.output, options.compression);
    return 0;
}

const RegisterCommand kRegister(
    "convert", "Convert any bag to MCAP",
    [](CLI::App &app) {
        auto options = std::make_shared<ConvertOptions>();
        app.add_option("IN", options->input, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("OUT", options->output, "the MCAP file to write")
            ->required()
            ->check(writesExtensions({".mcap"}));
        app.add_option("--compression", options->compression, "chunk compression")
            ->check(CLI::IsMember({"zstd", "lz4", "none"}));
        return [options] { return runConvert(*options); };
    },
    12);

}  // namespace
}  // namespace robometrics::app
