#include "robometrics/bag/mcap/RecordEncoder.hpp"

namespace robometrics::bag::mcap {

void encodeSchema(std::vector<std::uint8_t> &out, const SchemaRecord &r) {
    RecordEncoder e(out);
    e.begin(Opcode::Schema);
    e.u16(r.id);
    e.string(r.name);
    e.string(r.encoding);
    e.u32(static_cast<std::uint32_t>(r.data.size()));
    e.raw(r.data);
    e.finish();
}

void encodeChannel(std::vector<std::uint8_t> &out, const ChannelRecord &r) {
    RecordEncoder e(out);
    e.begin(Opcode::Channel);
    e.u16(r.id);
    e.u16(r.schema_id);
    e.string(r.topic);
    e.string(r.message_encoding);
    e.stringMap(r.metadata);
    e.finish();
}

}  // namespace robometrics::bag::mcap
