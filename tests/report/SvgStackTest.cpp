#include <gtest/gtest.h>

#include "robometrics/report/SvgStack.hpp"

namespace robometrics::report {
namespace {

std::string stackPart(int width, int height, const std::string &content) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(width) + " " +
           std::to_string(height) + "\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
           "\">" + content + "</svg>\n";
}

TEST(SvgStack, PlacesThePartsOneUnderTheOther) {
    auto stacked = stackSvgs({stackPart(800, 300, "<text>x</text>"), stackPart(600, 200, "<text>y</text>")});
    ASSERT_TRUE(stacked.ok()) << stacked.message();
    EXPECT_EQ(*stacked,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 500\" width=\"800\" height=\"500\">\n"
              "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
              "<svg x=\"0\" y=\"0\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 300\" width=\"800\" "
              "height=\"300\"><text>x</text></svg>\n"
              "<svg x=\"0\" y=\"300\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 200\" width=\"600\" "
              "height=\"200\"><text>y</text></svg>\n"
              "</svg>\n");
}

TEST(SvgStack, OnePartIsUnchangedAndAPartWithoutSizeIsAnError) {
    const std::string one = stackPart(10, 20, "");
    EXPECT_EQ(*stackSvgs({one}), one);
    EXPECT_FALSE(stackSvgs({}).ok());
    auto bad = stackSvgs({one, "<svg viewBox=\"0 0 1 1\"></svg>"});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.message(), "SVG 2 of 2 has no root element with a width and height");
}

}  // namespace
}  // namespace robometrics::report
