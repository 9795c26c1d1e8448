/* A lidar robot's traffic (issue 63) from a Cyclone DDS participant, standing in for ROS 2 drivers
 * on rmw_cyclonedds (idlc-generated types, rt/ topic names):
 *   live_cyclone_load_peer SECONDS CLOUD_BYTES CLOUD_HZ [STATUS_TOPICS]
 * publishes, once every writer matched a reader (30 s at most), for SECONDS:
 *   /points  sensor_msgs/PointCloud2 of CLOUD_BYTES at CLOUD_HZ, best effort, keep last 5
 *            (rclcpp's sensor-data QoS, as lidar drivers publish)
 *   /imu     sensor_msgs/Imu 400 Hz, /odom nav_msgs/Odometry 100 Hz, /scan sensor_msgs/LaserScan
 *            20 Hz (360 beams), /status_<i> std_msgs/String 10 Hz each (STATUS_TOPICS, 40 by
 *            default): reliable, volatile, keep last 10 (rclcpp's default)
 * (saying "publishing" on stderr when it starts), then waits (2 s at most) for the reliable
 * readers' acknowledgments and prints one line per topic, "<topic> <samples written>", on stdout
 * (and on stderr how late, at most, a write of each robot topic started: its pacing).
 * Every topic is paced by its own period from one start time. Domain from ROS_DOMAIN_ID,
 * transport from CYCLONEDDS_URI. Refuses to run outside the private loopback-only network
 * namespace (exit 77). */
#include <dds/dds.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "RobotMsgs.h"
#include "RosString.h"
#include "Sandboxed.h"

enum { kMaxTopics = 4 + 200, kScanBeams = 360 };

typedef struct {
  char name[64];
  dds_entity_t writer;
  dds_duration_t period;
  dds_time_t due;
  void *sample;
  unsigned long long sent;
  dds_duration_t late; /* the most a write of it started after its due time */
} Topic;

static Topic topics[kMaxTopics];
static int topic_count = 0;

static int add_topic(dds_entity_t participant, const char *name, const dds_topic_descriptor_t *type,
                     double rate_hz, int best_effort, void *sample) {
  char dds_name[80];
  snprintf(dds_name, sizeof dds_name, "rt%s", name);
  dds_entity_t topic = dds_create_topic(participant, type, dds_name, NULL, NULL);
  dds_qos_t *qos = dds_create_qos();
  if (best_effort) {
    dds_qset_reliability(qos, DDS_RELIABILITY_BEST_EFFORT, 0);
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 5);
  } else {
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
  }
  dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
  dds_entity_t writer = topic < 0 ? topic : dds_create_writer(participant, topic, qos, NULL);
  dds_delete_qos(qos);
  if (writer < 0) {
    fprintf(stderr, "live_cyclone_load_peer: %s: %s\n", dds_name, dds_strretcode(-writer));
    return 0;
  }
  Topic *t = &topics[topic_count++];
  snprintf(t->name, sizeof t->name, "%s", name);
  t->writer = writer;
  t->period = (dds_duration_t)(1e9 / rate_hz + 0.5);
  t->sample = sample;
  return 1;
}

