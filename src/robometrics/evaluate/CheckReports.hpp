#pragma once
// What `robometrics check` prints and writes (docs/check.md, Outputs): the text lines (one per
// failed rule, a summary per recording), the JSON document, JUnit XML (one <testsuite> per
// recording, one <testcase> per rule) and GitHub workflow commands (::error / ::warning).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "robometrics/evaluate/RecordingCheck.hpp"

namespace robometrics::evaluate {

/// How the outputs judge warnings, and which spec they name.
struct CheckOutputOptions {
    std::string spec;  ///< the spec file's path as given
    bool warnings_as_errors = false;
};

/// "REC: PASS (12 rules held)", "REC: FAIL (12 rules: 10 held, 1 error, 1 warning)" or
/// "REC: FAIL: cannot be read: ...".
std::string checkSummaryLine(const RecordingVerdict &v, const CheckOutputOptions &options);
/// "REC: error: /scan: max_gap_s 0.5: silent 2.7 s from 41.2 s to 43.9 s" per failed rule, then
/// "REC: PASS (12 rules held)" or "REC: FAIL (12 rules: 10 held, 1 error, 1 warning)".
std::string checkVerdictText(const RecordingVerdict &v, const CheckOutputOptions &options);
/// The line after a fleet: "3 recordings checked against spec.yaml: 2 passed, 1 failed".
std::string checkFleetText(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options);

nlohmann::json checkJson(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options);

std::string checkJunitXml(const std::vector<RecordingVerdict> &verdicts, const CheckOutputOptions &options);

/// One `::error file=SPEC,line=N,title=REC TOPIC RULE::MEASURED` per failed rule (::warning for a
/// warning), one ::error per recording that could not be read, then the summary line as text.
std::string checkGithubCommands(const RecordingVerdict &v, const CheckOutputOptions &options);

}  // namespace robometrics::evaluate
