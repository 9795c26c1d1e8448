#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/report/CsvFile.hpp"

namespace robometrics::report {
namespace {

TEST(CsvFile, TakesItsNameOnCommitAndCreatesTheFolder) {
    const auto path = test::scratchDir("csv_file") / "a" / "b.csv";
    CsvFile csv;
    ASSERT_TRUE(csv.open(path.string()).ok());
    csv.write("x,y\n");
    csv.write("1,2\n");
    EXPECT_FALSE(std::filesystem::exists(path));
    ASSERT_TRUE(csv.commit().ok());
    EXPECT_EQ(test::readFile(path), "x,y\n1,2\n");
}

TEST(CsvFile, AStreamingFileHoldsEveryRowAsSoonAsItIsWritten) {
    const auto path = test::scratchDir("csv_file_streaming") / "live.csv";
    CsvFile csv;
    ASSERT_TRUE(csv.open(path.string(), CsvFile::Mode::streaming).ok());
    csv.write("x,y\n");
    EXPECT_EQ(test::readFile(path), "x,y\n");  // what `tail -f` shows, before any commit
    csv.write("1,2\n");
    EXPECT_EQ(test::readFile(path), "x,y\n1,2\n");
    ASSERT_TRUE(csv.commit().ok());
    EXPECT_EQ(test::readFile(path), "x,y\n1,2\n");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(path.parent_path()), {}), 1);  // no temporary
}

TEST(CsvFile, AFolderThatCannotBeCreatedIsNamed) {
    const auto dir = test::scratchDir("csv_file_blocked");
    std::ofstream(dir / "file") << "x";
    CsvFile csv;
    const Status s = csv.open((dir / "file" / "out.csv").string());
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("cannot create directory"), std::string::npos) << s.error().message;
}

}  // namespace
}  // namespace robometrics::report
