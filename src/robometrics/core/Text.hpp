#pragma once
// Two small text chores shared by the parsers of configuration-like files and by code that reads
// short files whole (captured output, /proc files, records of process groups).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics {

/// `text` without leading and trailing blanks (spaces, tabs, carriage returns and newlines).
std::string_view trimmed(std::string_view text);

/// The whole content of a (small) file; empty when it cannot be read.
std::string readWholeFile(const std::string &path);

/// The whole content of a file a user named (a regular file, or a pipe such as a shell's
/// `<(...)`), or an error naming it: missing, a directory, a device (reading /dev/zero would
/// never end), unreadable. Never throws: a directory opens on Linux, and reading it through a
/// stream buffer (a stream buffer iterator, YAML::LoadFile, nlohmann::json::parse) throws.
Result<std::string> readInputFile(const std::string &path);

/// Whether `path` is something readInputFile would read (for readers that stream the file).
Status checkInputFile(const std::string &path);

/// The known name nearest to `typed` (edit distance, or the only one it begins), when one is near
/// enough to be what was meant: an unknown command, an unknown key of a spec file.
std::optional<std::string> nearestName(const std::string &typed, const std::vector<std::string> &known);

}  // namespace robometrics
