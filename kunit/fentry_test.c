// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lftrace's function-entry hook (arch/x86): the sites of
 * this module's noinline targets are patched to call a test handler, which
 * checks what the hook hands it. Targets are called through pointers read
 * with READ_ONCE() so that the compiler keeps every call and cannot inline
 * them; their results are stored so that no call is dropped.
 *
 * This module is loaded after lftrace, so its sites being patchable at all
 * shows the module notifier at work.
 */
#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/string.h>

#include "arch/x86/fentry.h"

static int lft_kt_sink;

static noinline int lft_kt_target1(int x)
{
	WRITE_ONCE(lft_kt_sink, x + 1);
	return x + 1;
}

static noinline int lft_kt_target2(int x)
{
	WRITE_ONCE(lft_kt_sink, x * 3);
	return x * 3;
}

static noinline int lft_kt_target_rec(int x)
{
	WRITE_ONCE(lft_kt_sink, x - 1);
	return x - 1;
}

static int (*lft_kt_t1)(int) = lft_kt_target1;
static int (*lft_kt_t2)(int) = lft_kt_target2;
static int (*lft_kt_trec)(int) = lft_kt_target_rec;

/* The one caller of the targets: the parent every hit must name. */
static noinline int lft_kt_call(int (*fn)(int), int x)
{
	int r = READ_ONCE(fn)(x);

	/* Not a tail call: the return address stays in this function. */
	WRITE_ONCE(lft_kt_sink, r);
	return r + 0x100;
}

enum { LFT_KT_T1, LFT_KT_T2, LFT_KT_REC, LFT_KT_NR };

static struct {
	unsigned long fn[LFT_KT_NR];	/* function addresses */
	unsigned long site[LFT_KT_NR];	/* fentry sites, as want() saw them */
	bool wanted[LFT_KT_NR];		/* what want() says yes to */
	atomic_t hits[LFT_KT_NR];
	unsigned long parent[LFT_KT_NR];
	unsigned long arg[LFT_KT_NR];
	atomic_t stray;			/* hits at a site not wanted */
} lft_kt;

/* Which target is @ip the fentry site of (it may follow an ENDBR)? */
static int lft_kt_which(unsigned long ip)
{
	int i;

	for (i = 0; i < LFT_KT_NR; i++)
		if (ip - lft_kt.fn[i] < 16)
			return i;
	return -1;
}

static bool lft_kt_want(unsigned long ip, void *data)
{
	int i = lft_kt_which(ip);

	if (i < 0)
		return false;
	lft_kt.site[i] = ip;
	return lft_kt.wanted[i];
}

static void lft_kt_hit(unsigned long ip, unsigned long parent,
		       struct pt_regs *regs)
{
	int i = lft_kt_which(ip);

	if (i < 0 || !lft_kt.wanted[i]) {
		atomic_inc(&lft_kt.stray);
		return;
	}
	lft_kt.parent[i] = parent;
	lft_kt.arg[i] = regs->di;
	atomic_inc(&lft_kt.hits[i]);
	/* The recursion test: a handler that calls what it traces. */
	if (i == LFT_KT_REC)
		lft_kt_call(lft_kt_trec, 7);
}

static void lft_kt_reset(bool t1, bool t2, bool rec)
{
	int i;

	memset(&lft_kt, 0, sizeof(lft_kt));
	lft_kt.fn[LFT_KT_T1] = (unsigned long)lft_kt_target1;
	lft_kt.fn[LFT_KT_T2] = (unsigned long)lft_kt_target2;
	lft_kt.fn[LFT_KT_REC] = (unsigned long)lft_kt_target_rec;
	lft_kt.wanted[LFT_KT_T1] = t1;
	lft_kt.wanted[LFT_KT_T2] = t2;
	lft_kt.wanted[LFT_KT_REC] = rec;
	for (i = 0; i < LFT_KT_NR; i++)
		atomic_set(&lft_kt.hits[i], 0);
}

static struct lft_fentry_ops lft_kt_ops = { .hit = lft_kt_hit };

static void lft_kt_start(struct kunit *test, bool t1, bool t2, bool rec)
{
	lft_kt_reset(t1, t2, rec);
	KUNIT_ASSERT_EQ(test, lft_fentry_update(&lft_kt_ops, lft_kt_want, NULL),
			0);
}

/* Unhook the test's user; its handler is not running anywhere after. */
static void lft_kt_stop(void)
{
	lft_fentry_unregister(&lft_kt_ops);
}

static bool lft_kt_named(unsigned long addr, const char *name)
{
	char buf[KSYM_SYMBOL_LEN];
	size_t n = strlen(name);

	sprint_symbol_no_offset(buf, addr);
	return !strncmp(buf, name, n) && (buf[n] == '\0' || buf[n] == ' ');
}

