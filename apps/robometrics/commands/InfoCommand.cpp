// robometrics info BAG [--json] [--recover]
// Like `ros2 bag info` (storage, compression, duration, start and end, per topic its type and
// message count) plus the size in bytes and each topic's rate. Counts come from reading the
// messages. --recover lists what is readable before damage and says where reading stopped.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/BagInfoText.hpp"

namespace robometrics::app {
namespace {

struct InfoOptions {
    std::string bag;
    bool json = false;
    bool recover = false;
};

int runInfo(const InfoOptions &options) {
    auto info = bag::describeBag(options.bag, options.recover);
    if (!info) return fail("info", info.error());
    if (options.json)
        fmt::print("{}\n", bag::bagInfoJson(*info));
    else
        fmt::print("{}", bag::bagInfoTable(*info));
    // A recovered listing is still a damaged bag: report it and exit 1 so scripts notice.
    if (!info->complete) return fail("info", "reading stopped early: " + info->error);
    return 0;
}

const RegisterCommand kRegister(
    "info", "Describe a bag: storage, topics, counts, rates",
    [](CLI::App &app) {
        auto options = std::make_shared<InfoOptions>();
        app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_flag("--json", options->json, "one JSON object on stdout");
        app.add_flag("--recover", options->recover, "list what is readable up to damage in the bag");
        return [options] { return runInfo(*options); };
    },
    10);

}  // namespace
}  // namespace robometrics::app
