// The baselines of a whole-bag read, for benchmarks/command-ratios (a plain program, not a
// Google Benchmark one: the script times it as a whole process, as it times `robometrics info`):
//
//   read_baselines zstd FILE.mcap       reads every zstd chunk the summary lists and decompresses
//                                       it with ZSTD_decompressDCtx on one thread: the floor of
//                                       a one-core read
//   read_baselines official FILE.mcap   every message through the official MCAP C++ reader
//                                       (McapReader::readMessages(): the summary's chunk indexes,
//                                       log-time order), built only when CMake is given
//                                       -DMCAP_CPP_INCLUDE_DIR=<its cpp/mcap/include>
//   read_baselines lines FILE...        every line of each text file through the LineReader that
//                                       `robometrics ape` reads TUM files with, nothing parsed:
//                                       the floor of ape's reading, its kernel time above all
//                                       (the copy out of the page cache)
//
// Each prints "<messages, chunks or lines> <bytes>" so the script can check it read the whole
// input. Exit 2 when the baseline is not built in, 1 on a read error.

#include <zstd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/mcap/Summary.hpp"
#include "robometrics/io/LineReader.hpp"

#ifdef ROBOMETRICS_OFFICIAL_MCAP
#define MCAP_IMPLEMENTATION
#include <mcap/reader.hpp>
#endif

namespace {

int plainZstd(const char *path) {
    using namespace robometrics::bag::mcap;
    auto file = FileInput::open(path);
    if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
    auto summary = readSummary(*file);
    if (!summary) return std::fprintf(stderr, "%s\n", summary.message().c_str()), 1;
    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    std::vector<std::uint8_t> raw, out;
    std::uint64_t chunks = 0, bytes = 0;
    for (const ChunkIndexRecord &c : summary->chunk_indexes) {
        if (c.compression != "zstd") continue;
        if (!file->read(c.chunk_start_offset, c.chunk_length, raw, "Chunk record").ok()) return 1;
        out.resize(c.uncompressed_size);
        // The compressed records are the last compressed_size bytes of the Chunk record.
        const std::size_t n = ZSTD_decompressDCtx(dctx, out.data(), out.size(),
                                                  raw.data() + raw.size() - c.compressed_size, c.compressed_size);
        if (ZSTD_isError(n) || n != c.uncompressed_size) return std::fprintf(stderr, "zstd failed\n"), 1;
        ++chunks;
        bytes += n;
    }
    ZSTD_freeDCtx(dctx);
    std::printf("%llu %llu\n", static_cast<unsigned long long>(chunks), static_cast<unsigned long long>(bytes));
    return 0;
}

int official(const char *path) {
#ifdef ROBOMETRICS_OFFICIAL_MCAP
    mcap::McapReader reader;
    if (auto status = reader.open(path); !status.ok()) return std::fprintf(stderr, "%s\n", status.message.c_str()), 1;
    std::uint64_t messages = 0, bytes = 0;
    bool failed = false;
    auto problem = [&](const mcap::Status &status) {
        std::fprintf(stderr, "%s\n", status.message.c_str());
        failed = true;
    };
    for (const mcap::MessageView &view : reader.readMessages(problem)) {
        ++messages;
        bytes += view.message.dataSize;
    }
    reader.close();
    std::printf("%llu %llu\n", static_cast<unsigned long long>(messages), static_cast<unsigned long long>(bytes));
    return failed ? 1 : 0;
#else
    (void)path;
    std::fprintf(stderr, "read_baselines: built without the official MCAP reader (MCAP_CPP_INCLUDE_DIR)\n");
    return 2;
#endif
}

int lines(int count, char **paths) {
    std::uint64_t lines = 0, bytes = 0;
    for (int i = 0; i < count; ++i) {
        auto reader = robometrics::io::LineReader::open(paths[i]);
        if (!reader) return std::fprintf(stderr, "%s\n", reader.message().c_str()), 1;
        std::string_view line;
        while (reader->next(line)) {
            ++lines;
            bytes += line.size() + 1;
        }
        if (reader->failed()) return std::fprintf(stderr, "%s: read error\n", paths[i]), 1;
    }
    std::printf("%llu %llu\n", static_cast<unsigned long long>(lines), static_cast<unsigned long long>(bytes));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 3 && std::strcmp(argv[1], "zstd") == 0) return plainZstd(argv[2]);
    if (argc == 3 && std::strcmp(argv[1], "official") == 0) return official(argv[2]);
    if (argc >= 3 && std::strcmp(argv[1], "lines") == 0) return lines(argc - 2, argv + 2);
    std::fprintf(stderr, "usage: read_baselines zstd|official FILE.mcap | lines FILE...\n");
    return 2;
}
