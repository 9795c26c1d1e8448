// ROS 1 record framing and header fields: hand-built bytes, the values they hold, and a precise
// error for each way a length or field can be wrong.

#include <gtest/gtest.h>

#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {
namespace {

void put32(std::vector<std::uint8_t> &out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::vector<std::uint8_t> fieldBytes(const std::string &name, const std::vector<std::uint8_t> &value) {
    std::vector<std::uint8_t> out;
    put32(out, static_cast<std::uint32_t>(name.size() + 1 + value.size()));
    // Byte by byte: vector::insert here trips a GCC 12 false -Wstringop-overread.
    for (char c : name + "=") out.push_back(static_cast<std::uint8_t>(c));
    for (std::uint8_t b : value) out.push_back(b);
    return out;
}

std::vector<std::uint8_t> concat(std::initializer_list<std::vector<std::uint8_t>> parts) {
    std::vector<std::uint8_t> out;
    for (const auto &p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

TEST(Ros1Records, MessageHeaderFieldsInAnyOrder) {
    // time = 3 s + 7 ns; conn = 5; op = 2; a value holding '=' stays whole.
    auto header = concat({fieldBytes("time", {3, 0, 0, 0, 7, 0, 0, 0}), fieldBytes("x", {'a', '=', 'b'}),
                          fieldBytes("conn", {5, 0, 0, 0}), fieldBytes("op", {2})});
    MessageHeader m;
    auto op = parseMessageHeader(header, m);
    ASSERT_TRUE(op.ok()) << op.message();
    EXPECT_EQ(*op, 2);
    EXPECT_EQ(m.conn, 5u);
    EXPECT_EQ(m.time, TimeNs{3'000'000'007});
    auto fields = HeaderFields::parse(header);
    ASSERT_TRUE(fields.ok());
    EXPECT_EQ(fields->textOr("x", ""), "a=b");
    EXPECT_EQ(*fields->u32("conn"), 5u);
}

TEST(Ros1Records, HeaderErrors) {
    auto error = [](const std::vector<std::uint8_t> &header) {
        auto fields = HeaderFields::parse(header);
        return fields ? std::string("ok") : fields.message();
    };
    std::vector<std::uint8_t> too_long = fieldBytes("op", {2});
    too_long[0] = 200;
    EXPECT_EQ(error(too_long), "header field at byte 0 declares 200 bytes, the header has 4 left");
    EXPECT_EQ(error({1, 0}), "header field at byte 0 of 2: fewer than 4 bytes left for its length");
    std::vector<std::uint8_t> no_eq{3, 0, 0, 0, 'a', 'b', 'c'};
    EXPECT_EQ(error(no_eq), "header field at byte 0 has no '='");

    const auto short_conn = fieldBytes("conn", {1, 0});  // the fields are views into these bytes
    auto fields = HeaderFields::parse(short_conn);
    ASSERT_TRUE(fields.ok());
    EXPECT_EQ(fields->u32("conn").message(), "header field 'conn' has 2 bytes, expected 4");
    EXPECT_EQ(fields->u64("index_pos").message(), "header has no 'index_pos' field");

    MessageHeader m;
    EXPECT_EQ(parseMessageHeader(fieldBytes("op", {2}), m).message(),
              "Message data record header lacks 'conn' or 'time'");
    EXPECT_EQ(parseMessageHeader(fieldBytes("conn", {1, 0, 0, 0}), m).message(), "record header has no 'op' field");
}

TEST(Ros1Records, FrameRecordChecksBothLengths) {
    std::vector<std::uint8_t> bytes;
    auto header = fieldBytes("op", {2});
    put32(bytes, static_cast<std::uint32_t>(header.size()));
    bytes.insert(bytes.end(), header.begin(), header.end());
    put32(bytes, 3);
    bytes.insert(bytes.end(), {9, 8, 7});
    auto view = frameRecord(bytes, 0);
    ASSERT_TRUE(view.ok()) << view.message();
    EXPECT_EQ(view->size, bytes.size());
    EXPECT_EQ(view->data.size(), 3u);
    EXPECT_EQ(view->data[0], 9);

    bytes.pop_back();
    EXPECT_EQ(frameRecord(bytes, 0).message(), "record data length 3 runs past the end (2 bytes left)");
    EXPECT_EQ(frameRecord(bytes, bytes.size() - 2).message(), "record ends before its header length (2 bytes left)");
}

TEST(Ros1Records, ChunkInfoCountMustMatchItsData) {
    auto header = concat({fieldBytes("op", {6}), fieldBytes("ver", {1, 0, 0, 0}),
                          fieldBytes("chunk_pos", {0x0d, 0x10, 0, 0, 0, 0, 0, 0}),
                          fieldBytes("start_time", {1, 0, 0, 0, 0, 0, 0, 0}),
                          fieldBytes("end_time", {2, 0, 0, 0, 0, 0, 0, 0}), fieldBytes("count", {2, 0, 0, 0})});
    auto fields = HeaderFields::parse(header);
    ASSERT_TRUE(fields.ok());
    const std::vector<std::uint8_t> data{0, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 6, 0, 0, 0};
    auto info = parseChunkInfo(*fields, data);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->chunk_pos, 4109u);
    EXPECT_EQ(info->start_time, kNsPerSecond);
    EXPECT_EQ(info->end_time, 2 * kNsPerSecond);
    EXPECT_EQ(info->counts, (std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 4}, {1, 6}}));
    EXPECT_EQ(parseChunkInfo(*fields, std::span(data).first(8)).message(),
              "Chunk info count 2 needs 16 data bytes, the record has 8");
}

TEST(Ros1Records, OpNames) {
    EXPECT_EQ(opName(5), "Chunk");
    EXPECT_EQ(opName(0x42), "op 0x42");
}

}  // namespace
}  // namespace robometrics::bag::ros1
