#include "robometrics/bag/rosbag2/Zstd.hpp"

#include <stdlib.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>

#include "robometrics/core/InterruptCleanup.hpp"

namespace robometrics::bag::rosbag2 {

namespace {
constexpr std::uint8_t kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};

struct FileCloser {
    void operator()(std::FILE *f) const {
        if (f) std::fclose(f);
    }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;
}  // namespace

// Outside the anonymous namespace: ZstdMessageDecompressor::Context, a class of the header, holds
// one, and a type with internal linkage there is an error in a unity build (-Wsubobject-linkage).
struct DStreamDeleter {
    void operator()(ZSTD_DStream *s) const { ZSTD_freeDStream(s); }
};

bool isZstdFrame(std::span<const std::uint8_t> data) {
    return data.size() >= 4 && std::equal(kZstdMagic, kZstdMagic + 4, data.begin());
}

struct ZstdMessageDecompressor::Context {
    std::unique_ptr<ZSTD_DStream, DStreamDeleter> stream{ZSTD_createDStream()};
};

ZstdMessageDecompressor::ZstdMessageDecompressor() : context_(std::make_unique<Context>()) {}
ZstdMessageDecompressor::~ZstdMessageDecompressor() = default;

Result<std::span<const std::uint8_t>> ZstdMessageDecompressor::decompress(std::span<const std::uint8_t> frame,
                                                                          const std::string &where,
                                                                          std::size_t max_bytes) {
    ZSTD_DStream *stream = context_->stream.get();
    if (!stream) return Error{where + ": cannot allocate a zstd context"};
    ZSTD_DCtx_reset(stream, ZSTD_reset_session_only);
    // Start from the claimed content size but never more than the compressed size warrants;
    // the buffer then grows only as real output appears.
    unsigned long long claimed = ZSTD_getFrameContentSize(frame.data(), frame.size());
    std::size_t initial = std::max<std::size_t>(256, frame.size() * 4);
    if (claimed != ZSTD_CONTENTSIZE_UNKNOWN && claimed != ZSTD_CONTENTSIZE_ERROR)
        initial = std::min<std::size_t>(initial, std::max<unsigned long long>(claimed, 1));
    if (buffer_.size() < initial) buffer_.resize(initial);
    ZSTD_inBuffer in{frame.data(), frame.size(), 0};
    std::size_t produced = 0;
    for (;;) {
        ZSTD_outBuffer out{buffer_.data() + produced, buffer_.size() - produced, 0};
        std::size_t rc = ZSTD_decompressStream(stream, &out, &in);
        produced += out.pos;
        if (ZSTD_isError(rc))
            return Error{where + ": corrupt zstd data at byte " + std::to_string(in.pos) +
                         " of the frame: " + ZSTD_getErrorName(rc)};
        if (rc == 0) break;  // frame complete
        if (produced > max_bytes) return Error{where + ": zstd frame decompresses to more than the allowed size"};
        if (in.pos == in.size && out.pos < out.size)
            return Error{where + ": truncated zstd frame (" + std::to_string(frame.size()) + " bytes)"};
        if (produced == buffer_.size()) buffer_.resize(std::min(buffer_.size() * 2, max_bytes + 1));
    }
    if (in.pos != in.size)
        return Error{where + ": " + std::to_string(in.size - in.pos) + " unexpected bytes after the zstd frame"};
    return std::span<const std::uint8_t>(buffer_.data(), produced);
}

Result<std::unique_ptr<TempFile>> TempFile::create(const std::string &suffix) {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec) return Error{"no temporary directory: " + ec.message()};
    std::string pattern = (dir / ("robometrics-XXXXXX" + suffix)).string();
    int fd = mkstemps(pattern.data(), static_cast<int>(suffix.size()));
    if (fd < 0) return Error{"cannot create a temporary file in " + dir.string()};
    close(fd);
    const int slot = registerCleanup(pattern, false);
    return std::unique_ptr<TempFile>(new TempFile(pattern, slot));
}

