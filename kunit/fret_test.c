// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lftrace's function-return hooking (arch/x86/fret.c),
 * driven from the fentry hook's test user: the handler hooks the returns
 * of this module's noinline targets and a log records entries and returns
 * in order, with depths and return values.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "compat/ksyms.h"

static int lft_rt_sink;
static unsigned long lft_rt_stack[16];
static unsigned int lft_rt_nstack;

static noinline int lft_rt_inner(int x)
{
	WRITE_ONCE(lft_rt_sink, x);
	return x * 10;
}

static int (*lft_rt_inner_ptr)(int) = lft_rt_inner;

static noinline int lft_rt_outer(int x)
{
	int r = READ_ONCE(lft_rt_inner_ptr)(x) + READ_ONCE(lft_rt_inner_ptr)(x + 1);

	WRITE_ONCE(lft_rt_sink, r);
	return r + 1;
}

static noinline int lft_rt_rec(int n);
static int (*lft_rt_rec_ptr)(int) = lft_rt_rec;

static noinline int lft_rt_rec(int n)
{
	int r = n ? 1 + READ_ONCE(lft_rt_rec_ptr)(n - 1) : 0;

	WRITE_ONCE(lft_rt_sink, r);
	return r;
}

/* The sleep's own bounds, read inside the target. */
static u64 lft_rt_slept_from, lft_rt_slept_to;

static noinline int lft_rt_sleep(int ms)
{
	WRITE_ONCE(lft_rt_slept_from, ktime_get_ns());
	msleep(ms);
	WRITE_ONCE(lft_rt_slept_to, ktime_get_ns());
	WRITE_ONCE(lft_rt_sink, ms);
	return ms;
}

/* Not hooked: takes a stack trace from under a hooked frame. */
static noinline int lft_rt_leaf(int x)
{
	lft_rt_nstack = stack_trace_save(lft_rt_stack,
					 ARRAY_SIZE(lft_rt_stack), 0);
	WRITE_ONCE(lft_rt_sink, x);
	return x;
}

static int (*lft_rt_leaf_ptr)(int) = lft_rt_leaf;

static noinline int lft_rt_mid(int x)
{
	int r = READ_ONCE(lft_rt_leaf_ptr)(x) + 1;

	WRITE_ONCE(lft_rt_sink, r);
	return r;
}

static int (*lft_rt_outer_ptr)(int) = lft_rt_outer;
static int (*lft_rt_sleep_ptr)(int) = lft_rt_sleep;
static int (*lft_rt_mid_ptr)(int) = lft_rt_mid;

/* The caller of every top-level target (not a tail call). */
static noinline int lft_rt_call(int (*fn)(int), int x)
{
	int r = fn(x);

	WRITE_ONCE(lft_rt_sink, r);
	return r;
}

/* RT_RCU: rcu_read_lock_any_held(), where the kernel has it. */
enum { RT_OUTER, RT_INNER, RT_REC, RT_SLEEP, RT_MID, RT_RCU, RT_NR };

struct lft_rt_ev {
	char kind;		/* 'E'ntry or 'R'eturn */
	int target;
	int depth;
	long ret;
	u64 calltime, rettime;
	u64 children;		/* lft_fret_child_time() at the return */
};

static struct {
	unsigned long fn[RT_NR];
	bool want[RT_NR];
	struct task_struct *task;	/* only this task's calls are logged */
	struct lft_rt_ev ev[64];
	int n;
	int refused;
	int max_depth;		/* hook no deeper than this (0: no limit) */
	int too_deep;		/* entries not hooked for max_depth */
	bool child_time;	/* returns report to lft_fret_child_time() */
	bool two_users;		/* each frame hooked by another user first */
	int other_returns;	/* that user's returns */
	bool started;		/* lft_fret_start() done, stop pending */
} lft_rt;

static int lft_rt_which(unsigned long ip)
{
	int i;

	for (i = 0; i < RT_NR; i++)
		if (ip - lft_rt.fn[i] < 16)
			return i;
	return -1;
}

