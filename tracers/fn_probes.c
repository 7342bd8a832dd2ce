// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands: the table of which command (core/fn_cmd.h) runs on
 * which function, read by their own user of the fentry hook. Commands come
 * from set_ftrace_filter as "func:cmd[:arg]"; the commands themselves are
 * registered by their owners (tracers/fn_cmds.c, events/fn_cmds.c).
 *
 * "!func:cmd" removes the command without a count, "!func:cmd:..." (any
 * count, say as listed) the counted one. They act on their array whatever
 * its current tracer, as the kernel's do; set_ftrace_filter lists them
 * after the functions, as "func:cmd:unlimited" or "func:cmd:count=N".
 */
#include <linux/bsearch.h>
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "compat/kapi.h"
#include "arch/x86/fentry.h"
#include "core/fn_cmd.h"
#include "core/trace.h"
#include "include/lftrace.h"
#include "tracers/fn_array.h"
#include "tracers/function.h"

/*
 * A command on one function. As in the kernel, a command given a count
 * field ("func:cmd:N", even an empty one) is another command than the one
 * without (its own "probe ops" there): both may name a function at once,
 * and "!func:cmd[:anything]" removes the one of its form.
 */
struct lft_probe {
	unsigned long ip;
	const struct lft_fn_cmd *cmd;
	unsigned long seq;		/* when its form was first set */
	struct lft_fn_cmd_entry e;
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
		p->cmd->fire(&p->e, regs);
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
			/* Its reference on the command's data goes with it. */
			if (old->p[i].e.data)
				old->p[i].cmd->put(old->p[i].e.data);
			continue;
		}
		t->p[k] = old->p[i];
		atomic_long_set(&t->p[k].e.count,
				atomic_long_read(&old->p[i].e.count));
		k++;
	}
	for (i = 0; i < n; i++) {
		t->p[k++] = add[i];
		if (add[i].e.data)
			add[i].cmd->get(add[i].e.data);
	}
	t->n = k;
	sort(t->p, k, sizeof(t->p[0]), lft_probe_cmp, NULL);
	rcu_assign_pointer(lft_probes, k ? t : NULL);
	if (!k)
		kvfree(t);
	if (old)
		lft_call_rude(&old->rcu, lft_probe_table_free);
	return lft_fentry_update(&lft_probe_fentry, k ? lft_probe_want : NULL, NULL);
}

/* A command of one form in one array, and the functions a glob named. */
struct lft_probe_match {
	struct lft_array *tr;
	const struct lft_fn_cmd *cmd;
	bool counted;
	bool all;			/* removal of "*" or "": every function */
	unsigned long *ips;		/* sorted */
	unsigned long n;
};

static bool lft_probe_same(const struct lft_probe *p,
			   const struct lft_probe_match *m)
{
	return p->e.tr == m->tr && p->cmd == m->cmd &&
	       p->e.counted == m->counted;
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
	return p->e.tr != data;
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
 * yet, each a copy of @e. -EINVAL when none is new, as in the kernel (an
 * existing one keeps its count). lft_lock held.
 */
static int lft_probe_add(struct lft_probe_match *m,
			 const struct lft_fn_cmd_entry *e)
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
		add[n].cmd = m->cmd;
		add[n].seq = seq;
		add[n].e = *e;
		atomic_long_set(&add[n].e.count, atomic_long_read(&e->count));
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

/* "func:cmd[:arg]" from set_ftrace_filter (lft_lock not held). */
static int lft_probe_command(struct lft_fn_filter *f, char *func,
			     const char *name, char *arg, bool remove)
{
	struct lft_array *tr = f->priv ? ((struct lft_fn_array *)f->priv)->tr :
				NULL;
	struct lft_fn_cmd_entry e = { .tr = tr, .count = ATOMIC_LONG_INIT(-1) };
	struct lft_probe_match m = { .tr = tr };
	int ret, err;

	if (!tr)
		return -EINVAL;
	/* The functions first: the command's errors, if any, come first. */
	err = lft_probe_match_glob(&m, remove ? func + 1 : func, remove);
	mutex_lock(&lft_lock);
	m.cmd = lft_fn_cmd_find(name);
	ret = m.cmd ? m.cmd->parse(&e, arg, remove) : -EINVAL;
	m.counted = e.counted;
	if (!ret && remove)
		ret = lft_probe_remove(&m, err);
	else if (!ret)
		ret = err ? : lft_probe_add(&m, &e);
	if (e.data)
		m.cmd->put(e.data);
	mutex_unlock(&lft_lock);
	kvfree(m.ips);
	return ret;
}

static void lft_probe_print(struct seq_file *m, struct lft_probe *p)
{
	seq_printf(m, "%ps:%s", (void *)p->ip, p->cmd->name);
	if (p->cmd->show)
		p->cmd->show(m, &p->e);
	else if (!p->e.counted)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", atomic_long_read(&p->e.count));
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
			if (t->p[i].e.tr == tr && t->p[i].seq < seq &&
			    t->p[i].seq > next)
				next = t->p[i].seq;
		if (!next)
			break;
		seq = next;
		for (i = 0; i < t->n; i++)
			if (t->p[i].e.tr == tr && t->p[i].seq == seq)
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
