#pragma once
// The two text forms of a decoded message that DynamicDecoder's schema walk writes into, one
// event at a time: compact JSON, and the indented form of `ros2 topic echo`. Private to the msgs
// module. Both write scalars as JSON (JsonText.hpp), so a string or a number reads the same in
// either form.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/msgs/JsonText.hpp"

namespace robometrics::msgs::detail {

/// {"a":1,"b":[1,2],"c":{"d":"x"},"e":[{"f":1}]} on one line.
class JsonMessageWriter {
public:
    explicit JsonMessageWriter(std::string &out) : out_(out) {}

    void beginMessage(bool /*has_fields*/) { out_ += '{'; }
    void endMessage() { out_ += '}'; }
    /// Field names are identifiers (MsgSchema.cpp checks them): nothing to escape.
    void field(std::string_view name, std::size_t index) {
        if (index > 0) out_ += ',';
        out_ += '"';
        out_ += name;
        out_ += "\":";
    }
    void beginArray(std::uint64_t /*count*/, bool /*of_messages*/) { out_ += '['; }
    void item(std::uint64_t index) {
        if (index > 0) out_ += ',';
    }
    void endArray() { out_ += ']'; }
    template <class T>
    void number(T value) {
        appendJsonNumber(out_, value);
    }
    /// The elements of a numeric array, between beginArray() and endArray().
    template <class T>
    void numbers(std::span<const T> values) {
        appendJsonNumberList(out_, values);
    }
    void boolean(bool value) { appendJsonBool(out_, value); }
    Status string(std::string_view value) { return appendJsonString(out_, value); }

private:
    std::string &out_;
};

/// "key: value" lines; a message with fields opens an indented block (two spaces), one without
/// fields reads {}; arrays of scalars and empty arrays stay on the line ([1,2], []); the messages
/// of an array are items whose first line starts with "- ". The root message's fields start at
/// column 0 (a root without fields writes nothing).
class YamlMessageWriter {
public:
    explicit YamlMessageWriter(std::string &out) : out_(out) {}

    void beginMessage(bool has_fields) {
        if (frames_.empty()) {
            frames_.push_back({Frame::Fields, 0});
            return;
        }
        const Frame outer = frames_.back();
        if (outer.kind == Frame::Items) {  // an array item: "- " starts its first line
            if (has_fields) {
                dash_ = true;
            } else {
                out_.append(static_cast<std::size_t>(outer.indent), ' ');
                out_ += "- {}\n";
            }
            frames_.push_back({Frame::Fields, outer.indent + 2});
        } else {  // a field's value
            out_ += has_fields ? "\n" : " {}\n";
            frames_.push_back({Frame::Fields, outer.indent + 2});
        }
    }
    void endMessage() { frames_.pop_back(); }
    void field(std::string_view name, std::size_t /*index*/) {
        const int indent = frames_.back().indent;
        if (dash_) {
            out_.append(static_cast<std::size_t>(indent - 2), ' ');
            out_ += "- ";
            dash_ = false;
        } else {
            out_.append(static_cast<std::size_t>(indent), ' ');
        }
        out_ += name;
        out_ += ':';
    }
    void beginArray(std::uint64_t count, bool of_messages) {
        const int indent = frames_.back().indent;
        if (count > 0 && of_messages) {
            out_ += '\n';
            frames_.push_back({Frame::Items, indent + 2});
        } else {
            out_ += " [";
            frames_.push_back({Frame::Inline, indent});
        }
    }
    void item(std::uint64_t index) {
        if (index > 0 && frames_.back().kind == Frame::Inline) out_ += ',';
    }
    void endArray() {
        if (frames_.back().kind == Frame::Inline) out_ += "]\n";
        frames_.pop_back();
    }
    template <class T>
    void number(T value) {
        beforeScalar();
        appendJsonNumber(out_, value);
        afterScalar();
    }
    /// The elements of a numeric array: always inline ("[1,2]").
    template <class T>
    void numbers(std::span<const T> values) {
        appendJsonNumberList(out_, values);
    }
    void boolean(bool value) {
        beforeScalar();
        appendJsonBool(out_, value);
        afterScalar();
    }
    Status string(std::string_view value) {
        beforeScalar();
        Status s = appendJsonString(out_, value);
        afterScalar();
        return s;
    }

private:
    struct Frame {
        enum Kind { Fields, Items, Inline } kind;
        int indent;  ///< of the fields (Fields) or of the "- " (Items)
    };

    // A scalar is an element of an inline array, or a field's value after "key:".
    bool inArray() const { return frames_.back().kind == Frame::Inline; }
    void beforeScalar() {
        if (!inArray()) out_ += ' ';
    }
    void afterScalar() {
        if (!inArray()) out_ += '\n';
    }

    std::string &out_;
    std::vector<Frame> frames_;
    bool dash_ = false;  ///< the next field line starts an array item
};

}  // namespace robometrics::msgs::detail