static bool lft_rt_want(unsigned long ip, void *data)
{
	int i = lft_rt_which(ip);

	return i >= 0 && lft_rt.want[i];
}

static struct lft_rt_ev *lft_rt_log(char kind, int target, int depth,
				     long ret, u64 calltime)
{
	struct lft_rt_ev *ev;

	if (lft_rt.n >= ARRAY_SIZE(lft_rt.ev))
		return NULL;
	ev = &lft_rt.ev[lft_rt.n++];
	ev->kind = kind;
	ev->target = target;
	ev->depth = depth;
	ev->ret = ret;
	ev->calltime = calltime;
	ev->rettime = kind == 'R' ? ktime_get_ns() : 0;
	ev->children = 0;
	return ev;
}

static void lft_rt_ret(unsigned long func, int depth, u64 calltime,
		       struct pt_regs *regs)
{
	struct lft_rt_ev *ev;

	if (current != lft_rt.task)
		return;
	ev = lft_rt_log('R', lft_rt_which(func), depth, (int)regs->ax,
			calltime);
	if (ev && lft_rt.child_time)
		ev->children = lft_fret_child_time(lft_rt_ret, ev->rettime - calltime);
}

/* A second user of the same frames (as the profiler beside the graph). */
static void lft_rt_other_ret(unsigned long func, int depth, u64 calltime,
			     struct pt_regs *regs)
{
	if (current == lft_rt.task)
		lft_rt.other_returns++;
}

static void lft_rt_hit(unsigned long ip, unsigned long parent,
		       struct pt_regs *regs)
{
	int depth;

	if (current != lft_rt.task)
		return;
	if (lft_rt.two_users)
		lft_fret_hook(regs, ip, 0, lft_rt_other_ret);
	/* As max_graph_depth: a call this deep is not hooked at all. */
	if (lft_rt.max_depth && lft_fret_depth(lft_rt_ret) >= lft_rt.max_depth) {
		lft_rt.too_deep++;
		return;
	}
	depth = lft_fret_hook(regs, ip, ktime_get_ns(), lft_rt_ret);
	if (depth < 0)
		lft_rt.refused++;
	lft_rt_log('E', lft_rt_which(ip), depth, 0, 0);
}

static struct lft_fentry_ops lft_rt_ops = { .hit = lft_rt_hit };

static void lft_rt_start(struct kunit *test, unsigned int nodes,
			 const int *targets, int n)
{
	int i;

	memset(&lft_rt, 0, sizeof(lft_rt));
	lft_rt.fn[RT_OUTER] = (unsigned long)lft_rt_outer;
	lft_rt.fn[RT_INNER] = (unsigned long)lft_rt_inner;
	lft_rt.fn[RT_REC] = (unsigned long)lft_rt_rec;
	lft_rt.fn[RT_SLEEP] = (unsigned long)lft_rt_sleep;
	lft_rt.fn[RT_MID] = (unsigned long)lft_rt_mid;
	lft_rt.fn[RT_RCU] = lft_ksym_lookup("rcu_read_lock_any_held");
	for (i = 0; i < n; i++)
		lft_rt.want[targets[i]] = true;
	lft_rt.task = current;
	KUNIT_ASSERT_EQ(test, lft_fret_start(nodes), 0);
	lft_rt.started = true;
	KUNIT_ASSERT_EQ(test, lft_fentry_update(&lft_rt_ops, lft_rt_want, NULL),
			0);
}

static void lft_rt_stop(void)
{
	lft_fentry_unregister(&lft_rt_ops);
	if (lft_rt.started)
		lft_fret_stop();
	lft_rt.started = false;
}

static void lft_rt_expect(struct kunit *test, int i, char kind, int target,
			  int depth)
{
	KUNIT_ASSERT_LT(test, i, lft_rt.n);
	KUNIT_EXPECT_EQ_MSG(test, lft_rt.ev[i].kind, kind, "event %d", i);
	KUNIT_EXPECT_EQ_MSG(test, lft_rt.ev[i].target, target, "event %d", i);
	KUNIT_EXPECT_EQ_MSG(test, lft_rt.ev[i].depth, depth, "event %d", i);
}

