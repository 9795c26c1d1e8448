#include "robometrics/core/Params.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"

namespace robometrics {

TEST(Params, ReadsNodeSectionAndWildcardWithNodeWinning) {
    auto dir = test::scratchDir("params");
    std::ofstream(dir / "p.yaml") << "/**:\n  ros__parameters:\n    a: 1.5\n    b: 2\n"
                                     "metrics_node:\n  ros__parameters:\n    b: 3\n    debug_mode: true\n"
                                     "    nested:\n      c: hello\n";
    auto params = Params::loadFile((dir / "p.yaml").string(), "metrics_node");
    ASSERT_TRUE(params.ok()) << params.message();
    double a = 0;
    int b = 0;
    bool debug = false;
    std::string c;
    EXPECT_TRUE(params->get("a", a).ok());
    EXPECT_TRUE(params->get("b", b).ok());
    EXPECT_TRUE(params->get("debug_mode", debug).ok());
    EXPECT_TRUE(params->get("nested.c", c).ok());
    EXPECT_DOUBLE_EQ(a, 1.5);
    EXPECT_EQ(b, 3);
    EXPECT_TRUE(debug);
    EXPECT_EQ(c, "hello");
    EXPECT_TRUE(params->unused().empty());
}

TEST(Params, OverridesWinAndBadValuesNameTheParameter) {
    Params params;
    ASSERT_TRUE(params.applyOverrides({"x:=0.25", "flag:=maybe"}).ok());
    double x = 0;
    ASSERT_TRUE(params.get("x", x).ok());
    EXPECT_DOUBLE_EQ(x, 0.25);
    bool flag = false;
    Status s = params.get("flag", flag);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("'flag'"), std::string::npos);
    EXPECT_FALSE(params.applyOverrides({"novalue"}).ok());
}

TEST(Params, ListsFromTheCommandLine) {
    Params p;
    ASSERT_TRUE(p.applyOverrides({"required_topics:=[/scan, /odom]", "one:=/imu", "bad:={a: 1}"}).ok());
    std::vector<std::string> list, one, bad;
    ASSERT_TRUE(p.get("required_topics", list).ok());
    EXPECT_EQ(list, (std::vector<std::string>{"/scan", "/odom"}));
    ASSERT_TRUE(p.get("one", one).ok());
    EXPECT_EQ(one, (std::vector<std::string>{"/imu"}));
    Status s = p.get("bad", bad);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("parameter 'bad': expected a list"), std::string::npos);
}

TEST(Params, MissingFileAndMissingNodeAreClearErrors) {
    auto missing = Params::loadFile("/nonexistent/params.yaml", "n");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("/nonexistent/params.yaml"), std::string::npos);
    auto dir = test::scratchDir("params2");
    std::ofstream(dir / "p.yaml") << "other:\n  ros__parameters:\n    a: 1\n";
    auto no_node = Params::loadFile((dir / "p.yaml").string(), "metrics_node");
    ASSERT_FALSE(no_node.ok());
    EXPECT_NE(no_node.message().find("metrics_node"), std::string::npos);
}

// Found by fuzzing (fuzz/regressions/ParamsFile): shapes a params file can have that used to
// throw out of loadFile (a node section that is a scalar, a key that is a list) or to walk an
// alias bomb for ever. Each is an error naming the file and the node.
TEST(Params, MalformedSectionsAndAliasBombsAreErrors) {
    auto dir = test::scratchDir("params_malformed");
    auto load = [&](const std::string &text) {
        std::ofstream(dir / "p.yaml") << text;
        return Params::loadFile((dir / "p.yaml").string(), "n");
    };
    auto scalar = load("/**: 3\n");
    ASSERT_FALSE(scalar.ok());
    EXPECT_NE(scalar.message().find("no 'ros__parameters' map"), std::string::npos) << scalar.message();
    auto list_key = load("n:\n  ros__parameters:\n    ? [a, b]\n    : 1\n");
    ASSERT_FALSE(list_key.ok());
    EXPECT_NE(list_key.message().find("not a name"), std::string::npos) << list_key.message();
    // 2^40 leaves once expanded, in a few hundred bytes.
    std::string bomb = "n:\n  ros__parameters:\n    l0: &l0 {x: 1, y: 2}\n";
    for (int i = 1; i <= 40; ++i) {
        bomb += "    l" + std::to_string(i) + ": &l" + std::to_string(i) + " {a: *l" + std::to_string(i - 1) + ", b: *l" +
                std::to_string(i - 1) + "}\n";
    }
    auto bombed = load(bomb);
    ASSERT_FALSE(bombed.ok());
    EXPECT_NE(bombed.message().find("with aliases expanded"), std::string::npos) << bombed.message();
}

}  // namespace robometrics
