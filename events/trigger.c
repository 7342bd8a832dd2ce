// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers (events/SYS/EV/trigger), 6.1's commands and readback:
 *
 *   traceon, traceoff, snapshot, stacktrace          [:N] [if FILTER]
 *   enable_event:SYS:EV, disable_event:SYS:EV        [:N] [if FILTER]
 *   enable_hist:SYS:EV, disable_hist:SYS:EV          [:N] [if FILTER]
 *   !CMD...                                           removes it
 *
 * An event with triggers has its probe registered even while disabled
 * ("soft mode", its enable file reads "0*"): the triggers run, no record
 * is kept. enable_event and disable_event put their target in soft mode
 * and turn its records on and off. As in 6.1, triggers run before the
 * record is written unless one has a filter or is traceoff or stacktrace
 * (which act after the record): then they run on the written record.
 * Other kinds of trigger (hist triggers, eprobes) register with
 * lft_trig_kind_register() and share the event's list of triggers, after
 * these as 6.1 lists hist triggers; they always run on the record.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "events/event.h"

enum lft_trig_type {
	LFT_TRIG_TRACEON,
	LFT_TRIG_TRACEOFF,
	LFT_TRIG_SNAPSHOT,
	LFT_TRIG_STACKTRACE,
	LFT_TRIG_ENABLE,
	LFT_TRIG_DISABLE,
	LFT_TRIG_ENABLE_HIST,
	LFT_TRIG_DISABLE_HIST,
};

/* Names in the order 6.1 lists them in an empty trigger file. */
static const char *const lft_trig_names[] = {
	[LFT_TRIG_TRACEON] = "traceon",
	[LFT_TRIG_TRACEOFF] = "traceoff",
	[LFT_TRIG_SNAPSHOT] = "snapshot",
	[LFT_TRIG_STACKTRACE] = "stacktrace",
	[LFT_TRIG_ENABLE] = "enable_event",
	[LFT_TRIG_DISABLE] = "disable_event",
	[LFT_TRIG_ENABLE_HIST] = "enable_hist",
	[LFT_TRIG_DISABLE_HIST] = "disable_hist",
};

struct lft_trigger {
	struct lft_trig_hook hook;	/* kind: lft_trig_builtin */
	struct rcu_head rcu;
	u8 type;
	atomic_long_t count;		/* -1: unlimited */
	struct lft_filter *filter;
	char *filter_str;
	struct lft_ev_file *target;	/* enable/disable_event */
};

/* The built-in commands' kind: trigger.c's own. */
static const struct lft_trig_kind lft_trig_builtin;

/*
 * The registered kinds: added at load, before any event file exists, and
 * never removed while one does, so probes read the list without a lock.
 */
static LIST_HEAD(lft_trig_kinds);

/*
 * The kinds' files, as each event directory gets them: the files keep a
 * pointer to their lft_attr, so these live until unload.
 */
static struct lft_attr lft_trig_attrs[4];
static size_t lft_trig_nattrs;

/**
 * lft_trig_kind_register() - add a kind of trigger
 * @k: the kind (lives until unload)
 *
 * At load, before any array's events exist.
 */
void lft_trig_kind_register(struct lft_trig_kind *k)
{
	list_add_tail(&k->node, &lft_trig_kinds);
	if (k->attr && !WARN_ON_ONCE(lft_trig_nattrs == ARRAY_SIZE(lft_trig_attrs)))
		lft_trig_attrs[lft_trig_nattrs++] = *k->attr;
}

/**
 * lft_trig_files_create() - the kinds' files in an event's directory
 * @f: the event in an array, its directory made
 *
 * Return: their memory (kfree() it once the directory is removed), or
 * NULL.
 */
void *lft_trig_files_create(struct lft_ev_file *f)
{
	return lft_create_attrs_owned(&f->ref, f->dir, lft_trig_attrs,
				      lft_trig_nattrs);
}

static bool lft_trig_post(u8 type)
{
	return type == LFT_TRIG_TRACEOFF || type == LFT_TRIG_STACKTRACE;
}

/* Commands that name a target event, SYS:EV. */
static bool lft_trig_targets(u8 type)
{
	return type >= LFT_TRIG_ENABLE;
}

static bool lft_trig_count(struct lft_trigger *t)
{
	return lft_count_take(&t->count);
}

/* ------------------------------------------------------------- firing */

static noinline void lft_trig_fire(struct lft_ev_file *f,
				    struct lft_trigger *t, struct pt_regs *regs)
{
	struct lft_array *tr = f->tr;
	struct lft_entry ctx;

