#pragma once
// Some readers take only a path (they seek, or open a sibling file the way the commands do).
// Their fuzz targets write the input into this process's scratch folder on tmpfs (/dev/shm when
// there is one, else the temp directory); the folder is removed when the process exits normally.

#include <cstdint>
#include <span>
#include <string>

namespace robometrics::fuzz {

/// This process's scratch folder, created on first use.
const std::string &scratchDirectory();

/// Writes `bytes` as `name` in the scratch folder (replacing it) and returns its path.
std::string writeScratchFile(const std::string &name, std::span<const std::uint8_t> bytes);

}  // namespace robometrics::fuzz
