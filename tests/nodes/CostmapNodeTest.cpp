#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/CostmapNode.hpp"

namespace robometrics::nodes {
namespace {

TEST(CostmapNode, ItsTopicsAreTheConfigDefaults) {
    const terrain::CostmapConfig defaults;
    const NodeSpec &spec = CostmapNode::spec();
    EXPECT_EQ(spec.name, "terrain_costmap");
    EXPECT_EQ(spec.input("grid_map").topic, defaults.gridmap_topic);
    EXPECT_EQ(spec.input("cloud").topic, defaults.filtered_cloud_topic);
    EXPECT_EQ(spec.outputTopics(), (std::vector<std::string>{defaults.costmap_topic, defaults.terrain_cloud_topic}));
}

TEST(CostmapNode, AMalformedMapEndsTheRunUnlessBadInputIsSkipped) {
    for (bool skip : {false, true}) {
        CostmapOutputs outputs;
        outputs.skip_bad_input = skip;
        CostmapNode node(terrain::CostmapConfig{}, "run.mcap", outputs);
        pipeline::Pipeline pipe;
        node.subscribe(pipe, CostmapNode::topicsOf(terrain::CostmapConfig{}));
        test::MessageList bag;
        bag.declare<msgs::GridMap>("/groundgrid/grid_map");
        bag.add("/groundgrid/grid_map", msgs::GridMap{}, 7);  // no layers, no size
        ASSERT_TRUE(pipe.run(bag).ok());
        node.finish();
        if (skip) {
            EXPECT_TRUE(node.failure().ok());
            EXPECT_EQ(node.run().dropped, 1u);
            EXPECT_FALSE(node.run().last_map_drop.empty());  // live diagnostics: the latest map was not costed
            EXPECT_EQ(node.run().last_map_drop, node.run().first_drop_reason);
        } else {
            ASSERT_FALSE(node.failure().ok());
            EXPECT_NE(node.failure().error().message.find("run.mcap: /groundgrid/grid_map at log time 7 ns"),
                      std::string::npos)
                << node.failure().error().message;
        }
        EXPECT_EQ(node.run().stats.frames, 0u);
    }
}

// The maps the payload view declines (msgs::decodeGridMapView) are decoded as msgs::GridMap, as
// before: a damaged one stops the run with the decoder's error, a big-endian one is read.
TEST(CostmapNode, AMapThePayloadViewDeclinesIsDecodedAsBefore) {
    const std::vector<std::uint8_t> little = msgs::encodeCdr(msgs::GridMap{});
    std::vector<std::uint8_t> big_bytes;
    msgs::encodeCdr(msgs::GridMap{}, big_bytes, msgs::CdrByteOrder::Big);
    const std::vector<std::uint8_t> big = std::move(big_bytes);
    const std::vector<std::uint8_t> damaged(little.begin(), little.end() - 8);
    msgs::GridMap unused;
    const Status decoder_error = msgs::decodeCdr(damaged, unused);
    ASSERT_FALSE(decoder_error.ok());

    std::vector<std::string> failures;
    for (const auto *payload : {&little, &big, &damaged}) {
        CostmapNode node(terrain::CostmapConfig{}, "run.mcap", CostmapOutputs{});
        pipeline::Pipeline pipe;
        node.subscribe(pipe, CostmapNode::topicsOf(terrain::CostmapConfig{}));
        test::MessageList bag;
        bag.declare<msgs::GridMap>("/groundgrid/grid_map");
        bag.addBytes("/groundgrid/grid_map", *payload, 7);
        const Status run = pipe.run(bag);
        if (payload == &damaged) {
            ASSERT_FALSE(run.ok());
            EXPECT_NE(run.message().find(decoder_error.message()), std::string::npos) << run.message();
            continue;
        }
        ASSERT_TRUE(run.ok()) << run.message();
        node.finish();
        ASSERT_FALSE(node.failure().ok());  // no layers, no size: the map's own error
        failures.push_back(node.failure().message());
    }
    ASSERT_EQ(failures.size(), 2u);
    EXPECT_EQ(failures[0], failures[1]);
}

}  // namespace
}  // namespace robometrics::nodes
