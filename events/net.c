// SPDX-License-Identifier: GPL-2.0
/*
 * Network device events (events/net/), generated from events/defs/net.h.
 *
 * Without CONFIG_NET the kernel has none of these tracepoints: the events
 * are left out at load like any other missing one.
 */
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "events/event.h"

/*
 * Copies a device name into the room its __data_loc word @loc gives in
 * @rec. Bounded by that room and terminated here rather than strcpy()'d:
 * a rename may change the name between its measure and this copy.
 */
static void lft_net_name(void *rec, u32 loc, const char *name)
{
	char *dst = (char *)rec + (loc & 0xffff);
	unsigned int len = loc >> 16;

	memcpy(dst, name, len - 1);
	dst[len - 1] = '\0';
}

/* The skb's NAPI id, which only busy polling keeps. */
static unsigned int lft_net_napi_id(const struct sk_buff *skb)
{
#ifdef CONFIG_NET_RX_BUSY_POLL
	return skb->napi_id;
#else
	return 0;
#endif
}

#define LFT_EV_DEFS	"events/defs/net.h"
#define LFT_EV_NAME	lft_net
#include "events/generate.h"
