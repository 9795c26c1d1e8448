// Service event schemas built from a stored service definition (service introspection): the
// exact text, and a hand-built event payload decoded through it.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/ServiceEventSchema.hpp"

namespace robometrics::msgs {
namespace {

const std::string kDefinitionSeparator(80, '=');

TEST(ServiceEventSchemaTest, ServiceOfEventType) {
    EXPECT_EQ(serviceOfEventType("example_interfaces/srv/AddTwoInts_Event"), "example_interfaces/srv/AddTwoInts");
    EXPECT_EQ(serviceOfEventType("example_interfaces/srv/AddTwoInts"), std::nullopt);
    EXPECT_EQ(serviceOfEventType("example_interfaces/msg/AddTwoInts_Event"), std::nullopt);
    EXPECT_EQ(serviceOfEventType("/srv/_Event"), std::nullopt);
}

TEST(ServiceEventSchemaTest, TextHasInfoRequestAndResponseBlocks) {
    auto text = serviceEventSchemaText("example_interfaces/srv/AddTwoInts_Event", "int64 a\nint64 b\n---\nint64 sum\n");
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_EQ(*text,
              "service_msgs/ServiceEventInfo info\n"
              "example_interfaces/AddTwoInts_Request[<=1] request\n"
              "example_interfaces/AddTwoInts_Response[<=1] response\n" +
                  kDefinitionSeparator + "\nMSG: service_msgs/ServiceEventInfo\n" +
                  "uint8 REQUEST_SENT = 0\nuint8 REQUEST_RECEIVED = 1\nuint8 RESPONSE_SENT = 2\n"
                  "uint8 RESPONSE_RECEIVED = 3\n"
                  "uint8 event_type               # one of the constants above\n"
                  "builtin_interfaces/Time stamp  # when the event happened\n"
                  "char[16] client_gid            # the client's id, unique within the session\n"
                  "int64 sequence_number          # with client_gid: the request this event belongs to\n" +
                  kDefinitionSeparator + "\nMSG: builtin_interfaces/Time\n# Time since the epoch (or sim time).\nint32 sec\n" +
                  "uint32 nanosec\n" + kDefinitionSeparator + "\nMSG: example_interfaces/AddTwoInts_Request\nint64 a\nint64 b\n" +
                  kDefinitionSeparator + "\nMSG: example_interfaces/AddTwoInts_Response\nint64 sum\n");
}

void put(std::vector<std::uint8_t> &out, std::size_t at, std::uint64_t value, std::size_t size) {
    if (out.size() < at + size) out.resize(at + size, 0);
    for (std::size_t i = 0; i < size; ++i) out[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

TEST(ServiceEventSchemaTest, RequestEventDecodes) {
    auto text = serviceEventSchemaText("example_interfaces/srv/AddTwoInts_Event", "int64 a\nint64 b\n---\nint64 sum\n");
    ASSERT_TRUE(text.ok()) << text.message();
    auto decoder = DynamicDecoder::create("example_interfaces/srv/AddTwoInts_Event", *text);
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    // Offsets after the 4-byte CDR header: event_type @0, stamp @4 and @8, client_gid @12..27,
    // sequence_number @32 (aligned to 8), request count @40, a @48 and b @56 (aligned to 8),
    // response count @64.
    std::vector<std::uint8_t> payload{0x00, 0x01, 0x00, 0x00};
    std::vector<std::uint8_t> body;
    put(body, 0, 1, 1);  // REQUEST_RECEIVED
    put(body, 4, 7, 4);
    put(body, 8, 8, 4);
    for (std::size_t i = 0; i < 16; ++i) put(body, 12 + i, i + 1, 1);
    put(body, 32, 3, 8);
    put(body, 40, 1, 4);
    put(body, 48, 2, 8);
    put(body, 56, 5, 8);
    put(body, 64, 0, 4);
    payload.insert(payload.end(), body.begin(), body.end());
    auto json = decoder->decode(payload);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ((*json)["info"]["event_type"], 1);
    EXPECT_EQ((*json)["info"]["stamp"]["sec"], 7);
    EXPECT_EQ((*json)["info"]["client_gid"][15], 16);
    EXPECT_EQ((*json)["info"]["sequence_number"], 3);
    ASSERT_EQ((*json)["request"].size(), 1u);
    EXPECT_EQ((*json)["request"][0]["a"], 2);
    EXPECT_EQ((*json)["request"][0]["b"], 5);
    EXPECT_TRUE((*json)["response"].empty());
}

TEST(ServiceEventSchemaTest, MissingDependenciesComeFromTheBuiltInTable) {
    // SetParameters' request names Parameter bare: it resolves in the service's package.
    auto text = serviceEventSchemaText("rcl_interfaces/srv/SetParameters_Event",
                                       "Parameter[] parameters\n---\nbool successful\n");
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_NE(text->find("MSG: rcl_interfaces/Parameter\n"), std::string::npos) << *text;
    EXPECT_NE(text->find("MSG: rcl_interfaces/ParameterValue\n"), std::string::npos) << *text;
    EXPECT_TRUE(DynamicDecoder::create("rcl_interfaces/srv/SetParameters_Event", *text).ok());
}

TEST(ServiceEventSchemaTest, StoredDependencyBlocksAreKeptOnce) {
    const std::string definition = "Point p\n---\nbool ok\n" + kDefinitionSeparator + "\nMSG: demo/Point\nfloat64 x\n";
    auto text = serviceEventSchemaText("demo/srv/Move_Event", definition);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_TRUE(text->ends_with("MSG: demo/Move_Response\nbool ok\n" + kDefinitionSeparator + "\nMSG: demo/Point\nfloat64 x\n"))
        << *text;
    EXPECT_TRUE(DynamicDecoder::create("demo/srv/Move_Event", *text).ok());
}

TEST(ServiceEventSchemaTest, ErrorsNameTheService) {
    auto no_separator = serviceEventSchemaText("demo/srv/Move_Event", "float64 x\n");
    ASSERT_FALSE(no_separator.ok());
    EXPECT_NE(no_separator.message().find("demo/srv/Move"), std::string::npos) << no_separator.message();
    EXPECT_FALSE(serviceEventSchemaText("demo/msg/Move", "a\n---\nb\n").ok());
}

}  // namespace
}  // namespace robometrics::msgs

namespace robometrics::msgs {
namespace {

TEST(ServiceEventSchemaTest, StoredSrvTextBecomesTheEventSchema) {
    // rosbag2's MCAP stores the .srv text itself under the event type's name.
    const std::string srv = "int64 a\n---\nint64 sum\n";
    const std::string event = eventSchemaFromStored("example_interfaces/srv/AddTwoInts_Event", srv);
    EXPECT_EQ(event, *serviceEventSchemaText("example_interfaces/srv/AddTwoInts_Event", srv));
    EXPECT_TRUE(event.starts_with("service_msgs/ServiceEventInfo info\n")) << event;
    // An event schema that already is the message, another type, or text without "---" stay as they are.
    EXPECT_EQ(eventSchemaFromStored("example_interfaces/srv/AddTwoInts_Event", event), event);
    EXPECT_EQ(eventSchemaFromStored("example_interfaces/srv/AddTwoInts", srv), srv);
    EXPECT_EQ(eventSchemaFromStored("std_msgs/msg/String", "string data\n"), "string data\n");
}

}  // namespace
}  // namespace robometrics::msgs
