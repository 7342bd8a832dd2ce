// SPDX-License-Identifier: GPL-2.0
/*
 * The histograms' map (contract in hist_map.h): open addressing with
 * linear probing over a table of twice as many slots as elements. A slot
 * is claimed by a compare-and-swap of its hash from 0, then gets the next
 * free element, which is filled before the slot publishes it; a writer
 * meeting a claimed slot with its hash but no element yet looks again,
 * since that element may be for its own key. Slots are never given back
 * but when no element is left, so probing ends at a free slot within
 * the table. Hashing (jhash, seed 0) and slot choice are those of the
 * kernel's tracing_map, so that the same keys land where its do.
 */
#include <linux/jhash.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/kapi.h"
#include "events/hist_map.h"
#include "include/lft_test_export.h"

struct lft_hmap_slot {
	u32 hash;			/* 0: free */
	struct lft_hmap_elt *elt;	/* NULL until published */
};

struct lft_hmap {
	unsigned int bits;
	unsigned int nslots;		/* 2^(bits + 1) */
	unsigned int max_elts;		/* 2^bits */
	unsigned int key_size;
	unsigned int nvals;
	unsigned int priv_size;
	unsigned int stride;		/* bytes per element */
	lft_hmap_init_fn init;
	atomic_t next;			/* the next free element */
	atomic64_t hits;
	atomic64_t drops;
	struct lft_hmap_slot *slots;
	void *elts;
};

static struct lft_hmap_elt *lft_hmap_elt_at(const struct lft_hmap *map,
					    unsigned int i)
{
	return map->elts + (size_t)i * map->stride;
}

static void lft_hmap_elts_reset(struct lft_hmap *map, unsigned int n)
{
	unsigned int i;

	memset(map->elts, 0, (size_t)n * map->stride);
	for (i = 0; i < n; i++)
		lft_hmap_elt_at(map, i)->map = map;
}

/**
 * lft_hmap_create() - make a map, all its memory included
 * @bits: log2 of its number of elements, LFT_HMAP_BITS_MIN to _MAX
 * @key_size: bytes of a key (at least 1)
 * @nvals: sums per element
 * @priv_size: the caller's bytes per element
 * @init: fills a new element's private bytes, or NULL
 *
 * Process context.
 *
 * Return: the map, or an ERR_PTR (-EINVAL, -ENOMEM).
 */
struct lft_hmap *lft_hmap_create(unsigned int bits, unsigned int key_size,
				 unsigned int nvals, unsigned int priv_size,
				 lft_hmap_init_fn init)
{
	struct lft_hmap *map;

	if (bits < LFT_HMAP_BITS_MIN || bits > LFT_HMAP_BITS_MAX ||
	    !key_size || key_size > SZ_4K || nvals > 64 || priv_size > SZ_32K)
		return ERR_PTR(-EINVAL);
	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->bits = bits;
	map->max_elts = 1U << bits;
	map->nslots = 2U << bits;
	map->key_size = key_size;
	map->nvals = nvals;
	map->priv_size = priv_size;
	map->init = init;
	map->stride = ALIGN(sizeof(struct lft_hmap_elt) +
			    nvals * sizeof(atomic64_t) +
			    ALIGN(key_size, 8) + priv_size, 8);
	map->slots = kvcalloc(map->nslots, sizeof(*map->slots), GFP_KERNEL);
	map->elts = kvcalloc(map->max_elts, map->stride, GFP_KERNEL);
	if (!map->slots || !map->elts) {
		lft_hmap_free(map);
		return ERR_PTR(-ENOMEM);
	}
	lft_hmap_elts_reset(map, map->max_elts);
	return map;
}
LFT_TEST_EXPORT(lft_hmap_create);

/**
 * lft_hmap_free() - free a map no writer uses any more
 * @map: the map, or NULL
 */
void lft_hmap_free(struct lft_hmap *map)
{
	if (!map)
		return;
	kvfree(map->slots);
	kvfree(map->elts);
	kfree(map);
}
LFT_TEST_EXPORT(lft_hmap_free);

/**
 * lft_hmap_key() - an element's key
 * @elt: the element
 *
 * Return: its key_size bytes.
 */
