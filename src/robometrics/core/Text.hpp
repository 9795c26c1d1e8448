#pragma once
// Two small text chores shared by the parsers of configuration-like files and by code that reads
// short files whole (captured output, /proc files, records of process groups).

#include <string>
#include <string_view>

namespace robometrics {

/// `text` without leading and trailing blanks (spaces, tabs, carriage returns and newlines).
std::string_view trimmed(std::string_view text);

/// The whole content of a (small) file; empty when it cannot be read.
std::string readWholeFile(const std::string &path);

}  // namespace robometrics
