// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracers' per-array state: every trace array (the top level
 * and each instance) has its own set_ftrace_filter, set_ftrace_notrace,
 * set_ftrace_pid and set_ftrace_notrace_pid, whichever tracer it runs.
 *
 * The hooks that follow these (the function hook for every array, the
 * graph hooks and the profiler for the top level's) and the files made
 * beside them register a struct lft_fn_user: this file tells them of a
 * new array and of a changed filter, and names none of them, as the
 * kernel's ftrace_ops users are told of their filters' changes.
 *
 * The users register at load, before any array exists, and are forgotten
 * at unload; in between the list is only read, under lft_lock.
 */
#include <linux/module.h>
#include <linux/slab.h>

#include "tracers/fn_array.h"

static LIST_HEAD(lft_fn_users);

/**
 * lft_fn_user_register() - follow the arrays' function state
 * @u: the user; static, it stays registered until lft_fn_arrays_exit()
 *
 * At load, before the arrays are made.
 */
void lft_fn_user_register(struct lft_fn_user *u)
{
	list_add_tail(&u->list, &lft_fn_users);
}

/* A filter of an array changed (lft_lock held): the first error stops. */
static int lft_fn_filter_changed(struct lft_fn_filter *f)
{
	struct lft_fn_array *fa = f->priv;
	struct lft_fn_user *u;
	int ret;

	list_for_each_entry(u, &lft_fn_users, list) {
		ret = u->filter_changed ? u->filter_changed(fa->tr) : 0;
		if (ret)
			return ret;
	}
	return 0;
}

static void lft_fn_pids_changed(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	fa->pid_filtered = rcu_access_pointer(fa->pids) ||
			   rcu_access_pointer(fa->notrace_pids);
}

/**
 * lft_fn_array_create() - an array's function state and files
 * @tr: the array (lft_lock held); every array has them, whatever it runs
 *
 * Then each user's files, in the order they registered.
 *
 * Return: 0 or a negative errno (lft_fn_array_free() cleans up).
 */
int lft_fn_array_create(struct lft_array *tr)
{
	struct lft_fn_array *fa = kzalloc(sizeof(*fa), GFP_KERNEL);
	struct lft_fn_user *u;
	int ret;

	if (!fa)
		return -ENOMEM;
	lft_fn_filter_init(&fa->filter, "set_ftrace_filter");
	lft_fn_filter_init(&fa->exclude, "set_ftrace_notrace");
	fa->exclude.exclude = true;
	fa->filter.priv = fa;
	fa->exclude.priv = fa;
	fa->tr = tr;
	fa->filter.changed = lft_fn_filter_changed;
	fa->exclude.changed = lft_fn_filter_changed;
	tr->fn = fa;
	ret = lft_fn_filter_create(&fa->filter, tr->dir, tr);
	if (!ret)
		ret = lft_fn_filter_create(&fa->exclude, tr->dir, tr);
	if (!ret)
		ret = lft_pid_file_create("set_ftrace_pid", tr, &fa->pids,
					  lft_fn_pids_changed);
	if (!ret)
		ret = lft_pid_file_create("set_ftrace_notrace_pid", tr,
					  &fa->notrace_pids, lft_fn_pids_changed);
	list_for_each_entry(u, &lft_fn_users, list)
		if (!ret && u->array_init)
			ret = u->array_init(tr);
	return ret;
}

/**
 * lft_fn_array_free() - undo lft_fn_array_create()
 * @tr: the array: its tracer was reset, no hook records into it
 */
void lft_fn_array_free(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	if (!fa)
		return;
	/* The hook may still be looking at it (an instance going away). */
	synchronize_rcu_tasks_rude();
	lft_fn_filter_free(&fa->filter);
	lft_fn_filter_free(&fa->exclude);
	lft_pidset_free(&fa->pids);
	lft_pidset_free(&fa->notrace_pids);
	kfree(fa);
	tr->fn = NULL;
}

static void lft_fn_array_module(struct lft_array *tr, void *data)
{
	struct lft_fn_array *fa = tr->fn;

	if (!fa)
		return;
	lft_fn_filter_module_loaded(&fa->filter, data);
	lft_fn_filter_module_loaded(&fa->exclude, data);
}

static void lft_fn_array_module_gone(struct lft_array *tr, void *data)
{
	struct lft_fn_array *fa = tr->fn;

	if (!fa)
		return;
	lft_fn_filter_module_gone(&fa->filter, data);
	lft_fn_filter_module_gone(&fa->exclude, data);
}

/*
 * A module came and its sites were added (the site table's notifier has a
 * higher priority): cached ":mod:" filters of every array apply now, still
 * before other notifiers run the module's code. A module goes: its
 * functions leave the arrays' filters.
 */
static int lft_fn_module_notify(struct notifier_block *nb,
				unsigned long state, void *data)
{
	struct module *mod = data;

	if (mod == THIS_MODULE)
		return NOTIFY_OK;
	if (state == MODULE_STATE_COMING) {
		mutex_lock(&lft_lock);
		lft_arrays_for_each(lft_fn_array_module, mod->name);
		mutex_unlock(&lft_lock);
	} else if (state == MODULE_STATE_GOING) {
		mutex_lock(&lft_lock);
		lft_arrays_for_each(lft_fn_array_module_gone, mod);
		mutex_unlock(&lft_lock);
	}
	return NOTIFY_OK;
}

static struct notifier_block lft_fn_module_nb = {
	.notifier_call = lft_fn_module_notify,
	.priority = INT_MAX - 1,
};

/* At load: the filters follow modules from now on. */
int lft_fn_arrays_init(void)
{
	return register_module_notifier(&lft_fn_module_nb);
}

/* At unload (or a failed load): the users are forgotten too. */
void lft_fn_arrays_exit(void)
{
	unregister_module_notifier(&lft_fn_module_nb);
	INIT_LIST_HEAD(&lft_fn_users);
}
