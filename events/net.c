// SPDX-License-Identifier: GPL-2.0
/*
 * Network device events (events/net/): records laid out, described and
 * printed as 6.1's. Every field comes from struct sk_buff and struct
 * net_device through their public headers; the device's name is a
 * __data_loc string after the fixed part, where the kernel puts it.
 *
 * Without CONFIG_NET the kernel has none of these tracepoints: the events
 * are left out at load like any other missing one, so the probes are only
 * built where there is a network stack to read.
 */
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "events/event.h"

/* net_dev_queue, netif_receive_skb, netif_rx */
struct lft_net_skb_rec {
	struct lft_entry ent;
	void *skbaddr;
	unsigned int len;
	u32 name;		/* __data_loc */
	char data[];
};

struct lft_net_xmit_rec {
	struct lft_entry ent;
	void *skbaddr;
	unsigned int len;
	int rc;
	u32 name;		/* __data_loc */
	char data[];
};

struct lft_net_start_xmit_rec {
	struct lft_entry ent;
	u32 name;		/* __data_loc */
	u16 queue_mapping;
	const void *skbaddr;
	bool vlan_tagged;
	u16 vlan_proto;
	u16 vlan_tci;
	u16 protocol;
	u8 ip_summed;
	unsigned int len;
	unsigned int data_len;
	int network_offset;
	bool transport_offset_valid;
	int transport_offset;
	u8 tx_flags;
	u16 gso_size;
	u16 gso_segs;
	u16 gso_type;
	char data[];
};

struct lft_net_gro_rec {
	struct lft_entry ent;
	u32 name;		/* __data_loc */
	unsigned int napi_id;
	u16 queue_mapping;
	const void *skbaddr;
	bool vlan_tagged;
	u16 vlan_proto;
	u16 vlan_tci;
	u16 protocol;
	u8 ip_summed;
	u32 hash;
	bool l4_hash;
	unsigned int len;
	unsigned int data_len;
	unsigned int truesize;
	bool mac_header_valid;
	int mac_header;
	unsigned char nr_frags;
	u16 gso_size;
	u16 gso_type;
	char data[];
};

struct lft_net_ret_rec {
	struct lft_entry ent;
	int ret;
};

static const struct lft_ev_field lft_skb_fields[] = {
	F(struct lft_net_skb_rec, "void *", skbaddr, 0),
	F(struct lft_net_skb_rec, "unsigned int", len, 0),
	F(struct lft_net_skb_rec, "__data_loc char[]", name, 1),
};

static const struct lft_ev_field lft_xmit_fields[] = {
	F(struct lft_net_xmit_rec, "void *", skbaddr, 0),
	F(struct lft_net_xmit_rec, "unsigned int", len, 0),
	F(struct lft_net_xmit_rec, "int", rc, 1),
	F(struct lft_net_xmit_rec, "__data_loc char[]", name, 1),
};

#define SX(type, member, sgn) F(struct lft_net_start_xmit_rec, type, member, sgn)
static const struct lft_ev_field lft_start_xmit_fields[] = {
	SX("__data_loc char[]", name, 1),
	SX("u16", queue_mapping, 0),
	SX("const void *", skbaddr, 0),
	SX("bool", vlan_tagged, 0),
	SX("u16", vlan_proto, 0),
	SX("u16", vlan_tci, 0),
	SX("u16", protocol, 0),
	SX("u8", ip_summed, 0),
	SX("unsigned int", len, 0),
	SX("unsigned int", data_len, 0),
	SX("int", network_offset, 1),
	SX("bool", transport_offset_valid, 0),
	SX("int", transport_offset, 1),
	SX("u8", tx_flags, 0),
	SX("u16", gso_size, 0),
	SX("u16", gso_segs, 0),
	SX("u16", gso_type, 0),
};

#define GR(type, member, sgn) F(struct lft_net_gro_rec, type, member, sgn)
static const struct lft_ev_field lft_gro_fields[] = {
	GR("__data_loc char[]", name, 1),
	GR("unsigned int", napi_id, 0),
	GR("u16", queue_mapping, 0),
	GR("const void *", skbaddr, 0),
	GR("bool", vlan_tagged, 0),
	GR("u16", vlan_proto, 0),
	GR("u16", vlan_tci, 0),
	GR("u16", protocol, 0),
	GR("u8", ip_summed, 0),
	GR("u32", hash, 0),
	GR("bool", l4_hash, 0),
	GR("unsigned int", len, 0),
	GR("unsigned int", data_len, 0),
	GR("unsigned int", truesize, 0),
	GR("bool", mac_header_valid, 0),
	GR("int", mac_header, 1),
	GR("unsigned char", nr_frags, 0),
	GR("u16", gso_size, 0),
	GR("u16", gso_type, 0),
};

static const struct lft_ev_field lft_ret_fields[] = {
	F(struct lft_net_ret_rec, "int", ret, 1),
};

/* ------------------------------------------------------------ printers */

static void lft_skb_print(struct seq_buf *s, const void *data,
			  unsigned int len)
{
	const struct lft_net_skb_rec *r = data;

	seq_buf_printf(s, "dev=%s skbaddr=%016lx len=%u",
		       lft_ev_str(data, len, r->name),
		       lft_ev_p(r->skbaddr), r->len);
}

