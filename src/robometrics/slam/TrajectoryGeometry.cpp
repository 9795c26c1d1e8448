#include "robometrics/slam/TrajectoryGeometry.hpp"

#include <cmath>

namespace robometrics::slam {

double rotationAngle(const Eigen::Matrix3d &m) {
    // quat = (x, y, z, w); scipy's from_matrix picks the largest of the diagonal and the trace.
    double decision[4] = {m(0, 0), m(1, 1), m(2, 2), m(0, 0) + m(1, 1) + m(2, 2)};
    int choice = 0;
    for (int c = 1; c < 4; ++c) {
        if (decision[c] > decision[choice]) choice = c;
    }
    double quat[4];
    if (choice != 3) {
        int i = choice, j = (i + 1) % 3, k = (j + 1) % 3;
        quat[i] = 1.0 - decision[3] + 2.0 * m(i, i);
        quat[j] = m(j, i) + m(i, j);
        quat[k] = m(k, i) + m(i, k);
        quat[3] = m(k, j) - m(j, k);
    } else {
        quat[0] = m(2, 1) - m(1, 2);
        quat[1] = m(0, 2) - m(2, 0);
        quat[2] = m(1, 0) - m(0, 1);
        quat[3] = 1.0 + decision[3];
    }
    double norm = std::sqrt(quat[0] * quat[0] + quat[1] * quat[1] + quat[2] * quat[2] + quat[3] * quat[3]);
    for (double &q : quat) q /= norm;
    if (quat[3] < 0.0) {
        for (double &q : quat) q = -q;
    }
    double vnorm = std::sqrt(quat[0] * quat[0] + quat[1] * quat[1] + quat[2] * quat[2]);
    double angle = 2.0 * std::atan2(vnorm, quat[3]);
    // as_rotvec scales the vector part; |rotvec| is that scale times |v| (evo takes this norm).
    double scale = angle <= 1e-3 ? 2.0 + angle * angle / 12.0 + 7.0 * angle * angle * angle * angle / 2880.0
                                 : angle / std::sin(angle / 2.0);
    return scale * vnorm;
}

Eigen::Matrix3d rotationZ(double theta) {
    Eigen::Matrix3d r = Eigen::Matrix3d::Identity();
    double c = std::cos(theta), s = std::sin(theta);
    r(0, 0) = c;
    r(0, 1) = -s;
    r(1, 0) = s;
    r(1, 1) = c;
    return r;
}

}  // namespace robometrics::slam
