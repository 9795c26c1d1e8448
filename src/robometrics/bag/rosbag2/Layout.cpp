#include "robometrics/bag/rosbag2/Layout.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "robometrics/bag/rosbag2/Zstd.hpp"

namespace robometrics::bag::rosbag2 {

namespace fs = std::filesystem;

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The storage format from the name with any ".zstd" removed.
std::optional<StorageFormat> formatFromName(std::string name) {
    if (endsWith(name, ".zstd")) name.resize(name.size() - 5);
    if (endsWith(name, ".db3")) return StorageFormat::Sqlite3;
    if (endsWith(name, ".mcap")) return StorageFormat::Mcap;
    return std::nullopt;
}

// Identifies a file by its first bytes, not its name: a renamed or mislabelled file still
// opens, and a wrong one gets a "bad magic" error instead of a library's guess.
Status sniff(StorageFile &file, std::optional<StorageFormat> from_name) {
    std::ifstream in(file.path, std::ios::binary);
    if (!in) return Error{file.display + ": cannot open"};
    std::array<char, 16> head{};
    in.read(head.data(), head.size());
    std::size_t got = static_cast<std::size_t>(in.gcount());
    auto starts = [&](const char *magic, std::size_t n) { return got >= n && std::equal(magic, magic + n, head.data()); };
    if (starts("SQLite format 3\0", 16)) {
        file.format = StorageFormat::Sqlite3;
    } else if (starts("\x89MCAP", 5)) {
        file.format = StorageFormat::Mcap;
    } else if (isZstdFrame({reinterpret_cast<const std::uint8_t *>(head.data()), got})) {
        file.zstd_file = true;
        if (!from_name) return Error{file.display + ": zstd-compressed file whose name does not say .db3 or .mcap"};
        file.format = *from_name;
    } else if (starts("#ROSBAG V", 9)) {
        file.format = StorageFormat::Ros1;  // the ROS 1 reader names an unsupported version
    } else if (got == 0) {
        return Error{file.display + ": empty file (expected an MCAP, sqlite3 or zstd file)"};
    } else {
        return Error{file.display + ": offset 0: bad magic (not an MCAP, sqlite3 or zstd file)"};
    }
    return Status::Ok();
}

Result<StorageFile> storageFile(const fs::path &path, const std::string &display) {
    StorageFile file;
    file.path = path.string();
    file.display = display;
    std::error_code ec;
    file.size_bytes = fs::file_size(path, ec);
    if (ec) return Error{display + ": cannot read: " + ec.message()};
    ROBOMETRICS_TRY(sniff(file, formatFromName(path.filename().string())));
    return file;
}

// "bag_12.db3.zstd" -> ("bag", 12) so that splits sort by number, not by text.
std::pair<std::string, long long> splitKey(const std::string &name) {
    std::string stem = name.substr(0, name.find('.'));
    std::size_t underscore = stem.rfind('_');
    if (underscore != std::string::npos && underscore + 1 < stem.size() &&
        std::all_of(stem.begin() + static_cast<long>(underscore) + 1, stem.end(), [](unsigned char c) { return std::isdigit(c); }) &&
        stem.size() - underscore - 1 < 18)
        return {stem.substr(0, underscore), std::stoll(stem.substr(underscore + 1))};
    return {stem, -1};
}

Status scanDirectory(BagLayout &layout, const fs::path &dir) {
    std::vector<fs::path> found;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file(ec) && formatFromName(entry.path().filename().string())) found.push_back(entry.path());
    if (ec) return Error{dir.string() + ": cannot list: " + ec.message()};
    if (found.empty())
        return Error{dir.string() + ": no metadata.yaml and no storage files (.db3, .mcap, .db3.zstd, .mcap.zstd)"};
    std::sort(found.begin(), found.end(), [](const fs::path &a, const fs::path &b) {
        auto ka = splitKey(a.filename().string()), kb = splitKey(b.filename().string());
        return ka != kb ? ka < kb : a.filename() < b.filename();
    });
    for (const auto &path : found) {
        auto file = storageFile(path, path.string());
        if (!file) return file.error();
        layout.files.push_back(std::move(*file));
    }
    return Status::Ok();
}

Status listedFiles(BagLayout &layout, const fs::path &dir) {
    const BagMetadata &meta = *layout.metadata;
    std::vector<std::string> names = meta.relative_file_paths;
    if (names.empty())
        for (const auto &f : meta.files) names.push_back(f.path);
    if (names.empty()) return Error{layout.metadata_path + ": lists no storage files (relative_file_paths is empty)"};
    for (const auto &name : names) {
        std::error_code ec;
        const fs::path candidates[] = {dir / name, dir.parent_path() / name, dir / fs::path(name).filename()};
        const fs::path *hit = nullptr;
        for (const auto &c : candidates)
            if (fs::is_regular_file(c, ec)) {
                hit = &c;
                break;
            }
        if (!hit) {
            MissingFile missing{name,
                                layout.metadata_path + ": relative_file_paths names '" + name +
                                    "', which exists neither in the bag directory nor in its parent",
                                std::nullopt};
            for (const FileEntry &entry : meta.files)
                if (entry.path == name) missing.entry = entry;
            layout.missing.push_back(std::move(missing));
            continue;
        }
        auto file = storageFile(*hit, (dir / name).string());
        if (!file) return file.error();
        layout.files.push_back(std::move(*file));
    }
    // Not one listed file on disk: nothing to read, an error naming the first.
    if (layout.files.empty()) return Error{layout.missing.front().error};
    return Status::Ok();
}

}  // namespace

std::string BagLayout::storageIdentifier() const {
    if (metadata && !metadata->storage_identifier.empty()) return metadata->storage_identifier;
    if (files.empty()) return {};
    switch (files.front().format) {
        case StorageFormat::Mcap:
            return "mcap";
        case StorageFormat::Ros1:
            return "ros1";
        case StorageFormat::Sqlite3:
            break;
    }
    return "sqlite3";
}

std::string BagLayout::compressionFormat() const {
    if (metadata && !metadata->compression_format.empty()) return metadata->compression_format;
    return compressionMode() == CompressionMode::None ? "" : "zstd";
}

CompressionMode BagLayout::compressionMode() const {
    if (metadata) return metadata->compression_mode;
    bool any_zstd = std::any_of(files.begin(), files.end(), [](const StorageFile &f) { return f.zstd_file; });
    return any_zstd ? CompressionMode::File : CompressionMode::None;  // MESSAGE mode is seen only per message
}

Result<BagLayout> resolveBag(const std::string &path) {
    BagLayout layout;
    layout.path = path;
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return Error{path + ": no such file or directory"};
    if (fs::is_directory(status)) {
        layout.directory = true;
        fs::path dir(path);
        fs::path meta_path = dir / "metadata.yaml";
        if (fs::exists(meta_path, ec)) {
            layout.metadata_path = meta_path.string();
            auto meta = readMetadata(layout.metadata_path);
            if (!meta) return meta.error();
            layout.metadata = std::move(*meta);
            layout.size_bytes += fs::file_size(meta_path, ec);
            ROBOMETRICS_TRY(listedFiles(layout, dir));
        } else {
            ROBOMETRICS_TRY(scanDirectory(layout, dir));
        }
    } else {
        auto file = storageFile(path, path);
        if (!file) return file.error();
        layout.files.push_back(std::move(*file));
    }
    for (const auto &f : layout.files) layout.size_bytes += f.size_bytes;
    return layout;
}

}  // namespace robometrics::bag::rosbag2
