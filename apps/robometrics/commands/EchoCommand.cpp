// robometrics echo BAG --topic T [--limit N] [--json] [--strict]
// Decodes the messages of one topic with the schema stored in the bag (or the built-in one) and
// prints them: one JSON object per line with --json, an indented YAML-like form otherwise.

#include <cerrno>
#include <cstring>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/TopicEcho.hpp"

namespace robometrics::app {
namespace {

struct EchoArguments {
    std::string bag;
    bag::EchoOptions echo;
    bool strict = false;
};

Status writeStdout(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0) return {};
    return Error{std::string("cannot write to stdout: ") + std::strerror(errno)};
}

int runEcho(const EchoArguments &args) {
    std::optional<bag::ReadDamage> damage;  // what a recording cut short lost (not with --strict)
    bag::EchoOptions echo = args.echo;
    if (!args.strict) echo.damage = &damage;
    auto printed = bag::echoTopic(args.bag, echo, writeStdout);
    if (!printed) return fail("echo", printed.error());
    if (damage) printNotes("echo", "warning", {bag::damageWarning(*damage)});
    return 0;
}

const RegisterCommand kEchoRegistration(
    "echo", "Print the decoded messages of one topic",
    [](CLI::App &app) {
        auto args = std::make_shared<EchoArguments>();
        app.add_option("BAG", args->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("--topic", args->echo.topic, "topic to print")->required();
        app.add_option("--limit", args->echo.limit, "print at most N messages (0: all)");
        app.add_flag("--json", args->echo.json, "one JSON object per message per line");
        addStrictOption(app, args->strict);
        return [args] { return runEcho(*args); };
    },
    11);

}  // namespace
}  // namespace robometrics::app