/* The handler sees the site, the true caller and the first argument. */
static void lft_fentry_ip_parent_args(struct kunit *test)
{
	lft_kt_start(test, true, false, false);
	KUNIT_EXPECT_EQ(test, lft_kt_call(lft_kt_t1, 41), 42 + 0x100);
	lft_kt_stop();
	KUNIT_ASSERT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 1);
	KUNIT_EXPECT_NE(test, lft_kt.site[LFT_KT_T1], 0UL);
	KUNIT_EXPECT_TRUE_MSG(test, lft_kt_named(lft_kt.parent[LFT_KT_T1],
						 "lft_kt_call"),
			      "parent %pS", (void *)lft_kt.parent[LFT_KT_T1]);
	KUNIT_EXPECT_EQ(test, lft_kt.arg[LFT_KT_T1], 41UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.stray), 0);
}

/* Exact counts, and only the wanted site calls the handler. */
static void lft_fentry_counts_and_filter(struct kunit *test)
{
	int i;

	lft_kt_start(test, true, false, false);
	for (i = 0; i < 1000; i++) {
		lft_kt_call(lft_kt_t1, i);
		if (i % 4 == 0)
			lft_kt_call(lft_kt_t2, i);
	}
	KUNIT_EXPECT_TRUE(test, lft_fentry_patched(lft_kt.site[LFT_KT_T1]));
	KUNIT_EXPECT_FALSE(test, lft_fentry_patched(lft_kt.site[LFT_KT_T2]));
	lft_kt_stop();
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T2]), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.stray), 0);

	/* The other way round: everything but target1 ("notrace"). */
	lft_kt_start(test, false, true, false);
	for (i = 0; i < 300; i++) {
		lft_kt_call(lft_kt_t1, i);
		lft_kt_call(lft_kt_t2, i);
	}
	lft_kt_stop();
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T2]), 300);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.stray), 0);
}

/*
 * A handler that calls the function it traces: the hook lets one nested
 * entry through and drops the next, so exactly two hits and one miss.
 */
static void lft_fentry_recursion(struct kunit *test)
{
	unsigned long missed = lft_fentry_missed();

	lft_kt_start(test, false, false, true);
	KUNIT_EXPECT_EQ(test, lft_kt_call(lft_kt_trec, 10), 9 + 0x100);
	lft_kt_stop();
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_REC]), 2);
	KUNIT_EXPECT_EQ(test, lft_fentry_missed() - missed, 1UL);
	KUNIT_EXPECT_EQ(test, lft_kt.arg[LFT_KT_REC], 7UL);
}

/* Patch and unpatch again and again: counts stay exact each time. */
static void lft_fentry_patch_cycles(struct kunit *test)
{
	int cycle, i;

	for (cycle = 0; cycle < 20; cycle++) {
		lft_kt_start(test, true, true, false);
		KUNIT_ASSERT_TRUE(test,
				  lft_fentry_patched(lft_kt.site[LFT_KT_T1]));
		for (i = 0; i <= cycle; i++)
			lft_kt_call(lft_kt_t2, i);
		lft_kt_stop();
		KUNIT_EXPECT_FALSE(test,
				   lft_fentry_patched(lft_kt.site[LFT_KT_T1]));
		/* Unpatched: no more calls reach the handler. */
		lft_kt_call(lft_kt_t1, cycle);
		lft_kt_call(lft_kt_t2, cycle);
		KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 0);
		KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T2]),
				cycle + 1);
	}
}

/* Other users of the same sites: their hits at target1, all together. */
static atomic_t lft_kt_more_hits;

static void lft_kt_more_hit(unsigned long ip, unsigned long parent,
			    struct pt_regs *regs)
{
	if (lft_kt_which(ip) == LFT_KT_T1)
		atomic_inc(&lft_kt_more_hits);
}

static struct lft_fentry_ops lft_kt_more[LFT_FENTRY_SLOTS];

/*
 * Users share sites and each gets every hit; when the slots run out an
 * update says EBUSY and changes nothing; an unregistered user's slot
 * serves another.
 */
