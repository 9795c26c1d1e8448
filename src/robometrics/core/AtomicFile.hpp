#pragma once
// Outputs that are complete or absent, never half-written: every file robometrics writes goes to
// a temporary name beside its target (same folder, so the final rename is atomic) and is
// renamed over the target only when it is complete. Until then the target keeps its earlier
// content (or stays absent); an error, a destructor without commit() or an interrupting signal
// (core/InterruptCleanup.hpp) removes the temporary; one left by SIGKILL, which nothing can
// catch, is removed by the next writer of the same target (core/StaleTemporaries.hpp). This
// guards against interruption and errors, not against power loss: nothing is fsync'ed.

#include <cstdio>
#include <ios>
#include <string>
#include <string_view>
#include <utility>

#include "robometrics/core/Result.hpp"

namespace robometrics {

namespace detail {

/// What AtomicFile and AtomicDirectory share: a temporary file or folder beside a target (same
/// folder, ".NAME.tmp-PID-N"), registered with the interrupt cleanup from before it exists, and
/// removed by the destructor unless it was renamed into place. Creating one first removes the
/// stale temporaries of the same target that killed processes left.
class TemporaryOutput {
public:
    TemporaryOutput(TemporaryOutput &&other) noexcept;
    TemporaryOutput &operator=(TemporaryOutput &&other) noexcept;
    TemporaryOutput(const TemporaryOutput &) = delete;
    TemporaryOutput &operator=(const TemporaryOutput &) = delete;
    ~TemporaryOutput() { discard(); }

    /// Where to write (empty once committed or discarded). Close every stream on it first.
    const std::string &path() const { return path_; }
    const std::string &target() const { return target_; }
    /// Removes the temporary (a folder with its contents); the target is left as it was.
    void discard();

protected:
    static Result<TemporaryOutput> create(const std::string &target, bool directory);
    /// Forgets the temporary after it was renamed away.
    void release();

private:
    TemporaryOutput(std::string target, std::string path, int slot)
        : target_(std::move(target)), path_(std::move(path)), slot_(slot) {}

    std::string target_;
    std::string path_;
    int slot_ = -1;  ///< the interrupt-cleanup registration
};

}  // namespace detail

/// One output file written aside and renamed into place. Destroyed without commit(), it
/// leaves the target as it was.
class AtomicFile : public detail::TemporaryOutput {
public:
    /// Creates an empty temporary file beside `target`, whose folder must exist. The error
    /// names the target.
    static Result<AtomicFile> create(const std::string &target);
    /// Renames the temporary over the target. On failure the temporary is removed.
    Status commit();

    // The temporary exists and is empty, so it is opened without truncating it ("r+b", not
    // "wb"). Truncating a file on ext4, even an empty one, makes its close() start writing back
    // everything written to it, on the closing thread (the file system's auto_da_alloc): 0.15 s
    // at the end of a 140 MB convert, during which the command only waits for the kernel.
    /// path() opened with stdio for writing, or null with errno set.
    std::FILE *openStream() const { return std::fopen(path().c_str(), "r+b"); }
    /// The mode to open path() with as a std::ofstream, for the same reason.
    static constexpr std::ios::openmode kStreamMode = std::ios::binary | std::ios::in | std::ios::out;

private:
    explicit AtomicFile(TemporaryOutput temp) : TemporaryOutput(std::move(temp)) {}
};

/// Writes `bytes` to `target` through an AtomicFile. Errors name the target.
Status writeFileAtomically(const std::string &target, std::string_view bytes);

/// A whole output folder written aside and swapped in: `evaluate -o DIR` run twice leaves
/// exactly the second run's files, and an interrupted run leaves the first run's folder.
class AtomicDirectory : public detail::TemporaryOutput {
public:
    /// Creates an empty temporary folder beside `target` (whose parent must exist); write into
    /// path().
    static Result<AtomicDirectory> create(const std::string &target);
    /// Puts the new folder in the target's place, in one step when the file system can exchange
    /// two names (renameat2 RENAME_EXCHANGE), then removes the earlier folder with all it held.
    Status commit();

private:
    explicit AtomicDirectory(TemporaryOutput temp) : TemporaryOutput(std::move(temp)) {}
};

}  // namespace robometrics