static void lft_xmit_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_net_xmit_rec *r = data;

	seq_buf_printf(s, "dev=%s skbaddr=%016lx len=%u rc=%d",
		       lft_ev_str(data, len, r->name),
		       lft_ev_p(r->skbaddr), r->len, r->rc);
}

static void lft_start_xmit_print(struct seq_buf *s, const void *data,
				 unsigned int len)
{
	const struct lft_net_start_xmit_rec *r = data;

	seq_buf_printf(s, "dev=%s queue_mapping=%u skbaddr=%016lx vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d len=%u data_len=%u network_offset=%d transport_offset_valid=%d transport_offset=%d tx_flags=%d gso_size=%d gso_segs=%d gso_type=%#x",
		       lft_ev_str(data, len, r->name), r->queue_mapping,
		       lft_ev_p(r->skbaddr), r->vlan_tagged, r->vlan_proto,
		       r->vlan_tci, r->protocol, r->ip_summed, r->len,
		       r->data_len, r->network_offset,
		       r->transport_offset_valid, r->transport_offset,
		       r->tx_flags, r->gso_size, r->gso_segs, r->gso_type);
}

static void lft_gro_print(struct seq_buf *s, const void *data,
			  unsigned int len)
{
	const struct lft_net_gro_rec *r = data;

	seq_buf_printf(s, "dev=%s napi_id=%#x queue_mapping=%u skbaddr=%016lx vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d hash=0x%08x l4_hash=%d len=%u data_len=%u truesize=%u mac_header_valid=%d mac_header=%d nr_frags=%d gso_size=%d gso_type=%#x",
		       lft_ev_str(data, len, r->name), r->napi_id,
		       r->queue_mapping, lft_ev_p(r->skbaddr),
		       r->vlan_tagged, r->vlan_proto, r->vlan_tci, r->protocol,
		       r->ip_summed, r->hash, r->l4_hash, r->len, r->data_len,
		       r->truesize, r->mac_header_valid, r->mac_header,
		       r->nr_frags, r->gso_size, r->gso_type);
}

static void lft_ret_print(struct seq_buf *s, const void *data,
			  unsigned int len)
{
	seq_buf_printf(s, "ret=%d", ((const struct lft_net_ret_rec *)data)->ret);
}

/* -------------------------------------------------------------- probes */

#if IS_ENABLED(CONFIG_NET)

/* The name's room: a device name is at most IFNAMSIZ - 1 characters. */
static unsigned int lft_name_len(const struct net_device *dev)
{
	return strnlen(dev->name, IFNAMSIZ - 1) + 1;
}

/*
 * Copies a device name into a record's tail and gives its __data_loc
 * word; terminated here, since a rename may race with the copy.
 */
static u32 lft_put_name(char *dst, unsigned int off, const char *name,
			unsigned int len)
{
	memcpy(dst, name, len - 1);
	dst[len - 1] = '\0';
	return lft_ev_loc(off, len);
}

static void lft_skb_probe(void *data, struct sk_buff *skb)
{
	unsigned int n = lft_name_len(skb->dev);

	lft_ev_emit(data, struct lft_net_skb_rec, n,
		r->skbaddr = skb;
		r->len = skb->len;
		r->name = lft_put_name(r->data,
				       offsetof(struct lft_net_skb_rec, data),
				       skb->dev->name, n));
}

static void lft_xmit_probe(void *data, struct sk_buff *skb, int rc,
			   struct net_device *dev, unsigned int skb_len)
{
	unsigned int n = lft_name_len(dev);

	/* The skb may be gone by now: only its address is recorded. */
	lft_ev_emit(data, struct lft_net_xmit_rec, n,
		r->skbaddr = skb;
		r->len = skb_len;
		r->rc = rc;
		r->name = lft_put_name(r->data,
				       offsetof(struct lft_net_xmit_rec, data),
				       dev->name, n));
}

static void lft_start_xmit_probe(void *data, const struct sk_buff *skb,
				 const struct net_device *dev)
{
	const struct skb_shared_info *sh = skb_shinfo(skb);
	unsigned int n = lft_name_len(dev);
	bool th = skb_transport_header_was_set(skb);

	lft_ev_emit(data, struct lft_net_start_xmit_rec, n,
		r->name = lft_put_name(r->data,
				       offsetof(struct lft_net_start_xmit_rec,
						data),
				       dev->name, n);
		r->queue_mapping = skb->queue_mapping;
		r->skbaddr = skb;
		r->vlan_tagged = skb_vlan_tag_present(skb);
		r->vlan_proto = ntohs(skb->vlan_proto);
		r->vlan_tci = skb_vlan_tag_get(skb);
		r->protocol = ntohs(skb->protocol);
		r->ip_summed = skb->ip_summed;
		r->len = skb->len;
		r->data_len = skb->data_len;
		r->network_offset = skb_network_offset(skb);
		r->transport_offset_valid = th;
		r->transport_offset = th ? skb_transport_offset(skb) : 0;
		r->tx_flags = sh->tx_flags;
		r->gso_size = sh->gso_size;
		r->gso_segs = sh->gso_segs;
		r->gso_type = sh->gso_type);
}