/* Nested calls: every entry has its return, in order, at its depth. */
static void lft_fret_nested(struct kunit *test)
{
	static const int t[] = { RT_OUTER, RT_INNER };

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_outer_ptr, 4), 40 + 50 + 1);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 6);
	lft_rt_expect(test, 0, 'E', RT_OUTER, 0);
	lft_rt_expect(test, 1, 'E', RT_INNER, 1);
	lft_rt_expect(test, 2, 'R', RT_INNER, 1);
	lft_rt_expect(test, 3, 'E', RT_INNER, 1);
	lft_rt_expect(test, 4, 'R', RT_INNER, 1);
	lft_rt_expect(test, 5, 'R', RT_OUTER, 0);
	/* The return values seen are the functions' own. */
	KUNIT_EXPECT_EQ(test, lft_rt.ev[2].ret, 40L);
	KUNIT_EXPECT_EQ(test, lft_rt.ev[4].ret, 50L);
	KUNIT_EXPECT_EQ(test, lft_rt.ev[5].ret, 91L);
	KUNIT_EXPECT_EQ(test, lft_rt.refused, 0);
	KUNIT_EXPECT_EQ(test, lft_fret_depth(lft_rt_ret), 0);
}

/* A recursive target: depths go up to n, returns come back down. */
static void lft_fret_recursive(struct kunit *test)
{
	static const int t[] = { RT_REC };
	int i;

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_rec_ptr, 5), 5);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 12);
	for (i = 0; i < 6; i++) {
		lft_rt_expect(test, i, 'E', RT_REC, i);
		lft_rt_expect(test, 11 - i, 'R', RT_REC, i);
		KUNIT_EXPECT_EQ(test, lft_rt.ev[11 - i].ret, (long)(5 - i));
	}
}

/*
 * A target that sleeps: its return comes after the sleep, on any CPU.
 * Held to the order of clock readings, not to a length of sleep (once,
 * on a loaded host, the sanitize kernel's msleep(20) took 6 ms of ktime).
 */
static void lft_fret_sleeps(struct kunit *test)
{
	static const int t[] = { RT_SLEEP };

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_sleep_ptr, 20), 20);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 2);
	lft_rt_expect(test, 1, 'R', RT_SLEEP, 0);
	KUNIT_EXPECT_LE(test, lft_rt.ev[1].calltime, lft_rt_slept_from);
	KUNIT_EXPECT_GE(test, lft_rt.ev[1].rettime, lft_rt_slept_to);
	KUNIT_EXPECT_GT(test, lft_rt_slept_to, lft_rt_slept_from);
}

/* A depth limit: only the outermost max_depth frames are hooked. */
static void lft_fret_depth_limit(struct kunit *test)
{
	static const int t[] = { RT_REC };
	int i;

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	lft_rt.max_depth = 3;
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_rec_ptr, 5), 5);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 6);
	for (i = 0; i < 3; i++) {
		lft_rt_expect(test, i, 'E', RT_REC, i);
		lft_rt_expect(test, 5 - i, 'R', RT_REC, i);
		/* rec(5), rec(4), rec(3) return what they always do. */
		KUNIT_EXPECT_EQ(test, lft_rt.ev[5 - i].ret, (long)(5 - i));
	}
	KUNIT_EXPECT_EQ(test, lft_rt.too_deep, 3);
	KUNIT_EXPECT_EQ(test, lft_rt.refused, 0);
}

/*
 * Two users hooking the same frames: each counts depths and children over
 * its own frames only.
 */
