#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

using namespace robometrics;
using io::TrajectoryFormat;

namespace {

std::string writeText(const std::string &dir, const std::string &name, const std::string &text) {
    const std::string path = (robometrics::test::scratchDir(dir) / name).string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST(TrajectoryFile, TumRoundTripIsExact) {
    slam::Trajectory t;
    t.add(1403715529.1121435, {0.1, -2.0 / 3.0, 1e-300}, Eigen::Quaterniond(0.5, 0.5, -0.5, 0.5));
    t.add(1403715529.2, {1.0 / 7.0, 3.0, -4.5}, Eigen::Quaterniond(1, 0, 0, 0));
    const std::string path = (robometrics::test::scratchDir("tum_roundtrip") / "t.txt").string();
    ASSERT_TRUE(io::writeTumFile(path, t).ok());
    auto back = io::readTrajectoryFile(path);
    ASSERT_TRUE(back.ok()) << back.message();
    ASSERT_EQ(back->size(), 2u);
    EXPECT_TRUE(back->timestamped);
    EXPECT_EQ(back->stamps, t.stamps);
    EXPECT_EQ(back->positions, t.positions);
    EXPECT_EQ(back->orientations[0].coeffs(), t.orientations[0].coeffs());
    std::ifstream in(path);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first, "1403715529.1121435 0.1 -0.6666666666666666 1e-300 0.5 -0.5 0.5 0.5");
}

TEST(TrajectoryFile, TumCommentsBlankLinesAndNormalisation) {
    auto path = writeText("tum_comments", "t.txt", "# header\n\n1 1 2 3 0 0 0 2\n2.5\t4 5 6 0 0 1 0\n");
    auto t = io::readTrajectoryFile(path);
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 2u);
    EXPECT_EQ(t->stamps[1], 2.5);
    EXPECT_EQ(t->positions[1], Eigen::Vector3d(4, 5, 6));
    EXPECT_EQ(t->orientations[0].w(), 1.0);  // (0, 0, 0, 2) normalised
    EXPECT_EQ(t->orientations[1].z(), 1.0);  // w last in TUM
}

TEST(TrajectoryFile, KittiKeepsRawMatricesAndHasNoStamps) {
    auto path = writeText("kitti", "k.txt", "1 0 0 1 0 1 0 2 0 0 1 3\n0 -1 0 4 1 0 0 5 0 0 1 6\n");
    auto t = io::readTrajectoryFile(path);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_FALSE(t->timestamped);
    EXPECT_EQ(t->stamps, (std::vector<double>{0, 1}));
    EXPECT_EQ(t->positions[1], Eigen::Vector3d(4, 5, 6));
    ASSERT_EQ(t->rotation_matrices.size(), 2u);
    EXPECT_EQ(t->rotation_matrices[1](0, 1), -1.0);
    EXPECT_NEAR(
        t->orientations[1].angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()))),
        0.0, 1e-15);
}

TEST(TrajectoryFile, EurocNanosecondsAndWFirst) {
    auto path =
        writeText("euroc", "gt.csv", "#timestamp,x,y,z,qw,qx,qy,qz,vx\n1403715524907143168,0.5,1.5,2.5,0,1,0,0,9\n");
    auto t = io::readTrajectoryFile(path);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(t->stamps[0], 1403715524907143168.0 / 1e9);
    EXPECT_EQ(t->positions[0], Eigen::Vector3d(0.5, 1.5, 2.5));
    EXPECT_EQ(t->orientations[0].x(), 1.0);
}

TEST(TrajectoryFile, ErrorsNameFileAndLine) {
    auto path = writeText("bad", "bad.txt", "# c\n1 2 3 4 0 0 0 1\n2 2 3 4 0 0 1\n");
    auto t = io::readTrajectoryFile(path);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.message().find("bad.txt:3: expected 8 numbers for TUM"), std::string::npos) << t.message();
    EXPECT_NE(t.message().find("found 7"), std::string::npos) << t.message();

    path = writeText("bad", "nan.txt", "1 2 3 x4 0 0 0 1\n");
    t = io::readTrajectoryFile(path);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.message().find("nan.txt:1: 'x4' is not a finite number"), std::string::npos) << t.message();

    path = writeText("bad", "zero.txt", "1 2 3 4 0 0 0 0\n");
    EXPECT_NE(io::readTrajectoryFile(path).message().find("zero.txt:1: quaternion has zero length"), std::string::npos);

    path = writeText("bad", "empty.txt", "# nothing\n");
    EXPECT_NE(io::readTrajectoryFile(path).message().find("no poses"), std::string::npos);

    EXPECT_NE(io::readTrajectoryFile("/nonexistent/x.txt").message().find("no such file"), std::string::npos);
    // A forced format that does not fit says so.
    path = writeText("bad", "tum.txt", "1 2 3 4 0 0 0 1\n");
    EXPECT_NE(io::readTrajectoryFile(path, TrajectoryFormat::Kitti).message().find("expected 12 numbers for KITTI"),
              std::string::npos);
}