static void lft_gro_probe(void *data, const struct sk_buff *skb)
{
	const struct skb_shared_info *sh = skb_shinfo(skb);
	unsigned int n = lft_name_len(skb->dev);

	lft_ev_emit(data, struct lft_net_gro_rec, n,
		r->name = lft_put_name(r->data,
				       offsetof(struct lft_net_gro_rec, data),
				       skb->dev->name, n);
#ifdef CONFIG_NET_RX_BUSY_POLL
		r->napi_id = skb->napi_id;
#else
		r->napi_id = 0;
#endif
		r->queue_mapping = skb->queue_mapping;
		r->skbaddr = skb;
		r->vlan_tagged = skb_vlan_tag_present(skb);
		r->vlan_proto = ntohs(skb->vlan_proto);
		r->vlan_tci = skb_vlan_tag_get(skb);
		r->protocol = ntohs(skb->protocol);
		r->ip_summed = skb->ip_summed;
		r->hash = skb->hash;
		r->l4_hash = skb->l4_hash;
		r->len = skb->len;
		r->data_len = skb->data_len;
		r->truesize = skb->truesize;
		r->mac_header_valid = skb_mac_header_was_set(skb);
		r->mac_header = skb_mac_header(skb) - skb->data;
		r->nr_frags = sh->nr_frags;
		r->gso_size = sh->gso_size;
		r->gso_type = sh->gso_type);
}

static void lft_ret_probe(void *data, int ret)
{
	lft_ev_emit(data, struct lft_net_ret_rec, 0, r->ret = ret);
}

#else
#define lft_skb_probe		NULL
#define lft_xmit_probe		NULL
#define lft_start_xmit_probe	NULL
#define lft_gro_probe		NULL
#define lft_ret_probe		NULL
#endif /* CONFIG_NET */

/* -------------------------------------------------------------- events */

#define LFT_SKB_FMT "\"dev=%s skbaddr=%p len=%u\", __get_str(name), REC->skbaddr, REC->len"

LFT_EVENT("net", net_dev_start_xmit, lft_start_xmit_probe,
	  lft_start_xmit_fields,
	  "\"dev=%s queue_mapping=%u skbaddr=%p vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d len=%u data_len=%u network_offset=%d transport_offset_valid=%d transport_offset=%d tx_flags=%d gso_size=%d gso_segs=%d gso_type=%#x\", __get_str(name), REC->queue_mapping, REC->skbaddr, REC->vlan_tagged, REC->vlan_proto, REC->vlan_tci, REC->protocol, REC->ip_summed, REC->len, REC->data_len, REC->network_offset, REC->transport_offset_valid, REC->transport_offset, REC->tx_flags, REC->gso_size, REC->gso_segs, REC->gso_type",
	  lft_start_xmit_print);
LFT_EVENT("net", net_dev_xmit, lft_xmit_probe, lft_xmit_fields,
	  "\"dev=%s skbaddr=%p len=%u rc=%d\", __get_str(name), REC->skbaddr, REC->len, REC->rc",
	  lft_xmit_print);
LFT_EVENT("net", net_dev_queue, lft_skb_probe, lft_skb_fields, LFT_SKB_FMT,
	  lft_skb_print);
LFT_EVENT("net", netif_receive_skb, lft_skb_probe, lft_skb_fields,
	  LFT_SKB_FMT, lft_skb_print);
LFT_EVENT("net", netif_rx, lft_skb_probe, lft_skb_fields, LFT_SKB_FMT,
	  lft_skb_print);
LFT_EVENT("net", napi_gro_receive_entry, lft_gro_probe, lft_gro_fields,
	  "\"dev=%s napi_id=%#x queue_mapping=%u skbaddr=%p vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d hash=0x%08x l4_hash=%d len=%u data_len=%u truesize=%u mac_header_valid=%d mac_header=%d nr_frags=%d gso_size=%d gso_type=%#x\", __get_str(name), REC->napi_id, REC->queue_mapping, REC->skbaddr, REC->vlan_tagged, REC->vlan_proto, REC->vlan_tci, REC->protocol, REC->ip_summed, REC->hash, REC->l4_hash, REC->len, REC->data_len, REC->truesize, REC->mac_header_valid, REC->mac_header, REC->nr_frags, REC->gso_size, REC->gso_type",
	  lft_gro_print);
LFT_EVENT("net", napi_gro_receive_exit, lft_ret_probe, lft_ret_fields,
	  "\"ret=%d\", REC->ret", lft_ret_print);

struct lft_event *const lft_net_events[] = {
	&lft_ev_net_dev_start_xmit, &lft_ev_net_dev_xmit, &lft_ev_net_dev_queue,
	&lft_ev_netif_receive_skb, &lft_ev_netif_rx,
	&lft_ev_napi_gro_receive_entry, &lft_ev_napi_gro_receive_exit,
};
const unsigned int lft_net_nevents = ARRAY_SIZE(lft_net_events);
