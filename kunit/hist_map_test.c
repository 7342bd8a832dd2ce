// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the histograms' map (events/hist_map.c): insert and
 * find, sums, the private bytes' init, a full table's drop accounting,
 * clearing, lookups that add nothing (variables read by key), and two
 * CPUs inserting overlapping keys at once.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "events/hist_map.h"

static atomic_t hmt_inits;

static void hmt_init(void *priv, void *arg)
{
	*(u64 *)priv = *(u64 *)arg;
	atomic_inc(&hmt_inits);
}

static struct lft_hmap_elt *hmt_insert(struct lft_hmap *m, u64 k)
{
	return lft_hmap_insert(m, &k, &k);
}

static void hmt_bad_params(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(lft_hmap_create(6, 8, 1, 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(lft_hmap_create(18, 8, 1, 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(lft_hmap_create(7, 0, 1, 0, NULL)),
			-EINVAL);
}

/*
 * A lookup finds what insert put, adds and counts nothing, and finds
 * nothing once the map is cleared, full or not.
 */
static void hmt_lookup(struct kunit *test)
{
	struct lft_hmap *m = lft_hmap_create(7, 8, 1, 8, hmt_init);
	struct lft_hmap_elt *e;
	u64 k;
	unsigned int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(m));
	k = 42;
	KUNIT_EXPECT_NULL(test, lft_hmap_lookup(m, &k));
	for (i = 0; i < 128; i++)
		KUNIT_ASSERT_NOT_NULL(test, hmt_insert(m, i * 3));
	for (i = 0; i < 128; i++) {
		k = i * 3;
		e = lft_hmap_lookup(m, &k);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_EQ(test, *(u64 *)lft_hmap_key(e), k);
		KUNIT_EXPECT_PTR_EQ(test, e, hmt_insert(m, k));
		k = i * 3 + 1;
		KUNIT_EXPECT_NULL(test, lft_hmap_lookup(m, &k));
	}
	/* 128 inserts, 128 repeated: lookups count as neither. */
	KUNIT_EXPECT_EQ(test, lft_hmap_hits(m), 256ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_drops(m), 0ULL);
	lft_hmap_clear(m);
	k = 3;
	KUNIT_EXPECT_NULL(test, lft_hmap_lookup(m, &k));
	lft_hmap_free(m);
}

/* Every key of a full table in, one more dropped, the rest still found. */
static void hmt_fill(struct kunit *test)
{
	struct lft_hmap *m = lft_hmap_create(7, 8, 2, 8, hmt_init);
	struct lft_hmap_elt **all, *e;
	unsigned long seen[4] = {};
	unsigned int i, n;

	KUNIT_ASSERT_FALSE(test, IS_ERR(m));
	all = kunit_kcalloc(test, 128, sizeof(*all), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, all);
	atomic_set(&hmt_inits, 0);
	for (i = 0; i < 128; i++) {
		e = hmt_insert(m, i * 1000 + 7);
		KUNIT_ASSERT_NOT_NULL(test, e);
		lft_hmap_add(e, 0, 1);
		lft_hmap_add(e, 1, i);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&hmt_inits), 128);
	KUNIT_EXPECT_EQ(test, lft_hmap_hits(m), 128ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_drops(m), 0ULL);
	/* A known key finds its element; a new one is dropped, no init. */
	e = hmt_insert(m, 5 * 1000 + 7);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, *(u64 *)lft_hmap_key(e), 5007ULL);
	KUNIT_EXPECT_EQ(test, *(u64 *)lft_hmap_priv(e), 5007ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_sum(e, 1), 5ULL);
	KUNIT_EXPECT_NULL(test, hmt_insert(m, 999999));
	KUNIT_EXPECT_NULL(test, hmt_insert(m, 999998));
	KUNIT_EXPECT_EQ(test, lft_hmap_hits(m), 129ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_drops(m), 2ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&hmt_inits), 128);
	KUNIT_EXPECT_NOT_NULL(test, hmt_insert(m, 127 * 1000 + 7));

	n = lft_hmap_collect(m, all);
	KUNIT_EXPECT_EQ(test, n, 128U);
	for (i = 0; i < n; i++) {
		u64 k = *(u64 *)lft_hmap_key(all[i]);
		unsigned int idx = (k - 7) / 1000;

		KUNIT_ASSERT_EQ(test, (k - 7) % 1000, 0ULL);
		KUNIT_ASSERT_LT(test, idx, 128U);
		KUNIT_EXPECT_FALSE(test, test_and_set_bit(idx, seen));
		KUNIT_EXPECT_EQ(test, lft_hmap_sum(all[i], 0), 1ULL);
		KUNIT_EXPECT_EQ(test, lft_hmap_sum(all[i], 1), (u64)idx);
	}

	lft_hmap_clear(m);
	KUNIT_EXPECT_EQ(test, lft_hmap_collect(m, all), 0U);
	KUNIT_EXPECT_EQ(test, lft_hmap_hits(m), 0ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_drops(m), 0ULL);
	e = hmt_insert(m, 42);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, lft_hmap_sum(e, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, *(u64 *)lft_hmap_priv(e), 42ULL);
	KUNIT_EXPECT_EQ(test, lft_hmap_collect(m, all), 1U);
	lft_hmap_free(m);
}

