#include "robometrics/io/TrajectorySource.hpp"

#include <filesystem>

#include "robometrics/io/TrajectoryInput.hpp"

namespace robometrics::io {

namespace {

/// `BAG:TOPIC` or `BAG:tf:PARENT:CHILD`: the first ":tf:" starts a TF chain, else the last ':'
/// ends the bag's path (a topic holds no ':').
Result<TrajectorySource> parseBagSpelling(const std::string &argument) {
    TrajectorySource out;
    if (auto tf = argument.find(":tf:"); tf != std::string::npos) {
        const std::string frames = argument.substr(tf + 4);
        const auto colon = frames.find(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == frames.size()) {
            return Error{"'" + argument + "': a TF chain is given as PATH:tf:PARENT:CHILD"};
        }
        out = TrajectorySource::bagTf(argument.substr(0, tf), frames.substr(0, colon), frames.substr(colon + 1));
    } else {
        const auto colon = argument.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == argument.size()) {
            return Error{"'" + argument + "': a bag trajectory is given as PATH:TOPIC or PATH:tf:PARENT:CHILD"};
        }
        out = TrajectorySource::bagTopic(argument.substr(0, colon), argument.substr(colon + 1));
    }
    if (out.path.empty()) return Error{"'" + argument + "': the bag path is empty"};
    return out;
}

}  // namespace

TrajectorySource TrajectorySource::file(std::string path, TrajectoryFormat format) {
    TrajectorySource s;
    s.path = std::move(path);
    s.format = format;
    return s;
}

TrajectorySource TrajectorySource::bagTopic(std::string bag, std::string topic) {
    TrajectorySource s;
    s.kind = Kind::BagTopic;
    s.path = std::move(bag);
    s.topic = std::move(topic);
    return s;
}

TrajectorySource TrajectorySource::bagTf(std::string bag, std::string parent, std::string child) {
    TrajectorySource s;
    s.kind = Kind::BagTf;
    s.path = std::move(bag);
    s.parent = std::move(parent);
    s.child = std::move(child);
    return s;
}

std::string TrajectorySource::spelling() const {
    switch (kind) {
        case Kind::BagTopic:
            return path + ":" + topic;
        case Kind::BagTf:
            return path + ":tf:" + parent + ":" + child;
        case Kind::File:
            break;
    }
    return path;
}

Result<TrajectorySource> parseTrajectorySource(const std::string &argument, const std::string &format) {
    const bool automatic = format == "auto" || format.empty();
    std::error_code ec;
    if (format == "bag" ||
        (automatic && !std::filesystem::is_regular_file(argument, ec) && argument.find(':') != std::string::npos)) {
        return parseBagSpelling(argument);
    }
    if (automatic && looksLikeBag(argument)) {
        return Error{argument + ": a bag: name a trajectory in it as " + argument + ":TOPIC or " + argument +
                     ":tf:PARENT:CHILD"};
    }
    auto parsed = parseTrajectoryFormat(format);
    if (!parsed) return parsed.error();
    return TrajectorySource::file(argument, *parsed);
}

}  // namespace robometrics::io