static void lft_fentry_slots(struct kunit *test)
{
	int i, n = 0;

	lft_kt_start(test, true, false, false);
	for (i = 0; i < LFT_FENTRY_SLOTS; i++)
		lft_kt_more[i] = (struct lft_fentry_ops){ .hit = lft_kt_more_hit };
	atomic_set(&lft_kt_more_hits, 0);
	/* lftrace's own users may hold slots: take what is left. */
	while (n < LFT_FENTRY_SLOTS &&
	       !lft_fentry_update(&lft_kt_more[n], lft_kt_want, NULL))
		n++;
	KUNIT_ASSERT_LT(test, n, LFT_FENTRY_SLOTS);
	KUNIT_EXPECT_EQ(test, lft_kt_more[n].slot, 0);
	KUNIT_EXPECT_EQ(test, lft_fentry_update(&lft_kt_more[n], lft_kt_want,
						NULL), -EBUSY);
	/* Every user is called at the shared site, once a call. */
	for (i = 0; i < 5; i++)
		lft_kt_call(lft_kt_t1, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 5);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt_more_hits), 5 * n);
	/* A freed slot serves a new user; the site stays the first user's. */
	if (n) {
		lft_fentry_unregister(&lft_kt_more[n - 1]);
		KUNIT_EXPECT_EQ(test, lft_kt_more[n - 1].slot, 0);
		KUNIT_EXPECT_EQ(test, lft_fentry_update(&lft_kt_more[n],
							lft_kt_want, NULL), 0);
	}
	for (i = 0; i <= n; i++)
		lft_fentry_unregister(&lft_kt_more[i]);
	KUNIT_EXPECT_TRUE(test, lft_fentry_patched(lft_kt.site[LFT_KT_T1]));
	lft_kt_call(lft_kt_t1, 0);
	lft_kt_stop();
	KUNIT_EXPECT_FALSE(test, lft_fentry_patched(lft_kt.site[LFT_KT_T1]));
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.hits[LFT_KT_T1]), 6);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt_more_hits), 5 * n);
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_kt.stray), 0);
}

/* Who was called at target1, in order: 'a' and 'b' below. */
static char lft_kt_seq[8];
static atomic_t lft_kt_nseq;

static void lft_kt_note(char who, unsigned long ip)
{
	int i;

	if (lft_kt_which(ip) != LFT_KT_T1)
		return;
	i = atomic_inc_return(&lft_kt_nseq) - 1;
	if (i < (int)sizeof(lft_kt_seq) - 1)
		lft_kt_seq[i] = who;
}

static void lft_kt_hit_a(unsigned long ip, unsigned long parent,
			 struct pt_regs *regs)
{
	lft_kt_note('a', ip);
}

static void lft_kt_hit_b(unsigned long ip, unsigned long parent,
			 struct pt_regs *regs)
{
	lft_kt_note('b', ip);
}

static struct lft_fentry_ops lft_kt_a = { .hit = lft_kt_hit_a, .order = 10 };
static struct lft_fentry_ops lft_kt_b = { .hit = lft_kt_hit_b, .order = 5 };

/* At a shared site users are called by their order, not by who came first. */
static void lft_fentry_call_order(struct kunit *test)
{
	lft_kt_reset(true, false, false);
	memset(lft_kt_seq, 0, sizeof(lft_kt_seq));
	atomic_set(&lft_kt_nseq, 0);
	KUNIT_ASSERT_EQ(test, lft_fentry_update(&lft_kt_a, lft_kt_want, NULL), 0);
	KUNIT_ASSERT_EQ(test, lft_fentry_update(&lft_kt_b, lft_kt_want, NULL), 0);
	lft_kt_call(lft_kt_t1, 1);
	lft_fentry_unregister(&lft_kt_b);
	lft_kt_call(lft_kt_t1, 2);
	lft_fentry_unregister(&lft_kt_a);
	KUNIT_EXPECT_STREQ(test, lft_kt_seq, "baa");
}

static struct kunit_case lft_fentry_cases[] = {
	KUNIT_CASE(lft_fentry_ip_parent_args),
	KUNIT_CASE(lft_fentry_counts_and_filter),
	KUNIT_CASE(lft_fentry_recursion),
	KUNIT_CASE(lft_fentry_patch_cycles),
	KUNIT_CASE(lft_fentry_slots),
	KUNIT_CASE(lft_fentry_call_order),
	{}
};

/* A failed assertion returns early: the hook must not outlive the case. */
static void lft_fentry_case_exit(struct kunit *test)
{
	int i;

	for (i = 0; i < LFT_FENTRY_SLOTS; i++)
		lft_fentry_unregister(&lft_kt_more[i]);
	lft_fentry_unregister(&lft_kt_a);
	lft_fentry_unregister(&lft_kt_b);
	lft_kt_stop();
}

static struct kunit_suite lft_fentry_suite = {
	.name = "lftrace_fentry",
	.exit = lft_fentry_case_exit,
	.test_cases = lft_fentry_cases,
};
kunit_test_suites(&lft_fentry_suite);