	switch (t->type) {
	case LFT_TRIG_TRACEON:
	case LFT_TRIG_TRACEOFF: {
		bool on = t->type == LFT_TRIG_TRACEON;

		/* Counted only when it changes the state, as 6.1. */
		if (lft_array_on(tr) != on && lft_trig_count(t))
			lft_array_set_on(tr, on);
		break;
	}
	case LFT_TRIG_SNAPSHOT:
		if (lft_trig_count(t))
			lft_array_snapshot(tr);
		break;
	case LFT_TRIG_STACKTRACE:
		/* Counted even when nothing is written, as 6.1. */
		if (lft_trig_count(t) && lft_array_writable(tr)) {
			lft_gen_ctx_dec(&ctx, LFT_TRACE_STACK);
			/*
			 * A kprobe event's starts from the probed code. Others
			 * leave out this, lft_ev_trigger_post(), lft_ev_commit()
			 * and the probe: the stack starts at the tracepoint;
			 * trace_marker's at tracing_mark_write(), as 6.1's.
			 */
			if (regs)
				lft_stack_record_regs(tr, READ_ONCE(tr->rb),
						      &ctx, regs);
			else
				lft_stack_record(tr, READ_ONCE(tr->rb), &ctx,
						 f->marker ? 2 : 4);
		}
		break;
	case LFT_TRIG_ENABLE_HIST:
	case LFT_TRIG_DISABLE_HIST: {
		struct lft_trig_kind *k;

		/* Counted on every hit, as 6.1. */
		if (!lft_trig_count(t))
			break;
		list_for_each_entry(k, &lft_trig_kinds, node)
			if (k->pause)
				k->pause(t->target,
					 t->type == LFT_TRIG_DISABLE_HIST);
		break;
	}
	default:
		/* Counted only when it changes the state, as 6.1. */
		lft_ev_soft_switch(t->target, t->type == LFT_TRIG_ENABLE,
				   &t->count);
		break;
	}
}

/**
 * lft_ev_trigger() - run an event's triggers
 * @f: the event in an array, with triggers
 * @rec: the record written (NULL: before writing, filters unchecked)
 * @len: its length
 *
 * Called by the probe, once with @rec NULL or once with the record.
 *
 * Return: the post triggers (traceoff, stacktrace) whose filters the
 * record passed, for lft_ev_trigger_post() once it is committed.
 */
unsigned int lft_ev_trigger(struct lft_ev_file *f, const void *rec,
			    unsigned int len)
{
	unsigned int post = 0;
	struct lft_trig_hook *h;
	struct lft_trigger *t;

	list_for_each_entry_rcu(h, &f->triggers, list) {
		if (h->kind != &lft_trig_builtin) {
			if (rec)
				h->kind->hit(h, rec, len);
			continue;
		}
		t = container_of(h, struct lft_trigger, hook);
		if (rec) {
			if (t->filter && !lft_filter_match(t->filter, rec, len))
				continue;
			if (lft_trig_post(t->type)) {
				post |= BIT(t->type);
				continue;
			}
		}
		lft_trig_fire(f, t, NULL);
	}
	return post;
}

/**
 * lft_ev_trigger_post() - run the triggers that act after the record
 * @f: the event in an array
 * @post: what lft_ev_trigger() returned
 * @regs: a kprobe event's registers (stacks from the probed code), or NULL
 */
noinline void lft_ev_trigger_post(struct lft_ev_file *f, unsigned int post,
				  struct pt_regs *regs)
{
	struct lft_trig_hook *h;
	struct lft_trigger *t;

	lft_trig_for_each(h, f, &lft_trig_builtin) {
		t = container_of(h, struct lft_trigger, hook);
		if (post & BIT(t->type))
			lft_trig_fire(f, t, regs);
	}
}

/* ------------------------------------------------------ state changes */

/**
 * lft_ev_trig_update() - what the probe reads: any triggers, and whether
 *	they need the record
 * @f: the event in an array (lft_lock held)
 */
void lft_ev_trig_update(struct lft_ev_file *f)
{
	struct lft_trig_hook *h;
	struct lft_trigger *t;
	u8 mode = 0;

	list_for_each_entry(h, &f->triggers, list) {
		mode |= LFT_EV_TRIG;
		/* Other kinds run on the record. */
		if (h->kind != &lft_trig_builtin) {
			mode |= LFT_EV_TRIG_COND;
			continue;
		}
		t = container_of(h, struct lft_trigger, hook);
		if (t->filter || lft_trig_post(t->type))
			mode |= LFT_EV_TRIG_COND;
	}
	WRITE_ONCE(f->trig_mode, mode);
	lft_ev_slow_update(f);
}

