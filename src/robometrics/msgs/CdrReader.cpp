#include "robometrics/msgs/CdrReader.hpp"

namespace robometrics::msgs {

namespace {

std::string hexByte(std::uint8_t b) {
    static constexpr char kDigits[] = "0123456789abcdef";
    return {kDigits[b >> 4], kDigits[b & 15]};
}

}  // namespace

Status CdrReader::begin(std::span<const std::uint8_t> payload, std::string_view root) {
    root_ = root;
    data_ = payload.data();
    size_ = payload.size();
    limit_ = size_;
    pos_ = kCdrHeaderSize;
    depth_ = 0;
    failed_ = false;
    ros1_ = false;
    align_mask_ = ~std::size_t{0};
    error_.clear();
    if (size_ < kCdrHeaderSize) {
        failed_ = true;
        limit_ = 0;
        return Error{std::string(root_) + ": payload of " + std::to_string(size_) +
                     " bytes is shorter than the 4-byte CDR encapsulation header"};
    }
    const std::uint8_t kind = data_[1];
    auto reject = [&](const char *why) -> Status {
        failed_ = true;
        limit_ = 0;
        // Spelled out only here: begin() runs for every message decoded.
        return Error{std::string(root_) + ": encapsulation header " + hexByte(data_[0]) + " " + hexByte(kind) +
                     " at offset 0: " + why};
    };
    if (data_[0] != 0) return reject("unknown representation (expected 00 00 or 00 01, XCDR1)");
    switch (kind) {
        case 0x00:
            swap_ = needsSwap(CdrByteOrder::Big);
            return Status::Ok();
        case 0x01:
            swap_ = needsSwap(CdrByteOrder::Little);
            return Status::Ok();
        case 0x02:
        case 0x03:
            return reject("parameter-list CDR (PL_CDR) is not supported, only XCDR1");
        case 0x06:
        case 0x07:
        case 0x08:
        case 0x09:
        case 0x0a:
        case 0x0b:
            return reject("XCDR2 is not supported, only XCDR1 (00 00 / 00 01)");
        default:
            return reject("unknown representation (expected 00 00 or 00 01, XCDR1)");
    }
}

void CdrReader::beginRos1(std::span<const std::uint8_t> payload, std::string_view root) {
    root_ = root;
    data_ = payload.data();
    size_ = payload.size();
    limit_ = size_;
    pos_ = 0;
    depth_ = 0;
    failed_ = false;
    ros1_ = true;
    align_mask_ = 0;
    swap_ = needsSwap(CdrByteOrder::Little);
    error_.clear();
}

Status CdrReader::finish() const {
    if (failed_) return Error{error_};
    std::size_t left = remaining();
    const std::size_t padding = ros1_ ? 0 : 3;
    if (left > padding) {
        return Error{std::string(root_) + ": " + std::to_string(left) +
                     " unexpected bytes after the last field at offset " + std::to_string(pos_) + " (payload has " +
                     std::to_string(size_) + "; at most " + std::to_string(padding) + " bytes of padding are allowed)"};
    }
    return Status::Ok();
}

void CdrReader::readString(std::string &out) {
    std::uint32_t length = 0;
    read(length);
    if (failed_) return;
    if (length > remaining()) return fail(length, pos_);
    const char *chars = reinterpret_cast<const char *>(data_ + pos_);
    std::size_t n = length;
    if (!ros1_ && n > 0 && chars[n - 1] == '\0') --n;
    // Most strings are frame ids, the same in every message of a topic: comparing first spares
    // the copy for nearly all of them (a buffer is decoded into again and again).
    if (out.size() != n || std::memcmp(out.data(), chars, n) != 0) out.assign(chars, n);
    pos_ += length;
}

std::string CdrReader::pathString() const {
    std::string path(root_);
    std::size_t shown = depth_ < kMaxDepth ? depth_ : kMaxDepth;
    for (std::size_t i = 0; i < shown; ++i) {
        if (path_[i].length != 0) {
            path += '.';
            path.append(path_[i].name, path_[i].length);
        }
        if (path_[i].index != kNoIndex) path += "[" + std::to_string(path_[i].index) + "]";
    }
    return path;
}

void CdrReader::failWith(std::string detail) {
    if (failed_) return;
    failed_ = true;
    limit_ = 0;
    error_ = pathString() + ": " + detail;
}

void CdrReader::fail(std::size_t need, std::size_t at) {
    failWith("need " + std::to_string(need) + " bytes at offset " + std::to_string(at) + ", payload has " +
             std::to_string(size_));
}

void CdrReader::failCount(std::uint64_t count, std::uint64_t min_element_bytes) {
    failWith("count " + std::to_string(count) + " of elements of at least " + std::to_string(min_element_bytes) +
             " bytes at offset " + std::to_string(pos_) + " exceeds the " + std::to_string(remaining()) +
             " bytes left (payload has " + std::to_string(size_) + ")");
}

}  // namespace robometrics::msgs
