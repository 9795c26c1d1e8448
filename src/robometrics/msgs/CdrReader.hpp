#pragma once
// Low-level XCDR1 reader shared by the typed codec and the dynamic decoder.
//
// Rules (bag-formats.md §4): a 4-byte encapsulation header (00 00 big endian, 00 01 little
// endian), then primitives aligned to their own size counted from the byte after the header.
// Errors are sticky: the first failure records a message naming the field path and the byte
// offset, sets the readable limit to zero so that every later read fails at once, and
// finish() reports it. The hot path is one bounds check and a memcpy per primitive.
//
// The same reader reads ROS 1 serialization (beginRos1): little endian, no encapsulation header,
// no alignment at all, strings without a NUL, nothing for a message without fields, and a
// `uint32 seq` at the start of std_msgs/Header. Both walks (typed and dynamic) then work on ROS 1
// bags unchanged.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

/// Byte order of a CDR payload.
enum class CdrByteOrder : std::uint8_t { Little, Big };

/// Size of the encapsulation header; alignment is counted from here.
constexpr std::size_t kCdrHeaderSize = 4;

/// Reverses the bytes of an arithmetic value (the byte order of the payload differs from ours).
template <class T>
T byteSwapped(T value) {
    static_assert(std::is_arithmetic_v<T>);
    if constexpr (sizeof(T) == 1) {
        return value;
    } else {
        using U = std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                     std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;
        U bits;
        std::memcpy(&bits, &value, sizeof(T));
        if constexpr (sizeof(T) == 2) bits = __builtin_bswap16(bits);
        if constexpr (sizeof(T) == 4) bits = __builtin_bswap32(bits);
        if constexpr (sizeof(T) == 8) bits = __builtin_bswap64(bits);
        std::memcpy(&value, &bits, sizeof(T));
        return value;
    }
}

/// True when payloads in `order` must be byte-swapped on this machine.
constexpr bool needsSwap(CdrByteOrder order) {
    return (order == CdrByteOrder::Little) != (std::endian::native == std::endian::little);
}

class CdrReader {
public:
    /// Checks the encapsulation header of `payload`. `root` names the type in error messages
    /// ("LaserScan"); it must outlive the reader.
    Status begin(std::span<const std::uint8_t> payload, std::string_view root);

    /// Starts reading a ROS 1 serialized payload (no header to check).
    void beginRos1(std::span<const std::uint8_t> payload, std::string_view root);
    bool ros1() const { return ros1_; }

    /// Fails on a damaged field, or when more than 3 bytes (a real middleware's padding to a
    /// multiple of 4) are left after the last field; ROS 1 has no padding, so any byte left fails.
    Status finish() const;

    bool failed() const { return failed_; }
    std::size_t position() const { return pos_; }
    std::size_t remaining() const { return pos_ < limit_ ? limit_ - pos_ : 0; }

    // --- field path, for error messages -------------------------------------------------
    void push(std::string_view name) {
        if (depth_ < kMaxDepth) path_[depth_] = Frame{name.data(), name.size(), kNoIndex};
        ++depth_;
    }
    void pop() { --depth_; }
    /// Marks the innermost field as element `index` of a sequence or array.
    void setIndex(std::size_t index) {
        if (depth_ > 0 && depth_ <= kMaxDepth) path_[depth_ - 1].index = index;
    }

    // --- primitives -----------------------------------------------------------------------
    template <class T>
    void read(T &value) {
        static_assert(std::is_arithmetic_v<T>);
        if constexpr (std::is_same_v<T, bool>) {
            std::uint8_t byte = 0;
            read(byte);
            value = byte != 0;
        } else {
            std::size_t p = aligned(sizeof(T));
            if (p + sizeof(T) > limit_) return fail(sizeof(T), p);
            std::memcpy(&value, data_ + p, sizeof(T));
            if (swap_) value = byteSwapped(value);
            pos_ = p + sizeof(T);
        }
    }

    /// `count` primitives back to back (a fixed array, or the body of a sequence); copied in
    /// bulk when the byte order matches. Nothing is aligned when `count` is 0.
    template <class T>
    void readArray(T *out, std::size_t count) {
        static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
        if (count == 0) return;
        std::size_t p = aligned(sizeof(T));
        std::size_t bytes = count * sizeof(T);
        if (p > limit_ || bytes > limit_ - p) return fail(bytes, p);
        std::memcpy(out, data_ + p, bytes);
        if (swap_) {
            for (std::size_t i = 0; i < count; ++i) out[i] = byteSwapped(out[i]);
        }
        pos_ = p + bytes;
    }

    /// `count` primitives of `element` bytes each, aligned and bounds-checked as readArray does,
    /// left where they are in the payload (in its byte order, maybe unaligned in memory): for a
    /// caller that copies them straight to where they belong. Empty when `count` is 0 (nothing
    /// aligned) or on a failure.
    std::span<const std::uint8_t> viewArray(std::size_t count, std::size_t element) {
        if (count == 0) return {};
        const std::size_t p = aligned(element);
        const std::size_t bytes = count * element;
        if (p > limit_ || bytes > limit_ - p) {
            fail(bytes, p);
            return {};
        }
        pos_ = p + bytes;
        return {data_ + p, bytes};
    }
    /// True when the payload's byte order is not this machine's.
    bool swapped() const { return swap_; }