static void lft_fret_two_users(struct kunit *test)
{
	static const int t[] = { RT_OUTER, RT_INNER };

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	lft_rt.two_users = true;
	lft_rt.child_time = true;
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_outer_ptr, 4), 40 + 50 + 1);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 6);
	lft_rt_expect(test, 0, 'E', RT_OUTER, 0);
	lft_rt_expect(test, 1, 'E', RT_INNER, 1);
	lft_rt_expect(test, 2, 'R', RT_INNER, 1);
	lft_rt_expect(test, 5, 'R', RT_OUTER, 0);
	KUNIT_EXPECT_EQ(test, lft_rt.other_returns, 3);
	KUNIT_EXPECT_EQ(test, lft_rt.ev[5].children,
			lft_rt.ev[2].rettime - lft_rt.ev[2].calltime +
			lft_rt.ev[4].rettime - lft_rt.ev[4].calltime);
}

/*
 * Children's time: each return reports its duration to the frame below
 * it, so outer's children took exactly what its two inner calls took.
 */
static void lft_fret_children(struct kunit *test)
{
	static const int t[] = { RT_OUTER, RT_INNER };
	u64 inner;

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	lft_rt.child_time = true;
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_outer_ptr, 1), 10 + 20 + 1);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 6);
	lft_rt_expect(test, 5, 'R', RT_OUTER, 0);
	inner = lft_rt.ev[2].rettime - lft_rt.ev[2].calltime +
		lft_rt.ev[4].rettime - lft_rt.ev[4].calltime;
	KUNIT_EXPECT_EQ(test, lft_rt.ev[2].children, 0ULL);
	KUNIT_EXPECT_EQ(test, lft_rt.ev[4].children, 0ULL);
	KUNIT_EXPECT_EQ(test, lft_rt.ev[5].children, inner);
}

/* The test task's time switched out, from the same clock readings. */
static struct {
	struct task_struct *task;
	u64 out;
	u64 away;
} lft_rt_sw;

static void lft_rt_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	u64 now = ktime_get_ns();

	lft_fret_sched_switch(prev, next, now, NULL);
	/*
	 * Only while the task has a frame hooked: a preemption between the
	 * entry's clock reading and the frame's hooking (or the frame's
	 * unhooking and the return's reading) is in the frame's time, and
	 * was taken for time away (the sanitize kernel under load).
	 */
	if (prev == lft_rt_sw.task)
		lft_rt_sw.out = READ_ONCE(prev->rethooks.first) ? now : 0;
	else if (next == lft_rt_sw.task && lft_rt_sw.out)
		lft_rt_sw.away += now - lft_rt_sw.out;
}

/*
 * Switched out for a 20 ms sleep: the frame's time leaves out the time
 * away, measured by the same readings that moved it. So it fits in what
 * was left of the call once that is taken off, whatever the host's
 * scheduling did to the clock; counted whole it would not.
 */
static void lft_fret_sleep_left_out(struct kunit *test)
{
	static const int t[] = { RT_SLEEP };
	struct tracepoint *tp = lft_tp_find("sched_switch");
	u64 took, t0, t1;

	KUNIT_ASSERT_NOT_NULL(test, tp);
	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	memset(&lft_rt_sw, 0, sizeof(lft_rt_sw));
	lft_rt_sw.task = current;
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register(tp, lft_rt_switch,
							NULL), 0);
	t0 = ktime_get_ns();
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_sleep_ptr, 20), 20);
	t1 = ktime_get_ns();
	tracepoint_probe_unregister(tp, lft_rt_switch, NULL);
	tracepoint_synchronize_unregister();
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 2);
	lft_rt_expect(test, 1, 'R', RT_SLEEP, 0);
	took = lft_rt.ev[1].rettime - lft_rt.ev[1].calltime;
	KUNIT_EXPECT_GT(test, lft_rt_sw.away, 0ULL);
	KUNIT_EXPECT_LE(test, took, t1 - t0 - lft_rt_sw.away);
}

/*
 * From under a hooked frame, the unwinder finds the true caller: the
 * kernel's rethook trampoline in the return slot is seen through.
 */
