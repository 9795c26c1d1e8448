#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "robometrics/io/Npy.hpp"

namespace robometrics::io {
namespace {

/// .npy bytes as numpy writes them: magic, version, little-endian header length, header padded
/// with spaces to `align` bytes and ended by a newline, then the data.
std::string npyBytes(const std::string &dict, const std::string &data, int major = 1, std::size_t align = 64) {
    const std::size_t length_size = major == 1 ? 2 : 4;
    std::string header = dict;
    const std::size_t unpadded = 6 + 2 + length_size + header.size() + 1;
    header.append((align - unpadded % align) % align, ' ');
    header += '\n';
    std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
    for (std::size_t k = 0; k < length_size; ++k) out += static_cast<char>((header.size() >> (8 * k)) & 0xff);
    return out + header + data;
}

std::string doubles(std::initializer_list<double> values) {
    std::string out;
    for (double v : values) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, 8);
        for (int k = 0; k < 8; ++k) out += static_cast<char>((bits >> (8 * k)) & 0xff);
    }
    return out;
}

TEST(Npy, WritesNumpysVersionOneHeader) {
    const std::string bytes = encodeNpy({{3}, {0.5, -2.0, 1e300}});
    // 10 bytes of preamble + 57 of dict + newline = 68, padded to 128: numpy's 64-byte alignment.
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    EXPECT_EQ(static_cast<unsigned char>(bytes[8]) + 256 * static_cast<unsigned char>(bytes[9]), 118);
    EXPECT_EQ(bytes.substr(10, 57), "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }");
    EXPECT_EQ(bytes.substr(67, 60), std::string(60, ' '));
    EXPECT_EQ(bytes[127], '\n');
    EXPECT_EQ(bytes.substr(128), doubles({0.5, -2.0, 1e300}));
    EXPECT_EQ(encodeNpy({{4, 4}, std::vector<double>(16, 0.0)}).substr(10, 59),
              "{'descr': '<f8', 'fortran_order': False, 'shape': (4, 4), }");
}

TEST(Npy, ReadsWhatNumpyWrites) {
    // numpy before 1.20 padded to 16 bytes; the key order and quotes may vary.
    auto v = decodeNpy(npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", doubles({1.5, -3}), 1, 16),
                       "a.npy");
    ASSERT_TRUE(v.ok()) << v.message();
    EXPECT_EQ(v->shape, std::vector<std::size_t>{2});
    EXPECT_EQ(v->values, (std::vector<double>{1.5, -3}));
    // Fortran order 2 x 3: the columns come first in the file.
    auto f = decodeNpy(
        npyBytes("{\"shape\": (2, 3), \"fortran_order\": True, \"descr\": \"<f8\"}", doubles({1, 4, 2, 5, 3, 6}), 2),
        "f.npy");
    ASSERT_TRUE(f.ok()) << f.message();
    EXPECT_EQ(f->values, (std::vector<double>{1, 2, 3, 4, 5, 6}));
    // A scalar: shape (), one value. The round trip of our own writer.
    auto s = decodeNpy(npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", doubles({7})), "s.npy");
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(s->values, std::vector<double>{7});
    auto back = decodeNpy(encodeNpy({{2, 2}, {1, 2, 3, 4}}), "b.npy");
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->shape, (std::vector<std::size_t>{2, 2}));
    EXPECT_EQ(back->values, (std::vector<double>{1, 2, 3, 4}));
}

TEST(Npy, MalformedOrHugeHeadersAreErrorsNamingTheFile) {
    const std::string ok_dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }";
    const std::pair<std::string, std::string> cases[] = {
        {"NUMPY", "no \\x93NUMPY magic"},
        {npyBytes(ok_dict, doubles({1})), "needs 16 data bytes, the file has 8"},
        {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000000,), }", doubles({1})),
         "more elements than"},
        {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999,), }", ""),
         "dimension too large"},
        {npyBytes("{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", doubles({1, 2})), "dtype '<c16'"},
        {npyBytes("{'descr': '<f8', 'shape': (2,), }", doubles({1, 2})), "missing"},
        {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': 1}", doubles({1, 2})),
         "unexpected key 'x'"},
        {npyBytes("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2,), }", doubles({1, 2})), "True or False"},
        {npyBytes(ok_dict, doubles({1, 2}), 9), "version 9"},
        {npyBytes(ok_dict + std::string(5000, ' '), doubles({1, 2}), 2), "larger than 4096"},
        {std::string("\x93NUMPY\x01\x00\xff\xff{", 11), "larger than 4096"},
        {std::string("\x93NUMPY\x01\x00\x40\x00{'de", 14), "ends inside its header"},
    };
    for (const auto &[bytes, expected] : cases) {
        auto r = decodeNpy(bytes, "r.zip: error_array.npy");
        ASSERT_FALSE(r.ok()) << expected;
        EXPECT_NE(r.message().find("r.zip: error_array.npy"), std::string::npos) << r.message();
        EXPECT_NE(r.message().find(expected), std::string::npos) << r.message();
    }
}

}  // namespace
}  // namespace robometrics::io
