/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Network device events (events/net/), described for events/generate.h:
 * the records, format files and lines of 6.1. Every field comes from
 * struct sk_buff and struct net_device through their public headers; the
 * device's name is a __data_loc string after the fixed part
 * (lft_assign_str() keeps it within the room measured, should a rename
 * change it meanwhile).
 */
LFT_TRACE_EVENT("net", net_dev_start_xmit,
	LFT_PROTO(const struct sk_buff *skb, const struct net_device *dev),
	LFT_ARGS(skb, dev),
	LFT_FIELDS(
		lft_string(name, dev->name)
		lft_field(u16, queue_mapping)
		lft_field(const void *, skbaddr)
		lft_field(bool, vlan_tagged)
		lft_field(u16, vlan_proto)
		lft_field(u16, vlan_tci)
		lft_field(u16, protocol)
		lft_field(u8, ip_summed)
		lft_field(unsigned int, len)
		lft_field(unsigned int, data_len)
		lft_field(int, network_offset)
		lft_field(bool, transport_offset_valid)
		lft_field(int, transport_offset)
		lft_field(u8, tx_flags)
		lft_field(u16, gso_size)
		lft_field(u16, gso_segs)
		lft_field(u16, gso_type)
	),
	LFT_ASSIGN(
		lft_assign_str(name, dev->name);
		__entry->queue_mapping = skb->queue_mapping;
		__entry->skbaddr = skb;
		__entry->vlan_tagged = skb_vlan_tag_present(skb);
		__entry->vlan_proto = ntohs(skb->vlan_proto);
		__entry->vlan_tci = skb_vlan_tag_get(skb);
		__entry->protocol = ntohs(skb->protocol);
		__entry->ip_summed = skb->ip_summed;
		__entry->len = skb->len;
		__entry->data_len = skb->data_len;
		__entry->network_offset = skb_network_offset(skb);
		__entry->transport_offset_valid =
			skb_transport_header_was_set(skb);
		__entry->transport_offset = skb_transport_header_was_set(skb) ?
			skb_transport_offset(skb) : 0;
		__entry->tx_flags = skb_shinfo(skb)->tx_flags;
		__entry->gso_size = skb_shinfo(skb)->gso_size;
		__entry->gso_segs = skb_shinfo(skb)->gso_segs;
		__entry->gso_type = skb_shinfo(skb)->gso_type;
	),
	LFT_PRINTK("dev=%s queue_mapping=%u skbaddr=%p vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d len=%u data_len=%u network_offset=%d transport_offset_valid=%d transport_offset=%d tx_flags=%d gso_size=%d gso_segs=%d gso_type=%#x",
		   __get_str(name), __entry->queue_mapping, __entry->skbaddr,
		   __entry->vlan_tagged, __entry->vlan_proto, __entry->vlan_tci,
		   __entry->protocol, __entry->ip_summed, __entry->len,
		   __entry->data_len,
		   __entry->network_offset, __entry->transport_offset_valid,
		   __entry->transport_offset, __entry->tx_flags,
		   __entry->gso_size, __entry->gso_segs, __entry->gso_type)
)

/* The skb may be gone by now: only its address and length are recorded. */
LFT_TRACE_EVENT("net", net_dev_xmit,
	LFT_PROTO(struct sk_buff *skb, int rc, struct net_device *dev,
		  unsigned int skb_len),
	LFT_ARGS(skb, rc, dev, skb_len),
	LFT_FIELDS(
		lft_field(void *, skbaddr)
		lft_field(unsigned int, len)
		lft_field(int, rc)
		lft_string(name, dev->name)
	),
	LFT_ASSIGN(
		__entry->skbaddr = skb;
		__entry->len = skb_len;
		__entry->rc = rc;
		lft_assign_str(name, dev->name);
	),
	LFT_PRINTK("dev=%s skbaddr=%p len=%u rc=%d",
		   __get_str(name), __entry->skbaddr, __entry->len, __entry->rc)
)

