#include "robometrics/bag/rosbag2/SqliteDamage.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>

namespace robometrics::bag::rosbag2 {

std::optional<std::string> sqliteCut(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char header[100] = {};
    if (!in.read(reinterpret_cast<char *>(header), sizeof header)) return std::nullopt;
    // Page size at 16 (big endian; 1 means 65536), database size in pages at 28. The page count
    // is valid only when the change counters at 24 and 92 agree (sqlite 3.7.0 and later).
    auto be32 = [&](int at) {
        return (std::uint32_t{header[at]} << 24) | (std::uint32_t{header[at + 1]} << 16) |
               (std::uint32_t{header[at + 2]} << 8) | std::uint32_t{header[at + 3]};
    };
    std::uint32_t page_size = (std::uint32_t{header[16]} << 8) | header[17];
    if (page_size == 1) page_size = 65536;
    const std::uint32_t pages = be32(28);
    if (page_size < 512 || pages == 0 || be32(24) != be32(92)) return std::nullopt;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    const std::uint64_t declared = std::uint64_t{pages} * page_size;
    if (ec || size >= declared) return std::nullopt;
    return "the file ends at byte " + std::to_string(size) + ", its header declares " + std::to_string(declared) +
           " bytes (" + std::to_string(pages) + " pages of " + std::to_string(page_size) + ")";
}

Result<std::unique_ptr<TempFile>> paddedSqliteCopy(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char header[32] = {};
    if (!in.read(reinterpret_cast<char *>(header), sizeof header)) return Error{path + ": cannot read its header"};
    std::uint32_t page_size = (std::uint32_t{header[16]} << 8) | header[17];
    if (page_size == 1) page_size = 65536;
    const std::uint64_t pages = (std::uint64_t{header[28]} << 24) | (std::uint64_t{header[29]} << 16) |
                                (std::uint64_t{header[30]} << 8) | header[31];
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return Error{path + ": cannot read its size: " + ec.message()};
    const std::uint64_t declared = pages * page_size;
    if (declared <= size) return Error{path + ": not shorter than its header says"};
    if (declared > size * 4096 + (std::uint64_t{64} << 20))
        return Error{path + ": its header declares " + std::to_string(declared) + " bytes, too many for a " +
                     std::to_string(size) + "-byte file"};
    auto temp = TempFile::create(".db3");
    if (!temp) return temp.error();
    std::filesystem::copy_file(path, (*temp)->path(), std::filesystem::copy_options::overwrite_existing, ec);
    if (!ec) std::filesystem::resize_file((*temp)->path(), declared, ec);
    if (ec) return Error{path + ": cannot copy it to " + (*temp)->path() + ": " + ec.message()};
    return temp;
}

std::optional<std::string> sqliteLeftovers(const std::string &path) {
    for (const char *suffix : {"-wal", "-journal"}) {
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(path + suffix, ec);
        if (!ec && size > 0)
            return "a " + std::string(suffix) + " file of " + std::to_string(size) +
                   " bytes beside it holds rows the recorder had not yet moved into the database";
    }
    return std::nullopt;
}

}  // namespace robometrics::bag::rosbag2
