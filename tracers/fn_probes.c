// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands, written to set_ftrace_filter as "func:cmd[:count]":
 *
 *   traceon, traceoff   turn tracing on/off when func is hit (a count
 *                       limits how many times the state is changed)
 *   stacktrace          record a stack trace when func is hit
 *   snapshot            take a snapshot when func is hit
 *   dump                dump the buffer (all CPUs) once; a count is
 *                       ignored
 *   cpudump             dump this CPU's buffer, at every hit (as 6.1)
 *   enable_event:SYS:EV, disable_event:SYS:EV
 *                       turn the array's event on or off (it is in soft
 *                       mode, "0*", while a command names it; a count
 *                       limits how many times the state is changed)
 *
 * "!func:cmd" removes the command without a count, "!func:cmd:..." (any
 * count, say as listed) the counted one; for events, the event named must
 * exist. They act on their array whatever its current
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

/*
 * A command on one function. As in the kernel, a command given a count
 * field ("func:cmd:N", even an empty one) is another command than the one
 * without (its own "probe ops" there): both may name a function at once,
 * and "!func:cmd[:anything]" removes the one of its form.
 */
struct lft_probe {
	unsigned long ip;
	struct lft_array *tr;
	enum lft_probe_cmd cmd;
	bool counted;
	atomic_long_t count;		/* when counted; events: -1 unlimited */
	struct lft_ev_file *target;	/* enable/disable_event: soft ref */
	unsigned long seq;		/* when its form was first set */
};

struct lft_probe_table {
	struct rcu_head rcu;
	unsigned long n;
	struct lft_probe p[];		/* sorted by ip */
};

static struct lft_probe_table __rcu *lft_probes;
static unsigned long lft_probe_seq;	/* under lft_lock */

/*
 * By function, and on one function the newest form first: the kernel
 * calls its probes' ops newest first, and as commands change the state
 * others look at (tracing_on), the order shows.
 */
static int lft_probe_cmp(const void *a, const void *b)
{
	const struct lft_probe *x = a, *y = b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return x->seq < y->seq ? 1 : x->seq > y->seq ? -1 : 0;
}

static int lft_probe_key(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	const struct lft_probe *p = elt;

	return ip < p->ip ? -1 : ip > p->ip;
}

static int lft_ip_key(const void *key, const void *elt)
{
	unsigned long a = *(const unsigned long *)key;
	unsigned long b = *(const unsigned long *)elt;

	return a < b ? -1 : a > b;
}

/*
 * A counted command's turn: a count left above zero is taken. The
 * stacktrace command's only stops at zero (an empty count field, -1, goes
 * on for ever), as in the kernel.
 */
static bool lft_probe_take(struct lft_probe *p)
{
	long c = atomic_long_read(&p->count);

	do {
		if (!c || (c < 0 && p->cmd != LFT_PROBE_STACKTRACE))
			return false;
	} while (!atomic_long_try_cmpxchg(&p->count, &c, c - 1));
	return true;
}

