#pragma once
// evo's result file (`evo_ape/evo_rpe --save_results r.zip`, read by `evo_res`): a zip archive
// with `info.json` (title, ref_name, est_name, label), `stats.json` (rmse, mean, median, std,
// min, max, sse) and one NumPy array per name (`error_array.npy`, `timestamps.npy`,
// `seconds_from_start.npy`, `distances.npy`, `distances_from_start.npy`,
// `alignment_transformation_sim3.npy`; evo before 1.x named them `.npz`, same contents), the
// members stored uncompressed as Python's zipfile writes them. Trajectories evo may add
// (`.tum`/`.kitti`, its save_traj_in_zip setting) are skipped on reading. libzip does the zip;
// Npy.hpp the arrays. Reading is bounded: at most kMaxZipMembers members, each at most
// kMaxZipMemberBytes, and only the members named above are read at all.

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/Npy.hpp"

namespace robometrics::io {

struct EvoResultZip {
    nlohmann::ordered_json info = nlohmann::ordered_json::object();
    nlohmann::ordered_json stats = nlohmann::ordered_json::object();
    std::vector<std::pair<std::string, NpyArray>> arrays;  ///< name without extension, in writing order

    /// The array called `name`, or nullptr.
    const NpyArray *array(const std::string &name) const;
};

constexpr std::size_t kMaxZipMembers = 4096;
constexpr std::size_t kMaxZipMemberBytes = std::size_t{1} << 30;

/// True when `path` starts with a zip's local file header ("PK\3\4") or is an empty zip ("PK\5\6").
bool looksLikeZip(const std::string &path);

/// Writes `zip` to `path` atomically (built in memory, written aside and renamed).
Status writeEvoResultZip(const std::string &path, const EvoResultZip &zip);

/// Reads an evo result zip; errors name the file and the member at fault.
Result<EvoResultZip> readEvoResultZip(const std::string &path);

}  // namespace robometrics::io
