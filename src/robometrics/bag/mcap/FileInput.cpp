#include "robometrics/bag/mcap/FileInput.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "robometrics/bag/mcap/OverwriteBuffer.hpp"

namespace robometrics::bag::mcap {

Result<FileInput> FileInput::open(const std::string &path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return Error{path + ": is a directory, expected an .mcap file"};
    FileInput in;
    in.path_ = path;
    in.file_.reset(std::fopen(path.c_str(), "rb"));
    if (!in.file_) return Error{path + ": cannot open: " + std::strerror(errno)};
    if (std::fseek(in.file_.get(), 0, SEEK_END) != 0) return Error{path + ": cannot seek: " + std::strerror(errno)};
    long end = std::ftell(in.file_.get());
    if (end < 0) return Error{path + ": cannot determine the file size"};
    in.size_ = static_cast<std::uint64_t>(end);
    in.position_ = in.size_;
    return in;
}

template <class Buffer>
Status FileInput::read(std::uint64_t offset, std::uint64_t length, Buffer &out, const char *what) {
    if (offset > size_ || length > size_ - offset) {
        return error(offset, std::string(what) + " of " + std::to_string(length) + " bytes runs past the end of the " +
                                 std::to_string(size_) + "-byte file");
    }
    resizeForOverwrite(out, static_cast<std::size_t>(length));
    return readInto(offset, length, out.data(), what);
}

template Status FileInput::read(std::uint64_t, std::uint64_t, std::vector<std::uint8_t> &, const char *);
template Status FileInput::read(std::uint64_t, std::uint64_t, OverwriteBuffer &, const char *);

Status FileInput::readInto(std::uint64_t offset, std::uint64_t length, std::uint8_t *out, const char *what) {
    if (offset > size_ || length > size_ - offset) {
        return error(offset, std::string(what) + " of " + std::to_string(length) + " bytes runs past the end of the " +
                                 std::to_string(size_) + "-byte file");
    }
    if (position_ != offset) {
        if (std::fseek(file_.get(), static_cast<long>(offset), SEEK_SET) != 0) {
            position_ = size_ + 1;
            return error(offset, std::string("cannot seek to ") + what + ": " + std::strerror(errno));
        }
        position_ = offset;
    }
    std::size_t got = length == 0 ? 0 : std::fread(out, 1, static_cast<std::size_t>(length), file_.get());
    position_ += got;
    if (got != length) return error(offset, std::string("short read of ") + what);
    return Status::Ok();
}

Error FileInput::error(std::uint64_t offset, const std::string &message) const {
    return Error{path_ + ": offset " + std::to_string(offset) + ": " + message};
}

}  // namespace robometrics::bag::mcap
