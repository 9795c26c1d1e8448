#include "robometrics/bench/RecordingDigest.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

struct DigestContext {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
    bool ok() const { return ctx != nullptr; }
    void update(const void *data, std::size_t n) { EVP_DigestUpdate(ctx.get(), data, n); }
};

/// Feeds the file's bytes to `digest`; its size on success.
Result<std::uint64_t> feedFile(const fs::path &file, DigestContext &digest) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Error{fmt::format("{}: cannot read the recording: {}", file.string(), std::strerror(errno))};
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    std::vector<unsigned char> buffer(1 << 20);
    std::uint64_t total = 0;
    while (true) {
        const ssize_t n = ::read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int e = errno;
            ::close(fd);
            return Error{fmt::format("{}: cannot read the recording: {}", file.string(), std::strerror(e))};
        }
        if (n == 0) break;
        digest.update(buffer.data(), static_cast<std::size_t>(n));
        total += static_cast<std::uint64_t>(n);
    }
    ::close(fd);
    return total;
}

}  // namespace

Result<RecordingDigest> digestRecording(const std::string &path) {
    DigestContext digest;
    if (!digest.ok() || EVP_DigestInit_ex(digest.ctx.get(), EVP_sha256(), nullptr) != 1) {
        return Error{path + ": SHA-256 is not available (OpenSSL)"};
    }
    RecordingDigest out{path, {}, 0};
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        std::vector<std::string> files;
        for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::follow_directory_symlink, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file(ec)) files.push_back(fs::relative(it->path(), path, ec).generic_string());
        }
        if (ec) return Error{fmt::format("{}: cannot list the recording: {}", path, ec.message())};
        std::sort(files.begin(), files.end());
        for (const std::string &name : files) {
            const auto size = fs::file_size(fs::path(path) / name, ec);
            if (ec) return Error{fmt::format("{}/{}: {}", path, name, ec.message())};
            unsigned char le[8];
            for (int i = 0; i < 8; ++i)
                le[i] = static_cast<unsigned char>((static_cast<std::uint64_t>(size) >> (8 * i)) & 0xff);
            digest.update(name.c_str(), name.size() + 1);  // with its NUL
            digest.update(le, sizeof le);
            auto fed = feedFile(fs::path(path) / name, digest);
            if (!fed) return fed.error();
            out.bytes += *fed;
        }
    } else {
        auto fed = feedFile(path, digest);
        if (!fed) return fed.error();
        out.bytes = *fed;
    }
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(digest.ctx.get(), md, &length) != 1) return Error{path + ": SHA-256 failed"};
    for (unsigned int i = 0; i < length; ++i) out.sha256 += fmt::format("{:02x}", md[i]);
    return out;
}

}  // namespace robometrics::bench
