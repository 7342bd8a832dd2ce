// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands, written to set_ftrace_filter as "func:cmd[:count]":
 *
 *   traceon, traceoff   turn tracing on/off when func is hit (a count
 *                       limits how many times the state is changed)
 *   stacktrace          record a stack trace when func is hit
 *   snapshot            take a snapshot when func is hit
 *   dump, cpudump       dump the buffer (all CPUs / this one) once
 *   enable_event:SYS:EV, disable_event:SYS:EV
 *                       turn the array's event on or off (it is in soft
 *                       mode, "0*", while a command names it; a count
 *                       limits how many times the state is changed)
 *
 * "!func:cmd" removes them. They act on their array whatever its current
 * tracer, as the kernel's do, through their own user of the fentry hook;
 * set_ftrace_filter lists them after the functions, as
 * "func:cmd:unlimited" or "func:cmd:count=N".
 */
#include <linux/bsearch.h>
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "arch/x86/fentry.h"
#include "core/trace.h"
#include "events/event.h"
#include "include/lftrace.h"
#include "tracers/function.h"

enum lft_probe_cmd {
	LFT_PROBE_TRACEON,
	LFT_PROBE_TRACEOFF,
	LFT_PROBE_STACKTRACE,
	LFT_PROBE_SNAPSHOT,
	LFT_PROBE_DUMP,
	LFT_PROBE_CPUDUMP,
	LFT_PROBE_ENABLE,
	LFT_PROBE_DISABLE,
};

static const char * const lft_probe_names[] = {
	"traceon", "traceoff", "stacktrace", "snapshot", "dump", "cpudump",
	"enable_event", "disable_event",
};

struct lft_probe {
	unsigned long ip;
	struct lft_array *tr;
	enum lft_probe_cmd cmd;
	atomic_long_t count;		/* -1: unlimited */
	struct lft_ev_file *target;	/* enable/disable_event: soft ref */
};

struct lft_probe_table {
	struct rcu_head rcu;
	unsigned long n;
	struct lft_probe p[];		/* sorted by ip */
};

static struct lft_probe_table __rcu *lft_probes;

static int lft_probe_cmp(const void *a, const void *b)
{
	const struct lft_probe *x = a, *y = b;

	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

static int lft_probe_key(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	const struct lft_probe *p = elt;

	return ip < p->ip ? -1 : ip > p->ip;
}

static bool lft_probe_count(struct lft_probe *p)
{
	return lft_count_take(&p->count);
}

static void lft_probe_fire(struct lft_probe *p, struct pt_regs *regs)
{
	struct lft_entry ctx;

	switch (p->cmd) {
	case LFT_PROBE_TRACEON:
	case LFT_PROBE_TRACEOFF: {
		bool on = p->cmd == LFT_PROBE_TRACEON;

		/* Counted only when it changes the state. */
		if (lft_array_on(p->tr) != on && lft_probe_count(p))
			lft_array_set_on(p->tr, on);
		break;
	}
	case LFT_PROBE_STACKTRACE:
		if (lft_array_writable(p->tr) && lft_probe_count(p)) {
			lft_gen_ctx_dec(&ctx, LFT_TRACE_STACK);
			/*
			 * From the traced function (regs->ip is past its call
			 * to the trampoline), as the kernel's command starts.
			 */
			lft_stack_record_regs(p->tr, READ_ONCE(p->tr->rb), &ctx,
					      regs);
		}
		break;
	case LFT_PROBE_SNAPSHOT:
		if (lft_probe_count(p))
			lft_array_snapshot(p->tr);
		break;
	case LFT_PROBE_DUMP:
	case LFT_PROBE_CPUDUMP:
		if (lft_probe_count(p))
			lftrace_dump(p->cmd == LFT_PROBE_DUMP ? LFTRACE_DUMP_ALL :
				     LFTRACE_DUMP_ORIG);
		break;
	case LFT_PROBE_ENABLE:
	case LFT_PROBE_DISABLE:
		lft_ev_soft_switch(p->target, p->cmd == LFT_PROBE_ENABLE,
				   &p->count);
		break;
	}
}

/* The hook's entry point for sites with commands. */
void lft_probe_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs)
{
	struct lft_probe_table *t = rcu_dereference_raw(lft_probes);
	struct lft_probe *p;

	if (!t)
		return;
	p = bsearch(&ip, t->p, t->n, sizeof(*p), lft_probe_key);
	if (!p)
		return;
	while (p > t->p && p[-1].ip == ip)
		p--;
	for (; p < t->p + t->n && p->ip == ip; p++)
		lft_probe_fire(p, regs);
}

