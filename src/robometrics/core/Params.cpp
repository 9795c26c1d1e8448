#include "robometrics/core/Params.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "robometrics/core/Text.hpp"

namespace robometrics {

namespace {

// A params file names a few hundred values; aliases can make a small file expand to billions of
// nodes (an alias bomb: each level refers twice to the one below). Walking stops here instead.
constexpr std::size_t kMaxParamNodes = 100'000;

// `nodes` counts the nodes walked so far, aliased ones once per use.
Status flatten(const YAML::Node &node, const std::string &prefix, std::map<std::string, std::string> &out,
               std::size_t &nodes) {
    if (++nodes > kMaxParamNodes) {
        return Error{fmt::format("more than {} entries (with aliases expanded)", kMaxParamNodes)};
    }
    if (node.IsMap()) {
        for (const auto &kv : node) {
            // A key may itself be a map or a list in YAML ("? [a, b]: 1"); a parameter name cannot.
            if (!kv.first.IsScalar()) return Error{fmt::format("a key under '{}' is not a name", prefix)};
            const std::string &key = kv.first.Scalar();
            ROBOMETRICS_TRY(flatten(kv.second, prefix.empty() ? key : prefix + "." + key, out, nodes));
        }
    } else if (node.IsSequence()) {
        // Arrays are kept as their YAML flow text; the analyzers that take arrays parse them.
        YAML::Emitter emitter;
        emitter << YAML::Flow << node;
        out[prefix] = emitter.c_str();
    } else if (node.IsScalar()) {
        out[prefix] = node.Scalar();
    }
    return Status::Ok();
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

Result<Params> Params::loadFile(const std::string &path, const std::string &node_name, bool node_required) {
    auto text = readInputFile(path);
    if (!text) return text.error();
    YAML::Node root;
    try {
        root = YAML::Load(*text);
    } catch (const YAML::Exception &e) {
        return Error{fmt::format("{}: not valid YAML: {}", path, e.what())};
    }
    if (!root.IsMap()) return Error{fmt::format("{}: expected a map of node names at the top level", path)};
    Params params;
    bool found = false;
    // Wildcard first so that the node's own section overrides it, as in ROS 2.
    for (const std::string &key : {std::string("/**"), node_name, "/" + node_name}) {
        YAML::Node section = root[key];
        if (!section) continue;
        // A scalar section ("node: 3") has no keys: indexing it would throw.
        YAML::Node ros = section.IsMap() ? section["ros__parameters"] : YAML::Node();
        if (!ros || !ros.IsMap()) {
            return Error{fmt::format("{}: node '{}' has no 'ros__parameters' map", path, key)};
        }
        std::size_t nodes = 0;
        if (Status s = flatten(ros, "", params.values_, nodes); !s.ok()) {
            return Error{fmt::format("{}: node '{}': {}", path, key, s.message())};
        }
        found = true;
    }
    if (!found && node_required) {
        return Error{fmt::format("{}: no parameters for node '{}' (expected '{}: ros__parameters: ...')", path,
                                 node_name, node_name)};
    }
    return params;
}

Result<Params> Params::load(const std::string &path, const std::string &node_name,
                            const std::vector<std::string> &overrides, bool node_required) {
    Params params;
    if (!path.empty()) {
        auto loaded = loadFile(path, node_name, node_required);
        if (!loaded) return loaded.error();
        params = std::move(loaded.value());
    }
    ROBOMETRICS_TRY(params.applyOverrides(overrides));
    return params;
}

Status Params::applyOverrides(const std::vector<std::string> &overrides) {
    for (const std::string &o : overrides) {
        auto pos = o.find(":=");
        if (pos == std::string::npos || pos == 0) {
            return Error{fmt::format("bad parameter override '{}': expected name:=value", o)};
        }
        values_[o.substr(0, pos)] = o.substr(pos + 2);
    }
    return Status::Ok();
}

const std::string *Params::take(const std::string &name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return nullptr;
    used_.insert(name);
    return &it->second;
}

Status Params::get(const std::string &name, double &out) const {
    const std::string *text = take(name);
    if (text == nullptr) return Status::Ok();
    char *end = nullptr;
    errno = 0;
    double value = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || errno == ERANGE) {
        return Error{fmt::format("parameter '{}': expected a number, got '{}'", name, *text)};
    }
    out = value;
    return Status::Ok();
}

Status Params::get(const std::string &name, int &out) const {
    const std::string *text = take(name);
    if (text == nullptr) return Status::Ok();
    char *end = nullptr;
    errno = 0;
    long value = std::strtol(text->c_str(), &end, 10);
    if (end == text->c_str() || *end != '\0' || errno == ERANGE || value < -2147483647L || value > 2147483647L) {
        return Error{fmt::format("parameter '{}': expected an integer, got '{}'", name, *text)};
    }
    out = static_cast<int>(value);
    return Status::Ok();
}

Status Params::get(const std::string &name, bool &out) const {
    const std::string *text = take(name);
    if (text == nullptr) return Status::Ok();
    std::string v = lower(*text);
    if (v == "true" || v == "1" || v == "yes" || v == "on") {
        out = true;
    } else if (v == "false" || v == "0" || v == "no" || v == "off") {
        out = false;
    } else {
        return Error{fmt::format("parameter '{}': expected true or false, got '{}'", name, *text)};
    }
    return Status::Ok();
}

Status Params::get(const std::string &name, std::string &out) const {
    const std::string *text = take(name);
    if (text == nullptr) return Status::Ok();
    out = *text;
    return Status::Ok();
}

Status Params::get(const std::string &name, std::vector<std::string> &out) const {
    const std::string *text = take(name);
    if (text == nullptr) return Status::Ok();
    try {
        const YAML::Node node = YAML::Load(*text);
        out.clear();
        if (node.IsScalar()) {
            out.push_back(node.Scalar());
        } else if (node.IsSequence()) {
            for (const auto &item : node) {
                if (!item.IsScalar()) throw YAML::Exception(YAML::Mark::null_mark(), "not a scalar");
                out.push_back(item.Scalar());
            }
        } else if (!node.IsNull()) {
            throw YAML::Exception(YAML::Mark::null_mark(), "not a list");
        }
    } catch (const YAML::Exception &) {
        return Error{fmt::format("parameter '{}': expected a list of strings like [a, b], got '{}'", name, *text)};
    }
    return Status::Ok();
}

std::vector<std::string> Params::unused() const {
    std::vector<std::string> out;
    for (const auto &[name, value] : values_) {
        if (!used_.count(name)) out.push_back(name);
    }
    return out;
}

}  // namespace robometrics
