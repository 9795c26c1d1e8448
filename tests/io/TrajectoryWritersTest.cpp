#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryWriters.hpp"

namespace robometrics::io {
namespace {

slam::Trajectory sample() {
    slam::Trajectory t;
    t.add(1.25, {1, 2, 3}, Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ())));
    t.add(1.5, {-0.5, 0.1, 1e-7}, Eigen::Quaterniond(Eigen::AngleAxisd(1.1, Eigen::Vector3d(1, 2, 3).normalized())));
    return t;
}

TEST(TrajectoryWriters, EachFormatReadsBackToTheSamePoses) {
    const auto dir = test::scratchDir("traj_writers");
    const slam::Trajectory t = sample();
    for (TrajectoryFormat f : {TrajectoryFormat::Tum, TrajectoryFormat::Kitti, TrajectoryFormat::Euroc}) {
        const std::string path = (dir / (std::string("t.") + trajectoryFileExtension(f))).string();
        ASSERT_TRUE(writeTrajectoryFile(path, t, f).ok());
        auto back = readTrajectoryFile(path);  // the format is detected from the content
        ASSERT_TRUE(back) << back.message();
        ASSERT_EQ(back->size(), 2u);
        for (std::size_t i = 0; i < 2; ++i) {
            EXPECT_EQ(back->positions[i], t.positions[i]) << path;
            EXPECT_NEAR(back->orientations[i].angularDistance(t.orientations[i]), 0.0, 1e-12) << path;
        }
        // KITTI has no time: the stamps become pose indices.
        EXPECT_EQ(back->timestamped, f != TrajectoryFormat::Kitti);
        if (f != TrajectoryFormat::Kitti) {
            EXPECT_EQ(back->stamps, t.stamps);
        }
    }
}

TEST(TrajectoryWriters, TextLayouts) {
    const auto dir = test::scratchDir("traj_writers_text");
    slam::Trajectory t;
    t.add(2.5, {1, 2, 3}, Eigen::Quaterniond::Identity());
    const std::string tum = (dir / "a.tum").string(), kitti = (dir / "a.kitti").string(),
                      csv = (dir / "a.csv").string();
    ASSERT_TRUE(writeTrajectoryFile(tum, t, TrajectoryFormat::Tum).ok());
    ASSERT_TRUE(writeTrajectoryFile(kitti, t, TrajectoryFormat::Kitti).ok());
    ASSERT_TRUE(writeTrajectoryFile(csv, t, TrajectoryFormat::Euroc).ok());
    EXPECT_EQ(test::readFile(tum), "2.5 1 2 3 0 0 0 1\n");
    EXPECT_EQ(test::readFile(kitti), "1 0 0 1 0 1 0 2 0 0 1 3\n");
    EXPECT_EQ(test::readFile(csv),
              "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []\n"
              "2500000000,1,2,3,1,0,0,0\n");
    EXPECT_FALSE(writeTrajectoryFile((dir / "x").string(), t, TrajectoryFormat::Auto).ok());
    EXPECT_FALSE(writeTrajectoryFile((dir / "missing" / "x.tum").string(), t, TrajectoryFormat::Tum).ok());
}

}  // namespace
}  // namespace robometrics::io
