#pragma once
// For the tests of MCAP files written without chunks (the project's writer always writes chunks):
// a bag's messages copied, in the order the reader gives them, into an MCAP whose Schema, Channel
// and Message records lie directly in the data section, with a data-section CRC and no summary.
// Returns where each Message record lies ([offset, end)), empty when the bag does not open.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/bag/mcap/RecordEncoder.hpp"

namespace robometrics::test {

inline std::vector<std::pair<std::uint64_t, std::uint64_t>> writeUnchunkedCopy(const std::filesystem::path &bag,
                                                                               const std::filesystem::path &out_path) {
    using namespace bag::mcap;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> messages;
    auto source = bag::openBag(bag.string());
    if (!source) return messages;
    std::vector<std::uint8_t> out(kMagic, kMagic + sizeof kMagic);
    {
        RecordEncoder e(out);
        e.begin(Opcode::Header);
        e.string("ros2");
        e.string("robometrics test, unchunked");
        e.finish();
    }
    std::map<const bag::TopicInfo *, std::uint16_t> channels;
    for (const bag::TopicInfo &topic : (*source)->topics()) {
        const auto id = static_cast<std::uint16_t>(channels.size() + 1);
        SchemaRecord schema{id, topic.schema.name.empty() ? topic.type : topic.schema.name, topic.schema.encoding,
                            std::vector<std::uint8_t>(topic.schema.text.begin(), topic.schema.text.end())};
        encodeSchema(out, schema);
        ChannelRecord channel{id, id, topic.name, topic.serialization_format, {}};
        if (!topic.offered_qos_profiles.empty()) channel.metadata["offered_qos_profiles"] = topic.offered_qos_profiles;
        encodeChannel(out, channel);
        channels[&topic] = id;
    }
    bag::Message m;
    for (;;) {
        auto more = (*source)->next(m);
        if (!more || !*more) break;
        const std::uint64_t offset = out.size();
        RecordEncoder e(out);
        e.begin(Opcode::Message);
        e.u16(channels.at(m.topic));
        e.u32(0);
        e.u64(static_cast<std::uint64_t>(m.log_time));
        e.u64(static_cast<std::uint64_t>(m.publish_time));
        e.raw(m.data);
        e.finish();
        messages.emplace_back(offset, out.size());
    }
    const std::uint32_t crc = crc32(Bytes(out));
    {
        RecordEncoder e(out);
        e.begin(Opcode::DataEnd);
        e.u32(crc);
        e.finish();
    }
    {
        RecordEncoder e(out);
        e.begin(Opcode::Footer);
        e.u64(0);
        e.u64(0);
        e.u32(0);
        e.finish();
    }
    out.insert(out.end(), kMagic, kMagic + sizeof kMagic);
    std::ofstream(out_path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char *>(out.data()), static_cast<std::streamsize>(out.size()));
    return messages;
}

}  // namespace robometrics::test
