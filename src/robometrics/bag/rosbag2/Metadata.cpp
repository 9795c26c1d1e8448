#include "robometrics/bag/rosbag2/Metadata.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace robometrics::bag::rosbag2 {

namespace {

constexpr std::uintmax_t kMaxMetadataBytes = 64ull << 20;

// Reads an optional scalar; a present but malformed value is an error naming the key.
template <class T>
Status readScalar(const YAML::Node &node, const char *key, T &out, const std::string &where) {
    YAML::Node value = node[key];
    if (!value || value.IsNull()) return Status::Ok();
    if (!value.IsScalar()) return Error{where + ": '" + key + "' must be a scalar"};
    try {
        out = value.as<T>();
    } catch (const YAML::Exception &) {
        return Error{where + ": '" + key + "' has an invalid value '" + value.Scalar() + "'"};
    }
    return Status::Ok();
}

// Reads `{<inner>: int}` (duration / starting_time) into `out`.
Status readNested(const YAML::Node &node, const char *key, const char *inner, TimeNs &out, const std::string &where) {
    YAML::Node value = node[key];
    if (!value || value.IsNull()) return Status::Ok();
    if (!value.IsMap()) return Error{where + ": '" + key + "' must be a map with '" + inner + "'"};
    // Empty bags store INT64_MAX as the starting time; read as unsigned and clamp.
    std::uint64_t raw = 0;
    ROBOMETRICS_TRY(readScalar(value, inner, raw, where + "." + key));
    out = raw > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<TimeNs>(raw);
    return Status::Ok();
}

// QoS is a YAML string (versions 4-8) or a YAML sequence (version 9); keep it as YAML text.
std::string qosText(const YAML::Node &node) {
    if (!node || node.IsNull()) return {};
    if (node.IsScalar()) return node.Scalar();
    YAML::Emitter emitter;
    emitter << node;
    return emitter.c_str();
}

Result<TopicInfo> parseTopic(const YAML::Node &entry, const std::string &where) {
    if (!entry.IsMap()) return Error{where + ": expected a map"};
    YAML::Node meta = entry["topic_metadata"];
    if (!meta || !meta.IsMap()) return Error{where + ": missing 'topic_metadata'"};
    TopicInfo topic;
    ROBOMETRICS_TRY(readScalar(meta, "name", topic.name, where + ".topic_metadata"));
    ROBOMETRICS_TRY(readScalar(meta, "type", topic.type, where + ".topic_metadata"));
    ROBOMETRICS_TRY(readScalar(meta, "serialization_format", topic.serialization_format, where + ".topic_metadata"));
    if (topic.name.empty()) return Error{where + ".topic_metadata: missing 'name'"};
    topic.type = normalizeTypeName(topic.type);
    topic.offered_qos_profiles = qosText(meta["offered_qos_profiles"]);
    ROBOMETRICS_TRY(readScalar(meta, "type_description_hash", topic.type_hash, where + ".topic_metadata"));
    ROBOMETRICS_TRY(readScalar(entry, "message_count", topic.message_count, where));
    return topic;
}

Status parseFiles(const YAML::Node &files, BagMetadata &out, const std::string &where) {
    if (!files || files.IsNull()) return Status::Ok();
    if (!files.IsSequence()) return Error{where + ": 'files' must be a list"};
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::string at = where + ".files[" + std::to_string(i) + "]";
        if (!files[i].IsMap()) return Error{at + ": expected a map"};
        FileEntry entry;
        ROBOMETRICS_TRY(readScalar(files[i], "path", entry.path, at));
        ROBOMETRICS_TRY(readNested(files[i], "starting_time", "nanoseconds_since_epoch", entry.starting_time, at));
        ROBOMETRICS_TRY(readNested(files[i], "duration", "nanoseconds", entry.duration, at));
        ROBOMETRICS_TRY(readScalar(files[i], "message_count", entry.message_count, at));
        out.files.push_back(std::move(entry));
    }
    return Status::Ok();
}

