#include "robometrics/core/SpillFile.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

namespace robometrics {

namespace {

bool isDirectory(const char *path) {
    struct stat st {};
    return path && *path && ::stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/// An unnamed file in `dir`: O_TMPFILE where the file system has it, else a named file unlinked
/// at once. -1 when neither can be made.
int openUnnamed(const std::string &dir) {
#ifdef O_TMPFILE
    const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
#endif
    std::string name = dir + "/robometrics-spill.XXXXXX";
    std::vector<char> path(name.begin(), name.end());
    path.push_back('\0');
    const int named = ::mkostemp(path.data(), O_CLOEXEC);
    if (named >= 0) ::unlink(path.data());
    return named;
}

/// Moves all `size` bytes at `offset` with pread or pwrite (`io`), which may move fewer at a time.
template <class Io, class Bytes>
bool transferAll(Io io, int fd, Bytes *bytes, std::size_t size, std::uint64_t offset) {
    while (size > 0) {
        const ssize_t n = io(fd, bytes, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes += n;
        size -= static_cast<std::size_t>(n);
        offset += static_cast<std::uint64_t>(n);
    }
    return true;
}

bool writeAll(int fd, const char *data, std::size_t size, std::uint64_t offset) {
    return transferAll(::pwrite, fd, data, size, offset);
}

bool readAll(int fd, char *out, std::size_t size, std::uint64_t offset) {
    return transferAll(::pread, fd, out, size, offset);
}

}  // namespace

SpillFile::~SpillFile() { clear(); }

SpillFile::SpillFile(SpillFile &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      tried_file_(std::exchange(other.tried_file_, false)),
      size_(std::exchange(other.size_, 0)),
      memory_(std::move(other.memory_)) {}

SpillFile &SpillFile::operator=(SpillFile &&other) noexcept {
    if (this != &other) {
        clear();
        fd_ = std::exchange(other.fd_, -1);
        tried_file_ = std::exchange(other.tried_file_, false);
        size_ = std::exchange(other.size_, 0);
        memory_ = std::move(other.memory_);
    }
    return *this;
}

std::string SpillFile::directory() {
    if (const char *tmp = std::getenv("TMPDIR"); isDirectory(tmp)) return tmp;
    if (isDirectory("/var/tmp")) return "/var/tmp";
    return "/tmp";
}

void SpillFile::append(const void *data, std::size_t size) {
    if (!tried_file_) {
        tried_file_ = true;
        fd_ = openUnnamed(directory());
    }
    if (fd_ >= 0 && !writeAll(fd_, static_cast<const char *>(data), size, size_)) fallBackToMemory();
    if (fd_ < 0) memory_.append(static_cast<const char *>(data), size);
    size_ += size;
}

void SpillFile::read(std::uint64_t offset, void *out, std::size_t size) const {
    if (offset + size > size_) throw std::runtime_error("temporary spill file: read past its end");
    if (fd_ < 0) {
        std::memcpy(out, memory_.data() + offset, size);
    } else if (!readAll(fd_, static_cast<char *>(out), size, offset)) {
        throw std::runtime_error(std::string("temporary spill file in ") + directory() +
                                 ": cannot read back: " + std::strerror(errno));
    }
}

void SpillFile::fallBackToMemory() {
    memory_.resize(size_);
    const bool ok = readAll(fd_, memory_.data(), memory_.size(), 0);
    ::close(fd_);
    fd_ = -1;
    if (!ok) {
        throw std::runtime_error(std::string("temporary spill file in ") + directory() +
                                 ": cannot read back after a failed write: " + std::strerror(errno));
    }
}

void SpillFile::clear() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    tried_file_ = false;
    size_ = 0;
    std::string().swap(memory_);
}

}  // namespace robometrics