LFT_EVENT_CLASS(net_dev_template,
	LFT_PROTO(struct sk_buff *skb),
	LFT_ARGS(skb),
	LFT_FIELDS(
		lft_field(void *, skbaddr)
		lft_field(unsigned int, len)
		lft_string(name, skb->dev->name)
	),
	LFT_ASSIGN(
		__entry->skbaddr = skb;
		__entry->len = skb->len;
		lft_assign_str(name, skb->dev->name);
	),
	LFT_PRINTK("dev=%s skbaddr=%p len=%u",
		   __get_str(name), __entry->skbaddr, __entry->len)
)

LFT_DEFINE_EVENT(net_dev_template, "net", net_dev_queue)
LFT_DEFINE_EVENT(net_dev_template, "net", netif_receive_skb)
LFT_DEFINE_EVENT(net_dev_template, "net", netif_rx)

LFT_EVENT_CLASS(net_dev_rx_verbose_template,
	LFT_PROTO(const struct sk_buff *skb),
	LFT_ARGS(skb),
	LFT_FIELDS(
		lft_string(name, skb->dev->name)
		lft_field(unsigned int, napi_id)
		lft_field(u16, queue_mapping)
		lft_field(const void *, skbaddr)
		lft_field(bool, vlan_tagged)
		lft_field(u16, vlan_proto)
		lft_field(u16, vlan_tci)
		lft_field(u16, protocol)
		lft_field(u8, ip_summed)
		lft_field(u32, hash)
		lft_field(bool, l4_hash)
		lft_field(unsigned int, len)
		lft_field(unsigned int, data_len)
		lft_field(unsigned int, truesize)
		lft_field(bool, mac_header_valid)
		lft_field(int, mac_header)
		lft_field(unsigned char, nr_frags)
		lft_field(u16, gso_size)
		lft_field(u16, gso_type)
	),
	LFT_ASSIGN(
		lft_assign_str(name, skb->dev->name);
		__entry->napi_id = lft_net_napi_id(skb);
		__entry->queue_mapping = skb->queue_mapping;
		__entry->skbaddr = skb;
		__entry->vlan_tagged = skb_vlan_tag_present(skb);
		__entry->vlan_proto = ntohs(skb->vlan_proto);
		__entry->vlan_tci = skb_vlan_tag_get(skb);
		__entry->protocol = ntohs(skb->protocol);
		__entry->ip_summed = skb->ip_summed;
		__entry->hash = skb->hash;
		__entry->l4_hash = skb->l4_hash;
		__entry->len = skb->len;
		__entry->data_len = skb->data_len;
		__entry->truesize = skb->truesize;
		__entry->mac_header_valid = skb_mac_header_was_set(skb);
		__entry->mac_header = skb_mac_header(skb) - skb->data;
		__entry->nr_frags = skb_shinfo(skb)->nr_frags;
		__entry->gso_size = skb_shinfo(skb)->gso_size;
		__entry->gso_type = skb_shinfo(skb)->gso_type;
	),
	LFT_PRINTK("dev=%s napi_id=%#x queue_mapping=%u skbaddr=%p vlan_tagged=%d vlan_proto=0x%04x vlan_tci=0x%04x protocol=0x%04x ip_summed=%d hash=0x%08x l4_hash=%d len=%u data_len=%u truesize=%u mac_header_valid=%d mac_header=%d nr_frags=%d gso_size=%d gso_type=%#x",
		   __get_str(name), __entry->napi_id, __entry->queue_mapping,
		   __entry->skbaddr, __entry->vlan_tagged, __entry->vlan_proto,
		   __entry->vlan_tci, __entry->protocol, __entry->ip_summed,
		   __entry->hash, __entry->l4_hash, __entry->len,
		   __entry->data_len, __entry->truesize,
		   __entry->mac_header_valid, __entry->mac_header,
		   __entry->nr_frags, __entry->gso_size, __entry->gso_type)
)

LFT_DEFINE_EVENT(net_dev_rx_verbose_template, "net", napi_gro_receive_entry)

LFT_EVENT_CLASS(net_dev_rx_exit_template,
	LFT_PROTO(int ret),
	LFT_ARGS(ret),
	LFT_FIELDS(
		lft_field(int, ret)
	),
	LFT_ASSIGN(
		__entry->ret = ret;
	),
	LFT_PRINTK("ret=%d", __entry->ret)
)

LFT_DEFINE_EVENT(net_dev_rx_exit_template, "net", napi_gro_receive_exit)