void *lft_hmap_key(const struct lft_hmap_elt *elt)
{
	return (void *)&elt->sums[elt->map->nvals];
}
LFT_TEST_EXPORT(lft_hmap_key);

/**
 * lft_hmap_priv() - an element's private bytes
 * @elt: the element
 *
 * Return: its priv_size bytes (8-byte aligned).
 */
void *lft_hmap_priv(const struct lft_hmap_elt *elt)
{
	return lft_hmap_key(elt) + ALIGN(elt->map->key_size, 8);
}
LFT_TEST_EXPORT(lft_hmap_priv);

/*
 * jhash() of the key. For whole 32-bit words jhash2() gives the same
 * value (both read native words; the tail cases agree) without
 * assembling bytes, and for two words so does jhash_2words(). Histogram
 * keys are whole 64-bit words, most of them one.
 */
static __always_inline u32 lft_hmap_hash(const struct lft_hmap *map,
					 const void *key)
{
	const u32 *w = key;
	u32 hash;

	if (map->key_size == 2 * sizeof(u32))
		hash = jhash_2words(get_unaligned(w), get_unaligned(w + 1), 0);
	else if (!(map->key_size % sizeof(u32)) &&
		 IS_ALIGNED((unsigned long)key, sizeof(u32)))
		hash = jhash2(w, map->key_size / sizeof(u32), 0);
	else
		hash = jhash(key, map->key_size, 0);
	return hash ?: 1;
}

/* An element's key is @key: word by word for keys of whole words. */
static __always_inline bool lft_hmap_key_eq(const struct lft_hmap *map,
					    const void *key,
					    const struct lft_hmap_elt *elt)
{
	/* lft_hmap_key(), without the call. */
	const u64 *k = (const u64 *)&elt->sums[map->nvals];
	unsigned int i;

	if (map->key_size % sizeof(u64))
		return !memcmp(key, k, map->key_size);
	for (i = 0; i < map->key_size / sizeof(u64); i++)
		if (get_unaligned((const u64 *)key + i) != k[i])
			return false;
	return true;
}

/* The next free element, initialised for @key; NULL when none is left. */
static struct lft_hmap_elt *lft_hmap_take(struct lft_hmap *map,
					  const void *key, void *arg)
{
	int i = atomic_fetch_add_unless(&map->next, 1, map->max_elts);
	struct lft_hmap_elt *elt;

	if (i >= map->max_elts)
		return NULL;
	elt = lft_hmap_elt_at(map, i);
	memcpy(lft_hmap_key(elt), key, map->key_size);
	if (map->init)
		map->init(lft_hmap_priv(elt), arg);
	return elt;
}

/**
 * lft_hmap_insert() - find a key's element, adding it if new
 * @map: the map
 * @key: key_size bytes
 * @arg: for the map's init function, if the element is new
 *
 * Any context; lock-free, never allocates.
 *
 * Return: the element (counted as a hit), or NULL when the key is new and
 * no element is left (counted as dropped).
 */
struct lft_hmap_elt *lft_hmap_insert(struct lft_hmap *map, const void *key,
				     void *arg)
{
	u32 hash = lft_hmap_hash(map, key);
	unsigned int idx = hash >> (32 - (map->bits + 1));
	unsigned int tries = 0;
	struct lft_hmap_elt *elt;

	for (;;) {
		struct lft_hmap_slot *slot;
		u32 h;

		idx &= map->nslots - 1;
		slot = &map->slots[idx];
		h = READ_ONCE(slot->hash);
		if (h == hash) {
			/* Pairs with the publishing release below. */
			elt = smp_load_acquire(&slot->elt);
			if (elt && lft_hmap_key_eq(map, key, elt)) {
				atomic64_inc(&map->hits);
				return elt;
			}
			/* Another writer is filling it: maybe our key. */
			if (!elt) {
				if (++tries > map->nslots)
					break;
				cpu_relax();
				continue;
			}
		} else if (!h) {
			if (cmpxchg(&slot->hash, 0, hash)) {
				/* Lost the slot: see whose key it took. */
				if (++tries > map->nslots)
					break;
				continue;
			}
			elt = lft_hmap_take(map, key, arg);
			if (!elt) {
				WRITE_ONCE(slot->hash, 0);
				break;
			}
			/* Key and private bytes before the element. */
			smp_store_release(&slot->elt, elt);
			atomic64_inc(&map->hits);
			return elt;
		}
		idx++;
	}
	atomic64_inc(&map->drops);
	return NULL;
}
LFT_TEST_EXPORT(lft_hmap_insert);