static bool lft_probe_want(unsigned long ip, void *data)
{
	struct lft_probe_table *t = rcu_dereference_raw(lft_probes);

	return t && bsearch(&ip, t->p, t->n, sizeof(struct lft_probe),
			    lft_probe_key);
}

static void lft_probe_table_free(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct lft_probe_table, rcu));
}

/*
 * Replace the table: keep the entries @keep says yes to, add @n new ones.
 * lft_lock held.
 */
static int lft_probes_replace(bool (*keep)(struct lft_probe *p, void *data),
			      void *data, const struct lft_probe *add,
			      unsigned long n)
{
	struct lft_probe_table *old, *t;
	unsigned long i, k = 0;

	/* lft_lock is held, or (unload) nothing else runs. */
	old = rcu_dereference_raw(lft_probes);
	t = kvmalloc(struct_size(t, p, (old ? old->n : 0) + n), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	for (i = 0; old && i < old->n; i++) {
		if (!keep(&old->p[i], data)) {
			/* Its soft-mode reference goes with it. */
			if (old->p[i].target)
				lft_ev_soft(old->p[i].target, false);
			continue;
		}
		t->p[k] = old->p[i];
		atomic_long_set(&t->p[k].count,
				atomic_long_read(&old->p[i].count));
		k++;
	}
	for (i = 0; i < n; i++) {
		t->p[k++] = add[i];
		/* Never the first reference: the command holds one. */
		if (add[i].target)
			lft_ev_soft(add[i].target, true);
	}
	t->n = k;
	sort(t->p, k, sizeof(t->p[0]), lft_probe_cmp, NULL);
	rcu_assign_pointer(lft_probes, k ? t : NULL);
	if (!k)
		kvfree(t);
	if (old)
		call_rcu_tasks_rude(&old->rcu, lft_probe_table_free);
	return lft_fentry_update(LFT_FN_PROBE, k ? lft_probe_want : NULL, NULL);
}

struct lft_probe_match {
	struct lft_array *tr;
	enum lft_probe_cmd cmd;
	struct lft_ev_file *target;
	const struct lft_probe *set;	/* functions named (sorted) */
	unsigned long n;
};

/* Keep what a removal does not name. */
static bool lft_probe_keep(struct lft_probe *p, void *data)
{
	struct lft_probe_match *m = data;

	return p->tr != m->tr || p->cmd != m->cmd || p->target != m->target ||
	       !bsearch(&p->ip, m->set, m->n, sizeof(*p), lft_probe_key);
}

/* Keep all but what an addition replaces (same function and command). */
static bool lft_probe_keep_add(struct lft_probe *p, void *data)
{
	return lft_probe_keep(p, data);
}

static bool lft_probe_keep_other_arrays(struct lft_probe *p, void *data)
{
	return p->tr != data;
}

static bool lft_probe_keep_no_events(struct lft_probe *p, void *data)
{
	return p->tr != data || !p->target;
}

/*
 * enable_event's "SYS:EV[:N]": the event in @tr (lft_lock held), and the
 * count left in @arg.
 */
static struct lft_ev_file *lft_probe_target(struct lft_array *tr,
					    const char *arg, char **count)
{
	char *sys, *ev, *buf = kstrdup(arg ? arg : "", GFP_KERNEL), *p = buf;
	struct lft_ev_file *f = NULL;

	*count = NULL;
	if (!buf)
		return NULL;
	sys = strsep(&p, ":");
	ev = p ? strsep(&p, ":") : NULL;
	if (ev)
		f = lft_ev_file_lookup(tr, sys, ev);
	if (f && p)
		*count = kstrdup(p, GFP_KERNEL);
	kfree(buf);
	return f;
}

/* Entries for the functions @func names; @count per entry. */
static struct lft_probe *lft_probe_entries(struct lft_probe_match *m,
					   char *func, long count,
					   int *err)
{
	struct lft_probe *add;
	unsigned long i, *ips;

	*err = lft_fn_filter_match(func, &ips, &m->n);
	if (*err)
		return NULL;
	add = kvmalloc_array(m->n, sizeof(*add), GFP_KERNEL);
	if (!add) {
		kvfree(ips);
		*err = -ENOMEM;
		return NULL;
	}
	for (i = 0; i < m->n; i++) {
		add[i].ip = ips[i];
		add[i].tr = m->tr;
		add[i].cmd = m->cmd;
		add[i].target = m->target;
		atomic_long_set(&add[i].count, count);
	}
	kvfree(ips);
	return add;
}

/*
 * "func:enable_event:SYS:EV[:N]": each function's entry holds a soft-mode
 * reference on the event, so that it stays registered while named.
 */
static int lft_probe_event_command(struct lft_array *tr,
				   struct lft_probe_match *m, char *func,
				   const char *arg, bool remove)
{
	struct lft_probe *add = NULL;
	char *count = NULL;
	long n = -1;
	int ret;

	mutex_lock(&lft_lock);
	m->target = lft_probe_target(tr, arg, &count);
	ret = m->target ? 0 : -EINVAL;
	if (!ret && count && (kstrtol(count, 0, &n) || n < 0))
		ret = -EINVAL;
	if (!ret)
		add = lft_probe_entries(m, remove ? func + 1 : func, n, &ret);
	/* Held across the change, so that entries' references cannot fail. */
	if (!ret)
		ret = lft_ev_soft(m->target, true);
	if (!ret) {
		m->set = add;
		/* Entries replaced (same function, command and event) let go. */
		ret = lft_probes_replace(lft_probe_keep, m, add,
					 remove ? 0 : m->n);
		lft_ev_soft(m->target, false);
	}
	mutex_unlock(&lft_lock);
	kvfree(add);
	kfree(count);
	return ret;
}

/* "func:cmd[:arg]" from set_ftrace_filter (lft_lock not held). */
static int lft_probe_command(struct lft_fn_filter *f, char *func,
			     const char *cmd, const char *arg, bool remove)
{
	struct lft_array *tr = f->priv ? ((struct lft_fn_array *)f->priv)->tr :
				NULL;
	struct lft_probe_match m = { .tr = tr };
	struct lft_probe *add;
	long count = -1;
	int c, ret;

	c = match_string(lft_probe_names, ARRAY_SIZE(lft_probe_names), cmd);
	if (c < 0 || !tr)
		return -EINVAL;
	m.cmd = c;
	if (c == LFT_PROBE_ENABLE || c == LFT_PROBE_DISABLE)
		return lft_probe_event_command(tr, &m, func, arg, remove);
	if (arg && *arg) {
		if (c == LFT_PROBE_DUMP || c == LFT_PROBE_CPUDUMP ||
		    kstrtol(arg, 0, &count) || count < 0)
			return -EINVAL;
	}
	if (c == LFT_PROBE_DUMP || c == LFT_PROBE_CPUDUMP)
		count = 1;		/* dumps happen once */
	add = lft_probe_entries(&m, remove ? func + 1 : func, count, &ret);
	if (!add)
		return ret;
	m.set = add;
	mutex_lock(&lft_lock);
	/* As the kernel: a snapshot command allocates the snapshot buffer. */
	ret = c == LFT_PROBE_SNAPSHOT && !remove ? lft_snapshot_alloc(tr) : 0;
	if (!ret)
		ret = lft_probes_replace(remove ? lft_probe_keep : lft_probe_keep_add,
					 &m, add, remove ? 0 : m.n);
	mutex_unlock(&lft_lock);
	kvfree(add);
	return ret;
}

/* The commands of an array, after its set_ftrace_filter functions. */
static void lft_probe_show(struct lft_fn_filter *f, struct seq_file *m)
{
	struct lft_array *tr = ((struct lft_fn_array *)f->priv)->tr;
	struct lft_probe_table *t;
	unsigned long i;
	long c;

	t = rcu_dereference_raw(lft_probes);	/* lft_lock held */
	for (i = 0; t && i < t->n; i++) {
		if (t->p[i].tr != tr)
			continue;
		seq_printf(m, "%ps:%s", (void *)t->p[i].ip,
			   lft_probe_names[t->p[i].cmd]);
		if (t->p[i].target)
			seq_printf(m, ":%s:%s", t->p[i].target->ev->system,
				   t->p[i].target->ev->name);
		c = atomic_long_read(&t->p[i].count);
		if (c < 0)
			seq_puts(m, ":unlimited\n");
		else
			seq_printf(m, ":count=%ld\n", c);
	}
}

void lft_fn_probes_setup(struct lft_array *tr, struct lft_fn_filter *f)
{
	f->command = lft_probe_command;
	f->show_commands = lft_probe_show;
}

/* An array goes: its commands go (lft_lock held). */
void lft_fn_probes_free(struct lft_array *tr)
{
	lft_probes_replace(lft_probe_keep_other_arrays, tr, NULL, 0);
}

/**
 * lft_fn_probes_free_events() - drop an array's commands on its events
 * @tr: the array, whose events go first (lft_lock held, or unloading)
 */
void lft_fn_probes_free_events(struct lft_array *tr)
{
	lft_probes_replace(lft_probe_keep_no_events, tr, NULL, 0);
}