/* Keys that differ only past the first bytes are different keys. */
static void hmt_wide_keys(struct kunit *test)
{
	struct lft_hmap *m = lft_hmap_create(7, 40, 1, 0, NULL);
	u8 a[40] = {}, b[40] = {};
	struct lft_hmap_elt *ea, *eb;

	KUNIT_ASSERT_FALSE(test, IS_ERR(m));
	b[39] = 1;
	ea = lft_hmap_insert(m, a, NULL);
	eb = lft_hmap_insert(m, b, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ea);
	KUNIT_ASSERT_NOT_NULL(test, eb);
	KUNIT_EXPECT_PTR_NE(test, ea, eb);
	KUNIT_EXPECT_PTR_EQ(test, lft_hmap_insert(m, b, NULL), eb);
	KUNIT_EXPECT_EQ(test, lft_hmap_key_size(m), 40U);
	KUNIT_EXPECT_EQ(test, lft_hmap_bits(m), 7U);
	lft_hmap_free(m);
}

struct hmt_race {
	struct lft_hmap *m;
	struct completion go, done;
	unsigned int first;
};

/* Keys first .. first + 199, each added to its sum once. */
static void hmt_race_keys(struct lft_hmap *m, unsigned int first)
{
	unsigned int i;

	for (i = 0; i < 200; i++) {
		struct lft_hmap_elt *e = hmt_insert(m, first + i);

		if (e)
			lft_hmap_add(e, 0, 1);
	}
}

static int hmt_race_thread(void *data)
{
	struct hmt_race *r = data;

	wait_for_completion(&r->go);
	hmt_race_keys(r->m, r->first);
	complete(&r->done);
	return 0;
}

/*
 * Two writers, keys 0..199 and 100..299, into 128 elements: every key has
 * at most one element, every insert is a hit or a drop, and the sums
 * count exactly the hits.
 */
static void hmt_race(struct kunit *test)
{
	struct hmt_race r = { .first = 100 };
	struct lft_hmap_elt **all;
	struct task_struct *t;
	unsigned long seen[5] = {};
	unsigned int i, n;
	u64 total = 0;

	r.m = lft_hmap_create(7, 8, 1, 8, hmt_init);
	KUNIT_ASSERT_FALSE(test, IS_ERR(r.m));
	all = kunit_kcalloc(test, 128, sizeof(*all), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, all);
	init_completion(&r.go);
	init_completion(&r.done);
	t = kthread_run(hmt_race_thread, &r, "lft_hmap_race");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	complete(&r.go);
	hmt_race_keys(r.m, 0);
	wait_for_completion(&r.done);

	n = lft_hmap_collect(r.m, all);
	KUNIT_EXPECT_EQ(test, n, 128U);
	for (i = 0; i < n; i++) {
		u64 k = *(u64 *)lft_hmap_key(all[i]);

		KUNIT_ASSERT_LT(test, k, 300ULL);
		KUNIT_EXPECT_FALSE(test, test_and_set_bit(k, seen));
		KUNIT_EXPECT_EQ(test, *(u64 *)lft_hmap_priv(all[i]), k);
		total += lft_hmap_sum(all[i], 0);
	}
	KUNIT_EXPECT_EQ(test, lft_hmap_hits(r.m) + lft_hmap_drops(r.m), 400ULL);
	KUNIT_EXPECT_EQ(test, total, lft_hmap_hits(r.m));
	lft_hmap_free(r.m);
}

static struct kunit_case lft_hmap_cases[] = {
	KUNIT_CASE(hmt_bad_params),
	KUNIT_CASE(hmt_fill),
	KUNIT_CASE(hmt_lookup),
	KUNIT_CASE(hmt_wide_keys),
	KUNIT_CASE(hmt_race),
	{}
};

static struct kunit_suite lft_hmap_suite = {
	.name = "lftrace_hist_map",
	.test_cases = lft_hmap_cases,
};

kunit_test_suites(&lft_hmap_suite);