TempFile::~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
    unregisterCleanup(slot_);
}

Result<std::unique_ptr<TempFile>> decompressFileToTemp(const std::string &source, const std::string &suffix) {
    std::error_code ec;
    std::uint64_t input_size = std::filesystem::file_size(source, ec);
    if (ec) return Error{source + ": cannot read: " + ec.message()};
    const std::uint64_t limit = input_size * kMaxExpansion + (64ull << 20);
    FilePtr in(std::fopen(source.c_str(), "rb"));
    if (!in) return Error{source + ": cannot open"};
    auto temp = TempFile::create(suffix);
    if (!temp) return withContext(source, temp.error());
    // "r+b": mkstemps made it empty, and truncating it would make ext4 write it back on close
    // (auto_da_alloc, core/AtomicFile.hpp), though it is read once and removed.
    FilePtr out(std::fopen((*temp)->path().c_str(), "r+b"));
    if (!out) return Error{source + ": cannot write the temporary file " + (*temp)->path()};

    std::unique_ptr<ZSTD_DStream, DStreamDeleter> stream(ZSTD_createDStream());
    if (!stream) return Error{source + ": cannot allocate a zstd context"};
    std::vector<std::uint8_t> in_buf(ZSTD_DStreamInSize()), out_buf(ZSTD_DStreamOutSize());
    std::uint64_t consumed = 0, written = 0;
    std::size_t last_rc = 1;  // nonzero: a frame is in progress (or none was seen yet)
    bool any_input = false;
    for (;;) {
        std::size_t got = std::fread(in_buf.data(), 1, in_buf.size(), in.get());
        if (got == 0) break;
        any_input = true;
        ZSTD_inBuffer zin{in_buf.data(), got, 0};
        while (zin.pos < zin.size) {
            ZSTD_outBuffer zout{out_buf.data(), out_buf.size(), 0};
            std::size_t rc = ZSTD_decompressStream(stream.get(), &zout, &zin);
            if (ZSTD_isError(rc))
                return Error{source + ": offset " + std::to_string(consumed + zin.pos) +
                             ": corrupt zstd data: " + ZSTD_getErrorName(rc)};
            written += zout.pos;
            if (written > limit)
                return Error{source + ": zstd stream expands beyond " + std::to_string(limit) + " bytes"};
            if (zout.pos && std::fwrite(out_buf.data(), 1, zout.pos, out.get()) != zout.pos)
                return Error{source + ": cannot write the temporary file " + (*temp)->path()};
            last_rc = rc;
            if (zin.pos == zin.size && zout.pos < zout.size) break;
        }
        consumed += got;
    }
    // Drain output still buffered inside the context (a frame may end exactly at the input end).
    while (last_rc != 0 && any_input) {
        ZSTD_inBuffer zin{nullptr, 0, 0};
        ZSTD_outBuffer zout{out_buf.data(), out_buf.size(), 0};
        std::size_t rc = ZSTD_decompressStream(stream.get(), &zout, &zin);
        if (ZSTD_isError(rc)) return Error{source + ": corrupt zstd data at the end: " + ZSTD_getErrorName(rc)};
        written += zout.pos;
        if (written > limit) return Error{source + ": zstd stream expands beyond " + std::to_string(limit) + " bytes"};
        if (zout.pos && std::fwrite(out_buf.data(), 1, zout.pos, out.get()) != zout.pos)
            return Error{source + ": cannot write the temporary file " + (*temp)->path()};
        last_rc = rc;
        if (zout.pos == 0) break;
    }
    if (!any_input) return Error{source + ": empty file (expected a zstd stream)"};
    if (last_rc != 0) return Error{source + ": offset " + std::to_string(consumed) + ": truncated zstd stream"};
    if (std::fflush(out.get()) != 0) return Error{source + ": cannot write the temporary file " + (*temp)->path()};
    return std::move(*temp);
}

}  // namespace robometrics::bag::rosbag2
