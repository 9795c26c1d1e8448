#include "robometrics/io/Npy.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <limits>

namespace robometrics::io {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

/// The header dictionary as np.save writes it (Python's repr of a dict):
///   {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
/// read with a small cursor: the three keys in any order, nothing else.
class HeaderParser {
public:
    HeaderParser(std::string text, std::string where) : text_(std::move(text)), where_(std::move(where)) {}

    Status parse(std::string &descr, bool &fortran_order, std::vector<std::size_t> &shape) {
        bool have_descr = false, have_order = false, have_shape = false;
        ROBOMETRICS_TRY(expect('{'));
        while (true) {
            skipSpace();
            if (peek() == '}') break;
            std::string key;
            ROBOMETRICS_TRY(quoted(key));
            ROBOMETRICS_TRY(expect(':'));
            if (key == "descr") {
                ROBOMETRICS_TRY(quoted(descr));
                have_descr = true;
            } else if (key == "fortran_order") {
                ROBOMETRICS_TRY(boolean(fortran_order));
                have_order = true;
            } else if (key == "shape") {
                ROBOMETRICS_TRY(tuple(shape));
                have_shape = true;
            } else {
                return fail(fmt::format("unexpected key '{}'", key));
            }
            skipSpace();
            if (peek() == ',') ++at_;
        }
        ++at_;
        skipSpace();
        if (at_ != text_.size()) return fail("text after the dictionary");
        if (!have_descr || !have_order || !have_shape) return fail("'descr', 'fortran_order' or 'shape' missing");
        return Status::Ok();
    }

private:
    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    void skipSpace() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    Error fail(const std::string &what) const {
        return Error{fmt::format("{}: malformed .npy header at character {}: {}", where_, at_, what)};
    }
    Status expect(char c) {
        skipSpace();
        if (peek() != c) return fail(fmt::format("expected '{}'", c));
        ++at_;
        return Status::Ok();
    }
    Status quoted(std::string &out) {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"') return fail("expected a quoted string");
        const std::size_t end = text_.find(quote, at_ + 1);
        if (end == std::string::npos) return fail("unterminated string");
        out = text_.substr(at_ + 1, end - at_ - 1);
        at_ = end + 1;
        return Status::Ok();
    }
    Status boolean(bool &out) {
        skipSpace();
        for (const auto &[word, value] : {std::pair<const char *, bool>{"True", true}, {"False", false}}) {
            if (text_.compare(at_, std::strlen(word), word) == 0) {
                at_ += std::strlen(word);
                out = value;
                return Status::Ok();
            }
        }
        return fail("expected True or False");
    }
    Status tuple(std::vector<std::size_t> &out) {
        ROBOMETRICS_TRY(expect('('));
        while (true) {
            skipSpace();
            if (peek() == ')') break;
            if (!std::isdigit(static_cast<unsigned char>(peek()))) return fail("expected a dimension");
            std::size_t value = 0;
            while (std::isdigit(static_cast<unsigned char>(peek()))) {
                const std::size_t digit = static_cast<std::size_t>(peek() - '0');
                if (value > (std::numeric_limits<std::size_t>::max() - digit) / 10) return fail("dimension too large");
                value = value * 10 + digit;
                ++at_;
            }
            if (out.size() >= 32) return fail("more than 32 dimensions");
            out.push_back(value);
            skipSpace();
            if (peek() == ',') ++at_;
        }
        ++at_;
        return Status::Ok();
    }

    std::string text_, where_;
    std::size_t at_ = 0;
};

std::uint32_t littleEndian(const std::string &bytes, std::size_t offset, std::size_t size) {
    std::uint32_t value = 0;
    for (std::size_t k = 0; k < size; ++k)
        value |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[offset + k])) << (8 * k);
    return value;
}

/// One element of a supported dtype, little-endian, as a double.
double element(const char *p, const std::string &descr) {
    if (descr == "<f4") {
        std::uint32_t bits = 0;
        for (int k = 0; k < 4; ++k) bits |= static_cast<std::uint32_t>(static_cast<unsigned char>(p[k])) << (8 * k);
        float f = 0;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    std::uint64_t bits = 0;
    for (int k = 0; k < 8; ++k) bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[k])) << (8 * k);
    if (descr == "<i8") return static_cast<double>(static_cast<std::int64_t>(bits));
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

}  // namespace