static void lft_fret_unwinds(struct kunit *test)
{
	static const int t[] = { RT_MID };
	char buf[KSYM_SYMBOL_LEN];
	bool mid = false, caller = false, tramp = false;
	unsigned int i;

	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_mid_ptr, 3), 4);
	lft_rt_stop();
	KUNIT_ASSERT_EQ(test, lft_rt.n, 2);
	for (i = 0; i < lft_rt_nstack; i++) {
		sprint_symbol_no_offset(buf, lft_rt_stack[i]);
		mid |= !strncmp(buf, "lft_rt_mid", 10);
		caller |= !strncmp(buf, "lft_rt_call", 11);
		tramp |= !!strstr(buf, "rethook_trampoline");
	}
	KUNIT_EXPECT_TRUE(test, mid);
	KUNIT_EXPECT_TRUE(test, caller);
	KUNIT_EXPECT_FALSE(test, tramp);
}

/* An exhausted pool: frames go unhooked and are counted, never lost. */
static void lft_fret_pool_exhausted(struct kunit *test)
{
	static const int t[] = { RT_REC };
	unsigned long missed = lft_fret_missed();
	int i, e = 0, r = 0;

	lft_rt_start(test, 4, t, ARRAY_SIZE(t));
	KUNIT_EXPECT_EQ(test, lft_rt_call(lft_rt_rec_ptr, 9), 9);
	lft_rt_stop();
	KUNIT_EXPECT_EQ(test, lft_rt.refused, 6);
	KUNIT_EXPECT_EQ(test, lft_fret_missed() - missed, 6UL);
	for (i = 0; i < lft_rt.n; i++) {
		if (lft_rt.ev[i].kind == 'R')
			r++;
		else if (lft_rt.ev[i].depth >= 0)
			e++;
	}
	KUNIT_EXPECT_EQ(test, e, 4);
	KUNIT_EXPECT_EQ(test, r, 4);
}

/*
 * With CONFIG_PROVE_RCU the kernel's rethook calls rcu_read_lock_any_held()
 * on its own return path: its return is never hooked (a hooked return ran
 * the trampoline, which called it again, whose return was hooked again,
 * until the stack overflowed).
 */
static void lft_fret_rethook_path(struct kunit *test)
{
	static const int t[] = { RT_RCU };
	int (*held)(void);
	int i, e = 0;

	if (!lft_ksym_lookup("rcu_read_lock_any_held"))
		kunit_skip(test, "no rcu_read_lock_any_held() (PROVE_RCU off)");
	lft_rt_start(test, 64, t, ARRAY_SIZE(t));
	held = (int (*)(void))lft_rt.fn[RT_RCU];
	rcu_read_lock();
	KUNIT_EXPECT_EQ(test, held(), 1);
	rcu_read_unlock();
	lft_rt_stop();
	for (i = 0; i < lft_rt.n; i++) {
		if (lft_rt.ev[i].target != RT_RCU)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, lft_rt.ev[i].kind, 'E', "event %d", i);
		KUNIT_EXPECT_EQ_MSG(test, lft_rt.ev[i].depth, -EPERM,
				    "event %d", i);
		e++;
	}
	/* At least the call above. */
	KUNIT_EXPECT_GE(test, e, 1);
}

/* A failed assertion returns early: nothing may stay hooked. */
static void lft_fret_case_exit(struct kunit *test)
{
	lft_rt_stop();
}

static struct kunit_case lft_fret_cases[] = {
	KUNIT_CASE(lft_fret_nested),
	KUNIT_CASE(lft_fret_recursive),
	KUNIT_CASE(lft_fret_sleeps),
	KUNIT_CASE(lft_fret_depth_limit),
	KUNIT_CASE(lft_fret_children),
	KUNIT_CASE(lft_fret_two_users),
	KUNIT_CASE(lft_fret_sleep_left_out),
	KUNIT_CASE(lft_fret_unwinds),
	KUNIT_CASE(lft_fret_pool_exhausted),
	KUNIT_CASE(lft_fret_rethook_path),
	{}
};

static struct kunit_suite lft_fret_suite = {
	.name = "lftrace_fret",
	.exit = lft_fret_case_exit,
	.test_cases = lft_fret_cases,
};
kunit_test_suites(&lft_fret_suite);
