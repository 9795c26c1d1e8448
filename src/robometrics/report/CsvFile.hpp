#pragma once
// A CSV (or any text) file written row by row while a run goes on. Atomic (offline commands):
// aside under a temporary name (core/AtomicFile.hpp) that becomes its name in commit(), when the
// run has ended, so an error or Ctrl-C never leaves a file that looks complete but is not.
// Streaming (live commands, which run for hours): under its own name from the start, every write
// flushed, so `tail -f` follows it and a crash keeps every row written so far.

#include <fstream>
#include <optional>
#include <string>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::report {

class CsvFile {
public:
    enum class Mode { atomic, streaming };

    /// Creates the parent directories and opens the file (atomic: the temporary one).
    Status open(const std::string &path, Mode mode = Mode::atomic);
    /// Appends text (streaming: and flushes it); the first write error is kept for commit().
    void write(const std::string &text);
    /// Closes the file (atomic: and gives it its name); the first write error if there was one.
    Status commit();

private:
    Mode mode_ = Mode::atomic;
    std::optional<AtomicFile> file_;
    std::ofstream out_;
    std::string path_;
    std::string error_;
};

}  // namespace robometrics::report
