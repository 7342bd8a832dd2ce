// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of function commands (core/fn_cmd.h): a list by name, as
 * the kernel's register_ftrace_command() keeps. Changed at load and
 * unload, read when set_ftrace_filter is written; all under lft_lock.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "core/fn_cmd.h"
#include "core/trace.h"

static LIST_HEAD(lft_fn_cmds);

/**
 * lft_fn_cmd_register() - make a function command known by its name
 * @cmd: the command, which stays registered until lft_fn_cmd_unregister()
 *
 * Return: 0, or -EBUSY when a command of that name is registered.
 */
int lft_fn_cmd_register(struct lft_fn_cmd *cmd)
{
	int ret = 0;

	mutex_lock(&lft_lock);
	if (lft_fn_cmd_find(cmd->name))
		ret = -EBUSY;
	else
		list_add_tail(&cmd->list, &lft_fn_cmds);
	mutex_unlock(&lft_lock);
	return ret;
}

/**
 * lft_fn_cmd_unregister() - forget a function command
 * @cmd: a registered command, which no function has any more (the arrays'
 *	commands go with the arrays, before their parts exit)
 */
void lft_fn_cmd_unregister(struct lft_fn_cmd *cmd)
{
	mutex_lock(&lft_lock);
	list_del(&cmd->list);
	mutex_unlock(&lft_lock);
}

/**
 * lft_fn_cmd_find() - a function command by name (lft_lock held)
 * @name: NAME of "FUNC:NAME"
 *
 * Return: the command, or NULL.
 */
const struct lft_fn_cmd *lft_fn_cmd_find(const char *name)
{
	struct lft_fn_cmd *cmd;

	list_for_each_entry(cmd, &lft_fn_cmds, list)
		if (!strcmp(cmd->name, name))
			return cmd;
	return NULL;
}