static int all_matched(void) {
  for (int i = 0; i < topic_count; ++i) {
    dds_publication_matched_status_t status;
    if (dds_get_publication_matched_status(topics[i].writer, &status) != DDS_RETCODE_OK || status.current_count == 0)
      return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s SECONDS CLOUD_BYTES CLOUD_HZ [STATUS_TOPICS]\n", argv[0]);
    return 2;
  }
  if (!peer_sandboxed()) {
    fprintf(stderr, "live_cyclone_load_peer: refusing to run outside the loopback-only network namespace\n");
    return 77;
  }
  const double seconds = atof(argv[1]);
  const long cloud_bytes = atol(argv[2]);
  const double cloud_hz = atof(argv[3]);
  const int status_topics = argc > 4 ? atoi(argv[4]) : 40;
  if (seconds <= 0 || cloud_bytes < 16 || cloud_hz <= 0 || status_topics < 0 || status_topics > kMaxTopics - 4) {
    fprintf(stderr, "live_cyclone_load_peer: SECONDS > 0, CLOUD_BYTES >= 16, CLOUD_HZ > 0, 0 <= STATUS_TOPICS <= %d\n",
            kMaxTopics - 4);
    return 2;
  }
  const char *domain_text = getenv("ROS_DOMAIN_ID");
  const dds_domainid_t domain = domain_text ? (dds_domainid_t)atoi(domain_text) : 0;
  dds_entity_t participant = dds_create_participant(domain, NULL, NULL);
  if (participant < 0) {
    fprintf(stderr, "dds_create_participant: %s\n", dds_strretcode(-participant));
    return 1;
  }

  /* The samples: x y z intensity float32 points; zero-valued robot state with unit quaternions. */
  static char cloud_frame[] = "lidar", imu_frame[] = "imu_link", odom_frame[] = "odom", base_frame[] = "base_link";
  static char field_names[4][10] = {"x", "y", "z", "intensity"};
  sensor_msgs_msg_dds__PointField_ fields[4];
  for (unsigned i = 0; i < 4; ++i) {
    fields[i] = (sensor_msgs_msg_dds__PointField_){.name = field_names[i], .offset = 4 * i, .datatype = 7, .count = 1};
  }
  const unsigned long point_count = (unsigned long)cloud_bytes / 16;
  unsigned char *cloud_data = malloc(point_count * 16);
  float *beams = malloc(2 * kScanBeams * sizeof(float));
  if (!cloud_data || !beams) return 1;
  memset(cloud_data, 0x3c, point_count * 16);
  for (int i = 0; i < 2 * kScanBeams; ++i) beams[i] = i < kScanBeams ? 2.5f : 100.0f;
  sensor_msgs_msg_dds__PointCloud2_ cloud = {
      .header = {.frame_id = cloud_frame},
      .height = 1,
      .width = (uint32_t)point_count,
      .fields = {._maximum = 4, ._length = 4, ._buffer = fields, ._release = false},
      .point_step = 16,
      .row_step = (uint32_t)(point_count * 16),
      .data = {._maximum = (uint32_t)(point_count * 16), ._length = (uint32_t)(point_count * 16), ._buffer = cloud_data,
               ._release = false},
      .is_dense = true};
  sensor_msgs_msg_dds__Imu_ imu = {.header = {.frame_id = imu_frame}, .orientation = {.w = 1.0}};
  imu.linear_acceleration.z = 9.81;
  nav_msgs_msg_dds__Odometry_ odom = {.header = {.frame_id = odom_frame}, .child_frame_id = base_frame};
  odom.pose.pose.orientation.w = 1.0;
  sensor_msgs_msg_dds__LaserScan_ scan = {
      .header = {.frame_id = cloud_frame},
      .angle_min = -3.14159265f,
      .angle_max = 3.14159265f,
      .angle_increment = 6.28318531f / kScanBeams,
      .scan_time = 0.05f,
      .range_min = 0.1f,
      .range_max = 30.0f,
      .ranges = {._maximum = kScanBeams, ._length = kScanBeams, ._buffer = beams, ._release = false},
      .intensities = {._maximum = kScanBeams, ._length = kScanBeams, ._buffer = beams + kScanBeams, ._release = false}};
  static char status_text[kMaxTopics][32];
  static std_msgs_msg_dds__String_ status[kMaxTopics];

  int ok = add_topic(participant, "/points", &sensor_msgs_msg_dds__PointCloud2__desc, cloud_hz, 1, &cloud) &&
           add_topic(participant, "/imu", &sensor_msgs_msg_dds__Imu__desc, 400, 0, &imu) &&
           add_topic(participant, "/odom", &nav_msgs_msg_dds__Odometry__desc, 100, 0, &odom) &&
           add_topic(participant, "/scan", &sensor_msgs_msg_dds__LaserScan__desc, 20, 0, &scan);
  for (int i = 0; ok && i < status_topics; ++i) {
    char name[32];
    snprintf(name, sizeof name, "/status_%d", i);
    snprintf(status_text[i], sizeof status_text[i], "status %d: ok", i);
    status[i].data = status_text[i];
    ok = add_topic(participant, name, &std_msgs_msg_dds__String__desc, 10, 0, &status[i]);
  }
  const dds_time_t match_deadline = dds_time() + DDS_SECS(30);
  while (ok && !all_matched() && dds_time() < match_deadline) dds_sleepfor(DDS_MSECS(20));
  if (ok && !all_matched()) {
    fprintf(stderr, "live_cyclone_load_peer: not every topic matched a reader within 30 s\n");
    ok = 0;
  }
  int rc = 1;
  if (ok) {
    dds_sleepfor(DDS_MSECS(500)); /* the readers match us too */
    fprintf(stderr, "publishing\n"); /* a benchmark measures the node from here */
    fflush(stderr);
    const dds_time_t start = dds_time();
    const dds_time_t end = start + (dds_duration_t)(seconds * 1e9);
    for (int i = 0; i < topic_count; ++i) topics[i].due = start;
    while (1) {
      dds_time_t next = end;
      for (int i = 0; i < topic_count; ++i) next = topics[i].due < next ? topics[i].due : next;
      if (next >= end) break;
      const dds_duration_t wait = next - dds_time();
      if (wait > 0) dds_sleepfor(wait);
      const dds_time_t now = dds_time();
      for (int i = 0; i < topic_count; ++i) {
        Topic *t = &topics[i];
        if (t->due != next) continue;
        if (i < 4) { /* the four robot topics' types start with a Header: stamp it with the write time */
          std_msgs_msg_dds__Header_ *header = (std_msgs_msg_dds__Header_ *)t->sample;
          header->stamp.sec = (int32_t)(now / DDS_NSECS_IN_SEC);
          header->stamp.nanosec = (uint32_t)(now % DDS_NSECS_IN_SEC);
        }
        const dds_duration_t late = dds_time() - t->due;
        if (late > t->late) t->late = late;
        if (dds_write(t->writer, t->sample) == DDS_RETCODE_OK) ++t->sent;
        t->due += t->period;
      }
    }
    /* A reliable topic whose readers did not acknowledge everything within the 2 s: its last
     * samples may never reach them (the writer goes away); said on stderr, counted as sent. */
    for (int i = 0; i < topic_count; ++i) {
      if (dds_wait_for_acks(topics[i].writer, DDS_SECS(2)) != DDS_RETCODE_OK && i != 0)
        fprintf(stderr, "%s: not acknowledged within 2 s\n", topics[i].name);
    }
    for (int i = 0; i < topic_count; ++i) {
      printf("%s %llu\n", topics[i].name, topics[i].sent);
      if (i < 4) fprintf(stderr, "%s: a write started at most %.1f ms late\n", topics[i].name, topics[i].late / 1e6);
    }
    rc = 0;
  }
  dds_delete(participant);
  free(cloud_data);
  free(beams);
  return rc;
}