Result<BagMetadata> parseRoot(const YAML::Node &doc, const std::string &file) {
    const std::string where = file + ": rosbag2_bagfile_information";
    YAML::Node root = doc["rosbag2_bagfile_information"];
    if (!root || !root.IsMap()) return Error{file + ": missing the 'rosbag2_bagfile_information' map"};
    BagMetadata meta;
    ROBOMETRICS_TRY(readScalar(root, "version", meta.version, where));
    ROBOMETRICS_TRY(readScalar(root, "storage_identifier", meta.storage_identifier, where));
    ROBOMETRICS_TRY(readNested(root, "starting_time", "nanoseconds_since_epoch", meta.starting_time, where));
    ROBOMETRICS_TRY(readNested(root, "duration", "nanoseconds", meta.duration, where));
    ROBOMETRICS_TRY(readScalar(root, "message_count", meta.message_count, where));
    ROBOMETRICS_TRY(readScalar(root, "compression_format", meta.compression_format, where));
    ROBOMETRICS_TRY(readScalar(root, "ros_distro", meta.ros_distro, where));
    std::string mode;
    ROBOMETRICS_TRY(readScalar(root, "compression_mode", mode, where));
    auto parsed_mode = parseCompressionMode(mode);
    if (!parsed_mode) return withContext(where, parsed_mode.error());
    meta.compression_mode = *parsed_mode;
    if (meta.compression_mode != CompressionMode::None && meta.compression_format != "zstd")
        return Error{where + ": unsupported compression_format '" + meta.compression_format + "' (only zstd)"};

    if (YAML::Node paths = root["relative_file_paths"]; paths && !paths.IsNull()) {
        if (!paths.IsSequence()) return Error{where + ": 'relative_file_paths' must be a list"};
        for (const auto &p : paths) {
            if (!p.IsScalar()) return Error{where + ": 'relative_file_paths' entries must be strings"};
            meta.relative_file_paths.push_back(p.Scalar());
        }
    }
    if (YAML::Node topics = root["topics_with_message_count"]; topics && !topics.IsNull()) {
        if (!topics.IsSequence()) return Error{where + ": 'topics_with_message_count' must be a list"};
        for (std::size_t i = 0; i < topics.size(); ++i) {
            auto topic = parseTopic(topics[i], where + ".topics_with_message_count[" + std::to_string(i) + "]");
            if (!topic) return topic.error();
            meta.topics.push_back(std::move(*topic));
        }
    }
    ROBOMETRICS_TRY(parseFiles(root["files"], meta, where));
    if (YAML::Node custom = root["custom_data"]; custom && custom.IsMap()) {
        for (const auto &kv : custom)
            if (kv.first.IsScalar() && kv.second.IsScalar()) meta.custom_data[kv.first.Scalar()] = kv.second.Scalar();
    }
    return meta;
}

}  // namespace

std::string normalizeTypeName(const std::string &type) {
    if (std::count(type.begin(), type.end(), '/') != 1) return type;
    std::size_t slash = type.find('/');
    return type.substr(0, slash) + "/msg" + type.substr(slash);
}

Result<CompressionMode> parseCompressionMode(const std::string &text) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower.empty() || lower == "none") return CompressionMode::None;
    if (lower == "file") return CompressionMode::File;
    if (lower == "message") return CompressionMode::Message;
    return Error{"unknown compression_mode '" + text + "' (expected NONE, FILE or MESSAGE)"};
}

const char *compressionModeName(CompressionMode mode) {
    switch (mode) {
        case CompressionMode::File: return "FILE";
        case CompressionMode::Message: return "MESSAGE";
        case CompressionMode::None: break;
    }
    return "NONE";
}

Result<BagMetadata> parseMetadata(const std::string &text, const std::string &file) {
    try {
        return parseRoot(YAML::Load(text), file);
    } catch (const YAML::Exception &e) {
        return Error{file + ": invalid YAML at line " + std::to_string(e.mark.line + 1) + ": " + e.msg};
    }
}

Result<BagMetadata> parseSerializedMetadata(const std::string &text, const std::string &where) {
    try {
        YAML::Node doc;
        doc["rosbag2_bagfile_information"] = YAML::Load(text);
        return parseRoot(doc, where);
    } catch (const YAML::Exception &e) {
        return Error{where + ": invalid YAML at line " + std::to_string(e.mark.line + 1) + ": " + e.msg};
    }
}

Result<BagMetadata> readMetadata(const std::string &path) {
    std::error_code ec;
    std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return Error{path + ": cannot read: " + ec.message()};
    if (size > kMaxMetadataBytes) return Error{path + ": " + std::to_string(size) + " bytes is too large for metadata.yaml"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path + ": cannot open"};
    std::ostringstream text;
    text << in.rdbuf();
    return parseMetadata(text.str(), path);
}

}  // namespace robometrics::bag::rosbag2
