#include "robometrics/bag/rosbag2/SerializedMetadata.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "robometrics/bag/OfferedQos.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

// The version rosbag2 added each field in (bag-formats.md §3.3).
constexpr int kFilesSince = 5, kCustomDataSince = 6, kTypeHashSince = 7, kRosDistroSince = 8, kQosSequenceSince = 9;

void emitTime(YAML::Emitter &out, const char *key, const char *inner, TimeNs value) {
    out << YAML::Key << key << YAML::Value << YAML::BeginMap << YAML::Key << inner << YAML::Value << value
        << YAML::EndMap;
}

void emitQos(YAML::Emitter &out, const std::string &profiles, int version) {
    out << YAML::Key << "offered_qos_profiles" << YAML::Value;
    if (version < kQosSequenceSince || profiles.empty()) {
        out << YAML::DoubleQuoted << profiles;
        return;
    }
    try {
        out << YAML::Load(profiles);
    } catch (const YAML::Exception &) {
        out << YAML::DoubleQuoted << profiles;  // not YAML: kept as the text it is
    }
}

void emitTopic(YAML::Emitter &out, const TopicInfo &topic, int version) {
    out << YAML::BeginMap << YAML::Key << "topic_metadata" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << topic.name;
    out << YAML::Key << "type" << YAML::Value << topic.type;
    out << YAML::Key << "serialization_format" << YAML::Value << topic.serialization_format;
    emitQos(out, topic.offered_qos_profiles, version);
    if (version >= kTypeHashSince) out << YAML::Key << "type_description_hash" << YAML::Value << topic.type_hash;
    out << YAML::EndMap << YAML::Key << "message_count" << YAML::Value << topic.message_count << YAML::EndMap;
}

}  // namespace

std::string serializeMetadata(const BagMetadata &m) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "version" << YAML::Value << m.version;
    out << YAML::Key << "storage_identifier" << YAML::Value << m.storage_identifier;
    emitTime(out, "duration", "nanoseconds", m.duration);
    emitTime(out, "starting_time", "nanoseconds_since_epoch", m.starting_time);
    out << YAML::Key << "message_count" << YAML::Value << m.message_count;
    out << YAML::Key << "topics_with_message_count" << YAML::Value << YAML::BeginSeq;
    for (const TopicInfo &topic : m.topics) emitTopic(out, topic, m.version);
    out << YAML::EndSeq;
    out << YAML::Key << "compression_format" << YAML::Value << YAML::DoubleQuoted << m.compression_format;
    out << YAML::Key << "compression_mode" << YAML::Value << YAML::DoubleQuoted
        << (m.compression_mode == CompressionMode::None ? "" : compressionModeName(m.compression_mode));
    out << YAML::Key << "relative_file_paths" << YAML::Value << YAML::BeginSeq;
    for (const std::string &path : m.relative_file_paths) out << path;
    out << YAML::EndSeq;
    if (m.version >= kFilesSince) {
        out << YAML::Key << "files" << YAML::Value << YAML::BeginSeq;
        for (const FileEntry &file : m.files) {
            out << YAML::BeginMap << YAML::Key << "path" << YAML::Value << file.path;
            emitTime(out, "starting_time", "nanoseconds_since_epoch", file.starting_time);
            emitTime(out, "duration", "nanoseconds", file.duration);
            out << YAML::Key << "message_count" << YAML::Value << file.message_count << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (m.version >= kCustomDataSince) {
        out << YAML::Key << "custom_data" << YAML::Value;
        if (m.custom_data.empty()) {
            out << YAML::Null;
        } else {
            out << YAML::BeginMap;
            for (const auto &[key, value] : m.custom_data) out << YAML::Key << key << YAML::Value << value;
            out << YAML::EndMap;
        }
    }
    if (m.version >= kRosDistroSince)
        out << YAML::Key << "ros_distro" << YAML::Value << YAML::DoubleQuoted << m.ros_distro;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::map<std::string, std::string> rosbag2MetadataRecord(const BagMetadata &metadata) {
    std::map<std::string, std::string> record{{"serialized_metadata", serializeMetadata(metadata)}};
    if (!metadata.ros_distro.empty()) record["ROS_DISTRO"] = metadata.ros_distro;
    return record;
}

int metadataVersionOf(const BagMetadata &metadata) {
    if (metadata.version > 0) return metadata.version;
    static const std::map<std::string, int> kByDistro{{"foxy", 4},  {"galactic", 4}, {"humble", 5}, {"iron", 7},
                                                      {"jazzy", 9}, {"kilted", 9},   {"rolling", 9}};
    const auto it = kByDistro.find(metadata.ros_distro);
    return it == kByDistro.end() ? 0 : it->second;
}

int metadataVersionFor(int source_version, const std::vector<TopicInfo> &topics) {
    bool integers = false;  // a non-empty profile spelled with integers
    for (const TopicInfo &topic : topics) {
        if (topic.offered_qos_profiles.empty()) continue;
        if (qosSpellingOf(topic.offered_qos_profiles) == QosSpelling::Names)
            return std::max(source_version, kQosSequenceSince);
        integers = true;
    }
    if (source_version <= 0 || (integers && source_version >= kQosSequenceSince)) return kQosSequenceSince - 1;
    return source_version;
}

}  // namespace robometrics::bag::rosbag2
