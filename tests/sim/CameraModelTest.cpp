#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "robometrics/sim/CameraModel.hpp"

namespace robometrics::sim {

namespace {

using Pixel = std::array<int, 3>;

Pixel pixelAt(const msgs::Image &image, int row, int column) {
    const std::uint8_t *p = image.data.data() + static_cast<std::size_t>(row) * image.step + 3 * column;
    return {p[0], p[1], p[2]};
}

CameraConfig noNoise() {
    CameraConfig config;
    config.noise_bits = 0;
    return config;
}

/// 20 m x 20 m around the origin, nothing in it; indoors (no terrain) or outdoors.
World emptyWorld(bool outdoor) {
    World world;
    world.map = OccupancyMap(200, 200, 0.1, -10.0, -10.0);
    if (outdoor) world.terrain = Terrain(201, 201, 0.1, -10.0, -10.0);
    return world;
}

}  // namespace

TEST(CameraModel, FramesAre640By480Rgb8InTheOpticalFrame) {
    CameraModel camera(Rng(1));
    const msgs::Image image = camera.render(emptyWorld(true), ChassisState{});
    EXPECT_EQ(image.header.frame_id, "camera_optical_frame");
    EXPECT_EQ(image.width, 640u);
    EXPECT_EQ(image.height, 480u);
    EXPECT_EQ(image.encoding, "rgb8");
    EXPECT_EQ(image.is_bigendian, 0);
    EXPECT_EQ(image.step, 1920u);
    EXPECT_EQ(image.data.size(), 1920u * 480u);
}

TEST(CameraModel, SkyAboveGroundBelowAndPitchMovesTheHorizon) {
    CameraModel camera(Rng(1), noNoise());
    ChassisState level;
    const msgs::Image image = camera.render(emptyWorld(true), level);
    const Pixel sky = pixelAt(image, 10, 320), ground = pixelAt(image, 280, 320);
    EXPECT_GT(sky[2], sky[1]);        // blue
    EXPECT_GT(ground[1], ground[2]);  // green
    // Without noise a sky row is one colour.
    for (int u = 0; u < 640; u += 37) EXPECT_EQ(pixelAt(image, 10, u), sky);
    ChassisState nose_up;
    nose_up.pitch = -0.1;
    const Pixel lifted = pixelAt(camera.render(emptyWorld(true), nose_up), 280, 320);
    EXPECT_GT(lifted[2], lifted[1]);  // that row now sees the sky
}

TEST(CameraModel, AWallAheadFillsItsColumnsFromTheFloorUp) {
    CameraModel camera(Rng(1), noNoise());
    const Pixel ceiling = pixelAt(camera.render(emptyWorld(false), ChassisState{}), 0, 320);
    EXPECT_EQ(ceiling, (Pixel{205, 205, 200}));
    World room = emptyWorld(false);
    room.map.fillBox(2.0, -10.0, 2.2, 10.0, OccupancyMap::Occupied);  // 1.75 m ahead of the camera
    const msgs::Image image = camera.render(room, ChassisState{});
    // The wall's foot: 0.5 m below the camera at 1.75 m, row 240 + 500 * 0.5 / 1.75 = 382.9.
    const Pixel wall = pixelAt(image, 0, 320);
    EXPECT_NE(wall, ceiling);
    EXPECT_EQ(pixelAt(image, 200, 320), wall);
    EXPECT_EQ(pixelAt(image, 380, 320), wall);
    EXPECT_NE(pixelAt(image, 386, 320), wall);  // the floor
}

TEST(CameraModel, NoiseIsSmallAndFollowsTheSeed) {
    CameraModel a(Rng(2)), b(Rng(2)), c(Rng(3));
    const msgs::Image first = a.render(emptyWorld(true), ChassisState{});
    EXPECT_TRUE(first == b.render(emptyWorld(true), ChassisState{}));
    EXPECT_FALSE(first == c.render(emptyWorld(true), ChassisState{}));
    // One sky row is one colour plus noise in [-4, 3]: at most 7 apart, and not all equal.
    int low = 255, high = 0;
    for (int u = 0; u < 640; ++u) {
        low = std::min(low, pixelAt(first, 10, u)[0]);
        high = std::max(high, pixelAt(first, 10, u)[0]);
    }
    EXPECT_LE(high - low, 7);
    EXPECT_GT(high - low, 3);
}

TEST(CameraModel, HalfSizeAveragesTwoByTwoBlocks) {
    msgs::Image image;
    image.header.frame_id = "cam";
    image.width = 4;
    image.height = 2;
    image.encoding = "rgb8";
    image.step = 12;
    image.data = {0, 10, 20, 2, 12, 22, 100, 0, 0, 100, 0,   0,  //
                  1, 11, 21, 3, 13, 23, 100, 0, 0, 101, 255, 1};
    const msgs::Image half = CameraModel::halfSize(image);
    EXPECT_EQ(half.header.frame_id, "cam");
    EXPECT_EQ(half.width, 2u);
    EXPECT_EQ(half.height, 1u);
    EXPECT_EQ(half.step, 6u);
    EXPECT_EQ(half.encoding, "rgb8");
    // (0+2+1+3+2)/4 = 2, (10+12+11+13+2)/4 = 12, ...; (100+100+100+101+2)/4 = 100, (255+2)/4 = 64.
    EXPECT_EQ(half.data, (std::vector<std::uint8_t>{2, 12, 22, 100, 64, 0}));
}

}  // namespace robometrics::sim
