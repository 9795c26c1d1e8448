#include "robometrics/pipeline/Pipeline.hpp"

#include <fmt/format.h>

#include "robometrics/bag/ReadAheadSource.hpp"
#include "robometrics/core/ProgressBar.hpp"

namespace robometrics::pipeline {

namespace {
std::string withSlash(const std::string &name) { return name.empty() || name[0] == '/' ? name : "/" + name; }
}  // namespace

Status Pipeline::addRemaps(const std::vector<std::string> &rules) {
    for (const std::string &rule : rules) {
        auto eq = rule.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == rule.size()) {
            return Error{fmt::format("bad topic remapping '{}': expected name=/new/topic", rule)};
        }
        remap(withSlash(rule.substr(0, eq)), withSlash(rule.substr(eq + 1)));
    }
    return Status::Ok();
}

std::string Pipeline::resolve(const std::string &topic) const {
    auto it = remaps_.find(withSlash(topic));
    return it == remaps_.end() ? withSlash(topic) : it->second;
}

void Pipeline::addHandler(const std::string &topic, const std::string &type, RawHandler call) {
    handlers_[topic].push_back(Handler{type, std::move(call)});
}

std::vector<std::string> Pipeline::topics() const {
    std::vector<std::string> out;
    for (const auto &[topic, list] : handlers_) {
        if (topic == "*") return {};
        out.push_back(topic);
    }
    return out;
}

Status Pipeline::run(bag::MessageSource &source) {
    // Check types once, before reading, so a wrong remapping fails fast and clearly.
    for (const bag::TopicInfo &topic : source.topics()) {
        auto it = handlers_.find(topic.name);
        if (it == handlers_.end()) continue;
        for (const Handler &h : it->second) {
            if (!h.type.empty() && h.type != topic.type) {
                return Error{fmt::format("{}: topic {} has type {}, expected {}", source.describe(), topic.name,
                                         topic.type, h.type)};
            }
        }
    }
    if (!read_ahead_) return dispatchAll(source);
    bag::ReadAheadSource ahead(source);
    return dispatchAll(ahead);
}

Status Pipeline::dispatchAll(bag::MessageSource &source) {
    const std::vector<Handler> *all = nullptr;
    if (auto it = handlers_.find("*"); it != handlers_.end()) all = &it->second;

    TimeNs first = 0, last = 0;
    ProgressBar bar(progress_);
    bag::Message message;
    while (true) {
        Result<bool> more = source.next(message);
        if (!more) return more.error();
        if (!*more) break;
        if (first == 0) first = message.log_time;
        last = message.log_time;
        auto dispatch = [&](const std::vector<Handler> &list) -> Status {
            for (const Handler &h : list) {
                Status status = h.call(message);
                if (!status.ok()) {
                    return Error{fmt::format("{}: topic {} at log time {} ns: {}", source.describe(),
                                             message.topic->name, message.log_time, status.message())};
                }
            }
            return Status::Ok();
        };
        if (auto it = handlers_.find(message.topic->name); it != handlers_.end()) {
            ROBOMETRICS_TRY(dispatch(it->second));
        }
        if (all) ROBOMETRICS_TRY(dispatch(*all));
        bar.update(fmt::format("{:.1f} s of bag time", toSeconds(last - first)));
    }
    bar.finish();
    return Status::Ok();
}

}  // namespace robometrics::pipeline
