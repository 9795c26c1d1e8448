#include "robometrics/msgs/Codec.hpp"

#include "robometrics/msgs/CodecVisitors.hpp"

namespace robometrics::msgs {

namespace {

/// "sensor_msgs/msg/LaserScan" -> "LaserScan", the root of error paths.
template <class T>
constexpr std::string_view shortName() {
    std::string_view name = TypeInfo<T>::name;
    return name.substr(name.rfind('/') + 1);
}

}  // namespace

template <class T>
Status decodeCdr(std::span<const std::uint8_t> payload, T &out) {
    CdrReader reader;
    ROBOMETRICS_TRY(reader.begin(payload, shortName<T>()));
    detail::DecodeVisitor visitor(reader);
    visitor.value(out);
    return reader.finish();
}

template <class T>
Status decodeRos1(std::span<const std::uint8_t> payload, T &out) {
    if constexpr (std::is_same_v<T, GridMap> || std::is_same_v<T, GridMapInfo>) {
        // ROS 1 grid_map puts the Header inside GridMapInfo (bag-formats.md §4.5): not this struct.
        (void)payload;
        (void)out;
        return Error{std::string(shortName<T>()) + ": the ROS 1 layout of grid_map_msgs is not supported"};
    } else {
        CdrReader reader;
        reader.beginRos1(payload, shortName<T>());
        detail::DecodeVisitor visitor(reader);
        visitor.value(out);
        return reader.finish();
    }
}

template <class T>
void encodeCdr(const T &msg, std::vector<std::uint8_t> &out, CdrByteOrder order) {
    CdrWriter writer(out, order);
    detail::EncodeVisitor visitor(writer);
    visitor.value(msg);
    writer.finish();
}

template <class T>
std::vector<std::uint8_t> encodeCdr(const T &msg) {
    std::vector<std::uint8_t> out;
    encodeCdr(msg, out, CdrByteOrder::Little);
    return out;
}

#define ROBOMETRICS_INSTANTIATE_CODEC(Struct, Name)                                             \
    template Status decodeCdr<Struct>(std::span<const std::uint8_t>, Struct &);                 \
    template Status decodeRos1<Struct>(std::span<const std::uint8_t>, Struct &);                \
    template void encodeCdr<Struct>(const Struct &, std::vector<std::uint8_t> &, CdrByteOrder); \
    template std::vector<std::uint8_t> encodeCdr<Struct>(const Struct &);
ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_INSTANTIATE_CODEC)
#undef ROBOMETRICS_INSTANTIATE_CODEC

}  // namespace robometrics::msgs