TEST(TrajectoryFile, ParsesFormatNames) {
    EXPECT_EQ(*io::parseTrajectoryFormat("euroc"), TrajectoryFormat::Euroc);
    EXPECT_EQ(*io::parseTrajectoryFormat("auto"), TrajectoryFormat::Auto);
    EXPECT_FALSE(io::parseTrajectoryFormat("bag2").ok());
}

TEST(TrajectoryFile, PublicFilesLoadWithTheirPoseCounts) {
    ROBOMETRICS_REQUIRE_DATA(fr2_gt, "trajectories/fr2_desk_groundtruth.txt");
    struct Case {
        const char *file;
        std::size_t poses;
        bool timestamped;
    };
    for (const Case &c :
         {Case{"trajectories/fr2_desk_groundtruth.txt", 20957, true}, Case{"trajectories/fr2_desk_ORB.txt", 2893, true},
          Case{"trajectories/freiburg1_xyz-groundtruth.txt", 3000, true},
          Case{"trajectories/freiburg1_xyz-rgbdslam.txt", 788, true}, Case{"trajectories/KITTI_00_gt.txt", 4541, false},
          Case{"trajectories/KITTI_00_ORB.txt", 4541, false}, Case{"trajectories/V102.txt", 807, true},
          Case{"trajectories/V102_groundtruth_first6000.csv", 6000, true}}) {
        auto t = io::readTrajectoryFile(robometrics::test::dataFile(c.file).string());
        ASSERT_TRUE(t.ok()) << t.message();
        EXPECT_EQ(t->size(), c.poses) << c.file;
        EXPECT_EQ(t->timestamped, c.timestamped) << c.file;
    }
    auto fr1 =
        io::readTrajectoryFile(robometrics::test::dataFile("trajectories/freiburg1_xyz-groundtruth.txt").string());
    EXPECT_EQ(fr1->stamps[0], 1305031098.6659);
    EXPECT_EQ(fr1->positions[0], Eigen::Vector3d(1.3563, 0.6305, 1.6380));
    auto euroc =
        io::readTrajectoryFile(robometrics::test::dataFile("trajectories/V102_groundtruth_first6000.csv").string());
    EXPECT_EQ(euroc->stamps[0], 1403715524907143168.0 / 1e9);
    EXPECT_EQ(euroc->positions[0], Eigen::Vector3d(0.515356, 1.996773, 0.971104));
    auto kitti = io::readTrajectoryFile(robometrics::test::dataFile("trajectories/KITTI_00_gt.txt").string());
    EXPECT_EQ(kitti->positions[1], Eigen::Vector3d(-4.690294e-02, -2.839928e-02, 8.586941e-01));
    EXPECT_EQ(kitti->rotation_matrices[1](2, 2), 9.999971e-01);
}

TEST(TrajectoryFile, PositionsOnlyKeepsStampsAndPositionsAndStillChecksRotations) {
    auto path = writeText("positions_only", "t.txt", "1 1 2 3 0 0 0 2\n2.5 4 5 6 0 0 1 0\n");
    auto t = io::readTrajectoryFile(path, TrajectoryFormat::Auto, io::PoseFields::PositionsOnly);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(t->stamps, (std::vector<double>{1.0, 2.5}));
    EXPECT_EQ(t->positions[1], Eigen::Vector3d(4, 5, 6));
    EXPECT_TRUE(t->orientations.empty());
    EXPECT_FALSE(t->hasRotations());

    auto kitti = writeText("positions_only", "k.txt", "1 0 0 1 0 1 0 2 0 0 1 3\n");
    auto k = io::readTrajectoryFile(kitti, TrajectoryFormat::Auto, io::PoseFields::PositionsOnly);
    ASSERT_TRUE(k.ok()) << k.message();
    EXPECT_EQ(k->positions[0], Eigen::Vector3d(1, 2, 3));
    EXPECT_TRUE(k->rotation_matrices.empty());
    EXPECT_FALSE(k->hasRotations());

    // A rotation that is not one is the same error whether it is kept or not.
    auto zero = writeText("positions_only", "zero.txt", "1 2 3 4 0 0 0 0\n");
    EXPECT_NE(io::readTrajectoryFile(zero, TrajectoryFormat::Auto, io::PoseFields::PositionsOnly)
                  .message()
                  .find("zero.txt:1: quaternion has zero length"),
              std::string::npos);
}
