/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function filters: the sets of functions written to set_ftrace_filter,
 * set_ftrace_notrace (and later set_graph_*, stack_trace_filter), kept as
 * sorted address arrays that the fentry hook can search without locks.
 */
#ifndef LFT_TRACERS_FN_FILTER_H
#define LFT_TRACERS_FN_FILTER_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

/*
 * @gone counts functions of modules unloaded since they were set: as in
 * the kernel, the filter stays in force (tracing none of them) but lists
 * nothing for them, until it is emptied.
 */
struct lft_ipset {
	struct rcu_head rcu;
	unsigned long n;
	unsigned long gone;
	unsigned long ips[];		/* sorted */
};

bool lft_ipset_has(const struct lft_ipset *s, unsigned long ip);

/*
 * A filter file's state: the committed set (NULL or empty: none), and the
 * ":mod:NAME" entries for modules not loaded yet.
 */
struct lft_fn_filter {
	const char *name;		/* the file's name */
	bool exclude;			/* set_ftrace_notrace: reads differ */
	struct lft_ipset __rcu *set;
	struct list_head mods;		/* struct lft_fn_mod: cached :mod: */
	/* After a commit, with lft_lock held: apply the new set. */
	int (*changed)(struct lft_fn_filter *f);
	/* Commands (func:cmd:arg) this file accepts; NULL: none. */
	int (*command)(struct lft_fn_filter *f, char *func,
		       const char *cmd, char *arg, bool remove);
	/* Prints the commands after the functions when reading. */
	void (*show_commands)(struct lft_fn_filter *f, struct seq_file *m);
	void *priv;
};

struct lft_fn_mod {
	struct list_head list;
	char *func;			/* glob, may be empty */
	char *module;
};

static inline bool lft_fn_filter_empty(struct lft_fn_filter *f)
{
	struct lft_ipset *s = rcu_dereference_raw(f->set);

	return !s || (!s->n && !s->gone);
}

/* Does the filter list @ip? (Any context: the set is RCU-tasks-rude.) */
static inline bool lft_fn_filter_has(struct lft_fn_filter *f, unsigned long ip)
{
	return lft_ipset_has(rcu_dereference_raw(f->set), ip);
}

struct dentry;
void lft_fn_filter_init(struct lft_fn_filter *f, const char *name);
void lft_fn_filter_free(struct lft_fn_filter *f);
int lft_fn_filter_create(struct lft_fn_filter *f, struct dentry *dir,
			 void *owner);
int lft_fn_filter_apply(struct lft_fn_filter *f, const char *text);
void lft_fn_filter_module_loaded(struct lft_fn_filter *f, const char *mod);
struct module;
void lft_fn_filter_module_gone(struct lft_fn_filter *f, struct module *mod);
/* The functions a glob names, sorted; -EINVAL for none. */
int lft_fn_filter_match(char *glob, unsigned long **ips, unsigned long *n);

#endif /* LFT_TRACERS_FN_FILTER_H */
