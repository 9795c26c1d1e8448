#include "robometrics/io/MapImage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>

namespace robometrics::io {

namespace {

std::uint32_t crc32(const std::uint8_t *data, std::size_t n, std::uint32_t crc = 0) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

void putBe32(std::vector<std::uint8_t> &out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}

void writeChunk(std::ofstream &out, const char *type, const std::vector<std::uint8_t> &data) {
    std::vector<std::uint8_t> buf;
    putBe32(buf, static_cast<std::uint32_t>(data.size()));
    buf.insert(buf.end(), type, type + 4);
    buf.insert(buf.end(), data.begin(), data.end());
    putBe32(buf, crc32(buf.data() + 4, buf.size() - 4));
    out.write(reinterpret_cast<const char *>(buf.data()), static_cast<std::streamsize>(buf.size()));
}

}  // namespace

Status writePng(const std::string &path, std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t> &rgb) {
    const std::size_t row_bytes = std::size_t{width} * 3;
    if (width == 0 || height == 0 || rgb.size() != row_bytes * height) {
        return Error{fmt::format("{}: {} bytes for a {} x {} RGB image", path, rgb.size(), width, height)};
    }
    std::ofstream out(path, std::ios::binary);
    if (!out) return Error{fmt::format("{}: cannot create file", path)};
    static const std::uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    out.write(reinterpret_cast<const char *>(signature), 8);

    std::vector<std::uint8_t> ihdr;
    putBe32(ihdr, width);
    putBe32(ihdr, height);
    ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // 8 bits, RGB, deflate, no filter, no interlace
    writeChunk(out, "IHDR", ihdr);

    // The zlib stream, streamed as one IDAT chunk per stored deflate block (at most 65535 bytes
    // of scanlines, each led by filter byte 0), so memory stays at one block whatever the size.
    const std::uint64_t total = (row_bytes + 1) * std::uint64_t{height};
    std::uint32_t s1 = 1, s2 = 0;
    std::uint64_t pos = 0;
    std::vector<std::uint8_t> block;
    bool first = true;
    while (pos < total) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(65535, total - pos));
        block.clear();
        if (first) block.insert(block.end(), {0x78, 0x01});  // zlib header: deflate, 32K window
        first = false;
        const bool last = pos + n == total;
        block.push_back(last ? 1 : 0);
        block.push_back(static_cast<std::uint8_t>(n & 0xFF));
        block.push_back(static_cast<std::uint8_t>(n >> 8));
        block.push_back(static_cast<std::uint8_t>(~n & 0xFF));
        block.push_back(static_cast<std::uint8_t>((~n >> 8) & 0xFF));
        for (std::size_t k = 0; k < n; ++k, ++pos) {
            const std::uint64_t in_row = pos % (row_bytes + 1);
            const std::uint8_t byte =
                in_row == 0 ? 0 : rgb[static_cast<std::size_t>(pos / (row_bytes + 1) * row_bytes + in_row - 1)];
            block.push_back(byte);
            s1 = (s1 + byte) % 65521;
            s2 = (s2 + s1) % 65521;
        }
        if (last) putBe32(block, (s2 << 16) | s1);
        writeChunk(out, "IDAT", block);
    }
    writeChunk(out, "IEND", {});
    if (!out.flush()) return Error{fmt::format("{}: write error", path)};
    return Status::Ok();
}

}  // namespace robometrics::io
