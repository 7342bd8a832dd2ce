// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lftrace's batch patcher (arch/x86/poke.c): many sites of
 * this module are patched and unpatched in one batch, again and again,
 * while a thread on another CPU keeps calling them. Every call must return
 * what the function computes (a site caught half-written would crash or
 * return something else), the handler must see the calls made while the
 * sites are patched, and the batch must write the text a run at a time.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include "arch/x86/fentry.h"
#include "arch/x86/poke.h"

#define LFT_PT_NR	64
#define LFT_PT_CYCLES	20

static int lft_pt_sink;

/* Target n returns x + n: a call that went wrong shows in the result. */
#define LFT_PT_FN(n)						\
static noinline int lft_pt_fn##n(int x)				\
{								\
	WRITE_ONCE(lft_pt_sink, x + (n));			\
	return x + (n);						\
}
LFT_PT_FN(10)
LFT_PT_FN(11)
LFT_PT_FN(12)
LFT_PT_FN(13)
LFT_PT_FN(14)
LFT_PT_FN(15)
LFT_PT_FN(16)
LFT_PT_FN(17)
LFT_PT_FN(20)
LFT_PT_FN(21)
LFT_PT_FN(22)
LFT_PT_FN(23)
LFT_PT_FN(24)
LFT_PT_FN(25)
LFT_PT_FN(26)
LFT_PT_FN(27)
LFT_PT_FN(30)
LFT_PT_FN(31)
LFT_PT_FN(32)
LFT_PT_FN(33)
LFT_PT_FN(34)
LFT_PT_FN(35)
LFT_PT_FN(36)
LFT_PT_FN(37)
LFT_PT_FN(40)
LFT_PT_FN(41)
LFT_PT_FN(42)
LFT_PT_FN(43)
LFT_PT_FN(44)
LFT_PT_FN(45)
LFT_PT_FN(46)
LFT_PT_FN(47)
LFT_PT_FN(50)
LFT_PT_FN(51)
LFT_PT_FN(52)
LFT_PT_FN(53)
LFT_PT_FN(54)
LFT_PT_FN(55)
LFT_PT_FN(56)
LFT_PT_FN(57)
LFT_PT_FN(60)
LFT_PT_FN(61)
LFT_PT_FN(62)
LFT_PT_FN(63)
LFT_PT_FN(64)
LFT_PT_FN(65)
LFT_PT_FN(66)
LFT_PT_FN(67)
LFT_PT_FN(70)
LFT_PT_FN(71)
LFT_PT_FN(72)
LFT_PT_FN(73)
LFT_PT_FN(74)
LFT_PT_FN(75)
LFT_PT_FN(76)
LFT_PT_FN(77)
LFT_PT_FN(80)
LFT_PT_FN(81)
LFT_PT_FN(82)
LFT_PT_FN(83)
LFT_PT_FN(84)
LFT_PT_FN(85)
LFT_PT_FN(86)
LFT_PT_FN(87)

/* Called through these, so that every call stays a call. */
static int (*const lft_pt_fns[LFT_PT_NR])(int) = {
	lft_pt_fn10, lft_pt_fn11, lft_pt_fn12, lft_pt_fn13,
	lft_pt_fn14, lft_pt_fn15, lft_pt_fn16, lft_pt_fn17,
	lft_pt_fn20, lft_pt_fn21, lft_pt_fn22, lft_pt_fn23,
	lft_pt_fn24, lft_pt_fn25, lft_pt_fn26, lft_pt_fn27,
	lft_pt_fn30, lft_pt_fn31, lft_pt_fn32, lft_pt_fn33,
	lft_pt_fn34, lft_pt_fn35, lft_pt_fn36, lft_pt_fn37,
	lft_pt_fn40, lft_pt_fn41, lft_pt_fn42, lft_pt_fn43,
	lft_pt_fn44, lft_pt_fn45, lft_pt_fn46, lft_pt_fn47,
	lft_pt_fn50, lft_pt_fn51, lft_pt_fn52, lft_pt_fn53,
	lft_pt_fn54, lft_pt_fn55, lft_pt_fn56, lft_pt_fn57,
	lft_pt_fn60, lft_pt_fn61, lft_pt_fn62, lft_pt_fn63,
	lft_pt_fn64, lft_pt_fn65, lft_pt_fn66, lft_pt_fn67,
	lft_pt_fn70, lft_pt_fn71, lft_pt_fn72, lft_pt_fn73,
	lft_pt_fn74, lft_pt_fn75, lft_pt_fn76, lft_pt_fn77,
	lft_pt_fn80, lft_pt_fn81, lft_pt_fn82, lft_pt_fn83,
	lft_pt_fn84, lft_pt_fn85, lft_pt_fn86, lft_pt_fn87,
};