    /// A struct whose fields are `bytes / element` primitives of `element` bytes each, back to back
    /// in memory in the order of the wire, where CDR lays them out back to back too: copied at once
    /// when the byte order matches and every byte is there. Otherwise false, with nothing read
    /// and nothing failed: the caller reads the fields one by one (an error then names the field).
    bool readFlat(void *out, std::size_t bytes, std::size_t element) {
        const std::uint8_t *from = flatBytes(bytes, element);
        if (from) std::memcpy(out, from, bytes);
        return from != nullptr;
    }
    /// readFlat of a struct whose size is known when compiling (a Time, a Vector3, a Pose): the
    /// copy is then a few moves, not a call of memcpy, and these structs are in every message.
    template <std::size_t Bytes>
    bool readFlat(void *out, std::size_t element) {
        const std::uint8_t *from = flatBytes(Bytes, element);
        if (from) std::memcpy(out, from, Bytes);
        return from != nullptr;
    }

    /// A sequence of primitives: u32 count, then the elements in bulk. The count is checked
    /// against the remaining bytes before `out` grows; `out` keeps its capacity.
    template <class T, class Alloc>
    void readSequence(std::vector<T, Alloc> &out) {
        static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
        std::uint32_t count = 0;
        read(count);
        if (failed_) return;
        if (count == 0) {
            out.clear();
            return;
        }
        std::size_t p = aligned(sizeof(T));
        std::size_t bytes = std::size_t{count} * sizeof(T);
        if (p > limit_ || bytes > limit_ - p) return fail(bytes, p);
        out.resize(count);
        readArray(out.data(), count);
    }

    /// A sequence count. `min_element_bytes` is the least wire size of one element: a count
    /// that cannot fit in the remaining bytes fails here, before anything is allocated.
    std::uint32_t readCount(std::uint64_t min_element_bytes) {
        std::uint32_t count = 0;
        read(count);
        if (failed_ || !checkCount(count, min_element_bytes)) return 0;
        return count;
    }

    /// False (and failed) when `count` elements of at least `min_element_bytes` each cannot fit
    /// in the remaining bytes.
    bool checkCount(std::uint64_t count, std::uint64_t min_element_bytes) {
        if (min_element_bytes == 0 || count <= remaining() / min_element_bytes) return !failed_;
        failCount(count, min_element_bytes);
        return false;
    }

    /// A string: u32 length including the NUL, then the bytes. A length of 0 reads as empty.
    /// ROS 1: the length counts the bytes only.
    void readString(std::string &out);

    /// The dummy byte that stands for a message without fields.
    void readEmptyStruct() {
        if (ros1_) return;  // ROS 1 writes nothing for it
        std::uint8_t dummy = 0;
        read(dummy);
    }

    /// ROS 1's std_msgs/Header starts with `uint32 seq`, which ROS 2 dropped: read and discard
    /// it before the stamp. Nothing in CDR.
    void skipHeaderSeq() {
        if (!ros1_) return;
        std::uint32_t seq = 0;
        read(seq);
    }

private:
    static constexpr std::size_t kMaxDepth = 32;
    static constexpr std::size_t kNoIndex = ~std::size_t{0};
    /// Trivial, so that path_ is left uninitialised: a reader is made for every message decoded,
    /// and only the frames below depth_ are ever read (push() writes them).
    struct Frame {
        const char *name;
        std::size_t length;
        std::size_t index;
    };

    std::size_t aligned(std::size_t size) const { return pos_ + ((kCdrHeaderSize - pos_) & (size - 1) & align_mask_); }
    /// Where `bytes` of primitives of `element` bytes each start in the payload, the position moved
    /// past them; null (nothing read, nothing failed) in another byte order or when they are not all there.
    const std::uint8_t *flatBytes(std::size_t bytes, std::size_t element) {
        if (swap_) return nullptr;
        const std::size_t p = aligned(element);
        if (p > limit_ || bytes > limit_ - p) return nullptr;
        pos_ = p + bytes;
        return data_ + p;
    }
    void fail(std::size_t need, std::size_t at);
    void failCount(std::uint64_t count, std::uint64_t min_element_bytes);
    void failWith(std::string detail);
    std::string pathString() const;

    const std::uint8_t *data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t limit_ = 0;  // size_ until the first failure, then 0
    std::size_t pos_ = 0;
    bool swap_ = false;
    bool failed_ = false;
    bool ros1_ = false;
    std::size_t align_mask_ = ~std::size_t{0};  ///< 0 for ROS 1: nothing is aligned
    std::string_view root_;
    std::array<Frame, kMaxDepth> path_;
    std::size_t depth_ = 0;
    std::string error_;
};

}  // namespace robometrics::msgs
