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