static void lft_trig_free_now(struct lft_trigger *t)
{
	lft_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t);
}

static void lft_trig_rcu(struct rcu_head *rcu)
{
	lft_trig_free_now(container_of(rcu, struct lft_trigger, rcu));
}

/* 6.1's kinds: traceon/traceoff are one, and so are enable/disable. */
static int lft_trig_kind(u8 type)
{
	return type == LFT_TRIG_TRACEOFF ? LFT_TRIG_TRACEON :
	       type == LFT_TRIG_DISABLE ? LFT_TRIG_ENABLE :
	       type == LFT_TRIG_DISABLE_HIST ? LFT_TRIG_ENABLE_HIST : type;
}

/* An event has one trigger of a kind (per target); "!" removes it. */
static bool lft_trig_same(const struct lft_trigger *a,
			  const struct lft_trigger *b)
{
	return lft_trig_kind(a->type) == lft_trig_kind(b->type) &&
	       a->target == b->target;
}

/* @f's built-in trigger of @t's kind and target, or NULL. */
static struct lft_trigger *lft_trig_find(struct lft_ev_file *f,
					 const struct lft_trigger *t)
{
	struct lft_trig_hook *h;
	struct lft_trigger *o;

	lft_trig_for_each(h, f, &lft_trig_builtin) {
		o = container_of(h, struct lft_trigger, hook);
		if (lft_trig_same(o, t))
			return o;
	}
	return NULL;
}

static int lft_trig_add(struct lft_ev_file *f, struct lft_trigger *t)
{
	int ret;

	if (lft_trig_find(f, t))
		return -EEXIST;
	if (t->type == LFT_TRIG_SNAPSHOT) {
		ret = lft_snapshot_alloc(f->tr);
		if (ret)
			return ret;
	}
	if (t->target) {
		ret = lft_ev_soft(t->target, true);
		if (ret)
			return ret;
	}
	ret = lft_ev_soft(f, true);
	if (ret) {
		if (t->target)
			lft_ev_soft(t->target, false);
		return ret;
	}
	t->hook.kind = &lft_trig_builtin;
	list_add_rcu(&t->hook.list, &f->triggers);
	lft_ev_trig_update(f);
	return 0;
}

static void lft_trig_del(struct lft_ev_file *f, struct lft_trigger *t)
{
	list_del_rcu(&t->hook.list);
	lft_ev_trig_update(f);
	lft_ev_soft(f, false);
	if (t->target)
		lft_ev_soft(t->target, false);
	call_rcu(&t->rcu, lft_trig_rcu);
}

/* Remove @f's built-in triggers, all or (@target set) those aimed at it. */
static void lft_trig_del_all(struct lft_ev_file *f, struct lft_ev_file *target)
{
	struct lft_trig_hook *h, *tmp;
	struct lft_trigger *t;

	list_for_each_entry_safe(h, tmp, &f->triggers, list) {
		if (h->kind != &lft_trig_builtin)
			continue;
		t = container_of(h, struct lft_trigger, hook);
		if (!target || t->target == target)
			lft_trig_del(f, t);
	}
}

/**
 * lft_ev_triggers_clear() - remove every trigger of an event in an array
 *	and every trigger elsewhere that targets it
 * @f: the event in an array (lft_lock held)
 */
void lft_ev_triggers_clear(struct lft_ev_file *f)
{
	struct lft_trig_kind *k;
	struct lft_ev_file *o;

	lft_trig_del_all(f, NULL);
	list_for_each_entry(k, &lft_trig_kinds, node)
		if (k->clear)
			k->clear(f);
	lft_ev_for_each_in(o, f->tr)
		lft_trig_del_all(o, f);
	/* trace_marker's event is in no list, and can target @f. */
	o = ((struct lft_ev_array *)f->tr->events)->marker;
	if (o)
		lft_trig_del_all(o, f);
}

/* ------------------------------------------------------------ the file */

/**
 * lft_ev_show_trigger() - an event's trigger file
 * @ref: the file's ref (priv: the event in an array)
 * @s: where to print
 */
