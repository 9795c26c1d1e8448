#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/core/SharedLibrary.hpp"

namespace robometrics {
namespace {

TEST(SharedLibrary, BindsAFunctionThatWorks) {
    // libm is on every Linux system; its cos is the one the program links too.
    auto libm = SharedLibrary::open("libm.so.6", "libc6", "this test");
    ASSERT_TRUE(libm) << libm.message();
    double (*cosine)(double) = nullptr;
    ASSERT_TRUE(libm->bind(cosine, "cos"));
    ASSERT_NE(cosine, nullptr);
    EXPECT_DOUBLE_EQ(cosine(0.5), std::cos(0.5));
}

TEST(SharedLibrary, AMissingLibrarySaysWhoNeedsItAndWhichPackageHasIt) {
    auto missing =
        SharedLibrary::open("librobometrics-no-such-library.so.7", "robometrics-nothing", "drawing the widget plots");
    ASSERT_FALSE(missing);
    EXPECT_NE(
        missing.message().find("drawing the widget plots needs librobometrics-no-such-library.so.7 (Debian package "
                               "robometrics-nothing), which cannot be loaded: "),
        std::string::npos)
        << missing.message();
    // The loader's own reason follows.
    EXPECT_NE(missing.message().find("cannot open shared object file"), std::string::npos) << missing.message();
}

TEST(SharedLibrary, AMissingFunctionIsAnErrorNamingItAndTheLibrary) {
    auto libm = SharedLibrary::open("libm.so.6", "libc6", "this test");
    ASSERT_TRUE(libm) << libm.message();
    void (*function)() = nullptr;
    Status bound = libm->bind(function, "robometrics_no_such_function");
    ASSERT_FALSE(bound);
    EXPECT_EQ(function, nullptr);
    EXPECT_EQ(bound.message().rfind("libm.so.6 has no function robometrics_no_such_function: ", 0), 0u)
        << bound.message();
}

}  // namespace
}  // namespace robometrics
