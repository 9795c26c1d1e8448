// robometrics info BAG [--json] [--strict]
// Like `ros2 bag info` (storage, compression, duration, start and end, per topic its type and
// message count) plus the size in bytes and each topic's rate. Counts come from reading the
// messages. A damaged bag is listed up to the damage, with a warning that says where reading
// stopped; --strict refuses it (exit 1).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/BagInfoText.hpp"

namespace robometrics::app {
namespace {

struct InfoOptions {
    std::string bag;
    bool json = false;
    bool strict = false;
    bool recover = false;  ///< the default since recovering reads came to every command; kept for scripts
};

int runInfo(const InfoOptions &options) {
    auto info = bag::describeBag(options.bag, !options.strict);
    if (!info) return fail("info", info.error());
    if (options.json)
        fmt::print("{}\n", bag::bagInfoJson(*info));
    else
        fmt::print("{}", bag::bagInfoTable(*info));
    // Like every reading command: one warning, exit 0; the listing says "complete": false.
    if (info->damage) printNotes("info", "warning", {bag::damageWarning(*info->damage)});
    return 0;
}

const RegisterCommand kInfoRegistration(
    "info", "Describe a bag: storage, topics, counts, rates",
    [](CLI::App &app) {
        auto options = std::make_shared<InfoOptions>();
        app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_flag("--json", options->json, "one JSON object on stdout");
        addStrictOption(app, options->strict);
        app.add_flag("--recover", options->recover, "list what is readable up to damage in the bag (the default)");
        return [options] { return runInfo(*options); };
    },
    10);

}  // namespace
}  // namespace robometrics::app
