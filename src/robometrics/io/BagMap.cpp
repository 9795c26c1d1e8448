#include "robometrics/io/BagMap.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::io {

BagTopicSpec parseBagTopicSpec(const std::string &spec, const std::string &default_topic) {
    std::error_code ec;
    const auto colon = spec.rfind(':');
    if (std::filesystem::exists(spec, ec) || colon == std::string::npos) return {spec, default_topic};
    std::string topic = spec.substr(colon + 1);
    if (!topic.empty() && topic[0] != '/') topic = "/" + topic;
    return {spec.substr(0, colon), topic.empty() ? default_topic : topic};
}

Result<BagMap> readBagMap(const std::string &spec, const std::string &default_topic, long which) {
    const BagTopicSpec where = parseBagTopicSpec(spec, default_topic);
    bag::ReadOptions read_options;
    read_options.topics = {where.topic};
    read_options.recover = true;  // a damaged chunk elsewhere in the bag costs only its own messages
    auto source = bag::openBag(where.path, read_options);
    if (!source) return source.error();

    const std::string_view grid_type = msgs::TypeInfo<msgs::OccupancyGrid>::name;
    bool found = false;
    msgs::WireFormat wire_format = msgs::WireFormat::Cdr;
    std::vector<std::string> map_topics;
    for (const bag::TopicInfo &topic : (*source)->topics()) {
        if (topic.type == grid_type) map_topics.push_back(topic.name);
        if (topic.name == where.topic) {
            found = true;
            wire_format = msgs::wireFormatOf(topic.serialization_format);
            if (topic.type != grid_type) {
                return Error{fmt::format("{}: topic {} has type {}, expected {}", where.path, where.topic, topic.type,
                                         grid_type)};
            }
        }
    }
    const std::string candidates = map_topics.empty() ? "the bag has no OccupancyGrid topic"
                                                      : fmt::format("map topics: {}", fmt::join(map_topics, ", "));
    if (!found) return Error{fmt::format("{}: no topic {} ({})", where.path, where.topic, candidates)};

    // Keep raw payloads only (a whole run can publish hundreds of large maps); decode one at the end.
    if (which < -1) {
        // Counted from the end: the count comes first.
        BagMapCollector counter(where.path, where.topic, wire_format);
        pipeline::Pipeline pipe;
        counter.subscribe(pipe);
        ROBOMETRICS_TRY(pipe.run(**source));
        if (counter.count() == 0) return counter.take();  // the error for no message at all
        if (static_cast<std::size_t>(-which) > counter.count()) {
            return Error{fmt::format("{}: topic {} has {} maps, cannot take number {} from the end", where.path,
                                     where.topic, counter.count(), -which)};
        }
        return readBagMap(where.path + ":" + where.topic, default_topic, static_cast<long>(counter.count()) + which);
    }
    BagMapCollector collector(where.path, where.topic, wire_format, which);
    for (const bag::TopicInfo &topic : (*source)->topics()) {
        if (topic.name == where.topic) collector.expectMessages(topic.message_count);
    }
    pipeline::Pipeline pipe;
    collector.subscribe(pipe);
    ROBOMETRICS_TRY(pipe.run(**source));
    return collector.take();
}

void BagMapCollector::subscribe(pipeline::Pipeline &pipeline) {
    pipeline.subscribeRaw(topic_, [this](const bag::Message &m) -> Status {
        // A map is 160 kB and more, published every few seconds: copied only when it may be the one.
        const bool chosen = which_ < 0 ? count_ + 1 >= expected_ : count_ == static_cast<std::size_t>(which_);
        if (chosen) chosen_.assign(m.data.begin(), m.data.end());
        ++count_;
        return Status::Ok();
    });
}

Result<BagMap> BagMapCollector::take() {
    if (count_ == 0) return Error{fmt::format("{}: no message on topic {}", path_, topic_)};
    if (which_ < 0 && count_ < expected_) {
        // The index promised more maps than came, so the last that came was not kept.
        return readBagMap(path_ + ":" + topic_, topic_, static_cast<long>(count_) - 1);
    }
    BagMap out;
    out.messages = count_;
    if (which_ < 0) {
        out.index = count_ - 1;
    } else {
        if (static_cast<std::size_t>(which_) >= count_) {
            return Error{fmt::format("{}: topic {} has {} maps, no map number {}", path_, topic_, count_, which_)};
        }
        out.index = static_cast<std::size_t>(which_);
    }
    Status decoded = msgs::decode(chosen_, out.grid, wire_format_);
    std::vector<std::uint8_t>().swap(chosen_);
    if (!decoded.ok())
        return Error{fmt::format("{}: topic {} map {}: {}", path_, topic_, out.index, decoded.message())};
    return out;
}

}  // namespace robometrics::io
