#include "robometrics/core/AtomicFile.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

#include "robometrics/core/InterruptCleanup.hpp"
#include "robometrics/core/StaleTemporaries.hpp"

namespace robometrics {

namespace fs = std::filesystem;

namespace {

std::string systemError(int error) { return std::strerror(error); }

// ".NAME.tmp-PID-N" in the target's folder (core/StaleTemporaries.hpp): hidden, unique within and
// across processes, and on the same file system as the target so that rename() is atomic.
std::string temporaryName(const fs::path &target) {
    static std::atomic<unsigned> counter{0};
    return temporaryPath(target, getpid(), counter.fetch_add(1)).string();
}

}  // namespace

// ------------------------------------------------------------------------------- TemporaryOutput

namespace detail {

Result<TemporaryOutput> TemporaryOutput::create(const std::string &target, bool directory) {
    if (target.empty()) return Error{"no output path given"};
    if (fs::path(target).filename().empty()) return Error{target + ": names a folder, not a file"};
    // What a writer of this target killed with SIGKILL left (it could not clean up itself).
    sweepStaleTemporaries(target);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string path = temporaryName(target);
        // Registered before it exists: no moment in which a signal would leave it behind.
        const int slot = registerCleanup(path, directory);
        int rc = 0;
        if (directory) {
            rc = mkdir(path.c_str(), 0777);  // the umask applies, as to any folder we create
        } else {
            rc = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            if (rc >= 0) rc = close(rc);
        }
        if (rc == 0) return TemporaryOutput(target, std::move(path), slot);
        const int error = errno;
        unregisterCleanup(slot);
        if (error != EEXIST) return Error{target + ": cannot create: " + systemError(error)};
    }
    return Error{target + ": cannot create: no free temporary name beside it"};
}

TemporaryOutput::TemporaryOutput(TemporaryOutput &&other) noexcept
    : target_(std::move(other.target_)), path_(std::exchange(other.path_, {})), slot_(std::exchange(other.slot_, -1)) {}

TemporaryOutput &TemporaryOutput::operator=(TemporaryOutput &&other) noexcept {
    if (this != &other) {
        discard();
        target_ = std::move(other.target_);
        path_ = std::exchange(other.path_, {});
        slot_ = std::exchange(other.slot_, -1);
    }
    return *this;
}

void TemporaryOutput::discard() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::remove_all(path_, ec);
    release();
}

void TemporaryOutput::release() {
    // Unregistered only now: a signal in between removes a name that no longer exists, which is
    // harmless.
    unregisterCleanup(std::exchange(slot_, -1));
    path_.clear();
}

}  // namespace detail

// ------------------------------------------------------------------------------------ AtomicFile

Result<AtomicFile> AtomicFile::create(const std::string &target) {
    auto temp = TemporaryOutput::create(target, false);
    if (!temp) return temp.error();
    return AtomicFile(std::move(*temp));
}

Status AtomicFile::commit() {
    if (path().empty()) return Error{target() + ": already written or discarded"};
    if (std::rename(path().c_str(), target().c_str()) != 0) {
        const int error = errno;
        discard();
        return Error{target() + ": cannot write: " + systemError(error)};
    }
    release();
    return Status::Ok();
}

Status writeFileAtomically(const std::string &target, std::string_view bytes) {
    auto file = AtomicFile::create(target);
    if (!file) return file.error();
    std::FILE *out = file->openStream();
    if (!out) return Error{target + ": cannot write: " + systemError(errno)};
    const bool written = std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
    const int error = errno;
    if (std::fclose(out) != 0 || !written) return Error{target + ": write failed: " + systemError(error)};
    return file->commit();
}

// ------------------------------------------------------------------------------- AtomicDirectory

Result<AtomicDirectory> AtomicDirectory::create(const std::string &target) {
    std::string name = target;
    while (name.size() > 1 && name.back() == '/') name.pop_back();  // "out/" names the folder "out"
    std::error_code ec;
    if (fs::exists(name, ec) && !fs::is_directory(name, ec)) return Error{target + ": exists and is not a folder"};
    auto temp = TemporaryOutput::create(name, true);
    if (!temp) return temp.error();
    return AtomicDirectory(std::move(*temp));
}

Status AtomicDirectory::commit() {
    const std::string &from = path();
    const std::string &to = target();
    if (from.empty()) return Error{to + ": already written or discarded"};
    auto failed = [this, &to](const char *what, int error) {
        discard();
        return Error{to + ": " + what + ": " + systemError(error)};
    };
    std::error_code ec;
    if (!fs::exists(to, ec)) {
        if (std::rename(from.c_str(), to.c_str()) != 0) return failed("cannot create", errno);
        release();
        return Status::Ok();
    }
    if (!fs::is_directory(to, ec)) {
        discard();
        return Error{to + ": exists and is not a folder"};
    }
    // After the exchange the temporary name holds the earlier folder, still registered for
    // cleanup, so an interruption from now on only removes old content.
    if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) == 0) {
        discard();
        return Status::Ok();
    }
    if (errno != EINVAL && errno != ENOSYS) return failed("cannot replace", errno);
    // A file system without the exchange: move the earlier folder aside, then the new one in.
    const std::string old = temporaryName(to);
    if (std::rename(to.c_str(), old.c_str()) != 0) return failed("cannot replace", errno);
    if (std::rename(from.c_str(), to.c_str()) != 0) {
        const int error = errno;
        std::rename(old.c_str(), to.c_str());  // put the earlier folder back
        return failed("cannot replace", error);
    }
    release();
    fs::remove_all(old, ec);
    return Status::Ok();
}

}  // namespace robometrics
