#pragma once
// Where a bag's bytes are: resolves a path (rosbag2 directory, .mcap, .db3, or a whole-file
// zstd-compressed storage file) into its metadata (when there is a metadata.yaml) and the list
// of storage files in reading order.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/rosbag2/Metadata.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::rosbag2 {

enum class StorageFormat { Sqlite3, Mcap, Ros1 };  ///< Ros1: a ROS 1 bag file (format 2.0)

struct StorageFile {
    std::string path;         ///< as found on disk
    std::string display;      ///< the name used in messages (as metadata.yaml lists it)
    StorageFormat format = StorageFormat::Sqlite3;  ///< of the (decompressed) content
    bool zstd_file = false;   ///< FILE compression: the whole file is a zstd stream
    std::uint64_t size_bytes = 0;
};

/// A storage file metadata.yaml lists that is not on disk: a strict read refuses the bag with
/// `error`, a recovering read loses only that file's span (its `files:` entry, when there is one).
struct MissingFile {
    std::string display;  ///< as metadata.yaml lists it
    std::string error;    ///< "metadata.yaml: relative_file_paths names 'x', which exists neither ..."
    std::optional<FileEntry> entry;
};

struct BagLayout {
    std::string path;                     ///< what the user gave
    bool directory = false;               ///< a rosbag2 directory (else a single file)
    std::optional<BagMetadata> metadata;  ///< from metadata.yaml when present
    std::string metadata_path;            ///< empty without metadata.yaml
    std::vector<StorageFile> files;
    std::vector<MissingFile> missing;  ///< listed by metadata.yaml, not on disk
    std::uint64_t size_bytes = 0;  ///< storage files plus metadata.yaml

    std::string storageIdentifier() const;  ///< "sqlite3" / "mcap"
    std::string compressionFormat() const;  ///< "" / "zstd"
    CompressionMode compressionMode() const;
};

/// Resolves `path`. For a directory with metadata.yaml each listed file is looked up relative
/// to the directory, then to its parent (Foxy wrote paths that include the folder name), then
/// by its file name alone; a file found nowhere is listed in `missing` (all missing: an error
/// naming the first). Without metadata.yaml
/// the directory is scanned for storage files (.db3, .mcap, optionally .zstd), ordered by
/// their split index.
Result<BagLayout> resolveBag(const std::string &path);

}  // namespace robometrics::bag::rosbag2
