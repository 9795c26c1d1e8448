// The typed decoders (msgs::decodeCdr / msgs::decodeRos1 into the message structs the analyzers
// use). Input: one byte choosing the type (in the order of ROBOMETRICS_FOR_EACH_MESSAGE), one
// byte choosing the wire format (even: CDR, odd: ROS 1), then the payload.

#include <cstdint>
#include <span>

#include "robometrics/msgs/Codec.hpp"

namespace {

using Decode = void (*)(std::span<const std::uint8_t>, bool ros1);

template <class T>
void decodeAs(std::span<const std::uint8_t> payload, bool ros1) {
    T out;
    (void)robometrics::msgs::decode(payload, out,
                                    ros1 ? robometrics::msgs::WireFormat::Ros1 : robometrics::msgs::WireFormat::Cdr);
    // A reused struct (as the pipeline reuses its buffers) must decode the same way.
    (void)robometrics::msgs::decode(payload, out,
                                    ros1 ? robometrics::msgs::WireFormat::Ros1 : robometrics::msgs::WireFormat::Cdr);
}

#define ROBOMETRICS_FUZZ_DECODER(Struct, Name) &decodeAs<robometrics::msgs::Struct>,
constexpr Decode kDecoders[] = {ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_FUZZ_DECODER)};
#undef ROBOMETRICS_FUZZ_DECODER

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    if (size < 2) return 0;
    constexpr std::size_t kTypes = sizeof(kDecoders) / sizeof(kDecoders[0]);
    kDecoders[data[0] % kTypes](std::span(data + 2, size - 2), (data[1] & 1) != 0);
    return 0;
}
