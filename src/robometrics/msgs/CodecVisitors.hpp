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

template <class F>
void FlatProbe::operator()(std::string_view, const F &field) {
    if constexpr (kIsBulk<F>) {
        take(&field, sizeof(F), sizeof(F));
    } else if constexpr (IsStdArray<F>::value) {
        using E = typename F::value_type;
        if constexpr (kIsBulk<E>) {
            if (!field.empty()) take(field.data(), sizeof(E), sizeof(F));
        } else {
            flat_ = false;
        }
    } else if constexpr (std::is_class_v<F> && !std::is_same_v<F, std::string> && !IsStdVector<F>::value) {
        const std::size_t element = flatElementSize<F>();
        if (element == 0) {
            flat_ = false;
        } else {
            take(&field, element, sizeof(F));
        }
    } else {
        flat_ = false;  // bool, strings, sequences
    }
}

class DecodeVisitor {
public:
    explicit DecodeVisitor(CdrReader &reader) : r_(reader) {}

    template <class F>
    void operator()(std::string_view name, F &field) {
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
                element != 0 && r_.readFlat(&field, sizeof(F), element)) {
                return;
            }
            if constexpr (std::is_same_v<F, Header>) r_.skipHeaderSeq();  // ROS 1 only
            describe(*this, field);
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

    CdrReader &r_;
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