void lft_ev_show_trigger(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f = ref->priv;
	struct lft_trig_kind *k;
	struct lft_trig_hook *h;
	struct lft_trigger *t;
	bool any = false;
	unsigned int i;

	/* A kind with no command (eprobes) is no user's trigger. */
	list_for_each_entry(h, &f->triggers, list)
		any |= h->kind == &lft_trig_builtin || h->kind->name;
	if (!any) {
		seq_buf_printf(s, "# Available triggers:\n#");
		for (i = 0; i < ARRAY_SIZE(lft_trig_names); i++)
			seq_buf_printf(s, " %s", lft_trig_names[i]);
		list_for_each_entry(k, &lft_trig_kinds, node)
			if (k->name)
				seq_buf_printf(s, " %s", k->name);
		seq_buf_printf(s, "\n");
		return;
	}
	list_for_each_entry(h, &f->triggers, list) {
		long c;

		if (h->kind != &lft_trig_builtin) {
			if (h->kind->show)
				h->kind->show(h, s);
			continue;
		}
		t = container_of(h, struct lft_trigger, hook);
		c = atomic_long_read(&t->count);

		seq_buf_printf(s, "%s", lft_trig_names[t->type]);
		if (t->target)
			seq_buf_printf(s, ":%s:%s", t->target->ev->system,
				       t->target->ev->name);
		if (c < 0)
			seq_buf_printf(s, ":unlimited");
		else
			seq_buf_printf(s, ":count=%ld", c);
		if (t->filter_str)
			seq_buf_printf(s, " if %s\n", t->filter_str);
		else
			seq_buf_printf(s, "\n");
	}
}

/* enable_event's "SYS:EV": the target in the same array. */
static struct lft_ev_file *lft_trig_target(struct lft_array *tr, char **param)
{
	char *sys = strsep(param, ":"), *name;

	name = *param ? strsep(param, ":") : NULL;
	return name ? lft_ev_file_lookup(tr, sys, name) : NULL;
}

/**
 * lft_ev_store_trigger() - a write to an event's trigger file
 * @ref: the file's ref (priv: the event in an array)
 * @buf: the text
 * @cnt: its length
 *
 * "CMD[:PARAM] [if FILTER]" as 6.1 splits it: the command ends at the
 * first ':' or blank; then an optional count (or enable_event's
 * SYS:EV[:N]) up to a blank; the rest is the filter, "if" first.
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_ev_store_trigger(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	struct lft_ev_file *f = ref->priv;
	char *cmd, *next, *param = NULL, *flt = NULL;
	struct lft_trig_kind *k;
	struct lft_trigger *t, *o;
	bool remove;
	int type, ret;

	/* Blanks only are no command (-EINVAL), an empty write nothing. */
	if (!cnt)
		return 0;
	next = skip_spaces(strim(buf));
	cmd = strsep(&next, ": \t");
	if (next) {
		next = skip_spaces(next);
		if (!*next)
			next = NULL;
	}
	remove = cmd[0] == '!';
	if (remove)
		cmd++;
	list_for_each_entry(k, &lft_trig_kinds, node)
		if (k->name && !strcmp(cmd, k->name))
			return k->store(f, remove, next);
	type = match_string(lft_trig_names, ARRAY_SIZE(lft_trig_names), cmd);
	if (type < 0)
		return -EINVAL;
	if (next) {
		if (lft_trig_targets(type) || isdigit(*next)) {
			param = strsep(&next, " \t");
			if (next && *skip_spaces(next))
				flt = skip_spaces(next);
		} else {
			flt = next;
		}
	}
	if (lft_trig_targets(type) && !param)
		return -EINVAL;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->type = type;
	atomic_long_set(&t->count, -1);
	ret = -EINVAL;
	if (lft_trig_targets(type)) {
		t->target = lft_trig_target(ref->tr, &param);
		if (!t->target)
			goto out;
	}
	if (remove) {
		/* 6.1 says nothing when there is none to remove. */
		o = lft_trig_find(f, t);
		if (o)
			lft_trig_del(f, o);
		ret = 0;
		goto out;
	}
	if (param) {
		unsigned long n;

		if (!*param || kstrtoul(param, 0, &n) || n > LONG_MAX)
			goto out;
		atomic_long_set(&t->count, n);
	}
	if (flt) {
		if (!str_has_prefix(flt, "if") || !isspace(flt[2]))
			goto out;
		flt = skip_spaces(flt + 2);
		ret = lft_filter_compile(ref->tr, f->ev, flt,
					 LFT_TRIG_FILTER_LOGGED, &t->filter);
		if (ret)
			goto out;
		t->filter_str = kstrdup(flt, GFP_KERNEL);
		ret = -ENOMEM;
		if (!t->filter_str)
			goto out;
	}
	ret = lft_trig_add(f, t);
	if (!ret)
		return 0;
out:
	lft_trig_free_now(t);
	return ret;
}
