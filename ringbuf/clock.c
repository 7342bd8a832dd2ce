// SPDX-License-Identifier: GPL-2.0
/*
 * The clocks a buffer can stamp events with (the names trace_clock lists).
 * Every one is callable from any context, NMI included, and never sleeps.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <asm/msr.h>

#include "include/lft_test_export.h"
#include "ringbuf/internal.h"

/*
 * "local": sched_clock(), as the kernel's trace clock of that name. It is
 * not filtered per CPU (local_clock() is, with a locked cmpxchg when the
 * TSC is unstable, as it is under emulation), which makes it cheap.
 */
static u64 lft_rb_clock_local(void)
{
	return sched_clock();
}

/* "perf": perf's clock, local_clock(). */
static u64 lft_rb_clock_perf(void)
{
	return local_clock();
}

/*
 * "global": local_clock() made monotonic across CPUs. Each CPU's value is
 * pushed past the largest one any CPU has returned, so events of different
 * CPUs order correctly, at the price of a shared cache line.
 */
static atomic64_t lft_rb_global_last;

static u64 lft_rb_clock_global(void)
{
	u64 now = local_clock();
	s64 last = atomic64_read(&lft_rb_global_last);

	do {
		if ((s64)now <= last)
			return last;
	} while (!atomic64_try_cmpxchg(&lft_rb_global_last, &last, now));
	return now;
}

/* "counter": not a time at all, a global event count. */
static atomic64_t lft_rb_counter;

static u64 lft_rb_clock_counter(void)
{
	return atomic64_inc_return(&lft_rb_counter);
}

/* "uptime": jiffies since boot. */
static u64 lft_rb_clock_uptime(void)
{
	return get_jiffies_64() - INITIAL_JIFFIES;
}

static u64 lft_rb_clock_mono(void)
{
	return ktime_get_mono_fast_ns();
}

static u64 lft_rb_clock_mono_raw(void)
{
	return ktime_get_raw_fast_ns();
}

static u64 lft_rb_clock_boot(void)
{
	return ktime_get_boot_fast_ns();
}

static u64 lft_rb_clock_tai(void)
{
	return ktime_get_tai_fast_ns();
}

static u64 lft_rb_clock_tsc(void)
{
	return rdtsc_ordered();
}

static const struct {
	const char *name;
	u64 (*fn)(void);
} lft_rb_clocks[LFT_RB_NR_CLOCKS] = {
	[LFT_RB_CLOCK_LOCAL] = { "local", lft_rb_clock_local },
	[LFT_RB_CLOCK_GLOBAL] = { "global", lft_rb_clock_global },
	[LFT_RB_CLOCK_COUNTER] = { "counter", lft_rb_clock_counter },
	[LFT_RB_CLOCK_UPTIME] = { "uptime", lft_rb_clock_uptime },
	[LFT_RB_CLOCK_PERF] = { "perf", lft_rb_clock_perf },
	[LFT_RB_CLOCK_MONO] = { "mono", lft_rb_clock_mono },
	[LFT_RB_CLOCK_MONO_RAW] = { "mono_raw", lft_rb_clock_mono_raw },
	[LFT_RB_CLOCK_BOOT] = { "boot", lft_rb_clock_boot },
	[LFT_RB_CLOCK_TAI] = { "tai", lft_rb_clock_tai },
	[LFT_RB_CLOCK_X86_TSC] = { "x86-tsc", lft_rb_clock_tsc },
};

u64 (*lft_rb_clock_fn(enum lft_rb_clock clock))(void)
{
	return lft_rb_clocks[clock].fn;
}

/**
 * lft_rb_clock_parse() - the clock with a trace_clock name
 * @name: e.g. "local", "global"
 *
 * Return: the clock id, or -EINVAL for an unknown name.
 */
int lft_rb_clock_parse(const char *name)
{
	int c;

	for (c = 0; c < LFT_RB_NR_CLOCKS; c++)
		if (!strcmp(name, lft_rb_clocks[c].name))
			return c;
	return -EINVAL;
}

/**
 * lft_rb_clock_name() - the trace_clock name of a clock
 * @clock: a clock id
 *
 * Return: its name, or NULL for an invalid id.
 */
const char *lft_rb_clock_name(enum lft_rb_clock clock)
{
	if ((unsigned int)clock >= LFT_RB_NR_CLOCKS)
		return NULL;
	return lft_rb_clocks[clock].name;
}
LFT_TEST_EXPORT(lft_rb_clock_name);
