#include "robometrics/msgs/GridMapView.hpp"

#include "robometrics/msgs/CodecVisitors.hpp"

namespace robometrics::msgs {

bool decodeGridMapView(std::span<const std::uint8_t> payload, GridMapView &out) {
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
