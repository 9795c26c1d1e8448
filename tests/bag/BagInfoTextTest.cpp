// bagInfoTable / bagInfoJson: the two forms of `robometrics info`, on hand-built BagInfo values.

#include <gtest/gtest.h>

#include "robometrics/bag/BagInfoText.hpp"

namespace robometrics::bag {
namespace {

// Two topics over two seconds, MCAP with zstd chunks.
BagInfo sampleInfo() {
    BagInfo info;
    info.path = "run.mcap";
    info.storage = "mcap";
    info.compression = "none";
    info.compression_mode = "NONE";
    info.chunk_compression = {"zstd"};
    info.files = {"run.mcap"};
    info.size_bytes = 2048;
    info.start_ns = 1604357089919704830;
    info.end_ns = 1604357091919704830;
    info.duration_s = 2.0;
    info.message_count = 3;
    info.topics = {{"/scan", "sensor_msgs/msg/LaserScan", "cdr", 2, info.start_ns, info.end_ns, 0.5},
                   {"/tf", "tf2_msgs/msg/TFMessage", "cdr", 1, info.start_ns, info.start_ns, 0.0}};
    return info;
}

TEST(BagInfoText, TableLikeRos2BagInfo) {
    EXPECT_EQ(bagInfoTable(sampleInfo()),
              "Path:              run.mcap\n"
              "Files:             run.mcap\n"
              "Bag size:          2.0 KiB (2048 bytes)\n"
              "Storage id:        mcap\n"
              "Compression:       none, MCAP chunks: zstd\n"
              "Duration:          2.000000000 s\n"
              "Start:             2020-11-02 22:44:49.919704830 UTC (1604357089.919704830)\n"
              "End:               2020-11-02 22:44:51.919704830 UTC (1604357091.919704830)\n"
              "Messages:          3\n"
              "Topic information:\n"
              "  /scan  sensor_msgs/msg/LaserScan         2 msgs       0.500 Hz\n"
              "  /tf    tf2_msgs/msg/TFMessage            1 msgs       0.000 Hz\n"
              "Rates:             (messages - 1) / (last - first log time) per topic, recorder clock\n");
}

TEST(BagInfoText, EmptyCompressedAndRecoveredBags) {
    BagInfo info;
    info.path = "split";
    info.storage = "sqlite3";
    info.compression = "zstd";
    info.compression_mode = "FILE";
    info.files = {"split/a.db3.zstd", "split/b.db3.zstd"};
    info.size_bytes = 512;
    info.complete = false;
    info.error = "split/b.db3.zstd: truncated";
    EXPECT_EQ(bagInfoTable(info),
              "Path:              split\n"
              "Files:             split/a.db3.zstd\n"
              "                   split/b.db3.zstd\n"
              "Bag size:          512 B\n"
              "Storage id:        sqlite3\n"
              "Compression:       zstd (per file)\n"
              "Duration:          0.000000000 s\n"
              "Messages:          0\n"
              "Topic information: none\n"
              "Stopped early:     split/b.db3.zstd: truncated\n");
    EXPECT_EQ(bagInfoJson(info), R"({
  "path": "split",
  "storage": "sqlite3",
  "compression": "zstd",
  "compression_mode": "FILE",
  "chunk_compression": [],
  "files": [
    "split/a.db3.zstd",
    "split/b.db3.zstd"
  ],
  "size_bytes": 512,
  "start_ns": 0,
  "end_ns": 0,
  "duration_s": 0.0,
  "message_count": 0,
  "topics": [],
  "complete": false,
  "error": "split/b.db3.zstd: truncated"
})");
}

TEST(BagInfoText, JsonKeepsTheDocumentedKeyOrder) {
    BagInfo info = sampleInfo();
    info.topics.resize(1);
    EXPECT_EQ(bagInfoJson(info), R"({
  "path": "run.mcap",
  "storage": "mcap",
  "compression": "none",
  "compression_mode": "NONE",
  "chunk_compression": [
    "zstd"
  ],
  "files": [
    "run.mcap"
  ],
  "size_bytes": 2048,
  "start_ns": 1604357089919704830,
  "end_ns": 1604357091919704830,
  "duration_s": 2.0,
  "message_count": 3,
  "topics": [
    {
      "name": "/scan",
      "type": "sensor_msgs/msg/LaserScan",
      "serialization_format": "cdr",
      "message_count": 2,
      "rate_hz": 0.5,
      "first_ns": 1604357089919704830,
      "last_ns": 1604357091919704830
    }
  ],
  "complete": true
})");
}

}  // namespace
}  // namespace robometrics::bag
