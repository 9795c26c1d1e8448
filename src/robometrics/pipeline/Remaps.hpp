#pragma once
// The `--topic FROM=TO` remap rules of a run as one value. The text is parsed by one function,
// `parseRemaps`, where it comes in (a command's options, a Python call), so a malformed rule
// gives the same message everywhere (the commands make it bad usage, exit 2); from there the
// rules travel as a `Remaps` to the topic choice, the nodes and the pipeline.

#include <map>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::pipeline {

struct RemapRule {
    std::string from;  ///< the topic a node subscribes, with its leading '/'
    std::string to;    ///< the topic read instead, with its leading '/'
};

/// Topic remapping as in ROS 2: a subscription to `from` reads `to`. Empty: every topic is read
/// under its own name. When two rules name the same `from`, the last one wins.
class Remaps {
public:
    Remaps() = default;

    /// Adds the rule `from` -> `to` (either may omit its leading '/').
    void add(const std::string &from, const std::string &to);

    /// The topic read for a subscription to `topic` (given with or without its leading '/').
    std::string resolve(const std::string &topic) const;

    /// The rules in the order given, each with its leading slashes.
    const std::vector<RemapRule> &rules() const { return rules_; }
    /// The topic read instead of each remapped one, by the remapped one (the last rule of each).
    const std::map<std::string, std::string> &byTopic() const { return by_topic_; }
    bool empty() const { return rules_.empty(); }

private:
    std::vector<RemapRule> rules_;
    std::map<std::string, std::string> by_topic_;
};

/// Splits each `FROM=TO` (either side may omit its leading '/'), in the order given; the first
/// malformed rule is an error that quotes it and the form expected.
Result<Remaps> parseRemaps(const std::vector<std::string> &rules);

/// `name` with a leading '/' (an empty name stays empty).
std::string withLeadingSlash(const std::string &name);

}  // namespace robometrics::pipeline
