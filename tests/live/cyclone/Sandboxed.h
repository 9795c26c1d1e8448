/* The Cyclone peers run only inside run-in-netns: ROBOMETRICS_IN_NETNS=1 and no interface but
 * loopback (docs/live.md, Safety). */
#pragma once
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

static inline int peer_sandboxed(void) {
  const char *flag = getenv("ROBOMETRICS_IN_NETNS");
  if (!flag || strcmp(flag, "1") != 0) return 0;
  struct if_nameindex *list = if_nameindex();
  if (!list) return 0;
  int only_lo = 1;
  for (struct if_nameindex *i = list; i->if_index != 0 && i->if_name; ++i) {
    if (strcmp(i->if_name, "lo") != 0) only_lo = 0;
  }
  if_freenameindex(list);
  return only_lo;
}