/* What target i adds: its name's number (10..17, 20..27, ...). */
static int lft_pt_add(int i)
{
	return (i / 8 + 1) * 10 + i % 8;
}

static struct {
	atomic_t hits;		/* the handler's, at our sites */
	atomic_t wanted;	/* sites want() said yes to, last update */
	atomic_long_t calls;	/* the caller thread's */
	atomic_long_t bad;	/* calls that returned something else */
} lft_pt;

static struct task_struct *lft_pt_thread;

static int lft_pt_which(unsigned long ip)
{
	int i;

	for (i = 0; i < LFT_PT_NR; i++)
		if (ip - (unsigned long)lft_pt_fns[i] < 16)
			return i;
	return -1;
}

static bool lft_pt_want(unsigned long ip, void *data)
{
	if (lft_pt_which(ip) < 0)
		return false;
	atomic_inc(&lft_pt.wanted);
	return true;
}

static void lft_pt_hit(unsigned long ip, unsigned long parent,
		       struct pt_regs *regs)
{
	if (lft_pt_which(ip) >= 0)
		atomic_inc(&lft_pt.hits);
}

static struct lft_fentry_ops lft_pt_ops = { .hit = lft_pt_hit };

/* Call every target and check what each returns. */
static long lft_pt_call_all(int x)
{
	long bad = 0;
	int i;

	for (i = 0; i < LFT_PT_NR; i++)
		if (READ_ONCE(lft_pt_fns[i])(x) != x + lft_pt_add(i))
			bad++;
	return bad;
}

static int lft_pt_caller(void *data)
{
	int x = 0;

	while (!kthread_should_stop()) {
		atomic_long_add(lft_pt_call_all(x++), &lft_pt.bad);
		atomic_long_add(LFT_PT_NR, &lft_pt.calls);
		cond_resched();
	}
	return 0;
}

/*
 * Patch and unpatch all 64 sites in single batches while another CPU
 * calls them: no call goes wrong, the handler counts exactly the calls
 * this thread makes while they are patched (the other thread's too, at
 * least), and each batch takes far fewer writes than a write a site.
 */
