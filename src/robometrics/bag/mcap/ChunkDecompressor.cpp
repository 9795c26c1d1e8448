#include "robometrics/bag/mcap/ChunkDecompressor.hpp"

#include <lz4frame.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/bag/mcap/OverwriteBuffer.hpp"

namespace robometrics::bag::mcap {

struct ChunkDecompressor::Contexts {
    ZSTD_DCtx *zstd = nullptr;
    LZ4F_dctx *lz4 = nullptr;
    ~Contexts() {
        if (zstd) ZSTD_freeDCtx(zstd);
        if (lz4) LZ4F_freeDecompressionContext(lz4);
    }
};

ChunkDecompressor::ChunkDecompressor() : ctx_(std::make_unique<Contexts>()) {}
ChunkDecompressor::~ChunkDecompressor() = default;
ChunkDecompressor::ChunkDecompressor(ChunkDecompressor &&) noexcept = default;
ChunkDecompressor &ChunkDecompressor::operator=(ChunkDecompressor &&) noexcept = default;

std::uint64_t ChunkDecompressor::maxExpansion(const std::string &compression, std::uint64_t compressed_size) {
    // zstd: a 128 KiB block can be a 4-byte RLE block; LZ4: a match of length 255 per byte of
    // length extension. Both bounds are generous (never reject valid data) yet finite.
    constexpr std::uint64_t kZstdRatio = 128 * 1024 / 4 + 1;
    constexpr std::uint64_t kLz4Ratio = 256;
    constexpr std::uint64_t kSlack = 1 << 16;
    if (compression.empty()) return compressed_size;
    if (compression == "zstd") return compressed_size * kZstdRatio + kSlack;
    if (compression == "lz4") return compressed_size * kLz4Ratio + kSlack;
    return 0;
}

namespace {

// The zstd context is made on first use and kept for every later chunk.
Status ensureZstdContext(ZSTD_DCtx *&dctx) {
    if (!dctx) dctx = ZSTD_createDCtx();
    if (!dctx) return Error{"cannot create a zstd context"};
    return Status::Ok();
}

template <class Buffer>
Status decompressZstd(ZSTD_DCtx *&dctx, Bytes src, Buffer &out) {
    ROBOMETRICS_TRY(ensureZstdContext(dctx));
    std::size_t n = ZSTD_decompressDCtx(dctx, out.data(), out.size(), src.data(), src.size());
    if (ZSTD_isError(n)) return Error{std::string("corrupt zstd data: ") + ZSTD_getErrorName(n)};
    if (n != out.size()) {
        return Error{"zstd data decompressed to " + std::to_string(n) + " bytes, the chunk declares " +
                     std::to_string(out.size())};
    }
    return Status::Ok();
}

// zstd data decompressed into a buffer that grows with what the data really produces (doubling,
// never past what the chunk declares). Found by fuzzing: 13 KB of chunk declaring 200 MB (within
// the ratio bound) cost the allocation and zero-fill of the declared size in every pass over the
// file; now the cost follows the data.
template <class Buffer>
Status decompressZstdGrowing(ZSTD_DCtx *&dctx, Bytes src, std::uint64_t declared, Buffer &out) {
    ROBOMETRICS_TRY(ensureZstdContext(dctx));
    ZSTD_DCtx_reset(dctx, ZSTD_reset_session_only);
    ZSTD_inBuffer in{src.data(), src.size(), 0};
    std::size_t produced = 0;
    const std::uint64_t first_guess = std::max<std::uint64_t>(src.size() * 8, 1 << 16);
    out.clear();  // what it held is not kept: growing it copies nothing
    out.resize(static_cast<std::size_t>(std::min(declared, first_guess)));
    for (;;) {
        ZSTD_outBuffer o{out.data(), out.size(), produced};
        const std::size_t in_before = in.pos;
        const std::size_t r = ZSTD_decompressStream(dctx, &o, &in);
        if (ZSTD_isError(r)) return Error{std::string("corrupt zstd data: ") + ZSTD_getErrorName(r)};
        const bool progress = o.pos != produced || in.pos != in_before;
        produced = o.pos;
        if (r == 0 && in.pos == in.size) break;  // the last frame is complete
        if (produced == out.size() && out.size() < declared) {
            out.resize(static_cast<std::size_t>(std::min<std::uint64_t>(declared, 2 * out.size())));
            continue;
        }
        if (!progress) {
            if (in.pos == in.size) return Error{"corrupt zstd data: it ends inside a frame"};
            return Error{"corrupt zstd data: it decompresses to more than the chunk's " + std::to_string(declared) +
                         " bytes"};
        }
    }
    if (produced != declared) {
        return Error{"zstd data decompressed to " + std::to_string(produced) + " bytes, the chunk declares " +
                     std::to_string(declared)};
    }
    out.resize(produced);
    return Status::Ok();
}

/// Into `out` at its size; with `at_most`, `out` is then cut to what the frames gave.
template <class Buffer>
Status decompressLz4(LZ4F_dctx *&dctx, Bytes src, Buffer &out, bool at_most = false) {
    if (!dctx) {
        if (LZ4F_isError(LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION))) {
            dctx = nullptr;
            return Error{"cannot create an lz4 context"};
        }
    }
    LZ4F_resetDecompressionContext(dctx);
    std::size_t in_pos = 0;
    std::size_t out_pos = 0;
    for (;;) {
        std::size_t in_size = src.size() - in_pos;
        std::size_t out_size = out.size() - out_pos;
        std::size_t hint =
            LZ4F_decompress(dctx, out.data() + out_pos, &out_size, src.data() + in_pos, &in_size, nullptr);
        if (LZ4F_isError(hint)) return Error{std::string("corrupt lz4 data: ") + LZ4F_getErrorName(hint)};
        in_pos += in_size;
        out_pos += out_size;
        if (hint == 0) {
            if (in_pos == src.size()) break;  // end of the last frame
            continue;                         // another frame follows
        }
        // No progress means the input ended inside a frame or the output is full.
        if (in_size == 0 && out_size == 0) {
            if (in_pos == src.size()) return Error{"lz4 data ends inside a frame"};
            return Error{"lz4 data decompresses to more than the chunk's " + std::to_string(out.size()) + " bytes"};
        }
    }
    if (at_most) out.resize(out_pos);
    if (out_pos != out.size()) {
        return Error{"lz4 data decompressed to " + std::to_string(out_pos) + " bytes, the chunk declares " +
                     std::to_string(out.size())};
    }
    return Status::Ok();
}

}  // namespace