/**
 * lft_hmap_lookup() - find a key's element, without adding it
 * @map: the map
 * @key: key_size bytes
 *
 * Any context; lock-free. Counts nothing.
 *
 * Return: the element, or NULL when the key has none (yet).
 */
struct lft_hmap_elt *lft_hmap_lookup(struct lft_hmap *map, const void *key)
{
	u32 hash = lft_hmap_hash(map, key);
	unsigned int idx = hash >> (32 - (map->bits + 1));
	unsigned int tries;

	for (tries = 0; tries < map->nslots; tries++, idx++) {
		struct lft_hmap_slot *slot = &map->slots[idx & (map->nslots - 1)];
		struct lft_hmap_elt *elt;
		u32 h = READ_ONCE(slot->hash);

		if (!h)
			return NULL;
		if (h != hash)
			continue;
		/* Pairs with lft_hmap_insert()'s release. */
		elt = smp_load_acquire(&slot->elt);
		if (elt && lft_hmap_key_eq(map, key, elt))
			return elt;
	}
	return NULL;
}
LFT_TEST_EXPORT(lft_hmap_lookup);

/**
 * lft_hmap_clear() - empty a map and zero its counts
 * @map: the map, which no writer uses meanwhile
 */
void lft_hmap_clear(struct lft_hmap *map)
{
	unsigned int used = min_t(unsigned int, atomic_read(&map->next),
				  map->max_elts);

	memset(map->slots, 0, map->nslots * sizeof(*map->slots));
	lft_hmap_elts_reset(map, used);
	atomic_set(&map->next, 0);
	atomic64_set(&map->hits, 0);
	atomic64_set(&map->drops, 0);
}
LFT_TEST_EXPORT(lft_hmap_clear);

/**
 * lft_hmap_collect() - the map's elements, in the order of their slots
 * @map: the map (writers may run)
 * @out: room for 2^bits pointers
 *
 * Return: how many were put in @out.
 */
unsigned int lft_hmap_collect(struct lft_hmap *map, struct lft_hmap_elt **out)
{
	unsigned int i, n = 0;

	for (i = 0; i < map->nslots && n < map->max_elts; i++) {
		struct lft_hmap_elt *elt;

		if (!READ_ONCE(map->slots[i].hash))
			continue;
		/* Pairs with lft_hmap_insert()'s release. */
		elt = smp_load_acquire(&map->slots[i].elt);
		if (elt)
			out[n++] = elt;
	}
	return n;
}
LFT_TEST_EXPORT(lft_hmap_collect);

/**
 * lft_hmap_bits() - log2 of a map's number of elements
 * @map: the map
 *
 * Return: the bits it was made with.
 */
unsigned int lft_hmap_bits(const struct lft_hmap *map)
{
	return map->bits;
}
LFT_TEST_EXPORT(lft_hmap_bits);

/**
 * lft_hmap_key_size() - a map's key size
 * @map: the map
 *
 * Return: bytes per key.
 */
unsigned int lft_hmap_key_size(const struct lft_hmap *map)
{
	return map->key_size;
}
LFT_TEST_EXPORT(lft_hmap_key_size);

/**
 * lft_hmap_hits() - inserts that found or added their key since the map
 *	was made or cleared
 * @map: the map
 *
 * Return: the count.
 */
u64 lft_hmap_hits(const struct lft_hmap *map)
{
	return atomic64_read(&map->hits);
}
LFT_TEST_EXPORT(lft_hmap_hits);

/**
 * lft_hmap_drops() - inserts refused for want of an element
 * @map: the map
 *
 * Return: the count.
 */
u64 lft_hmap_drops(const struct lft_hmap *map)
{
	return atomic64_read(&map->drops);
}
LFT_TEST_EXPORT(lft_hmap_drops);
