#include <gtest/gtest.h>

#include "robometrics/core/NumberList.hpp"

using robometrics::parseNumberList;

TEST(NumberList, ReadsTheGivenCount) {
    auto v = parseNumberList("0.5,-0.25,1e-1", 3, "--est-offset");
    ASSERT_TRUE(v.ok()) << v.message();
    EXPECT_EQ(*v, (std::vector<double>{0.5, -0.25, 0.1}));
}

TEST(NumberList, ErrorsQuoteTheOptionAndTheBadItem) {
    EXPECT_EQ(parseNumberList("1,x,2", 3, "--est-offset").message(), "--est-offset '1,x,2': 'x' is not a number");
    EXPECT_EQ(parseNumberList("1,inf", 2, "--start").message(), "--start '1,inf': 'inf' is not a number");
    EXPECT_EQ(parseNumberList("1,", 2, "--start").message(), "--start '1,': '' is not a number");
    EXPECT_EQ(parseNumberList("1 ,2", 2, "--start").message(), "--start '1 ,2': '1 ' is not a number");
    EXPECT_EQ(parseNumberList("1,2", 3, "--est-offset").message(),
              "--est-offset '1,2': expected 3 comma-separated numbers");
}
