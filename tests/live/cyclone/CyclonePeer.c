/* A Cyclone DDS peer standing in for a ROS 2 node on rmw_cyclonedds (cross-vendor live test).
 *   live_cyclone_peer pub TOPIC COUNT TIMEOUT_S  publish "cyclone <i>" COUNT times on rt/TOPIC once a
 *                                                reader matched (reliable, volatile, keep last 10)
 *   live_cyclone_peer sub TOPIC TIMEOUT_S        print the first std_msgs/String on rt/TOPIC
 *                                                (reliable, transient local) and exit 0
 * Domain from ROS_DOMAIN_ID; transport from CYCLONEDDS_URI (the loopback-only file). Refuses to
 * run outside the private loopback-only network namespace (exit 77). */
#include <dds/dds.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "RosString.h"
#include "Sandboxed.h"

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s pub TOPIC COUNT TIMEOUT_S | sub TOPIC TIMEOUT_S\n", argv[0]);
    return 2;
  }
  if (!peer_sandboxed()) {
    fprintf(stderr, "live_cyclone_peer: refusing to run outside the loopback-only network namespace\n");
    return 77;
  }
  const char *domain_text = getenv("ROS_DOMAIN_ID");
  const dds_domainid_t domain = domain_text ? (dds_domainid_t)atoi(domain_text) : 0;
  const int publish = strcmp(argv[1], "pub") == 0;
  char topic_name[256];
  snprintf(topic_name, sizeof topic_name, "rt/%s", argv[2]);
  const double timeout_s = atof(argv[publish ? 4 : 3]);
  if (publish && argc < 5) return 2;

  dds_entity_t participant = dds_create_participant(domain, NULL, NULL);
  if (participant < 0) {
    fprintf(stderr, "dds_create_participant: %s\n", dds_strretcode(-participant));
    return 1;
  }
  dds_entity_t topic = dds_create_topic(participant, &std_msgs_msg_dds__String__desc, topic_name, NULL, NULL);
  dds_qos_t *qos = dds_create_qos();
  dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
  dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
  const dds_time_t deadline = dds_time() + (dds_duration_t)(timeout_s * 1e9);
  int rc = 1;
  if (publish) {
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    dds_entity_t writer = dds_create_writer(participant, topic, qos, NULL);
    dds_publication_matched_status_t status;
    do {
      dds_get_publication_matched_status(writer, &status);
      if (status.current_count > 0) break;
      dds_sleepfor(DDS_MSECS(10));
    } while (dds_time() < deadline);
    if (status.current_count > 0) {
      dds_sleepfor(DDS_MSECS(500)); /* let the reader match us too */
      const int count = atoi(argv[3]);
      for (int i = 0; i < count; ++i) {
        char text[64];
        snprintf(text, sizeof text, "cyclone %d", i);
        std_msgs_msg_dds__String_ msg = {.data = text};
        dds_write(writer, &msg);
        dds_sleepfor(DDS_MSECS(5));
      }
      dds_sleepfor(DDS_MSECS(500));
      rc = 0;
    } else {
      fprintf(stderr, "live_cyclone_peer: no reader matched on %s\n", topic_name);
    }
  } else {
    dds_qset_durability(qos, DDS_DURABILITY_TRANSIENT_LOCAL);
    dds_entity_t reader = dds_create_reader(participant, topic, qos, NULL);
    while (rc != 0 && dds_time() < deadline) {
      void *samples[1] = {NULL};
      dds_sample_info_t infos[1];
      int n = dds_take(reader, samples, infos, 1, 1);
      if (n > 0 && infos[0].valid_data) {
        printf("%s\n", ((std_msgs_msg_dds__String_ *)samples[0])->data);
        rc = 0;
      }
      if (n > 0) dds_return_loan(reader, samples, n);
      if (rc != 0) dds_sleepfor(DDS_MSECS(10));
    }
    if (rc != 0) fprintf(stderr, "live_cyclone_peer: nothing received on %s\n", topic_name);
  }
  dds_delete_qos(qos);
  dds_delete(participant);
  return rc;
}
