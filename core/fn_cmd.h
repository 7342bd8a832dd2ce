/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function commands: "FUNC:NAME[:ARG]" written to set_ftrace_filter runs
 * command NAME each time FUNC is hit. The function tracer keeps the table
 * of which command runs on which function (tracers/fn_probes.c); commands
 * register here, from whichever part of lftrace they act on (the tracers'
 * traceon, snapshot, dump...; the events' enable_event and disable_event),
 * so that neither names the other.
 */
#ifndef LFT_CORE_FN_CMD_H
#define LFT_CORE_FN_CMD_H

#include <linux/atomic.h>
#include <linux/list.h>

struct lft_array;
struct pt_regs;
struct seq_file;

/**
 * struct lft_fn_cmd_entry - a command as set on one function
 * @tr: the array it was written in
 * @data: the command's own (a reference @get took), or NULL
 * @counted: its form: with a count field ("FUNC:NAME:N") or without; the
 *	two forms are separate commands that may both name a function
 * @count: what is left of the count (-1: unlimited)
 */
struct lft_fn_cmd_entry {
	struct lft_array *tr;
	void *data;
	bool counted;
	atomic_long_t count;
};

/**
 * struct lft_fn_cmd - a function command
 * @name: NAME, as written
 * @parse: read ARG (NULL when absent; the rest of the text after NAME:)
 *	for @e->tr: set @e->counted and, unless @remove, @e->count (-1 when
 *	unlimited) and @e->data (with a reference of its own, dropped by
 *	@put once the entries took theirs); a removal still names its form,
 *	and its data when that must exist. lft_lock held. 0 or -errno.
 * @fire: FUNC was hit (any context, preemption off); @regs as at its
 *	entry
 * @get: one more reference on @e->data, for a new entry (lft_lock held)
 * @put: drop one (lft_lock held)
 * @show: what set_ftrace_filter lists after "FUNC:NAME" (with the newline);
 *	NULL: ":unlimited" when uncounted, else ":count=N"
 * @list: in the registry
 */
struct lft_fn_cmd {
	const char *name;
	int (*parse)(struct lft_fn_cmd_entry *e, char *arg, bool remove);
	void (*fire)(struct lft_fn_cmd_entry *e, struct pt_regs *regs);
	void (*get)(void *data);
	void (*put)(void *data);
	void (*show)(struct seq_file *m, struct lft_fn_cmd_entry *e);
	struct list_head list;
};

int lft_fn_cmd_register(struct lft_fn_cmd *cmds, unsigned int n);
void lft_fn_cmd_unregister(struct lft_fn_cmd *cmds, unsigned int n);
int lft_fn_cmd_count(struct lft_fn_cmd_entry *e, char *arg, int empty);
const struct lft_fn_cmd *lft_fn_cmd_find(const char *name);

#endif /* LFT_CORE_FN_CMD_H */
