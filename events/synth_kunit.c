// SPDX-License-Identifier: GPL-2.0
/*
 * What KUnit (kunit/synth_test.c) does with synthetic events from outside
 * lftrace.ko: define and remove them, hold one, generate one and read its
 * records back. Built only into a checkout's lftrace.ko for a kernel with
 * KUnit (Kbuild); no user of lftrace needs it.
 */
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "core/trace.h"
#include "events/dynevent.h"
#include "events/event.h"
#include "events/synth.h"
#include "events/synth_internal.h"
#include "include/lft_test_export.h"

/**
 * lft_synth_ref() - lft_synth_find() and lft_synth_get(), taking lft_lock
 * @name: the event's name
 *
 * Return: the event, or NULL; lft_synth_unref() it.
 */
struct lft_synth_event *lft_synth_ref(const char *name)
{
	struct lft_synth_event *se;

	mutex_lock(&lft_lock);
	se = lft_synth_find(name);
	if (se)
		lft_synth_get(se);
	mutex_unlock(&lft_lock);
	return se;
}
LFT_TEST_EXPORT(lft_synth_ref);

/**
 * lft_synth_unref() - lft_synth_put(), taking lft_lock
 * @se: from lft_synth_ref()
 */
void lft_synth_unref(struct lft_synth_event *se)
{
	mutex_lock(&lft_lock);
	lft_synth_put(se);
	mutex_unlock(&lft_lock);
}
LFT_TEST_EXPORT(lft_synth_unref);

/**
 * lft_synth_command() - a line as synthetic_events takes it (KUnit's way
 *	to define and remove events)
 * @line: the line
 *
 * Return: what a write of it returns, 0 for success.
 */
int lft_synth_command(const char *line)
{
	int ret;

	mutex_lock(&lft_lock);
	ret = lft_dynev_run(line, &lft_synth_dynev_ops);
	mutex_unlock(&lft_lock);
	return ret;
}
LFT_TEST_EXPORT(lft_synth_command);

/**
 * lft_synth_test_trace() - generate an event in the top array and print
 *	the records it got there (KUnit's way to check records and lines)
 * @se: the event (lft_synth_ref())
 * @vals: as lft_synth_trace()
 * @nvals: as lft_synth_trace()
 * @enable: enable the event for the call (else it stays as it is)
 * @s: each record's line as trace shows it after the context columns
 *
 * Empties the top array's buffer first, consumes what it wrote.
 *
 * Return: how many records of the event the buffer had, or an errno.
 */
int lft_synth_test_trace(struct lft_synth_event *se, const u64 *vals,
			 unsigned int nvals, bool enable, struct seq_buf *s)
{
	struct lft_ev_file *f;
	struct lft_rb_entry e;
	int cpu, n = 0, ret;
	void *buf = kmalloc(LFT_RB_MAX_PAYLOAD, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	mutex_lock(&lft_lock);
	f = lft_ev_file_find(&lft_top, &se->ev);
	ret = f ? 0 : -ENOENT;
	if (!ret && enable)
		ret = lft_ev_enable(f, true);
	if (ret)
		goto out;
	lft_array_clear(&lft_top, LFT_RB_ALL_CPUS);
	/* As a probe runs it; the record goes to this CPU's buffer. */
	preempt_disable();
	cpu = smp_processor_id();
	rcu_read_lock();
	lft_synth_trace(se, vals, nvals);
	rcu_read_unlock();
	preempt_enable();
	if (enable)
		lft_ev_enable(f, false);
	while (lft_rb_consume(lft_top.rb, cpu, buf, LFT_RB_MAX_PAYLOAD,
			      &e) >= 0) {
		if (((struct lft_entry *)buf)->type != se->ev.id)
			continue;
		n++;
		lft_event_print(s, buf, e.len, false);
	}
	ret = n;
out:
	mutex_unlock(&lft_lock);
	kfree(buf);
	return ret;
}
LFT_TEST_EXPORT(lft_synth_test_trace);
