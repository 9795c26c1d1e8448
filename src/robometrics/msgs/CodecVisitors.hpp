#pragma once
// The three walks over a message's field list (MessageFields.hpp): CDR decode, CDR encode, and
// the least number of bytes a value can take on the wire (to reject absurd sequence counts
// before allocating). Private to the msgs module.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "robometrics/msgs/CdrReader.hpp"
#include "robometrics/msgs/CdrWriter.hpp"
#include "robometrics/msgs/MessageFields.hpp"

namespace robometrics::msgs::detail {

template <class T>
struct IsStdArray : std::false_type {};
template <class T, std::size_t N>
struct IsStdArray<std::array<T, N>> : std::true_type {};

template <class T>
struct IsStdVector : std::false_type {};
template <class T, class A>
struct IsStdVector<std::vector<T, A>> : std::true_type {};

template <class T>
constexpr bool kIsBulk = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

/// Sums the least wire size of every field (alignment ignored, sequences empty).
class MinSizeVisitor {
public:
    template <class F>
    void operator()(std::string_view, const F &field) {
        total += sizeOf(field);
    }
    void emptyStruct() { total += 1; }

    template <class F>
    static std::size_t sizeOf(const F &field) {
        if constexpr (std::is_arithmetic_v<F>) {
            return sizeof(F);
        } else if constexpr (std::is_same_v<F, std::string> || IsStdVector<F>::value) {
            return 4;
        } else if constexpr (IsStdArray<F>::value) {
            return field.empty() ? 0 : field.size() * sizeOf(field[0]);
        } else {
            MinSizeVisitor inner;
            describe(inner, field);
            return inner.total;
        }
    }

    std::size_t total = 0;
};

/// The least wire size of one T, computed once.
template <class T>
std::size_t minWireSize() {
    static const std::size_t size = [] {
        static const T sample{};
        return MinSizeVisitor::sizeOf(sample);
    }();
    return size;
}

/// Whether a struct is "flat": all its fields, nested structs and fixed arrays included, are
/// primitives of one size (not bool), back to back in memory in the order describe() gives them,
/// with no padding. CDR lays such fields out back to back as well (each aligned to its size, which
/// the previous one ends on), so the struct decodes with one copy (CdrReader::readFlat).
class FlatProbe {
public:
    explicit FlatProbe(const void *base) : base_(static_cast<const char *>(base)) {}

    template <class F>
    void operator()(std::string_view, const F &field);
    void emptyStruct() { flat_ = false; }

    /// The size of the primitives when the struct of `struct_size` bytes is flat, else 0.
    std::size_t elementSize(std::size_t struct_size) const {
        return flat_ && element_ > 0 && bytes_ == struct_size ? element_ : 0;
    }

private:
    void take(const void *at, std::size_t element, std::size_t bytes) {
        if (element_ == 0) element_ = element;
        flat_ = flat_ && element == element_ && static_cast<const char *>(at) == base_ + bytes_;
        bytes_ += bytes;
    }

    const char *base_;
    std::size_t element_ = 0;
    std::size_t bytes_ = 0;
    bool flat_ = true;
};

/// The element size of a flat T (FlatProbe), 0 when T is not flat; worked out once per type.
template <class T>
std::size_t flatElementSize() {
    static const std::size_t size = [] {
        if constexpr (!std::is_trivially_copyable_v<T> || !std::is_default_constructible_v<T>) {
            return std::size_t{0};
        } else {
            static const T sample{};
            FlatProbe probe(&sample);
            describe(probe, sample);
            return probe.elementSize(sizeof(T));
        }
    }();
    return size;
}

/// The size of the primitives of a field of type F that decodes with one copy: a primitive (not
/// bool), a fixed array of them, or a flat struct; 0 for any other field (bool, strings, sequences).
template <class F>
std::size_t flatFieldElementSize() {
    if constexpr (kIsBulk<F>) {
        return sizeof(F);
    } else if constexpr (IsStdArray<F>::value) {
        using E = typename F::value_type;
        return kIsBulk<E> && !std::is_same_v<F, std::array<E, 0>> ? sizeof(E) : 0;
    } else if constexpr (std::is_class_v<F> && !std::is_same_v<F, std::string> && !IsStdVector<F>::value) {
        return flatElementSize<F>();
    } else {
        return 0;
    }
}

template <class F>
void FlatProbe::operator()(std::string_view, const F &field) {
    if constexpr (IsStdArray<F>::value) {
        if (field.empty()) return;  // no bytes, in memory or on the wire
    }
    const std::size_t element = flatFieldElementSize<F>();
    if (element == 0) {
        flat_ = false;
    } else {
        take(&field, element, sizeof(F));
    }
}

/// The flat tail of a struct that is not flat itself: its last fields, when two or more of them
/// are flat fields (flatFieldElementSize) with primitives of one size, back to back in memory. CDR
/// lays them out back to back as well, so they decode with one copy once the fields before them
/// are read: an Imu's 37 doubles after its header, an Odometry's pose and twist after its frames.
struct FlatTail {
    std::size_t offset = 0;   ///< of its first field from the struct's start
    std::size_t bytes = 0;    ///< 0: the struct has no flat tail
    std::size_t element = 0;  ///< the size of its primitives
};

class FlatTailProbe {
public:
    explicit FlatTailProbe(const void *base) : base_(static_cast<const char *>(base)) {}