static void lft_pt_run(struct kunit *test)
{
	unsigned long writes, hits0, int3;
	int cycle, cpu;

	memset(&lft_pt, 0, sizeof(lft_pt));
	lft_pt_thread = kthread_create(lft_pt_caller, NULL, "lft_poke_caller");
	KUNIT_ASSERT_FALSE(test, IS_ERR(lft_pt_thread));
	/* Another CPU than ours, where there is one. */
	cpu = cpumask_any_but(cpu_online_mask, raw_smp_processor_id());
	if (cpu < nr_cpu_ids)
		kthread_bind(lft_pt_thread, cpu);
	wake_up_process(lft_pt_thread);
	writes = lft_poke_writes();
	int3 = lft_poke_int3_hits();
	for (cycle = 0; cycle < LFT_PT_CYCLES; cycle++) {
		atomic_set(&lft_pt.wanted, 0);
		KUNIT_ASSERT_EQ(test, lft_fentry_update(&lft_pt_ops,
							lft_pt_want, NULL), 0);
		KUNIT_ASSERT_EQ(test, atomic_read(&lft_pt.wanted), LFT_PT_NR);
		KUNIT_EXPECT_TRUE(test, lft_fentry_patched((unsigned long)
							  lft_pt_fns[0]) ||
				  lft_fentry_patched((unsigned long)
						     lft_pt_fns[0] + 4));
		hits0 = atomic_read(&lft_pt.hits);
		KUNIT_EXPECT_EQ(test, lft_pt_call_all(cycle), 0L);
		/* Ours are counted, and maybe the other thread's meanwhile. */
		KUNIT_EXPECT_GE(test, atomic_read(&lft_pt.hits) - hits0,
				LFT_PT_NR);
		lft_fentry_unregister(&lft_pt_ops);
		hits0 = atomic_read(&lft_pt.hits);
		KUNIT_EXPECT_EQ(test, lft_pt_call_all(cycle), 0L);
		/* Unpatched and the handler's last run over: no more hits. */
		KUNIT_EXPECT_EQ(test, atomic_read(&lft_pt.hits), (int)hits0);
	}
	kthread_stop(lft_pt_thread);
	lft_pt_thread = NULL;
	writes = lft_poke_writes() - writes;
	KUNIT_EXPECT_EQ(test, atomic_long_read(&lft_pt.bad), 0L);
	KUNIT_EXPECT_GT(test, atomic_long_read(&lft_pt.calls), 0L);
	/*
	 * 64 sites a batch, 3 passes, patched and unpatched each cycle: a
	 * write a site would be 384 a cycle. Our targets fit in a few pages.
	 */
	KUNIT_EXPECT_GT(test, writes, 0UL);
	KUNIT_EXPECT_LE(test, writes, (unsigned long)LFT_PT_CYCLES * 2 * 3 * 4);
	kunit_info(test, "%lu writes, %ld calls on the other CPU, %lu INT3s emulated\n",
		   writes, atomic_long_read(&lft_pt.calls),
		   lft_poke_int3_hits() - int3);
}

static void lft_poke_batch_under_calls(struct kunit *test)
{
	lft_pt_run(test);
}

static atomic_t lft_pt_kp_hits;

static int lft_pt_kp_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&lft_pt_kp_hits);
	return 0;
}

static struct kprobe lft_pt_kp = {
	.pre_handler = lft_pt_kp_pre,
	.flags = KPROBE_FLAG_DISABLED,
};

/*
 * The same with a kprobe registered, not armed, at the first target's
 * site (as lftrace's kprobe events leave theirs): kprobes' INT3 handler
 * runs before the batch's and takes an INT3 at its probe's address for
 * its own. That site must go through the kernel's batch, whose handler
 * runs first; in lftrace's, a call meeting it ran the probe's handler and
 * then went to address 0 (a kprobe on ftrace has no copied instruction).
 */
static void lft_poke_kprobed_site(struct kunit *test)
{
	lft_pt_kp.addr = (kprobe_opcode_t *)lft_pt_fns[0];
	lft_pt_kp.flags = KPROBE_FLAG_DISABLED;
	atomic_set(&lft_pt_kp_hits, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&lft_pt_kp), 0);
	lft_pt_run(test);
	unregister_kprobe(&lft_pt_kp);
	lft_pt_kp.addr = NULL;
	KUNIT_EXPECT_EQ(test, atomic_read(&lft_pt_kp_hits), 0);
}

static struct kunit_case lft_poke_cases[] = {
	KUNIT_CASE(lft_poke_batch_under_calls),
	KUNIT_CASE(lft_poke_kprobed_site),
	{}
};

/* A failed assertion returns early: neither the hook nor the thread stay. */
static void lft_poke_case_exit(struct kunit *test)
{
	if (!IS_ERR_OR_NULL(lft_pt_thread))
		kthread_stop(lft_pt_thread);
	lft_pt_thread = NULL;
	lft_fentry_unregister(&lft_pt_ops);
	if (lft_pt_kp.addr) {
		unregister_kprobe(&lft_pt_kp);
		lft_pt_kp.addr = NULL;
	}
}

static struct kunit_suite lft_poke_suite = {
	.name = "lftrace_poke",
	.exit = lft_poke_case_exit,
	.test_cases = lft_poke_cases,
};
kunit_test_suites(&lft_poke_suite);