Result<Bytes> ChunkDecompressor::decompressLz4AnySize(Bytes src, std::vector<std::uint8_t> &storage) {
    storage.resize(static_cast<std::size_t>(maxExpansion("lz4", src.size())));
    ROBOMETRICS_TRY(decompressLz4(ctx_->lz4, src, storage, true));
    return Bytes(storage);
}

template <class Buffer>
Result<Bytes> ChunkDecompressor::decompress(const ChunkRecord &chunk, Buffer &storage, bool verify_crc) {
    const std::string &c = chunk.compression;
    if (!c.empty() && c != "zstd" && c != "lz4") return Error{"unsupported chunk compression \"" + c + "\""};
    Bytes out;
    if (chunk.uncompressed_size > maxExpansion(c, chunk.records.size())) {
        return Error{"chunk uncompressed_size " + std::to_string(chunk.uncompressed_size) + " is impossible for " +
                     std::to_string(chunk.records.size()) + " bytes of " + (c.empty() ? "uncompressed" : c) + " data"};
    }
    if (c.empty()) {
        if (chunk.uncompressed_size != chunk.records.size()) {
            return Error{"uncompressed chunk holds " + std::to_string(chunk.records.size()) +
                         " bytes but declares uncompressed_size " + std::to_string(chunk.uncompressed_size)};
        }
        out = chunk.records;
    } else {
        Status s = Status::Ok();
        // Up to a ratio real recordings reach, the declared size is allocated at once (one
        // decompression call); beyond it the buffer grows with the data, so a chunk that lies
        // about its size costs what its bytes produce, not what it declares.
        constexpr std::uint64_t kTrustedRatio = 16;
        if (c == "zstd" && chunk.uncompressed_size > kTrustedRatio * chunk.records.size()) {
            s = decompressZstdGrowing(ctx_->zstd, chunk.records, chunk.uncompressed_size, storage);
        } else {
            resizeForOverwrite(storage, static_cast<std::size_t>(chunk.uncompressed_size));
            s = c == "zstd" ? decompressZstd(ctx_->zstd, chunk.records, storage)
                            : decompressLz4(ctx_->lz4, chunk.records, storage);
        }
        if (!s.ok()) return s.error();
        out = storage;
    }
    if (verify_crc && chunk.uncompressed_crc != 0) {
        std::uint32_t crc = crc32(out);
        if (crc != chunk.uncompressed_crc) {
            return Error{"chunk CRC mismatch: stored " + std::to_string(chunk.uncompressed_crc) + ", computed " +
                         std::to_string(crc)};
        }
    }
    return out;
}

template Result<Bytes> ChunkDecompressor::decompress(const ChunkRecord &, std::vector<std::uint8_t> &, bool);
template Result<Bytes> ChunkDecompressor::decompress(const ChunkRecord &, OverwriteBuffer &, bool);

}  // namespace robometrics::bag::mcap
