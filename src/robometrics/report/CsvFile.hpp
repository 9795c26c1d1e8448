#pragma once
// A CSV (or any text) file written row by row while a run goes on, aside under a temporary name
// (core/AtomicFile.hpp): it takes its name in commit(), when the run has ended, so an error or
// Ctrl-C never leaves a file that looks complete but is not.

#include <fstream>
#include <optional>
#include <string>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::report {

class CsvFile {
public:
    /// Creates the parent directories and opens the temporary file.
    Status open(const std::string &path);
    /// Appends text; the first write error is kept for commit().
    void write(const std::string &text);
    /// Closes the file and gives it its name; the first write error if there was one.
    Status commit();

private:
    std::optional<AtomicFile> file_;
    std::ofstream out_;
    std::string path_;
    std::string error_;
};

}  // namespace robometrics::report
