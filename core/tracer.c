// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer registry (available_tracers) and switching (current_tracer).
 * Tracers register a struct lft_tracer; "nop" is the core's own.
 */
#include <linux/string.h>

#include "core/trace.h"

static LIST_HEAD(lft_tracers);

/* nop: traces nothing itself; markers and events still land. */
struct lft_tracer lft_nop_tracer = {
	.name = "nop",
	.allow_instances = true,
};

/**
 * lft_tracer_register() - make a tracer selectable
 * @t: the tracer; its name must be unique
 *
 * Return: 0, or -EEXIST.
 */
int lft_tracer_register(struct lft_tracer *t)
{
	int ret = 0;

	mutex_lock(&lft_lock);
	if (lft_tracer_find(t->name))
		ret = -EEXIST;
	else
		list_add(&t->list, &lft_tracers);	/* newest listed first */
	mutex_unlock(&lft_lock);
	return ret;
}

/* Called with lft_lock held. */
struct lft_tracer *lft_tracer_find(const char *name)
{
	struct lft_tracer *t;

	list_for_each_entry(t, &lft_tracers, list)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * lft_tracer_set() - switch the tracer of an array
 * @tr: the array
 * @name: the tracer's name
 *
 * Called with lft_lock held. As in the kernel, setting any tracer first
 * expands the buffer to its full size.
 *
 * Return: 0, -EINVAL for an unknown tracer (or one not allowed in an
 * instance), or the error of expanding or of the tracer's init.
 */
int lft_tracer_set(struct lft_array *tr, const char *name)
{
	struct lft_tracer *t = lft_tracer_find(name);
	int ret;

	if (!t || (tr->name && !t->allow_instances))
		return -EINVAL;
	ret = lft_array_expand(tr);
	if (ret)
		return ret;
	if (t == tr->tracer)
		return 0;
	if (tr->tracer->reset)
		tr->tracer->reset(tr);
	tr->tracer = &lft_nop_tracer;
	/* A new tracer starts on an empty buffer, as in the kernel. */
	lft_array_clear(tr, LFT_RB_ALL_CPUS);
	if (t->init) {
		ret = t->init(tr);
		if (ret)
			return ret;
	}
	tr->tracer = t;
	return 0;
}

/* available_tracers: "name name ...\n" */
int lft_tracers_show(struct lft_array *tr, struct seq_buf *s)
{
	struct lft_tracer *t;
	bool first = true;

	mutex_lock(&lft_lock);
	list_for_each_entry(t, &lft_tracers, list) {
		if (tr->name && !t->allow_instances)
			continue;
		seq_buf_printf(s, "%s%s", first ? "" : " ", t->name);
		first = false;
	}
	mutex_unlock(&lft_lock);
	seq_buf_printf(s, "%c", '\n');
	return 0;
}

/**
 * lft_tracers_array_init() - every tracer's per-array state and files
 * @tr: a new array (lft_lock held)
 *
 * Return: 0 or the first error.
 */
int lft_tracers_array_init(struct lft_array *tr)
{
	struct lft_tracer *t;
	int ret;

	list_for_each_entry(t, &lft_tracers, list) {
		if (!t->array_init)
			continue;
		ret = t->array_init(tr);
		if (ret)
			return ret;
	}
	return 0;
}

/* Free what lft_tracers_array_init() set up (the tracer is reset). */
void lft_tracers_array_free(struct lft_array *tr)
{
	struct lft_tracer *t;

	list_for_each_entry(t, &lft_tracers, list)
		if (t->array_free)
			t->array_free(tr);
}

/* At load: the core's own tracer; the others come with their subsystems. */
int lft_tracers_init(void)
{
	return lft_tracer_register(&lft_nop_tracer);
}

/* Stop the top level's tracer and the subsystems' work (instances are gone). */
void lft_tracers_stop(void)
{
	lft_subsys_stop();
	mutex_lock(&lft_lock);
	if (lft_top.tracer && lft_top.tracer->reset)
		lft_top.tracer->reset(&lft_top);
	lft_top.tracer = &lft_nop_tracer;
	mutex_unlock(&lft_lock);
}

/* At unload, after the arrays are gone. */
void lft_tracers_exit(void)
{
	struct lft_tracer *t, *tmp;

	lft_subsys_exit();
	mutex_lock(&lft_lock);
	list_for_each_entry_safe(t, tmp, &lft_tracers, list)
		list_del_init(&t->list);
	mutex_unlock(&lft_lock);
}
