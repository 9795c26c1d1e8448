#include "robometrics/sim/KilledRecorder.hpp"

#include <algorithm>
#include <fstream>
#include <vector>

#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::sim {

namespace mcap = bag::mcap;

namespace {

struct ChunkSpan {
    std::uint64_t offset = 0, length = 0, end_time = 0;
};

/// Every top-level chunk, and for each message its topic, log time and enclosing chunk.
struct BagLayout {
    std::vector<ChunkSpan> chunks;
    struct Message {
        std::string topic;
        std::uint64_t log_time = 0, chunk_offset = 0;
    };
    std::vector<Message> messages;
};

Result<BagLayout> readLayout(const std::string &path) {
    auto reader = mcap::LinearReader::open(path);
    if (!reader) return reader.error();
    BagLayout layout;
    std::map<std::uint16_t, std::string> topics;
    mcap::RecordEntry entry;
    for (;;) {
        auto more = reader->next(entry);
        if (!more) return more.error();
        if (!more.value()) break;
        if (const auto *chunk = std::get_if<mcap::ChunkRecord>(&entry.record); chunk && !entry.in_chunk) {
            layout.chunks.push_back({entry.offset, entry.length, chunk->message_end_time});
        } else if (const auto *channel = std::get_if<mcap::ChannelRecord>(&entry.record)) {
            topics[channel->id] = channel->topic;
        } else if (const auto *message = std::get_if<mcap::MessageRecord>(&entry.record)) {
            layout.messages.push_back({topics[message->channel_id], message->log_time, entry.offset});
        }
    }
    return layout;
}

}  // namespace

Result<RecorderKill> killRecorder(const std::string &path, TimeNs kill_time) {
    auto layout = readLayout(path);
    if (!layout) return layout.error();
    const auto &chunks = layout->chunks;
    const auto cut = std::find_if(chunks.begin(), chunks.end(),
                                  [&](const ChunkSpan &c) { return static_cast<TimeNs>(c.end_time) >= kill_time; });
    if (cut == chunks.end())
        return Error{path + ": no chunk is written at or after the kill time: the recording had already ended"};

    RecorderKill kill;
    kill.kill_time = kill_time;
    kill.chunk_offset = cut->offset;
    kill.chunk_length = cut->length;
    kill.cut_offset = cut->offset + cut->length / 2;
    kill.messages_written = layout->messages.size();
    for (const auto &m : layout->messages) {
        if (m.chunk_offset >= cut->offset) continue;
        ++kill.messages_left;
        ++kill.messages_left_per_topic[m.topic];
        kill.last_message_time = std::max(kill.last_message_time, static_cast<TimeNs>(m.log_time));
    }

    std::ifstream in(path, std::ios::binary);
    std::string bytes(static_cast<std::size_t>(kill.cut_offset), '\0');
    in.seekg(0, std::ios::end);
    kill.bytes_before = static_cast<std::uint64_t>(in.tellg());
    in.seekg(0);
    if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
        return Error{path + ": cannot read the bag back to cut it"};
    ROBOMETRICS_TRY(writeFileAtomically(path, bytes));
    return kill;
}

}  // namespace robometrics::sim