static void lft_probe_fire(struct lft_probe *p, struct pt_regs *regs)
{
	struct lft_entry ctx;

	switch (p->cmd) {
	case LFT_PROBE_TRACEON:
	case LFT_PROBE_TRACEOFF: {
		bool on = p->cmd == LFT_PROBE_TRACEON;

		/* A count is taken only when the state changes. */
		if (lft_array_on(p->tr) != on &&
		    (!p->counted || lft_probe_take(p)))
			lft_array_set_on(p->tr, on);
		break;
	}
	case LFT_PROBE_STACKTRACE:
		/* 6.1's counted one waits for the top level's tracing_on. */
		if (p->counted && !lft_array_on(&lft_top))
			break;
		if ((!p->counted || lft_probe_take(p)) &&
		    lft_array_writable(p->tr)) {
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
		if (!p->counted || lft_probe_take(p))
			lft_array_snapshot(p->tr);
		break;
	case LFT_PROBE_DUMP:
	case LFT_PROBE_CPUDUMP:
		/*
		 * dump is counted (once); 6.1's cpudump is not, whatever its
		 * comment says: it dumps at every hit, and as each dump turns
		 * tracing off, the later ones find little to print.
		 */
		if (!p->counted || lft_probe_take(p))
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
static void lft_probe_hit(unsigned long ip, unsigned long parent_ip,
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

/* After the function tracer: a command acts once the call is recorded. */
static struct lft_fentry_ops lft_probe_fentry = {
	.hit = lft_probe_hit,
	.order = 20,
};

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
	return lft_fentry_update(&lft_probe_fentry, k ? lft_probe_want : NULL, NULL);
}

/* A command of one form in one array, and the functions a glob named. */
struct lft_probe_match {
	struct lft_array *tr;
	enum lft_probe_cmd cmd;
	bool counted;
	bool all;			/* removal of "*" or "": every function */
	unsigned long *ips;		/* sorted */
	unsigned long n;
};

static bool lft_probe_same(const struct lft_probe *p,
			   const struct lft_probe_match *m)
{
	return p->tr == m->tr && p->cmd == m->cmd && p->counted == m->counted;
}

static bool lft_probe_named(const struct lft_probe *p,
			    const struct lft_probe_match *m)
{
	return m->all || bsearch(&p->ip, m->ips, m->n, sizeof(*m->ips),
				 lft_ip_key);
}

/* Keep what a removal does not name. */
static bool lft_probe_keep(struct lft_probe *p, void *data)
{
	struct lft_probe_match *m = data;

	return !lft_probe_same(p, m) || !lft_probe_named(p, m);
}

static bool lft_probe_keep_all(struct lft_probe *p, void *data)
{
	return true;
}

static bool lft_probe_keep_other_arrays(struct lft_probe *p, void *data)
{
	return p->tr != data;
}

static bool lft_probe_keep_no_events(struct lft_probe *p, void *data)
{
	return p->tr != data || !p->target;
}

/* Has the command of this form already been set on @ip? (lft_lock held) */
static bool lft_probe_exists(struct lft_probe_table *t,
			     const struct lft_probe_match *m, unsigned long ip)
{
	struct lft_probe *p;

	p = t ? bsearch(&ip, t->p, t->n, sizeof(*p), lft_probe_key) : NULL;
	if (!p)
		return false;
	while (p > t->p && p[-1].ip == ip)
		p--;
	for (; p < t->p + t->n && p->ip == ip; p++)
		if (lft_probe_same(p, m))
			return true;
	return false;
}

/*
 * Add the command to the functions matched that do not have it (its form)
 * yet; @count and @target for each. -EINVAL when none is new, as in the
 * kernel (an existing one keeps its count). lft_lock held.
 */
static int lft_probe_add(struct lft_probe_match *m, long count,
			 struct lft_ev_file *target)
{
	struct lft_probe_table *t = rcu_dereference_protected(lft_probes,
					lockdep_is_held(&lft_lock));
	unsigned long i, n = 0, seq = 0;
	struct lft_probe *add;
	int ret;

	add = kvmalloc_array(m->n, sizeof(*add), GFP_KERNEL);
	if (!add)
		return -ENOMEM;
	/* The form's age: its first entry's, while it has entries. */
	for (i = 0; t && i < t->n && !seq; i++)
		if (lft_probe_same(&t->p[i], m))
			seq = t->p[i].seq;
	if (!seq)
		seq = ++lft_probe_seq;
	for (i = 0; i < m->n; i++) {
		if (lft_probe_exists(t, m, m->ips[i]))
			continue;
		add[n].ip = m->ips[i];
		add[n].tr = m->tr;
		add[n].cmd = m->cmd;
		add[n].counted = m->counted;
		add[n].target = target;
		add[n].seq = seq;
		atomic_long_set(&add[n].count, count);
		n++;
	}
	ret = n ? lft_probes_replace(lft_probe_keep_all, NULL, add, n) : -EINVAL;
	kvfree(add);
	return ret;
}

/*
 * "!func:cmd...": -ENODEV when the array has no command of this form, as
 * the kernel; -EINVAL when it names none of its functions. lft_lock held.
 */
static int lft_probe_remove(struct lft_probe_match *m, int match_err)
{
	struct lft_probe_table *t = rcu_dereference_protected(lft_probes,
					lockdep_is_held(&lft_lock));
	bool any = false, named = false;
	unsigned long i;

	for (i = 0; t && i < t->n; i++) {
		if (!lft_probe_same(&t->p[i], m))
			continue;
		any = true;
		named |= !match_err && lft_probe_named(&t->p[i], m);
	}
	if (!any)
		return -ENODEV;
	if (match_err)
		return match_err;
	if (!named)
		return -EINVAL;
	return lft_probes_replace(lft_probe_keep, m, NULL, 0);
}

/* The functions a command's glob names ("" or "*" removing: all). */
static int lft_probe_match_glob(struct lft_probe_match *m, char *glob,
				bool remove)
{
	if (remove && (!*glob || !strcmp(glob, "*"))) {
		m->all = true;
		return 0;
	}
	return lft_fn_filter_match(glob, &m->ips, &m->n);
}

/*
 * A count field, up to the next ':' (the rest is ignored, as in the
 * kernel): a number, with kstrtoul()'s errors; empty is @empty.
 */
static int lft_probe_count_arg(char *arg, int empty, long *count)
{
	char *number = strsep(&arg, ":");
	unsigned long n;
	int ret;

	if (!*number) {
		*count = -1;
		return empty;
	}
	ret = kstrtoul(number, 0, &n);
	*count = n;
	return ret;
}

/*
 * "func:enable_event:SYS:EV[:N]": the event must exist, also to remove.
 * Each function's entry holds a soft-mode reference on the event, so that
 * it stays registered while named. As in the kernel, a function has one
 * enable_event (and one counted one) whatever the event, and a removal
 * takes the function's whatever the event named.
 */
static int lft_probe_event_command(struct lft_probe_match *m, char *func,
				   char *arg, bool remove)
{
	struct lft_ev_file *target;
	char *sys, *ev;
	long count = -1;
	int ret, err;

	if (!arg)
		return -EINVAL;
	sys = strsep(&arg, ":");
	if (!arg)
		return -EINVAL;
	ev = strsep(&arg, ":");
	m->counted = !!arg;
	err = lft_probe_match_glob(m, remove ? func + 1 : func, remove);
	mutex_lock(&lft_lock);
	target = lft_ev_file_lookup(m->tr, sys, ev);
	ret = target ? 0 : -EINVAL;
	if (!ret && remove) {
		ret = lft_probe_remove(m, err);
		goto out;
	}
	/* "SYS:EV:" is refused. */
	if (!ret && arg)
		ret = lft_probe_count_arg(arg, -EINVAL, &count);
	if (!ret)
		ret = err;
	/* Held across the change, so that entries' references cannot fail. */
	if (!ret)
		ret = lft_ev_soft(target, true);
	if (!ret) {
		ret = lft_probe_add(m, count, target);
		lft_ev_soft(target, false);
	}
out:
	mutex_unlock(&lft_lock);
	return ret;
}

/* "func:cmd[:arg]" from set_ftrace_filter (lft_lock not held). */
static int lft_probe_command(struct lft_fn_filter *f, char *func,
			     const char *cmd, char *arg, bool remove)
{
	struct lft_array *tr = f->priv ? ((struct lft_fn_array *)f->priv)->tr :
				NULL;
	struct lft_probe_match m = { .tr = tr };
	long count = -1;
	int c, ret = 0, err;

	c = match_string(lft_probe_names, ARRAY_SIZE(lft_probe_names), cmd);
	if (c < 0 || !tr)
		return -EINVAL;
	m.cmd = c;
	if (c == LFT_PROBE_ENABLE || c == LFT_PROBE_DISABLE) {
		ret = lft_probe_event_command(&m, func, arg, remove);
		goto out;
	}
	/* dump takes no count but dumps once; cpudump is never counted. */
	m.counted = c == LFT_PROBE_DUMP || (c != LFT_PROBE_CPUDUMP && arg);
	if (c == LFT_PROBE_DUMP)
		count = 1;
	else if (m.counted && !remove)
		ret = lft_probe_count_arg(arg, 0, &count);
	if (ret)
		return ret;
	err = lft_probe_match_glob(&m, remove ? func + 1 : func, remove);
	mutex_lock(&lft_lock);
	if (remove) {
		ret = lft_probe_remove(&m, err);
	} else {
		ret = err;
		/* As the kernel: a snapshot command allocates the buffer. */
		if (!ret && c == LFT_PROBE_SNAPSHOT)
			ret = lft_snapshot_alloc(tr);
		if (!ret)
			ret = lft_probe_add(&m, count, NULL);
	}
	mutex_unlock(&lft_lock);
out:
	kvfree(m.ips);
	return ret;
}

static void lft_probe_print(struct seq_file *m, struct lft_probe *p)
{
	long c = atomic_long_read(&p->count);

	seq_printf(m, "%ps:%s", (void *)p->ip, lft_probe_names[p->cmd]);
	if (p->target)
		seq_printf(m, ":%s:%s", p->target->ev->system,
			   p->target->ev->name);
	if (p->target ? c == -1 : !p->counted)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", c);
}

/*
 * The commands of an array, after its set_ftrace_filter functions: form
 * by form, the newest first, as the kernel lists its probes.
 */
static void lft_probe_show(struct lft_fn_filter *f, struct seq_file *m)
{
	struct lft_array *tr = ((struct lft_fn_array *)f->priv)->tr;
	unsigned long i, seq = ULONG_MAX, next;
	struct lft_probe_table *t;

	t = rcu_dereference_raw(lft_probes);	/* lft_lock held */
	for (;;) {
		next = 0;
		for (i = 0; t && i < t->n; i++)
			if (t->p[i].tr == tr && t->p[i].seq < seq &&
			    t->p[i].seq > next)
				next = t->p[i].seq;
		if (!next)
			break;
		seq = next;
		for (i = 0; i < t->n; i++)
			if (t->p[i].tr == tr && t->p[i].seq == seq)
				lft_probe_print(m, &t->p[i]);
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
