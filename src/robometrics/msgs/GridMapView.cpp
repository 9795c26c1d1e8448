#include "robometrics/msgs/GridMapView.hpp"

#include <algorithm>

#include "robometrics/msgs/CodecVisitors.hpp"

namespace robometrics::msgs {

namespace {

constexpr std::size_t kCacheLine = 64;
constexpr std::size_t kPrefetchedBytes = 32 * 1024;  ///< the simulator's 30 x 30 maps of four layers are 14.5 KiB

}  // namespace

bool decodeGridMapView(std::span<const std::uint8_t> payload, GridMapView &out) {
    // The payload was decompressed by another thread: its lines are cold here. Read through,
    // the floats skipped, each layer's layout and then each float run missed in turn (the profile
    // showed it); asked for at once, they arrive together. A small map whole; a large map's
    // copy is one long run the hardware prefetcher follows.
    const std::size_t ahead = std::min<std::size_t>(payload.size(), kPrefetchedBytes);
    for (std::size_t at = 0; at < ahead; at += kCacheLine) __builtin_prefetch(payload.data() + at);
    CdrReader reader;
    if (!reader.begin(payload, "GridMap").ok() || reader.swapped()) return false;
    // The fields in msgs::GridMap's order (MessageFields.hpp), read as its decoder reads them.
    detail::DecodeVisitor visitor(reader);
    GridMap &fields = out.fields;
    visitor.value(fields.header);
    visitor.value(fields.info);
    visitor.value(fields.layers);
    visitor.value(fields.basic_layers);
    const std::uint32_t arrays = reader.readCount(detail::minWireSize<Float32MultiArray>());
    out.arrays.resize(arrays);
    for (Float32ArrayView &array : out.arrays) {
        visitor.value(array.layout);
        std::uint32_t count = 0;
        reader.read(count);
        array.bytes = reader.viewArray(count, sizeof(float));
        if (reader.failed()) return false;
    }
    visitor.value(fields.outer_start_index);
    visitor.value(fields.inner_start_index);
    return reader.finish().ok();
}

}  // namespace robometrics::msgs
