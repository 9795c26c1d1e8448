#include "robometrics/bag/BagBytes.hpp"

#include <filesystem>

namespace robometrics::bag {

std::uint64_t bytesOnDisk(const std::string &path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        const auto size = fs::file_size(path, ec);
        return ec ? 0 : size;
    }
    std::uint64_t total = 0;
    for (const fs::directory_entry &entry : fs::directory_iterator(path, ec)) {
        if (!entry.is_regular_file(ec)) continue;
        const auto size = entry.file_size(ec);
        if (!ec) total += size;
    }
    return total;
}

}  // namespace robometrics::bag
