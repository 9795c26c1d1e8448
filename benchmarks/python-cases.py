#!/usr/bin/python3
"""The Python module's cases of benchmarks/command-ratios (issue 58, item 7). Each case times only
its own work inside this process (not the interpreter's start or the imports, which a notebook
pays once) and prints one line: wall seconds, CPU seconds (user + system, every thread of the
process), then what it computed, so that a case and its baseline can be checked to agree.

  python-cases.py dataframe BAG TOPIC       robometrics.Bag(BAG).to_dataframe(TOPIC)
  (every case imports its modules, pandas included, before the timing; until 2026-12-07 the
  dataframe and rosbag cases timed the first import of pandas inside the call, about 0.4 CPU-s)
  python-cases.py rosbag BAG TOPIC          Debian's python3-rosbag: read_messages(TOPIC) and the
                                            DataFrame of the same columns, built the way a user
                                            of rosbag would (a list per column, then pandas)
  python-cases.py ape REF EST               robometrics.ape(REF, EST, align=True)
  python-cases.py ros1-odometry BAG N       writes a ROS 1 bag of N nav_msgs/Odometry on /odom
                                            (python3-genpy classes from the definition below)

With PYTHONPATH naming a build's python/ folder (command-ratios sets it).
"""
import math
import operator
import os
import sys
import time


def timed(work):
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def frame_digest(frame):
    """Rows, columns and the sum of the numeric columns: what both readers must agree on."""
    import numpy as np

    numeric = frame.select_dtypes(include=[np.number])
    total = float(np.nansum(numeric.to_numpy(dtype=np.float64)))
    return f"rows={len(frame)} columns={len(frame.columns)} sum={total:.6e}"


def dataframe(bag, topic):
    import pandas  # noqa: F401 - imported before the timing, as the docstring says: to_dataframe imports it on first use
    import robometrics

    wall, cpu, frame = timed(lambda: robometrics.Bag(bag).to_dataframe(topic))
    print(f"{wall:.4f} {cpu:.4f} {frame_digest(frame)}")


def rosbag_accessor(path):
    """A getter of one column's value from a genpy message: attributes, array indices, times in ns."""
    getters = []
    for part in path.split("."):
        getters.append(operator.itemgetter(int(part)) if part.isdigit() else operator.attrgetter(part))

    def get(message):
        value = message
        for getter in getters:
            value = getter(value)
        return value.to_nsec() if hasattr(value, "to_nsec") else value

    return get


def rosbag_frame(bag, topic, columns):
    import numpy as np
    import pandas as pd
    import rosbag

    getters = [rosbag_accessor(c) for c in columns]
    values = [[] for _ in columns]
    index = []
    with rosbag.Bag(bag) as reader:
        for _, message, stamp in reader.read_messages(topics=[topic]):
            index.append(stamp.to_nsec())
            for column, get in zip(values, getters):
                column.append(get(message))
    data = {name: np.asarray(column) for name, column in zip(columns, values)}
    return pd.DataFrame(data, index=pd.Index(np.asarray(index, dtype=np.int64), name="log_time_ns"), columns=columns)


def rosbag_case(bag, topic):
    import numpy  # noqa: F401 - the imports before the timing, as in the dataframe case
    import pandas  # noqa: F401
    import rosbag  # noqa: F401
    import robometrics

    # The columns robometrics gives (asked outside the timing; both build the same frame).
    columns = list(robometrics.Bag(bag).to_dataframe(topic, end_ns=0).columns)
    wall, cpu, frame = timed(lambda: rosbag_frame(bag, topic, columns))
    print(f"{wall:.4f} {cpu:.4f} {frame_digest(frame)}")


def ape(ref, est):
    import robometrics

    wall, cpu, result = timed(lambda: robometrics.ape(ref, est, align=True))
    print(f"{wall:.4f} {cpu:.4f} pairs={len(result.errors)} rmse={result.stats['rmse']:.9f}")


# nav_msgs/Odometry as ROS 1 defines it, with its dependencies (the full text a bag's
# connection record holds).
SEPARATOR = "=" * 80 + "\n"
ODOMETRY_DEFINITION = SEPARATOR.join([
    "Header header\nstring child_frame_id\ngeometry_msgs/PoseWithCovariance pose\n"
    "geometry_msgs/TwistWithCovariance twist\n",
    "MSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id\n",
    "MSG: geometry_msgs/PoseWithCovariance\ngeometry_msgs/Pose pose\nfloat64[36] covariance\n",
    "MSG: geometry_msgs/Pose\ngeometry_msgs/Point position\ngeometry_msgs/Quaternion orientation\n",
    "MSG: geometry_msgs/Point\nfloat64 x\nfloat64 y\nfloat64 z\n",
    "MSG: geometry_msgs/Quaternion\nfloat64 x\nfloat64 y\nfloat64 z\nfloat64 w\n",
    "MSG: geometry_msgs/TwistWithCovariance\ngeometry_msgs/Twist twist\nfloat64[36] covariance\n",
    "MSG: geometry_msgs/Twist\ngeometry_msgs/Vector3 linear\ngeometry_msgs/Vector3 angular\n",
    "MSG: geometry_msgs/Vector3\nfloat64 x\nfloat64 y\nfloat64 z\n",
])


def ros1_odometry(bag, count):
    """N odometry messages at 50 Hz of a robot driving a circle, written aside and renamed."""
    import genpy
    import genpy.dynamic
    import rosbag

    Odometry = genpy.dynamic.generate_dynamic("nav_msgs/Odometry", ODOMETRY_DEFINITION)["nav_msgs/Odometry"]
    partial = bag + ".partial"
    with rosbag.Bag(partial, "w") as writer:
        for i in range(count):
            t = genpy.Time.from_sec(1_700_000_000 + i * 0.02)
            m = Odometry()
            m.header.seq, m.header.stamp, m.header.frame_id, m.child_frame_id = i, t, "odom", "base_link"
            yaw = i * 0.001
            m.pose.pose.position.x, m.pose.pose.position.y = 10 * math.cos(yaw), 10 * math.sin(yaw)
            m.pose.pose.orientation.z, m.pose.pose.orientation.w = math.sin(yaw / 2), math.cos(yaw / 2)
            m.pose.covariance = [0.01 * (k % 7) for k in range(36)]
            m.twist.twist.linear.x, m.twist.twist.angular.z = 0.5, 0.05
            m.twist.covariance = [0.001 * k for k in range(36)]
            writer.write("/odom", m, t)
    os.replace(partial, bag)


CASES = {"dataframe": dataframe, "rosbag": rosbag_case, "ape": ape}

if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] in CASES:
        CASES[sys.argv[1]](sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "ros1-odometry":
        ros1_odometry(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
