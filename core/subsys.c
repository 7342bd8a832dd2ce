// SPDX-License-Identifier: GPL-2.0
/*
 * The parts of lftrace above core (tracer families, the events) register a
 * struct lft_subsys, and core calls them back through it: at load and
 * unload, for their boot options, for every array made or freed, when an
 * option changes, around trace_marker's record, and for records only they
 * can print. Core itself never names them; core/main.c hands this file
 * the table of them, in the order they set up (and the reverse, in which
 * they go).
 *
 * The list is made at load and emptied at unload, both single-threaded;
 * in between it is only read.
 */
#include <linux/list.h>

#include "core/trace.h"

static LIST_HEAD(lft_subsystems);

/* The one subsystem that sees trace_marker's records (the events). */
static struct lft_subsys *lft_subsys_marker_hook;

/**
 * lft_subsys_init() - initialise and register each subsystem of a table
 * @table: the subsystems, in the order they set up
 * @n: how many
 *
 * On failure, those already set up are torn down again.
 *
 * Return: 0, -EBUSY (two subsystems hook trace_marker) or the first init
 * error.
 */
int lft_subsys_init(struct lft_subsys *const *table, unsigned int n)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		struct lft_subsys *ss = table[i];

		if (ss->marker && lft_subsys_marker_hook) {
			ret = -EBUSY;
			break;
		}
		ret = ss->init ? ss->init() : 0;
		if (ret) {
			pr_err("lftrace: %s: cannot start (%d)\n", ss->name, ret);
			break;
		}
		list_add_tail(&ss->list, &lft_subsystems);
		if (ss->marker)
			lft_subsys_marker_hook = ss;
	}
	if (ret)
		lft_subsys_exit();
	return ret;
}

/* At unload: each stops what it runs, newest first. */
void lft_subsys_stop(void)
{
	struct lft_subsys *ss;

	list_for_each_entry_reverse(ss, &lft_subsystems, list)
		if (ss->stop)
			ss->stop();
}

/* At unload, once the arrays are gone: newest first. */
void lft_subsys_exit(void)
{
	struct lft_subsys *ss, *tmp;

	list_for_each_entry_safe_reverse(ss, tmp, &lft_subsystems, list) {
		if (ss->exit)
			ss->exit();
		list_del(&ss->list);
	}
	lft_subsys_marker_hook = NULL;
}

/* Each one's boot options for @stage; the first error stops. */
int lft_subsys_boot(enum lft_boot_stage stage)
{
	struct lft_subsys *ss;
	int ret;

	list_for_each_entry(ss, &lft_subsystems, list) {
		ret = ss->boot ? ss->boot(stage) : 0;
		if (ret)
			return ret;
	}
	return 0;
}

/* A new array: each one's files and state (lft_lock held). */
int lft_subsys_array_init(struct lft_array *tr, struct lft_file_ref *ref)
{
	struct lft_subsys *ss;
	int ret;

	list_for_each_entry(ss, &lft_subsystems, list) {
		ret = ss->array_init ? ss->array_init(tr, ref) : 0;
		if (ret)
			return ret;
	}
	return 0;
}

/* An array goes: newest subsystem first (lft_lock held). */
void lft_subsys_array_free(struct lft_array *tr)
{
	struct lft_subsys *ss;

	list_for_each_entry_reverse(ss, &lft_subsystems, list)
		if (ss->array_free)
			ss->array_free(tr);
}

void lft_subsys_option_changed(struct lft_array *tr, unsigned long bit,
			       bool on)
{
	struct lft_subsys *ss;

	list_for_each_entry(ss, &lft_subsystems, list)
		if (ss->option_changed)
			ss->option_changed(tr, bit, on);
}

unsigned int lft_subsys_marker(struct lft_array *tr, const void *rec,
			       unsigned int len)
{
	struct lft_subsys *ss = lft_subsys_marker_hook;

	return ss ? ss->marker(tr, rec, len) : 0;
}

void lft_subsys_marker_post(struct lft_array *tr, unsigned int post)
{
	struct lft_subsys *ss = lft_subsys_marker_hook;

	if (ss && ss->marker_post)
		ss->marker_post(tr, post);
}

bool lft_subsys_print(struct lft_array *tr, struct seq_buf *s,
		      const void *rec, unsigned int len)
{
	struct lft_subsys *ss;

	list_for_each_entry(ss, &lft_subsystems, list)
		if (ss->print && ss->print(tr, s, rec, len))
			return true;
	return false;
}
