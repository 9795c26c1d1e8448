#include <gtest/gtest.h>
#include <zlib.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/io/EvoResultZip.hpp"

namespace robometrics::io {
namespace {

void put16(std::string &out, unsigned v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>((v >> 8) & 0xff);
}
void put32(std::string &out, unsigned long v) {
    put16(out, static_cast<unsigned>(v & 0xffff));
    put16(out, static_cast<unsigned>((v >> 16) & 0xffff));
}

/// A zip of stored members laid out by hand as Python's zipfile writes them (local headers, the
/// central directory, the end record; no extra fields), independent of libzip.
std::string storedZip(const std::vector<std::pair<std::string, std::string>> &members) {
    std::string local, central;
    for (const auto &[name, data] : members) {
        const unsigned long crc =
            crc32(0, reinterpret_cast<const Bytef *>(data.data()), static_cast<uInt>(data.size()));
        const unsigned long offset = local.size();
        put32(local, 0x04034b50);
        for (unsigned v : {20u, 0u, 0u, 0u, 0x21u}) put16(local, v);  // version, flags, stored, time, date
        put32(local, crc);
        put32(local, data.size());
        put32(local, data.size());
        put16(local, static_cast<unsigned>(name.size()));
        put16(local, 0);
        local += name + data;
        put32(central, 0x02014b50);
        for (unsigned v : {0x314u, 20u, 0u, 0u, 0u, 0x21u}) put16(central, v);
        put32(central, crc);
        put32(central, data.size());
        put32(central, data.size());
        put16(central, static_cast<unsigned>(name.size()));
        for (unsigned v : {0u, 0u, 0u, 0u}) put16(central, v);  // extra, comment, disk, internal attributes
        put32(central, 0x1a40000);                              // external attributes: -rw-r--r--
        put32(central, offset);
        central += name;
    }
    std::string end;
    put32(end, 0x06054b50);
    put16(end, 0);
    put16(end, 0);
    put16(end, static_cast<unsigned>(members.size()));
    put16(end, static_cast<unsigned>(members.size()));
    put32(end, central.size());
    put32(end, local.size());
    put16(end, 0);
    return local + central + end;
}

std::string writeBytes(const std::string &name, const std::string &bytes) {
    const auto path = (test::scratchDir("evo_result_zip") / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

TEST(EvoResultZip, ReadsAZipAsEvoWritesIt) {
    const std::string path = writeBytes(
        "evo.zip", storedZip({{"info.json", R"j({"title": "APE w.r.t. translation part (m)", "ref_name": "gt.txt",
                                                  "est_name": "orb.txt", "label": "APE (m)"})j"},
                              {"stats.json", R"({"rmse": 2.0, "mean": 2.0, "median": 2.0, "std": 0.0, "min": 2.0,
                                                 "max": 2.0, "sse": 8.0})"},
                              {"error_array.npy", encodeNpy({{2}, {2.0, 2.0}})},
                              {"orb.tum", "0 0 0 0 0 0 0 1\n"},
                              {"seconds_from_start.npz", encodeNpy({{2}, {0.0, 0.5}})}}));
    EXPECT_TRUE(looksLikeZip(path));
    auto zip = readEvoResultZip(path);
    ASSERT_TRUE(zip.ok()) << zip.message();
    EXPECT_EQ(zip->info["est_name"], "orb.txt");
    EXPECT_EQ(zip->stats["sse"], 8.0);
    ASSERT_NE(zip->array("error_array"), nullptr);
    EXPECT_EQ(zip->array("error_array")->values, (std::vector<double>{2.0, 2.0}));
    ASSERT_NE(zip->array("seconds_from_start"), nullptr) << "evo's older .npz name";
    EXPECT_EQ(zip->array("orb"), nullptr) << "trajectories are not arrays";
}

TEST(EvoResultZip, WritesWhatItReadsStoredAsEvo) {
    const std::string path = (test::scratchDir("evo_result_zip_write") / "r.zip").string();
    EvoResultZip zip;
    zip.info = {{"title", "t"}, {"ref_name", "a"}, {"est_name", "b"}, {"label", "APE (m)"}};
    zip.stats = {{"rmse", 1.0}, {"mean", 1.0}, {"median", 1.0}, {"std", 0.0}, {"min", 1.0}, {"max", 1.0}, {"sse", 3.0}};
    zip.arrays.emplace_back("error_array", NpyArray{{3}, {1, 1, 1}});
    zip.arrays.emplace_back("alignment_transformation_sim3", NpyArray{{4, 4}, std::vector<double>(16, 0.5)});
    ASSERT_TRUE(writeEvoResultZip(path, zip).ok());
    const std::string bytes = test::readFile(path);
    EXPECT_EQ(bytes.substr(0, 4), std::string("PK\x03\x04", 4));
    EXPECT_EQ(bytes.substr(8, 2), std::string("\x00\x00", 2)) << "the first member is stored, as evo's";
    EXPECT_NE(bytes.find("error_array.npy"), std::string::npos);
    auto back = readEvoResultZip(path);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->info["label"], "APE (m)");
    EXPECT_EQ(back->array("alignment_transformation_sim3")->shape, (std::vector<std::size_t>{4, 4}));
}

TEST(EvoResultZip, ErrorsNameTheFileAndMember) {
    auto missing = readEvoResultZip(writeBytes("m.zip", storedZip({{"info.json", "{}"}, {"stats.json", "{}"}})));
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("m.zip: not an evo result zip"), std::string::npos) << missing.message();
    auto bad_json = readEvoResultZip(writeBytes("j.zip", storedZip({{"info.json", "[1]"}})));
    ASSERT_FALSE(bad_json.ok());
    EXPECT_NE(bad_json.message().find("j.zip: info.json: not a JSON object"), std::string::npos) << bad_json.message();
    auto bad_npy = readEvoResultZip(writeBytes("n.zip", storedZip({{"error_array.npy", "\x93NUMPY\x01"}})));
    ASSERT_FALSE(bad_npy.ok());
    EXPECT_NE(bad_npy.message().find("n.zip: error_array.npy"), std::string::npos) << bad_npy.message();
    // A member whose size the directory gets wrong, and bytes that are no zip.
    std::string lying = storedZip({{"info.json", "{}"}});
    lying[18] = '\x7f';  // local compressed size
    EXPECT_FALSE(readEvoResultZip(writeBytes("l.zip", lying)).ok());
    auto text = readEvoResultZip(writeBytes("t.zip", "0 0 0 0 0 0 0 1\n"));
    ASSERT_FALSE(text.ok());
    EXPECT_NE(text.message().find("t.zip: not a readable zip"), std::string::npos) << text.message();
    EXPECT_FALSE(looksLikeZip(writeBytes("t2.zip", "0 0 0")));
}

}  // namespace
}  // namespace robometrics::io
