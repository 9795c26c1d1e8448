#include "robometrics/bag/mcap/ChunkCompressor.hpp"

#include <lz4frame.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "robometrics/bag/mcap/Crc32.hpp"

namespace robometrics::bag::mcap {

namespace {
/// At least `n` bytes, never fewer than before (see Job::compressed).
void grow(std::vector<std::uint8_t> &buffer, std::size_t n) {
    if (buffer.size() < n) buffer.resize(n);
}
}  // namespace

/// One thread's compression state.
struct ChunkCompressor::Contexts {
    struct ZstdFree {
        void operator()(ZSTD_CCtx *c) const { ZSTD_freeCCtx(c); }
    };
    std::unique_ptr<ZSTD_CCtx, ZstdFree> zstd;

    void compress(Compression compression, Job &job) {
        job.crc = crc32(job.records);
        job.status = Status::Ok();
        std::vector<std::uint8_t> &dst = job.compressed;
        job.stored = compression == Compression::None;
        job.compressed_size = 0;
        switch (compression) {
            case Compression::None:
                return;
            case Compression::Zstd: {
                if (!zstd) zstd.reset(ZSTD_createCCtx());
                grow(dst, ZSTD_compressBound(job.records.size()));
                const std::size_t n =
                    ZSTD_compressCCtx(zstd.get(), dst.data(), dst.size(), job.records.data(), job.records.size(), 1);
                if (ZSTD_isError(n)) {
                    job.status = Error{std::string("zstd compression failed: ") + ZSTD_getErrorName(n)};
                    return;
                }
                job.compressed_size = n;
                return;
            }
            case Compression::Lz4: {
                LZ4F_preferences_t prefs;
                std::memset(&prefs, 0, sizeof prefs);
                prefs.frameInfo.blockMode = LZ4F_blockIndependent;
                prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
                grow(dst, LZ4F_compressFrameBound(job.records.size(), &prefs));
                const std::size_t n =
                    LZ4F_compressFrame(dst.data(), dst.size(), job.records.data(), job.records.size(), &prefs);
                if (LZ4F_isError(n)) {
                    job.status = Error{std::string("lz4 compression failed: ") + LZ4F_getErrorName(n)};
                    return;
                }
                job.compressed_size = n;
                return;
            }
        }
    }
};

ChunkCompressor::ChunkCompressor(Compression compression, std::size_t threads)
    : compression_(compression), most_in_flight_(kAheadPerThread * std::max<std::size_t>(threads, 1)) {
    if (threads == 0) inline_ = std::make_unique<Contexts>();
    for (std::size_t k = 0; k < threads; ++k) threads_.emplace_back([this] { run(); });
}

ChunkCompressor::~ChunkCompressor() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    for (std::thread &t : threads_) t.join();
}

std::unique_ptr<ChunkCompressor::Job> ChunkCompressor::spare() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (spares_.empty()) return std::make_unique<Job>();
    std::unique_ptr<Job> job = std::move(spares_.back());
    spares_.pop_back();
    return job;
}

void ChunkCompressor::recycle(std::unique_ptr<Job> job) {
    job->records.clear();
    for (auto &[channel, entries] : job->index) entries.clear();
    job->done = false;
    std::lock_guard<std::mutex> lock(mutex_);
    spares_.push_back(std::move(job));
}

void ChunkCompressor::submit(std::unique_ptr<Job> job) {
    if (inline_) {
        inline_->compress(compression_, *job);
        job->done = true;
        in_flight_.push_back(std::move(job));
        return;
    }
    {
        std::unique_lock<std::mutex> lock(mutex_);
        job->done = false;
        todo_.push_back(job.get());
        in_flight_.push_back(std::move(job));
    }
    changed_.notify_all();
}

std::unique_ptr<ChunkCompressor::Job> ChunkCompressor::take(bool wait) {
    std::unique_lock<std::mutex> lock(mutex_);
    // Past the bound the caller waits for the oldest, so no more than most_in_flight_ are held.
    const bool must_wait = wait || in_flight_.size() > most_in_flight_;
    if (in_flight_.empty()) return nullptr;
    if (must_wait) changed_.wait(lock, [this] { return in_flight_.front()->done; });
    if (!in_flight_.front()->done) return nullptr;
    std::unique_ptr<Job> job = std::move(in_flight_.front());
    in_flight_.pop_front();
    return job;
}

void ChunkCompressor::run() {
    Contexts contexts;
    for (;;) {
        Job *job = nullptr;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            changed_.wait(lock, [this] { return stop_ || !todo_.empty(); });
            if (stop_) return;
            job = todo_.front();
            todo_.pop_front();
        }
        contexts.compress(compression_, *job);  // the job is this thread's alone until it is done
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job->done = true;
        }
        changed_.notify_all();
    }
}

}  // namespace robometrics::bag::mcap
