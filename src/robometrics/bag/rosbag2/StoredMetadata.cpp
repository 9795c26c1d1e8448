#include "robometrics/bag/rosbag2/StoredMetadata.hpp"

#include "robometrics/bag/mcap/Summary.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

// The `rosbag2` records of one MCAP file, the last one winning as in rosbag2's own reader (it
// writes an empty one when it opens the file and the full one when it closes it).
Result<std::optional<BagMetadata>> fromMcapRecords(const StorageFile &file) {
    auto input = mcap::FileInput::open(file.path);
    if (!input) return input.error();
    auto summary = mcap::readSummary(*input);
    if (!summary) return summary.error();
    std::optional<BagMetadata> found;
    std::vector<std::uint8_t> buffer;
    for (const mcap::MetadataIndexRecord &index : summary->metadata_indexes) {
        if (index.name != "rosbag2") continue;
        auto record = mcap::readRecordAt(*input, index.offset, mcap::Opcode::Metadata, buffer);
        if (!record) return record.error();
        const auto &metadata = std::get<mcap::MetadataRecord>(*record).metadata;
        BagMetadata parsed;
        if (auto text = metadata.find("serialized_metadata"); text != metadata.end()) {
            auto from_text = parseSerializedMetadata(text->second, file.display + ": rosbag2 metadata record");
            if (!from_text) return from_text.error();
            parsed = std::move(*from_text);
        }
        if (auto distro = metadata.find("ROS_DISTRO"); distro != metadata.end()) parsed.ros_distro = distro->second;
        found = std::move(parsed);
    }
    return found;
}

}  // namespace

Result<std::optional<BagMetadata>> storedMetadata(const BagLayout &layout) {
    if (layout.metadata) return layout.metadata;
    for (const StorageFile &file : layout.files) {
        if (file.format == StorageFormat::Mcap && !file.zstd_file) return fromMcapRecords(file);
    }
    return std::optional<BagMetadata>{};
}

}  // namespace robometrics::bag::rosbag2
