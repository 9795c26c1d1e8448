#include "robometrics/io/BagTopicCheck.hpp"

#include "robometrics/bag/MissingTopic.hpp"
#include "robometrics/io/TrajectoryInput.hpp"

namespace robometrics::io {

Status checkTrajectoryTopic(const TrajectorySource &source) {
    if (source.kind != TrajectorySource::Kind::BagTopic || !looksLikeBag(source.path)) return Status::Ok();
    auto bag = bag::openBag(source.path, bag::ReadOptions{{source.topic}, {}, {}});
    if (!bag) return Status::Ok();  // the reader reports a bag it cannot open
    for (const bag::TopicInfo &t : (*bag)->topics())
        if (t.name == source.topic) return Status::Ok();
    return Error{bag::missingTopicMessage(source.path, source.topic, (*bag)->topics())};
}

}  // namespace robometrics::io
