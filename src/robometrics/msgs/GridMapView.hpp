#pragma once
// A grid_map_msgs/GridMap decoded but for its layers' floats, which stay in the payload: the
// costmap copies them once, straight into its unwrapped layers (terrain::GridMap), instead of
// into a std::vector<float> first and into the layers from there.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::msgs {

/// A std_msgs/Float32MultiArray whose floats are left in the payload.
struct Float32ArrayView {
    MultiArrayLayout layout;
    std::span<const std::uint8_t> bytes;  ///< the floats in this machine's byte order, maybe unaligned
    std::size_t size() const { return bytes.size() / sizeof(float); }
};

/// A GridMap with its data arrays as views into the payload.
struct GridMapView {
    GridMap fields;                        ///< every field but `data`, which stays empty
    std::vector<Float32ArrayView> arrays;  ///< `data`'s arrays, in its order
};

/// Decodes a CDR GridMap into `out` (its vectors keep their capacity), whose views are valid as
/// long as `payload` is. False when the payload is damaged or in the other byte order: decoding it
/// as msgs::GridMap then reads it, or fails saying what is wrong. Accepts exactly the payloads
/// msgs::decodeCdr<GridMap> accepts in this machine's byte order, with the same values.
bool decodeGridMapView(std::span<const std::uint8_t> payload, GridMapView &out);

}  // namespace robometrics::msgs
