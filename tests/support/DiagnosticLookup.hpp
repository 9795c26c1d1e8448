#pragma once
// Finding a status in a diagnostic_msgs/DiagnosticArray, and a value in a status, for the tests
// of what the analyses publish on /diagnostics.

#include <string>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::test {

/// The status named `name`, or nullptr.
inline const msgs::DiagnosticStatus *findStatus(const msgs::DiagnosticArray &a, const std::string &name) {
    for (const auto &s : a.status) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

/// The value of `key` in the status, or "(none)".
inline std::string statusValue(const msgs::DiagnosticStatus &s, const std::string &key) {
    for (const auto &kv : s.values) {
        if (kv.key == key) return kv.value;
    }
    return "(none)";
}

}  // namespace robometrics::test
