// The seed systems are wired once, in their NodeSpec: the commands (apps/), `evaluate` and
// `bench` must take every topic, type and node name from there. This test reads their sources
// and fails on a string literal that spells one of them again.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "TestSupport.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::nodes {
namespace {

namespace fs = std::filesystem;

std::set<std::string> wiredNames() {
    std::set<std::string> names;
    for (const NodeSpec *spec : {&TraversalNode::spec(), &TopicStatsNode::spec(), &CostmapNode::spec(),
                                 &LostNode::spec(), &SlamRunNode::spec()}) {
        names.insert(spec->name);
        for (const NodeInput &in : spec->inputs) {
            if (in.topic != "*") names.insert(in.topic);
            if (in.type != "*") names.insert(in.type);
        }
        for (const NodeOutput &out : spec->outputs) names.insert(out.topic);
    }
    return names;
}

TEST(NodeWiring, NoCommandEvaluateOrBenchRepeatsANodesTopicTypeOrName) {
    const fs::path root = test::bundledDataDir().parent_path().parent_path();
    if (!fs::exists(root / "apps" / "robometrics")) GTEST_SKIP() << "sources not found at " << root;
    const std::set<std::string> names = wiredNames();
    const std::regex literal(R"re("((?:[^"\\\n]|\\.)*)")re");
    std::vector<std::string> repeated;
    for (const fs::path &dir : {root / "apps", root / "src/robometrics/evaluate", root / "src/robometrics/bench"}) {
        for (const auto &entry : fs::recursive_directory_iterator(dir)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".cpp" && ext != ".hpp") continue;
            const std::string text = test::readFile(entry.path());
            for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) {
                if (names.count((*it)[1].str())) {
                    repeated.push_back(fs::relative(entry.path(), root).string() + ": \"" + (*it)[1].str() + "\"");
                }
            }
        }
    }
    EXPECT_TRUE(repeated.empty()) << "spelled again outside src/robometrics/nodes (take it from the NodeSpec):\n"
                                  << [&] {
                                         std::string all;
                                         for (const auto &r : repeated) all += "  " + r + "\n";
                                         return all;
                                     }();
}

}  // namespace
}  // namespace robometrics::nodes
