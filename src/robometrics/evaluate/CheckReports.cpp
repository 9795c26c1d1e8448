#include "robometrics/evaluate/CheckReports.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "robometrics/evaluate/RuleResultJson.hpp"
#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::evaluate {

namespace {

using topicstats::RuleResult;
using topicstats::Severity;

struct Counts {
    std::size_t rules = 0, held = 0, errors = 0, warnings = 0;
};

Counts countRules(const RecordingVerdict &v) {
    Counts c;
    c.rules = v.rules.size();
    for (const RuleResult &r : v.rules) {
        if (r.passed)
            ++c.held;
        else if (r.severity == Severity::Error)
            ++c.errors;
        else
            ++c.warnings;
    }
    return c;
}

std::string plural(std::size_t n, const char *word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

/// "/scan: max_gap_s 0.5"
std::string ruleName(const RuleResult &r) {
    return r.limit.empty() ? fmt::format("{}: {}", r.topic, r.rule)
                           : fmt::format("{}: {} {}", r.topic, r.rule, r.limit);
}

/// The severity a failed rule is reported with.
Severity reported(const RuleResult &r, const CheckOutputOptions &options) {
    return options.warnings_as_errors ? Severity::Error : r.severity;
}

std::string xml(const std::string &text) {
    std::string clean;
    for (char ch : text) {
        // XML 1.0 has no place for the other control characters, even escaped.
        if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\n' || ch == '\t') clean += ch;
    }
    return report::escapeXml(clean);
}

/// `text` with each character of `table` replaced by its escape.
std::string escaped(const std::string &text, std::initializer_list<std::pair<char, const char *>> table) {
    std::string out;
    for (char ch : text) {
        const auto *hit = std::find_if(table.begin(), table.end(), [ch](const auto &e) { return e.first == ch; });
        if (hit == table.end())
            out += ch;
        else
            out += hit->second;
    }
    return out;
}

/// Text for an attribute: a parser turns a literal newline or tab there into a space (XML's
/// attribute-value normalization), so they are written as character references.
std::string xmlAttribute(const std::string &text) { return escaped(xml(text), {{'\n', "&#10;"}, {'\t', "&#9;"}}); }

/// GitHub's workflow command escaping: of the message, and (more) of a property.
std::string githubData(const std::string &text) { return escaped(text, {{'%', "%25"}, {'\r', "%0D"}, {'\n', "%0A"}}); }
std::string githubProperty(const std::string &text) { return escaped(githubData(text), {{':', "%3A"}, {',', "%2C"}}); }

}  // namespace

std::string checkSummaryLine(const RecordingVerdict &v, const CheckOutputOptions &options) {
    if (v.error) return fmt::format("{}: FAIL: cannot be read: {}\n", v.recording, *v.error);
    const Counts c = countRules(v);
    if (c.held == c.rules) return fmt::format("{}: PASS ({} held)\n", v.recording, plural(c.rules, "rule"));
    std::string detail = fmt::format("{}: {} held", plural(c.rules, "rule"), c.held);
    if (c.errors) detail += ", " + plural(c.errors, "error");
    if (c.warnings) detail += ", " + plural(c.warnings, "warning");
    return fmt::format("{}: {} ({})\n", v.recording, v.passed(options.warnings_as_errors) ? "PASS" : "FAIL", detail);
}

std::string checkVerdictText(const RecordingVerdict &v, const CheckOutputOptions &options) {
    std::string out;
    for (const std::string &w : v.warnings) out += fmt::format("{}: warning: {}\n", v.recording, w);
    for (const RuleResult &r : v.rules) {
        if (r.passed) continue;
        out += fmt::format("{}: {}: {}: {}\n", v.recording, toString(reported(r, options)), ruleName(r), r.measured);
    }
    return out + checkSummaryLine(v, options);
}

std::string checkFleetText(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options) {
    const auto passed =
        static_cast<std::size_t>(std::count_if(verdicts.begin(), verdicts.end(), [&](const RecordingVerdict &v) {
            return v.passed(options.warnings_as_errors);
        }));
    return fmt::format("{} checked against {}: {} passed, {} failed\n", plural(verdicts.size(), "recording"),
                       options.spec, passed, verdicts.size() - passed);
}

nlohmann::json checkJson(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options) {
    nlohmann::json recordings = nlohmann::json::array();
    bool all = true;
    for (const RecordingVerdict &v : verdicts) {
        const bool passed = v.passed(options.warnings_as_errors);
        all = all && passed;
        nlohmann::json rules = nlohmann::json::array();
        for (const RuleResult &r : v.rules) rules.push_back(ruleResultJson(r));
        const Counts c = countRules(v);
        recordings.push_back(
            {{"recording", v.recording},
             {"passed", passed},
             {"error", v.error ? nlohmann::json(*v.error) : nlohmann::json()},
             {"warnings", v.warnings},
             {"duration_s",
              v.error ? nlohmann::json() : nlohmann::json(toSeconds(v.measurement.end - v.measurement.start))},
             {"rules_total", c.rules},
             {"rules_held", c.held},
             {"errors_failed", c.errors},
             {"warnings_failed", c.warnings},
             {"rules", std::move(rules)}});
    }
    return {{"spec", options.spec},
            {"warnings_as_errors", options.warnings_as_errors},
            {"passed", all},
            {"recordings", std::move(recordings)}};
}

std::string checkJunitXml(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options) {
    std::string suites;
    std::size_t tests = 0, failures = 0, errors = 0;
    double seconds = 0;
    for (const RecordingVerdict &v : verdicts) {
        const std::string name = xmlAttribute(v.recording);
        // A suite's time is its recording's check; its rules share that one pass and have none of their own.
        seconds += v.seconds;
        if (v.error) {
            ++tests, ++errors;
            suites += fmt::format(
                "  <testsuite name=\"{0}\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"{2:.3f}\">\n"
                "    <testcase name=\"read\" classname=\"{0}\">\n"
                "      <error message=\"{1}\" type=\"unreadable\">{3}</error>\n    </testcase>\n  </testsuite>\n",
                name, xmlAttribute(*v.error), v.seconds, xml(*v.error));
            continue;
        }
        std::string cases;
        std::size_t failed = 0;
        for (const RuleResult &r : v.rules) {
            cases += fmt::format("    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" line=\"{}\"",
                                 xmlAttribute(ruleName(r)), name, xmlAttribute(options.spec), r.line);
            const std::string detail = fmt::format("measured: {}\nexpected: {} ({}:{}, {})", r.measured, ruleName(r),
                                                   options.spec, r.line, toString(r.severity));
            if (topicstats::countsAsFailure(r, options.warnings_as_errors)) {
                ++failed;
                cases += fmt::format(">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n",
                                     xmlAttribute(r.measured), xmlAttribute(r.rule), xml(detail));
            } else if (!r.passed) {  // a warning: the test holds, its output says what was seen
                cases += fmt::format(">\n      <system-out>warning: {}</system-out>\n    </testcase>\n", xml(detail));
            } else {
                cases += "/>\n";
            }
        }
        tests += v.rules.size();
        failures += failed;
        suites += fmt::format(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"{:.3f}\">\n{}  "
            "</testsuite>\n",
            name, v.rules.size(), failed, v.seconds, cases);
    }
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"robometrics check {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n{}"
        "</testsuites>\n",
        xmlAttribute(options.spec), tests, failures, errors, seconds, suites);
}

std::string checkGithubCommands(const RecordingVerdict &v, const CheckOutputOptions &options) {
    std::string out;
    const std::string file = githubProperty(options.spec);
    for (const std::string &w : v.warnings) {
        out +=
            fmt::format("::warning title={}::{}\n", githubProperty(v.recording + " read up to damage"), githubData(w));
    }
    if (v.error) {
        out += fmt::format("::error title={}::{}\n", githubProperty(v.recording + " cannot be read"),
                           githubData(*v.error));
    }
    for (const RuleResult &r : v.rules) {
        if (r.passed) continue;
        const char *command = reported(r, options) == Severity::Error ? "error" : "warning";
        out += fmt::format("::{} file={},line={},title={}::{}\n", command, file, r.line,
                           githubProperty(v.recording + " " + ruleName(r)),
                           githubData(fmt::format("{}: {}", ruleName(r), r.measured)));
    }
    return out + checkSummaryLine(v, options);  // the job log reads as the plain output does
}

}  // namespace robometrics::evaluate
