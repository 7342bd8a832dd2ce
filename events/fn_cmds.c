// SPDX-License-Identifier: GPL-2.0
/*
 * The events' function commands (core/fn_cmd.h):
 *
 *   func:enable_event:SYS:EV[:N], func:disable_event:SYS:EV[:N]
 *       turn the array's event on or off when func is hit (a count limits
 *       how many times the state is changed)
 *
 * The event must exist, also to remove. Each function's entry holds a
 * soft-mode reference on the event ("0*" in its enable file), so that it
 * stays registered while named. As in the kernel, a function has one
 * enable_event (and one counted one) whatever the event, and a removal
 * takes the function's whatever the event named.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "core/fn_cmd.h"
#include "core/trace.h"
#include "events/event.h"

/* "SYS:EV[:N]"; "SYS:EV:" is refused, a removal's count is not read. */
static int lft_ev_cmd_parse(struct lft_fn_cmd_entry *e, char *arg,
			    bool remove)
{
	struct lft_ev_file *f;
	char *sys, *ev;
	int ret;

	if (!arg)
		return -EINVAL;
	sys = strsep(&arg, ":");
	if (!arg)
		return -EINVAL;
	ev = strsep(&arg, ":");
	e->counted = !!arg;
	f = lft_ev_file_lookup(e->tr, sys, ev);
	if (!f)
		return -EINVAL;
	if (arg && !remove) {
		ret = lft_fn_cmd_count(e, arg, -EINVAL);
		if (ret)
			return ret;
	}
	if (remove)
		return 0;
	/* Held across the change, so that the entries' references cannot fail. */
	ret = lft_ev_soft(f, true);
	if (!ret)
		e->data = f;
	return ret;
}

static void lft_ev_cmd_get(void *data)
{
	/* Never the first reference: the command's parse holds one. */
	WARN_ON_ONCE(lft_ev_soft(data, true));
}

static void lft_ev_cmd_put(void *data)
{
	lft_ev_soft(data, false);
}

static void lft_ev_cmd_enable(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	lft_ev_soft_switch(e->data, true, &e->count);
}

static void lft_ev_cmd_disable(struct lft_fn_cmd_entry *e,
			       struct pt_regs *regs)
{
	lft_ev_soft_switch(e->data, false, &e->count);
}

/* Unlimited by the count, counted form or not, as 6.1 lists them. */
static void lft_ev_cmd_show(struct seq_file *m, struct lft_fn_cmd_entry *e)
{
	struct lft_ev_file *f = e->data;
	long c = atomic_long_read(&e->count);

	seq_printf(m, ":%s:%s", f->ev->system, f->ev->name);
	if (c == -1)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", c);
}

static struct lft_fn_cmd lft_ev_cmds[] = {
	{ .name = "enable_event", .parse = lft_ev_cmd_parse,
	  .fire = lft_ev_cmd_enable, .get = lft_ev_cmd_get,
	  .put = lft_ev_cmd_put, .show = lft_ev_cmd_show },
	{ .name = "disable_event", .parse = lft_ev_cmd_parse,
	  .fire = lft_ev_cmd_disable, .get = lft_ev_cmd_get,
	  .put = lft_ev_cmd_put, .show = lft_ev_cmd_show },
};

int lft_ev_cmds_init(void)
{
	return lft_fn_cmd_register(lft_ev_cmds, ARRAY_SIZE(lft_ev_cmds));
}

void lft_ev_cmds_exit(void)
{
	lft_fn_cmd_unregister(lft_ev_cmds, ARRAY_SIZE(lft_ev_cmds));
}
