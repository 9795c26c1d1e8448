#include "robometrics/report/Png.hpp"

#include <zlib.h>

#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::report {

namespace {

void putU32(std::vector<std::uint8_t> &out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void putChunk(std::vector<std::uint8_t> &out, const char *type, const std::vector<std::uint8_t> &data) {
    putU32(out, static_cast<std::uint32_t>(data.size()));
    size_t type_pos = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    uLong crc = crc32(0L, out.data() + type_pos, static_cast<uInt>(4 + data.size()));
    putU32(out, static_cast<std::uint32_t>(crc));
}

}  // namespace

std::vector<std::uint8_t> encodePng(const Image &image) {
    std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::vector<std::uint8_t> header;
    putU32(header, static_cast<std::uint32_t>(image.width));
    putU32(header, static_cast<std::uint32_t>(image.height));
    header.push_back(8);                                     // bit depth
    header.push_back(image.channels == 1 ? 0 : 2);           // colour type: grey or RGB
    header.insert(header.end(), {0, 0, 0});                  // compression, filter, interlace
    putChunk(out, "IHDR", header);

    // Each row is prefixed with filter type 0 (none); zlib does the compression.
    size_t row_bytes = static_cast<size_t>(image.width) * static_cast<size_t>(image.channels);
    std::vector<std::uint8_t> raw;
    raw.reserve((row_bytes + 1) * static_cast<size_t>(image.height));
    for (int y = 0; y < image.height; ++y) {
        raw.push_back(0);
        auto row = image.pixels.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(y) * row_bytes);
        raw.insert(raw.end(), row, row + static_cast<std::ptrdiff_t>(row_bytes));
    }
    uLongf compressed_size = compressBound(static_cast<uLong>(raw.size()));
    std::vector<std::uint8_t> compressed(compressed_size);
    compress2(compressed.data(), &compressed_size, raw.data(), static_cast<uLong>(raw.size()), 6);
    compressed.resize(compressed_size);
    putChunk(out, "IDAT", compressed);
    putChunk(out, "IEND", {});
    return out;
}

Status writePng(const std::string &path, const Image &image) {
    std::vector<std::uint8_t> bytes = encodePng(image);
    return writeFileAtomically(path, {reinterpret_cast<const char *>(bytes.data()), bytes.size()});
}

std::string base64(const std::vector<std::uint8_t> &bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        std::uint32_t v = (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8) | bytes[i + 2];
        for (int shift = 18; shift >= 0; shift -= 6) out.push_back(kAlphabet[(v >> shift) & 63]);
    }
    if (i < bytes.size()) {
        std::uint32_t v = std::uint32_t{bytes[i]} << 16;
        if (i + 1 < bytes.size()) v |= std::uint32_t{bytes[i + 1]} << 8;
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

}  // namespace robometrics::report