std::string encodeNpy(const NpyArray &array) {
    std::string shape;
    for (std::size_t d : array.shape) shape += fmt::format("{}, ", d);
    if (array.shape.size() > 1) shape.resize(shape.size() - 2);  // (3,) for one dimension, (4, 4) for two
    if (array.shape.size() == 1) shape.resize(shape.size() - 1);
    std::string header = fmt::format("{{'descr': '<f8', 'fortran_order': False, 'shape': ({}), }}", shape);
    // numpy pads with spaces and ends with a newline so that the data starts at a multiple of 64.
    const std::size_t unpadded = kMagicSize + 2 + 2 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::string out(kMagic, kMagicSize);
    out += '\x01';
    out += '\x00';
    out += static_cast<char>(header.size() & 0xff);
    out += static_cast<char>((header.size() >> 8) & 0xff);
    out += header;
    out.reserve(out.size() + array.values.size() * 8);
    for (double v : array.values) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        for (int k = 0; k < 8; ++k) out += static_cast<char>((bits >> (8 * k)) & 0xff);
    }
    return out;
}

Result<NpyArray> decodeNpy(const std::string &bytes, const std::string &where) {
    if (bytes.size() < kMagicSize + 4 || bytes.compare(0, kMagicSize, kMagic, kMagicSize) != 0)
        return Error{where + ": not a .npy array (no \\x93NUMPY magic)"};
    const int major = static_cast<unsigned char>(bytes[kMagicSize]);
    if (major < 1 || major > 3) return Error{fmt::format("{}: .npy version {} is not supported", where, major)};
    const std::size_t length_size = major == 1 ? 2 : 4;
    const std::size_t header_at = kMagicSize + 2 + length_size;
    if (bytes.size() < header_at) return Error{where + ": .npy file ends inside its header"};
    const std::size_t header_size = littleEndian(bytes, kMagicSize + 2, length_size);
    if (header_size > kMaxNpyHeader)
        return Error{fmt::format("{}: .npy header of {} bytes is larger than {}", where, header_size, kMaxNpyHeader)};
    if (bytes.size() < header_at + header_size) return Error{where + ": .npy file ends inside its header"};

    std::string descr;
    bool fortran_order = false;
    NpyArray array;
    HeaderParser parser(bytes.substr(header_at, header_size), where);
    ROBOMETRICS_TRY(parser.parse(descr, fortran_order, array.shape));
    if (descr != "<f8" && descr != "<i8" && descr != "<f4")
        return Error{fmt::format("{}: .npy dtype '{}' is not supported (expected '<f8')", where, descr)};
    const std::size_t item = descr == "<f4" ? 4 : 8;

    // The element count from the shape, checked against the bytes that are there before anything
    // is allocated.
    const std::size_t data_bytes = bytes.size() - header_at - header_size;
    std::size_t count = 1;
    for (std::size_t d : array.shape) {
        if (d != 0 && count > data_bytes / d) {
            return Error{fmt::format("{}: .npy shape holds more elements than its {} data bytes", where, data_bytes)};
        }
        count *= d;
    }
    if (count * item != data_bytes) {
        return Error{
            fmt::format("{}: .npy shape needs {} data bytes, the file has {}", where, count * item, data_bytes)};
    }
    array.values.resize(count);
    const char *data = bytes.data() + header_at + header_size;
    for (std::size_t k = 0; k < count; ++k) array.values[k] = element(data + k * item, descr);
    if (fortran_order && array.shape.size() > 1) {
        // Column-major to row-major: the index of element (i0, i1, ...) counts i0 fastest.
        std::vector<double> c_order(count);
        std::vector<std::size_t> index(array.shape.size(), 0);
        for (std::size_t k = 0; k < count; ++k) {
            std::size_t c = 0;
            for (std::size_t d = 0; d < index.size(); ++d) c = c * array.shape[d] + index[d];
            c_order[c] = array.values[k];
            for (std::size_t d = 0; d < index.size() && ++index[d] == array.shape[d]; ++d) index[d] = 0;
        }
        array.values = std::move(c_order);
    }
    return array;
}

}  // namespace robometrics::io
