#include "robometrics/core/Text.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace robometrics {

std::string_view trimmed(std::string_view text) {
    constexpr std::string_view kBlanks = " \t\r\n";
    const auto first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

std::string readWholeFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Status checkInputFile(const std::string &path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) return Error{fmt::format("{}: no such file", path)};
    if (fs::is_directory(status)) return Error{fmt::format("{}: is a directory, expected a file", path)};
    if (!fs::is_regular_file(status) && !fs::is_fifo(status)) {
        return Error{fmt::format("{}: not a regular file", path)};
    }
    return Status::Ok();
}

Result<std::string> readInputFile(const std::string &path) {
    if (auto usable = checkInputFile(path); !usable) return usable.error();
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{fmt::format("{}: cannot open file: {}", path, std::strerror(errno))};
    // istream::read turns a failing read into badbit instead of letting it throw.
    std::string data;
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) data.append(block, static_cast<std::size_t>(in.gcount()));
    if (in.bad()) return Error{fmt::format("{}: read error", path)};
    return data;
}

}  // namespace robometrics
