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

}  // namespace
}  // namespace robometrics::nodes
