// robometrics check SPEC.yaml INPUT... [-j N] [--json | --format text|github] [--junit FILE]
//                   [--warnings-as-errors] [--strict]
// robometrics check --init GOOD.mcap
// A recording contract for CI (evaluate/RecordingCheck, io/ContractSpecFile): each recording is
// measured in one pass and the spec's rules judged on it; a spec with `run:` also evaluates it
// (evaluate/RunContractCheck). Exit 0 when every error rule holds, 1
// when one fails, 2 for bad usage or a bad spec (refused before any recording is read).
// docs/check.md.

#include <algorithm>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/evaluate/CheckReports.hpp"
#include "robometrics/io/ContractSpecFile.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kCheck = "check";

struct CheckOptions {
    std::vector<std::string> positionals;  ///< SPEC then INPUT...
    std::string init;
    std::string junit;
    std::string format = "text";
    bool json = false;
    bool warnings_as_errors = false;
    bool strict = false;
    int jobs = 1;
};

int writeInitialSpec(const CheckOptions &o) {
    if (!o.positionals.empty() || o.json || !o.junit.empty() || o.format != "text")
        return usage(kCheck,
                     Error{"--init GOOD.mcap takes no SPEC, INPUT, --json, --junit or --format: it prints a spec"});
    std::vector<std::string> warnings;
    auto measured = evaluate::measureRecording(o.init, o.strict, warnings, evaluate::MeasureOptions::everything());
    if (!measured) return fail(kCheck, measured.error());
    printNotes(kCheck, "warning", warnings);
    // A spec needs a topic with a message (check refuses one that names none): say so, write nothing.
    if (std::none_of(measured->topics.begin(), measured->topics.end(), [](const auto &t) { return t.count > 0; }))
        return fail(kCheck, Error{fmt::format("{}: no message recorded: --init writes a spec from a recording known to "
                                              "be good, and this one has nothing to hold a recording to",
                                              o.init)});
    fmt::print("{}", io::initialContractSpec(*measured, o.init));
    return 0;
}

int runCheck(const CheckOptions &o) {
    if (!o.init.empty()) return writeInitialSpec(o);
    if (o.positionals.size() < 2)
        return usage(kCheck, Error{"expected SPEC.yaml and at least one INPUT (or --init GOOD.mcap)"});
    if (o.json && o.format != "text") return usage(kCheck, Error{"--json and --format github exclude each other"});
    // The spec first: a bad one is refused before any recording is read.
    auto contract = io::readContractSpec(o.positionals.front());
    if (!contract) return usage(kCheck, contract.error());
    auto inputs = evaluate::expandCheckInputs({o.positionals.begin() + 1, o.positionals.end()});
    if (!inputs) return usage(kCheck, inputs.error());

    const evaluate::CheckOutputOptions out{o.positionals.front(), o.warnings_as_errors};
    const std::vector<evaluate::RecordingVerdict> verdicts = evaluate::checkFleet(*contract, *inputs, o.jobs, o.strict);
    if (!o.junit.empty()) {
        if (Status s = writeFileAtomically(o.junit, evaluate::checkJunitXml(verdicts, out)); !s.ok())
            return fail(kCheck, s.error());
    }
    bool passed = true;
    for (const auto &v : verdicts) passed = passed && v.passed(o.warnings_as_errors);
    if (o.json) {
        fmt::print("{}\n", evaluate::checkJson(verdicts, out).dump(2));
        return passed ? 0 : 1;
    }
    for (const auto &v : verdicts) {
        fmt::print("{}",
                   o.format == "github" ? evaluate::checkGithubCommands(v, out) : evaluate::checkVerdictText(v, out));
    }
    if (verdicts.size() > 1) fmt::print("{}", evaluate::checkFleetText(verdicts, out));
    return passed ? 0 : 1;
}

const RegisterCommand kCheckRegistration(
    kCheck, "Check recordings against a contract (topics, rates, gaps, latency, QoS, frames, evaluate's limits) for CI",
    [](CLI::App &app) {
        auto o = std::make_shared<CheckOptions>();
        app.add_option("SPEC INPUT", o->positionals, "the spec (YAML), then bags, run folders or quoted globs of them");
        app.add_option("--init", o->init, "print a commented spec that this recording (known to be good) passes")
            ->type_name("GOOD.mcap");
        app.add_option("-j,--jobs", o->jobs, "recordings checked at once")->check(CLI::Range(1, 1024));
        app.add_flag("--json", o->json, "one JSON document on stdout: every rule of every recording");
        app.add_option("--format", o->format, "text, or github: workflow commands (::error, ::warning) per failed rule")
            ->check(CLI::IsMember({"text", "github"}));
        app.add_option("--junit", o->junit, "write JUnit XML: a testsuite per recording, a testcase per rule")
            ->check(writesExtensions({".xml"}));
        app.add_flag("--warnings-as-errors", o->warnings_as_errors, "a failed warning rule fails the check too");
        addStrictOption(app, o->strict);
        return [o] { return runCheck(*o); };
    },
    43);

}  // namespace
}  // namespace robometrics::app
