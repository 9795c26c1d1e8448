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

    // The zlib stream: header, stored blocks of at most 65535 bytes, Adler-32 of the raw data.
    std::vector<std::uint8_t> raw;
    raw.reserve((row_bytes + 1) * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        raw.push_back(0);  // filter type None
        raw.insert(raw.end(), rgb.begin() + static_cast<std::ptrdiff_t>(y * row_bytes),
                   rgb.begin() + static_cast<std::ptrdiff_t>((y + 1) * row_bytes));
    }
    std::uint32_t s1 = 1, s2 = 0;
    for (std::uint8_t b : raw) {
        s1 = (s1 + b) % 65521;
        s2 = (s2 + s1) % 65521;
    }
    std::vector<std::uint8_t> z = {0x78, 0x01};
    z.reserve(raw.size() + raw.size() / 65535 * 5 + 16);
    for (std::size_t pos = 0; pos < raw.size() || pos == 0;) {
        const std::size_t n = std::min<std::size_t>(65535, raw.size() - pos);
        const bool last = pos + n == raw.size();
        z.push_back(last ? 1 : 0);
        z.push_back(static_cast<std::uint8_t>(n & 0xFF));
        z.push_back(static_cast<std::uint8_t>(n >> 8));
        z.push_back(static_cast<std::uint8_t>(~n & 0xFF));
        z.push_back(static_cast<std::uint8_t>((~n >> 8) & 0xFF));
        z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(pos), raw.begin() + static_cast<std::ptrdiff_t>(pos + n));
        pos += n;
        if (last) break;
    }
    putBe32(z, (s2 << 16) | s1);
    writeChunk(out, "IDAT", z);
    writeChunk(out, "IEND", {});
    if (!out.flush()) return Error{fmt::format("{}: write error", path)};
    return Status::Ok();
}

}  // namespace robometrics::io
