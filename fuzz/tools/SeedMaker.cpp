// Writes the generated part of the seed corpora into a folder: small MCAP files (zstd, lz4 and
// uncompressed chunks) and ROS 1 bags (bz2, lz4, none) made with the project's own writers, and
// per message type a schema seed, a typed-codec seed and a schema-plus-payload seed. The
// stored corpora (fuzz/corpus/) are these and the sample files of tests/data, minimised with
// libFuzzer's -merge=1 (docs/fuzzing.md). Not part of the normal build: `--target fuzz_seed_maker`.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/ros1/Writer.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "InputParts.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

void writeFile(const fs::path &path, const std::string &bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
}

std::string asString(const std::vector<std::uint8_t> &bytes) { return {bytes.begin(), bytes.end()}; }

msgs::LaserScan sampleScan(int i) {
    msgs::LaserScan scan;
    scan.header.stamp.sec = i;
    scan.header.frame_id = "laser";
    scan.angle_min = -1.5f;
    scan.angle_max = 1.5f;
    scan.angle_increment = 1.0f;
    scan.range_max = 10.0f;
    scan.ranges = {1.0f, 2.0f, 3.0f};
    scan.intensities = {0.5f};
    return scan;
}

msgs::TFMessage sampleTf(int i) {
    msgs::TFMessage tf;
    msgs::TransformStamped transform;
    transform.header.stamp.sec = i;
    transform.header.frame_id = "odom";
    transform.child_frame_id = "base_link";
    transform.transform.rotation.w = 1.0;
    tf.transforms = {transform, transform};
    return tf;
}

void writeMcaps(const fs::path &folder) {
    for (auto [name, compression] : {std::pair{"zstd", bag::Compression::Zstd}, std::pair{"lz4", bag::Compression::Lz4},
                                     std::pair{"none", bag::Compression::None}}) {
        fs::create_directories(folder);
        bag::McapWriterOptions options;
        options.compression = compression;
        options.chunk_size = 256;  // several chunks, so the index and the merge have work
        auto writer = bag::McapWriter::open((folder / (std::string("generated-") + name + ".mcap")).string(), options);
        if (!writer) throw std::runtime_error(writer.error().message);
        auto scan_schema = (*writer)->addSchema("sensor_msgs/msg/LaserScan", "ros2msg",
                                                std::string(msgs::schemaText<msgs::LaserScan>()));
        auto tf_schema = (*writer)->addSchema("tf2_msgs/msg/TFMessage", "ros2msg",
                                              std::string(msgs::schemaText<msgs::TFMessage>()));
        auto scan = (*writer)->addChannel("/scan", scan_schema, "cdr");
        auto tf = (*writer)->addChannel("/tf", tf_schema, "cdr", {{"offered_qos_profiles", ""}});
        for (int i = 0; i < 4; ++i) {
            (void)(*writer)->write(scan, 1000 + 10 * i, 1000 + 10 * i, msgs::encodeCdr(sampleScan(i)));
            (void)(*writer)->write(tf, 1005 + 10 * (3 - i), 1005, msgs::encodeCdr(sampleTf(i)));  // out of order
        }
        (void)(*writer)->writeMetadata("rosbag2", {{"serialized_metadata", "x"}});
        if (auto closed = (*writer)->close(); !closed.ok()) throw std::runtime_error(closed.error().message);
    }
}

void writeRos1Bags(const fs::path &folder) {
    for (const char *compression : {"bz2", "lz4", "none"}) {
        fs::create_directories(folder);
        auto writer = bag::ros1::Writer::create((folder / (std::string("generated-") + compression + ".bag")).string(),
                                                {.compression = compression, .chunk_size = 256});
        if (!writer) throw std::runtime_error(writer.error().message);
        auto scan = writer->addConnection("/scan", "sensor_msgs/LaserScan", "Header header\nfloat32[] ranges\n");
        auto text = writer->addConnection("/chatter", "std_msgs/String", "string data\n");
        for (int i = 0; i < 4; ++i) {
            auto cdr = msgs::encodeCdr(sampleScan(i));
            (void)writer->write(scan, 1000 + 10 * i, std::span(cdr).subspan(4));
            auto hello = msgs::encodeCdr(msgs::String{"hello"});
            (void)writer->write(text, 1005 + 10 * (3 - i), std::span(hello).subspan(4));
            if (i == 1) (void)writer->flushChunk();
        }
        if (auto closed = writer->close(); !closed.ok()) throw std::runtime_error(closed.error().message);
    }
}

// The type names in the order of ROBOMETRICS_FOR_EACH_MESSAGE: TypedCodecFuzzer's first byte.
#define ROBOMETRICS_SEED_NAME(Struct, Name) Name,
constexpr std::string_view kTypeNames[] = {ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_SEED_NAME)};
#undef ROBOMETRICS_SEED_NAME

struct TypeSeeds {
    const fs::path &root;

    template <class T>
    void add(const T &value) {
        std::string name(msgs::TypeInfo<T>::name);
        char index = 0;
        while (kTypeNames[int(index)] != name) ++index;
        std::string stem = name.substr(name.rfind('/') + 1);
        std::string schema(msgs::schemaText<T>());
        std::string cdr = asString(msgs::encodeCdr(value));
        std::string sep(fuzz::kPartSeparator);
        writeFile(root / "MsgSchema" / stem, name + sep + schema);
        writeFile(root / "DynamicDecoder" / stem, "ros2msg" + sep + name + sep + schema + sep + cdr);
        writeFile(root / "DynamicDecoder" / (stem + "-ros1"), "ros1msg" + sep + name + sep + schema + sep + cdr.substr(4));
        writeFile(root / "TypedCodec" / (stem + "-cdr"), std::string{index, 0} + cdr);
        writeFile(root / "TypedCodec" / (stem + "-ros1"), std::string{index, 1} + cdr.substr(4));
    }
};

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: fuzz_seed_maker OUTPUT_FOLDER\n");
        return 2;
    }
    fs::path root = argv[1];
    writeMcaps(root / "McapIndexed");
    writeRos1Bags(root / "Ros1Bag");
    TypeSeeds seeds{root};
#define ROBOMETRICS_SEED(Struct, Name) seeds.add(msgs::Struct{});
    ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_SEED)
#undef ROBOMETRICS_SEED
    // Types with content (replacing their empty seeds): sequences and strings to mutate.
    seeds.add(sampleScan(1));
    seeds.add(sampleTf(1));
    std::printf("seeds written to %s\n", root.string().c_str());
    return 0;
}
