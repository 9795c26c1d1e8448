#include "robometrics/io/BagTopicCheck.hpp"

#include <filesystem>

#include "robometrics/bag/MissingTopic.hpp"
#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TrajectoryInput.hpp"

namespace robometrics::io {

Status checkTrajectoryTopic(const std::string &argument) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(argument, ec)) return Status::Ok();  // a trajectory file
    auto spec = parseBagTrajectorySpec(argument);
    if (!spec || spec->isTf() || !looksLikeBag(spec->path)) return Status::Ok();
    auto source = bag::openBag(spec->path, bag::ReadOptions{{spec->topic}, {}, {}});
    if (!source) return Status::Ok();  // the reader reports a bag it cannot open
    for (const bag::TopicInfo &t : (*source)->topics())
        if (t.name == spec->topic) return Status::Ok();
    return Error{bag::missingTopicMessage(spec->path, spec->topic, (*source)->topics())};
}

}  // namespace robometrics::io
