/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fixed-size, lock-free aggregation map (hist_map.c), for histograms.
 *
 * Contract:
 * - Everything is allocated by lft_hmap_create(); nothing afterwards.
 *   lft_hmap_insert() may run from any context, NMI included, on any
 *   number of CPUs at once; it never sleeps, allocates or waits on
 *   another writer.
 * - Keys are opaque bytes of the size given at creation, compared with
 *   memcmp(): the caller zeroes padding. An element, once inserted, keeps
 *   its key and place until lft_hmap_clear(); elements are never removed
 *   one by one.
 * - A map made for 2^bits elements has a table of 2^(bits + 1) slots, so
 *   that probing always finds a free slot while elements remain. When
 *   every element is taken, an insert of a new key fails and counts as
 *   dropped; an insert that finds or adds its key counts as a hit.
 * - Each element has @nvals 64-bit sums, added to atomically, and
 *   @priv_size bytes of the caller's, which @init fills (from the
 *   inserting context) before the element is visible to anyone else.
 * - Readers (lft_hmap_collect()) may run while writers insert: they see
 *   each element whole (key and private bytes published before the
 *   element), with sums as they are at that moment.
 * - lft_hmap_clear() and lft_hmap_free() need the caller to have stopped
 *   every writer first (e.g. an RCU grace period after unpublishing).
 */
#ifndef LFT_EVENTS_HIST_MAP_H
#define LFT_EVENTS_HIST_MAP_H

#include <linux/atomic.h>
#include <linux/types.h>

#define LFT_HMAP_BITS_MIN	7
#define LFT_HMAP_BITS_MAX	17

struct lft_hmap;

/* An element: its sums, then its key, then the caller's private bytes. */
struct lft_hmap_elt {
	struct lft_hmap *map;
	atomic64_t sums[];
};

/**
 * typedef lft_hmap_init_fn - fill a new element's private bytes
 * @priv: the bytes (zeroed)
 * @arg: what lft_hmap_insert() was given
 */
typedef void (*lft_hmap_init_fn)(void *priv, void *arg);

struct lft_hmap *lft_hmap_create(unsigned int bits, unsigned int key_size,
				 unsigned int nvals, unsigned int priv_size,
				 lft_hmap_init_fn init);
void lft_hmap_free(struct lft_hmap *map);
struct lft_hmap_elt *lft_hmap_insert(struct lft_hmap *map, const void *key,
				     void *arg);
struct lft_hmap_elt *lft_hmap_lookup(struct lft_hmap *map, const void *key);
void lft_hmap_clear(struct lft_hmap *map);
unsigned int lft_hmap_collect(struct lft_hmap *map,
			      struct lft_hmap_elt **out);
unsigned int lft_hmap_bits(const struct lft_hmap *map);
unsigned int lft_hmap_key_size(const struct lft_hmap *map);
u64 lft_hmap_hits(const struct lft_hmap *map);
u64 lft_hmap_drops(const struct lft_hmap *map);
void *lft_hmap_key(const struct lft_hmap_elt *elt);
void *lft_hmap_priv(const struct lft_hmap_elt *elt);

/* Add @v to sum @i of @elt (any context). */
static inline void lft_hmap_add(struct lft_hmap_elt *elt, unsigned int i,
				u64 v)
{
	atomic64_add(v, &elt->sums[i]);
}

/* Sum @i of @elt. */
static inline u64 lft_hmap_sum(const struct lft_hmap_elt *elt, unsigned int i)
{
	return atomic64_read(&elt->sums[i]);
}

#endif /* LFT_EVENTS_HIST_MAP_H */
