// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of function commands (core/fn_cmd.h): a list by name, as
 * the kernel's register_ftrace_command() keeps. Changed at load and
 * unload, read when set_ftrace_filter is written; all under lft_lock.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "core/fn_cmd.h"
#include "core/trace.h"

static LIST_HEAD(lft_fn_cmds);

/**
 * lft_fn_cmd_register() - make function commands known by their names
 * @cmds: the commands, which stay registered until lft_fn_cmd_unregister()
 * @n: how many
 *
 * All or none: when a name is taken, none of @cmds is registered.
 *
 * Return: 0, or -EBUSY when a command of one of the names is registered.
 */
int lft_fn_cmd_register(struct lft_fn_cmd *cmds, unsigned int n)
{
	unsigned int i;
	int ret = 0;

	mutex_lock(&lft_lock);
	for (i = 0; i < n; i++) {
		if (lft_fn_cmd_find(cmds[i].name)) {
			while (i--)
				list_del(&cmds[i].list);
			ret = -EBUSY;
			break;
		}
		list_add_tail(&cmds[i].list, &lft_fn_cmds);
	}
	mutex_unlock(&lft_lock);
	return ret;
}

/**
 * lft_fn_cmd_unregister() - forget function commands
 * @cmds: registered commands, which no function has any more (the arrays'
 *	commands go with the arrays, before their parts exit)
 * @n: how many
 */
void lft_fn_cmd_unregister(struct lft_fn_cmd *cmds, unsigned int n)
{
	unsigned int i;

	mutex_lock(&lft_lock);
	for (i = 0; i < n; i++)
		list_del(&cmds[i].list);
	mutex_unlock(&lft_lock);
}

/**
 * lft_fn_cmd_count() - read a command's count field into @e->count
 * @e: the entry being made
 * @arg: the field, up to the next ':' (the rest is ignored, as in the
 *	kernel)
 * @empty: what an empty field returns (its count stays as it was)
 *
 * Return: 0, @empty, or kstrtoul()'s error.
 */
int lft_fn_cmd_count(struct lft_fn_cmd_entry *e, char *arg, int empty)
{
	char *number = strsep(&arg, ":");
	unsigned long n;
	int ret;

	if (!*number)
		return empty;
	ret = kstrtoul(number, 0, &n);
	if (!ret)
		atomic_long_set(&e->count, n);
	return ret;
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
