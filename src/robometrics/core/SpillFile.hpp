#pragma once
// Bytes of a long run kept on disk instead of in memory: records that `evaluate` must keep until
// the end of the pass (window statistics, localization readings) but reads only in order, once or
// twice, afterwards. They go into an unnamed temporary file that the system removes when it is
// closed, even after a crash; they are appended in blocks and read back at any offset, by any
// number of threads at once (pread).
//
// The file is made on the first append, in $TMPDIR when set, else /var/tmp (on disk where /tmp is
// a RAM file system, as on Debian 13), else /tmp. Where no temporary file can be made or written
// (no such folder, a full disk), the bytes stay in memory: an evaluation that uses more memory is
// better than one that fails. `onDisk()` tells which.

#include <cstddef>
#include <cstdint>
#include <string>

namespace robometrics {

class SpillFile {
public:
    SpillFile() = default;
    ~SpillFile();
    SpillFile(const SpillFile &) = delete;
    SpillFile &operator=(const SpillFile &) = delete;
    SpillFile(SpillFile &&other) noexcept;
    SpillFile &operator=(SpillFile &&other) noexcept;

    /// Appends `size` bytes.
    void append(const void *data, std::size_t size);
    /// Copies `size` bytes from `offset` (offset + size <= this->size()). Throws std::runtime_error
    /// should the system fail to read back what it wrote.
    void read(std::uint64_t offset, void *out, std::size_t size) const;
    std::uint64_t size() const { return size_; }
    bool onDisk() const { return fd_ >= 0; }
    /// Forgets every byte (the file is closed).
    void clear();

    /// The folder temporary files go to: $TMPDIR, /var/tmp or /tmp, the first that exists.
    static std::string directory();

private:
    /// Moves what the file holds into memory_ and closes it (a write failed).
    void fallBackToMemory();

    int fd_ = -1;
    bool tried_file_ = false;  ///< a file was tried (made or not): not tried again
    std::uint64_t size_ = 0;
    std::string memory_;  ///< the bytes when there is no file
};

}  // namespace robometrics