    template <class F>
    void operator()(std::string_view, const F &field) {
        fields_.push_back({static_cast<std::size_t>(reinterpret_cast<const char *>(&field) - base_), sizeof(F),
                           flatFieldElementSize<F>()});
    }
    void emptyStruct() {}

    FlatTail tail() const {
        FlatTail tail;
        if (fields_.empty() || fields_.back().element == 0) return tail;
        std::size_t first = fields_.size() - 1;
        while (first > 0) {
            const Field &before = fields_[first - 1];
            if (before.element != fields_.back().element || before.offset + before.size != fields_[first].offset) break;
            --first;
        }
        if (fields_.size() - first < 2) return tail;  // one flat field is read with one copy anyway
        tail.offset = fields_[first].offset;
        tail.bytes = fields_.back().offset + fields_.back().size - tail.offset;
        tail.element = fields_.back().element;
        return tail;
    }

private:
    struct Field {
        std::size_t offset, size, element;
    };
    const char *base_;
    std::vector<Field> fields_;
};

/// The flat tail of T (FlatTailProbe), worked out once per type.
template <class T>
const FlatTail &flatTailOf() {
    static const FlatTail tail = [] {
        static const T sample{};
        FlatTailProbe probe(&sample);
        describe(probe, sample);
        return probe.tail();
    }();
    return tail;
}

class DecodeVisitor {
public:
    explicit DecodeVisitor(CdrReader &reader) : r_(reader) {}

    template <class F>
    void operator()(std::string_view name, F &field) {
        char *at = reinterpret_cast<char *>(&field);
        if (at == tail_.begin) tail_.read = r_.readFlat(at, tail_.bytes, tail_.element);
        if (tail_.read && at >= tail_.begin && at < tail_.begin + tail_.bytes) return;  // copied with the tail
        r_.push(name);
        value(field);
        r_.pop();
    }
    void emptyStruct() { r_.readEmptyStruct(); }

    template <class F>
    void value(F &field) {
        if constexpr (std::is_arithmetic_v<F>) {
            r_.read(field);
        } else if constexpr (std::is_same_v<F, std::string>) {
            r_.readString(field);
        } else if constexpr (IsStdArray<F>::value) {
            elements(field.data(), field.size());
        } else if constexpr (IsStdVector<F>::value) {
            using E = typename F::value_type;
            if constexpr (kIsBulk<E>) {
                r_.readSequence(field);
            } else {
                std::uint32_t count = r_.readCount(minWireSize<E>());
                field.resize(count);
                elements(field.data(), count);
            }
        } else {
            // A Point, a Quaternion, a Pose (seven doubles), a Time: one copy (FlatProbe).
            if (const std::size_t element = flatElementSize<F>();
                element != 0 && r_.readFlat<sizeof(F)>(&field, element)) {
                return;
            }
            if constexpr (std::is_same_v<F, Header>) r_.skipHeaderSeq();  // ROS 1 only
            // Its flat tail, if any, is copied at once when its first field comes (operator()); when
            // that copy cannot be made (another byte order, too few bytes) the fields are read one
            // by one as before, so that an error names the field. A struct without one leaves the
            // enclosing struct's tail in place: its fields lie before that tail, or inside it when
            // the tail is read field by field, where a second try of the tail's copy, at the same
            // place, fails as the first did.
            const FlatTail &tail = flatTailOf<F>();
            if (tail.bytes == 0) return describe(*this, field);
            const Tail outer = tail_;
            tail_ = Tail{reinterpret_cast<char *>(&field) + tail.offset, tail.bytes, tail.element};
            describe(*this, field);
            tail_ = outer;
        }
    }

private:
    template <class E>
    void elements(E *items, std::size_t count) {
        if constexpr (kIsBulk<E>) {
            r_.readArray(items, count);
        } else {
            for (std::size_t i = 0; i < count && !r_.failed(); ++i) {
                r_.setIndex(i);
                value(items[i]);
            }
        }
    }

    /// The flat tail of the struct being read (FlatTail), where it is in the message being filled.
    struct Tail {
        char *begin = nullptr;
        std::size_t bytes = 0;
        std::size_t element = 0;
        bool read = false;  ///< copied at once: its fields are not read one by one
    };

    CdrReader &r_;
    Tail tail_;
};

class EncodeVisitor {
public:
    explicit EncodeVisitor(CdrWriter &writer) : w_(writer) {}

    template <class F>
    void operator()(std::string_view, const F &field) {
        value(field);
    }
    void emptyStruct() { w_.writeEmptyStruct(); }

    template <class F>
    void value(const F &field) {
        if constexpr (std::is_arithmetic_v<F>) {
            w_.write(field);
        } else if constexpr (std::is_same_v<F, std::string>) {
            w_.writeString(field);
        } else if constexpr (IsStdArray<F>::value) {
            elements(field.data(), field.size());
        } else if constexpr (IsStdVector<F>::value) {
            w_.writeCount(field.size());
            elements(field.data(), field.size());
        } else {
            describe(*this, field);
        }
    }

private:
    template <class E>
    void elements(const E *items, std::size_t count) {
        if constexpr (kIsBulk<E>) {
            w_.writeArray(items, count);
        } else {
            for (std::size_t i = 0; i < count; ++i) value(items[i]);
        }
    }

    CdrWriter &w_;
};

}  // namespace robometrics::msgs::detail
