#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/io/MapServerMap.hpp"

namespace robometrics::io {
namespace {

namespace fs = std::filesystem;

void writeText(const fs::path &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string readText(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A 3 x 2 P5 image: top row 0 205 254, bottom row 80 128 255.
std::string sampleP5() {
    std::string s = "P5\n# a comment\n3 2\n255\n";
    for (int v : {0, 205, 254, 80, 128, 255}) s.push_back(static_cast<char>(v));
    return s;
}

std::string yamlText(const std::string &image, const std::string &extra = "negate: 0\n") {
    return "image: " + image +
           "\nresolution: 0.05\norigin: [1.5, -2.0, 0.0]\noccupied_thresh: 0.65\n"
           "free_thresh: 0.196\n" +
           extra;
}

Result<msgs::OccupancyGrid> load(const std::string &name, const std::string &pgm, const std::string &yaml) {
    const fs::path dir = test::scratchDir("mapserver-" + name);
    writeText(dir / "map.pgm", pgm);
    writeText(dir / "map.yaml", yaml);
    return readMapServerMap((dir / "map.yaml").string());
}

std::vector<std::int8_t> cells(std::initializer_list<int> v) { return std::vector<std::int8_t>(v.begin(), v.end()); }

TEST(MapServerMap, TrinaryUsesMapServerThresholdsAndFlipsRows) {
    auto grid = load("trinary", sampleP5(), yamlText("map.pgm"));
    ASSERT_TRUE(grid.ok()) << grid.message();
    EXPECT_EQ(grid->info.width, 3u);
    EXPECT_EQ(grid->info.height, 2u);
    EXPECT_FLOAT_EQ(grid->info.resolution, 0.05f);
    EXPECT_DOUBLE_EQ(grid->info.origin.position.x, 1.5);
    EXPECT_DOUBLE_EQ(grid->info.origin.position.y, -2.0);
    // occ = 1 - v/255: 80 -> 0.686 > 0.65 occupied; 128 -> 0.498 unknown; 255 -> 0 free;
    // 0 -> 1 occupied; 205 -> 0.19608, not below 0.196, unknown; 254 -> 0.0039 free.
    // Row 0 of the grid is the bottom image row.
    EXPECT_EQ(grid->data, cells({100, -1, 0, 100, -1, 0}));
}

TEST(MapServerMap, NegateSwapsBlackAndWhite) {
    auto grid = load("negate", sampleP5(), yamlText("map.pgm", "negate: 1\n"));
    ASSERT_TRUE(grid.ok()) << grid.message();
    // occ = v/255: 80 -> 0.314 unknown; 128 -> 0.502 unknown; 255 -> occupied; 0 -> free;
    // 205 -> 0.804 occupied; 254 -> occupied.
    EXPECT_EQ(grid->data, cells({-1, -1, 100, 0, 100, 100}));
    auto as_bool = load("negate-bool", sampleP5(), yamlText("map.pgm", "negate: true\n"));
    ASSERT_TRUE(as_bool.ok()) << as_bool.message();
    EXPECT_EQ(as_bool->data, grid->data);
}

TEST(MapServerMap, ScaleModeInterpolatesBetweenThresholds) {
    auto grid = load("scale", sampleP5(), yamlText("map.pgm", "negate: 0\nmode: scale\n"));
    ASSERT_TRUE(grid.ok()) << grid.message();
    // 128: occ 127/255 = 0.49804 -> rint((0.49804 - 0.196) / 0.454 * 100) = rint(66.53) = 67;
    // 205: occ 0.19608 -> rint(0.0173) = 0.
    EXPECT_EQ(grid->data, cells({100, 67, 0, 100, 0, 0}));
}

// Found by fuzzing (fuzz/regressions/MapServerMap): with equal thresholds the scale band is the
// one value occ == threshold, which used to compute 0 / 0 and cast the NaN to int8.
TEST(MapServerMap, ScaleModeWithEqualThresholdsGivesTheLowEnd) {
    const std::string yaml =
        "image: map.pgm\nresolution: 1\norigin: [0, 0, 0]\nmode: scale\nnegate: 1\n"
        "occupied_thresh: 0\nfree_thresh: 0\n";
    auto grid = load("scale-equal", "P2 3 1 255\n0 1 255\n", yaml);
    ASSERT_TRUE(grid.ok()) << grid.message();
    EXPECT_EQ(grid->data, cells({0, 100, 100}));  // negate: occ = v / 255, so 0 lies on both thresholds
}

TEST(MapServerMap, RawModeKeepsValuesUpTo100) {
    std::string pgm = "P5 4 1 255\n";
    for (int v : {0, 50, 100, 101}) pgm.push_back(static_cast<char>(v));
    auto grid = load("raw", pgm, yamlText("map.pgm", "negate: 0\nmode: raw\n"));
    ASSERT_TRUE(grid.ok()) << grid.message();
    EXPECT_EQ(grid->data, cells({0, 50, 100, -1}));
}

TEST(MapServerMap, ReadsPlainP2And16BitP5) {
    auto plain = load("p2", "P2\n# plain\n3 2\n255\n0 205 254\n80 128 255\n", yamlText("map.pgm"));
    ASSERT_TRUE(plain.ok()) << plain.message();
    EXPECT_EQ(plain->data, cells({100, -1, 0, 100, -1, 0}));

    // 16 bits big-endian, maxval 1000: 0 -> occupied, 1000 -> free, 500 -> occ 0.5 unknown.
    std::string wide = "P5\n3 1\n1000\n";
    for (int v : {0, 1000, 500}) {
        wide.push_back(static_cast<char>(v >> 8));
        wide.push_back(static_cast<char>(v & 0xFF));
    }
    auto deep = load("p5-16", wide, yamlText("map.pgm"));
    ASSERT_TRUE(deep.ok()) << deep.message();
    EXPECT_EQ(deep->data, cells({100, 0, -1}));
}

TEST(MapServerMap, OriginYawBecomesAQuaternionAboutZ) {
    const std::string yaml =
        "image: map.pgm\nresolution: 0.1\norigin: [-3.25, 4.0, 0.5]\nnegate: 0\n"
        "occupied_thresh: 0.65\nfree_thresh: 0.196\n";
    auto grid = load("yaw", sampleP5(), yaml);
    ASSERT_TRUE(grid.ok()) << grid.message();
    EXPECT_DOUBLE_EQ(grid->info.origin.orientation.z, std::sin(0.25));
    EXPECT_DOUBLE_EQ(grid->info.origin.orientation.w, std::cos(0.25));
    EXPECT_DOUBLE_EQ(grid->info.origin.orientation.x, 0.0);
    EXPECT_NEAR(originYaw(grid->info.origin), 0.5, 1e-15);
}

TEST(MapServerMap, ImagePathIsRelativeToTheYamlOrAbsolute) {
    const fs::path dir = test::scratchDir("mapserver-paths");
    fs::create_directories(dir / "images");
    writeText(dir / "images" / "m.pgm", sampleP5());
    writeText(dir / "rel.yaml", yamlText("images/m.pgm"));
    writeText(dir / "abs.yaml", yamlText((dir / "images" / "m.pgm").string()));
    auto rel = readMapServerMap((dir / "rel.yaml").string());
    auto abs = readMapServerMap((dir / "abs.yaml").string());
    ASSERT_TRUE(rel.ok()) << rel.message();
    ASSERT_TRUE(abs.ok()) << abs.message();
    EXPECT_EQ(rel->data, abs->data);
}

TEST(MapServerMap, WritesWhatMapSaverWritesAndReadsItBack) {
    msgs::OccupancyGrid grid;
    grid.info.resolution = 0.05f;
    grid.info.width = 3;
    grid.info.height = 2;
    grid.info.origin.position.x = -10.125;
    grid.info.origin.position.y = 7.0625;
    grid.info.origin.orientation.z = std::sin(0.3 / 2);
    grid.info.origin.orientation.w = std::cos(0.3 / 2);
    grid.data = cells({0, 100, -1, 25, 65, 40});
    const fs::path dir = test::scratchDir("mapserver-write");
    ASSERT_TRUE(writeMapServerMap(grid, (dir / "out").string()).ok());

    // Top image row = grid row 1: 25 <= 25 free (254), 65 >= 65 occupied (0), 40 unknown (205).
    const std::string pgm = readText(dir / "out.pgm");
    const std::string header = "P5\n3 2\n255\n";
    ASSERT_EQ(pgm.size(), header.size() + 6);
    EXPECT_EQ(pgm.substr(0, header.size()), header);
    const std::vector<int> pixels(pgm.begin() + static_cast<std::ptrdiff_t>(header.size()), pgm.end());
    std::vector<int> bytes;
    for (int p : pixels) bytes.push_back(p & 0xFF);
    EXPECT_EQ(bytes, (std::vector<int>{254, 0, 205, 254, 0, 205}));

    EXPECT_EQ(readText(dir / "out.yaml"),
              "image: out.pgm\nmode: trinary\nresolution: 0.05\norigin: [-10.125, 7.0625, 0.3]\nnegate: 0\n"
              "occupied_thresh: 0.65\nfree_thresh: 0.196\n");

    auto back = readMapServerMap((dir / "out.yaml").string());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->data, cells({0, 100, -1, 0, 100, -1}));
    EXPECT_EQ(back->info.resolution, grid.info.resolution);
    EXPECT_DOUBLE_EQ(back->info.origin.position.x, -10.125);
    EXPECT_NEAR(originYaw(back->info.origin), 0.3, 1e-15);
}

TEST(MapServerMap, WriteRejectsInconsistentGrids) {
    msgs::OccupancyGrid grid;
    grid.info.width = 2;
    grid.info.height = 2;
    grid.data = cells({0, 0, 0});
    Status s = writeMapServerMap(grid, (test::scratchDir("mapserver-badwrite") / "m").string());
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("3 cells, expected width x height = 4"), std::string::npos) << s.message();
}

void expectError(const std::string &name, const std::string &pgm, const std::string &yaml, const std::string &what) {
    auto grid = load(name, pgm, yaml);
    ASSERT_FALSE(grid.ok()) << name;
    EXPECT_NE(grid.message().find("map.yaml"), std::string::npos) << grid.message();
    EXPECT_NE(grid.message().find(what), std::string::npos) << grid.message();
}

TEST(MapServerMap, BadFilesNameTheFileAndTheProblem) {
    const std::string ok_yaml = yamlText("map.pgm");
    expectError("magic", "P6\n1 1\n255\n\x01", ok_yaml, "expected magic 'P5' or 'P2'");
    expectError("truncated", "P5\n3 2\n255\nabc", ok_yaml, "truncated pixel data");
    expectError("maxval", "P5\n1 1\n0\n\x01", ok_yaml, "maxval 0 is not in 1..65535");
    expectError("header", "P5\n3 x\n255\n", ok_yaml, "expected height");
    expectError("plain-range", "P2\n2 1\n10\n5 11\n", ok_yaml, "pixel 1 = 11 exceeds maxval 10");
    expectError("empty", "P5\n0 0\n255\n", ok_yaml, "empty image");
    expectError("no-image", sampleP5(), "resolution: 0.05\norigin: [0, 0, 0]\n", "missing field 'image'");
    expectError("no-res", sampleP5(), "image: map.pgm\norigin: [0, 0, 0]\n", "missing field 'resolution'");
    expectError("neg-res", sampleP5(), "image: map.pgm\nresolution: -1\norigin: [0, 0, 0]\n",
                "'resolution' must be positive");
    expectError("origin", sampleP5(), "image: map.pgm\nresolution: 0.05\norigin: [0, 0]\n",
                "'origin' must be a list of 3 numbers");
    expectError("mode", sampleP5(), yamlText("map.pgm", "negate: 0\nmode: fancy\n"), "'mode' is 'fancy'");
    expectError("negate", sampleP5(), yamlText("map.pgm", "negate: maybe\n"), "'negate' must be");
    expectError("thresh", sampleP5(), "image: map.pgm\nresolution: 0.05\norigin: [0, 0, 0]\nnegate: 0\n",
                "missing field 'occupied_thresh'");
    expectError("missing-pgm", "", yamlText("other.pgm"), "other.pgm: no such file");
    // A fuzzed map named a directory: reading it through a stream buffer threw (the process
    // aborted); a device would be read for ever.
    expectError("image-dir", "", yamlText("."), ": is a directory, expected a file");
    expectError("image-device", "", yamlText("/dev/zero"), "/dev/zero: not a regular file");
    expectError("yaml-syntax", sampleP5(), "image: [unclosed\n", "invalid YAML");

    auto missing = readMapServerMap("/nonexistent/dir/map.yaml");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), "/nonexistent/dir/map.yaml: no such file");
    auto directory = readPgm(test::scratchDir("mapserver-pgm-dir").string());
    ASSERT_FALSE(directory.ok());
    EXPECT_NE(directory.message().find("is a directory"), std::string::npos) << directory.message();
}

}  // namespace
}  // namespace robometrics::io
