#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::terrain {

Eigen::Isometry3d toIsometry(const msgs::Transform &t) {
    Eigen::Isometry3d out = Eigen::Isometry3d::Identity();
    out.translation() = Eigen::Vector3d(t.translation.x, t.translation.y, t.translation.z);
    out.linear() =
        Eigen::Quaterniond(t.rotation.w, t.rotation.x, t.rotation.y, t.rotation.z).normalized().toRotationMatrix();
    return out;
}

void addTransforms(TfBuffer &tf, const msgs::TFMessage &message, bool is_static) {
    for (const auto &t : message.transforms) {
        const msgs::Vector3 &p = t.transform.translation;
        const msgs::Quaternion &q = t.transform.rotation;
        // toIsometry(t.transform), converted when looked up (most samples never are).
        tf.setTransformFromMessage(t.header.frame_id, t.child_frame_id, t.header.stamp.toNs(),
                                   Eigen::Vector3d(p.x, p.y, p.z), Eigen::Quaterniond(q.w, q.x, q.y, q.z), is_static);
    }
}

TimeNs stampOr(const msgs::Header &header, TimeNs fallback) {
    const TimeNs t = header.stamp.toNs();
    return t != 0 ? t : fallback;
}

}  // namespace robometrics::terrain
