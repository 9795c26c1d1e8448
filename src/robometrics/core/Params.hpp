#pragma once
// ROS 2 parameters for the analyzers: read from a params file in ROS 2's own layout
//   node_name:
//     ros__parameters:
//       collision_threshold: 0.2
// (also "/**" as the node name, and nested keys flattened with '.'), then overridden by
// "-p name:=value" arguments. Analyzer config structs keep their defaults in one place and
// read only the names they know; unknown names are reported so typos do not pass silently.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics {

class Params {
public:
    /// Loads the parameters of `node_name` (and of "/**") from a ROS 2 params YAML file.
    /// With `node_required` false, a file without a section for the node gives empty Params
    /// (one file can then configure several analyzers).
    static Result<Params> loadFile(const std::string &path, const std::string &node_name, bool node_required = true);

    /// The parameters of `node_name` from `path` (none when `path` is empty), then the
    /// "name:=value" overrides: what every command and the evaluation need.
    static Result<Params> load(const std::string &path, const std::string &node_name,
                               const std::vector<std::string> &overrides, bool node_required = true);

    /// Applies "name:=value" overrides (the ROS 2 command-line syntax).
    Status applyOverrides(const std::vector<std::string> &overrides);

    void set(const std::string &name, const std::string &value) { values_[name] = value; }
    bool has(const std::string &name) const { return values_.count(name) != 0; }

    /// Reads a parameter into `out` if present; fails with a message naming the parameter and
    /// the text when it is not of the right type. Marks the name as used.
    Status get(const std::string &name, double &out) const;
    Status get(const std::string &name, int &out) const;
    Status get(const std::string &name, bool &out) const;
    Status get(const std::string &name, std::string &out) const;
    /// A list ("[a, b]" on the command line, a YAML sequence in a file); a bare word is a list of one.
    Status get(const std::string &name, std::vector<std::string> &out) const;

    /// Parameters that were set but never read (likely typos).
    std::vector<std::string> unused() const;

private:
    /// The text of a parameter that is set, now marked as used; null when it is not set.
    const std::string *take(const std::string &name) const;

    std::map<std::string, std::string> values_;
    mutable std::set<std::string> used_;
};

}  // namespace robometrics
