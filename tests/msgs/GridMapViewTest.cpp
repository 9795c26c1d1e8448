#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "SmallGridMap.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/GridMapView.hpp"

namespace robometrics::msgs {
namespace {

// test::smallGridMap() with a second layer, "variance", whose data has an offset of 1.
GridMap twoLayerGridMap() {
    GridMap msg = test::smallGridMap();
    msg.layers.push_back("variance");
    msg.basic_layers = {"ground"};
    Float32MultiArray b = msg.data[0];
    b.layout.data_offset = 1;
    b.data = {-1, 10, 11, 12, 13, 14, 15};
    msg.data.push_back(b);
    return msg;
}

std::vector<float> floatsOf(const Float32ArrayView &array) {
    std::vector<float> out(array.size());
    if (!out.empty()) std::memcpy(out.data(), array.bytes.data(), array.bytes.size());
    return out;
}

// The view as the message msgs::decodeCdr would have filled.
GridMap messageOfView(const GridMapView &view) {
    GridMap msg = view.fields;
    for (const Float32ArrayView &array : view.arrays) msg.data.push_back({array.layout, floatsOf(array)});
    return msg;
}

TEST(GridMapViewTest, LeavesTheFloatsInThePayload) {
    const std::vector<std::uint8_t> payload = encodeCdr(twoLayerGridMap());
    GridMapView view;
    ASSERT_TRUE(decodeGridMapView(payload, view));
    EXPECT_EQ(view.fields.header.frame_id, "odom");
    EXPECT_EQ(view.fields.header.stamp.nanosec, 500u);
    EXPECT_EQ(view.fields.info.length_x, 3.0);
    EXPECT_EQ(view.fields.layers, (std::vector<std::string>{"ground", "variance"}));
    EXPECT_EQ(view.fields.basic_layers, (std::vector<std::string>{"ground"}));
    ASSERT_EQ(view.arrays.size(), 2u);
    EXPECT_EQ(view.arrays[1].layout.data_offset, 1u);
    EXPECT_EQ(floatsOf(view.arrays[0]), (std::vector<float>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(floatsOf(view.arrays[1]), (std::vector<float>{-1, 10, 11, 12, 13, 14, 15}));
    // Pointers into the payload, not copies.
    EXPECT_GE(view.arrays[0].bytes.data(), payload.data());
    EXPECT_LE(view.arrays[1].bytes.data() + view.arrays[1].bytes.size(), payload.data() + payload.size());
    EXPECT_EQ(view.fields.outer_start_index, 1);
    EXPECT_EQ(view.fields.inner_start_index, 1);
    EXPECT_TRUE(view.fields.data.empty());
}

TEST(GridMapViewTest, ReadsAPayloadAtAnOddAddress) {
    const std::vector<std::uint8_t> payload = encodeCdr(twoLayerGridMap());
    std::vector<std::uint8_t> shifted(payload.size() + 1);
    std::memcpy(shifted.data() + 1, payload.data(), payload.size());
    GridMapView view;
    ASSERT_TRUE(decodeGridMapView(std::span(shifted).subspan(1), view));
    EXPECT_EQ(messageOfView(view), twoLayerGridMap());
}

TEST(GridMapViewTest, LeavesTheOtherByteOrderToTheDecoder) {
    std::vector<std::uint8_t> payload;
    encodeCdr(twoLayerGridMap(), payload, CdrByteOrder::Big);
    GridMapView view;
    EXPECT_FALSE(decodeGridMapView(payload, view));
    GridMap decoded;
    ASSERT_TRUE(decodeCdr(payload, decoded).ok());
    EXPECT_EQ(decoded, twoLayerGridMap());
}

// Every prefix of the payload and every byte set to 0xff: the view reads exactly what the
// decoder reads, with the same values, and declines the rest.
TEST(GridMapViewTest, AcceptsWhatTheDecoderAcceptsWithTheSameValues) {
    const std::vector<std::uint8_t> payload = encodeCdr(twoLayerGridMap());
    std::vector<std::vector<std::uint8_t>> variants;
    for (std::size_t n = 0; n < payload.size(); ++n) variants.emplace_back(payload.begin(), payload.begin() + n);
    for (std::size_t k = 0; k < payload.size(); ++k) {
        variants.push_back(payload);
        variants.back()[k] = 0xff;
    }
    int accepted = 0;
    for (const auto &bytes : variants) {
        GridMap decoded;
        GridMapView view;
        const bool decoder_reads = decodeCdr(bytes, decoded).ok();
        ASSERT_EQ(decodeGridMapView(bytes, view), decoder_reads) << bytes.size() << " bytes";
        if (!decoder_reads) continue;
        ++accepted;
        // Compared as bytes: a float set to 0xff.. is a NaN, unequal to itself.
        EXPECT_EQ(encodeCdr(messageOfView(view)), encodeCdr(decoded));
    }
    EXPECT_GT(accepted, 20);  // the floats, stamps and positions changed: still messages
}

}  // namespace
}  // namespace robometrics::msgs
