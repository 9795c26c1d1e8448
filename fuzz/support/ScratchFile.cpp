#include "ScratchFile.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace robometrics::fuzz {
namespace {

// tmpfs keeps a fuzz iteration off the disk; a file write there costs microseconds.
std::filesystem::path scratchParent() {
    std::error_code ec;
    if (std::filesystem::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0) return "/dev/shm";
    return std::filesystem::temp_directory_path();
}

struct ScratchFolder {
    std::string path;

    ScratchFolder() {
        std::string pattern = (scratchParent() / "robometrics-fuzz-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create " + pattern);
        path = pattern;
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    ScratchFolder(const ScratchFolder &) = delete;
    ScratchFolder &operator=(const ScratchFolder &) = delete;
};

}  // namespace

const std::string &scratchDirectory() {
    static const ScratchFolder folder;
    return folder.path;
}

std::string writeScratchFile(const std::string &name, std::span<const std::uint8_t> bytes) {
    std::string path = scratchDirectory() + "/" + name;
    std::FILE *file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) throw std::runtime_error("cannot write " + path);
    bool written = bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    bool closed = std::fclose(file) == 0;
    if (!written || !closed) throw std::runtime_error("cannot write " + path);
    return path;
}

}  // namespace robometrics::fuzz
