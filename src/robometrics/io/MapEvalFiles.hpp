#pragma once
// The files `map-eval -o DIR` writes: overlay.png (every GT cell coloured by how the estimate
// classifies it, slam/MapOverlay) and map_eval.json (the metrics document plus the overlay's
// legend). The directory is created when missing; each file is written atomically.

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/MapEvaluation.hpp"

namespace robometrics::io {

/// `metrics` is the document of slam::mapEvalToJson(result).
Status writeMapEvalFiles(const slam::MapEvalResult &result, const nlohmann::json &metrics, const std::string &dir);

}  // namespace robometrics::io
