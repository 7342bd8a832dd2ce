// SPDX-License-Identifier: GPL-2.0
/*
 * The layout of the kernel's private ftrace structures that lftrace has
 * copies of (compat/ftrace.h), checked at load: a kernel whose structure
 * moved would otherwise have lftrace read the wrong words and decide
 * wrongly which ftrace users want a site it hands back.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>

#include "compat/btf.h"
#include "compat/ftrace.h"
#include "include/lft_test_export.h"

/* What arch/x86/patch.c reads of a struct ftrace_hash. */
static const struct lft_btf_field lft_ftrace_hash_fields[] = {
	LFT_BTF_FIELD(struct lft_ftrace_hash, count),
	LFT_BTF_FIELD(struct lft_ftrace_hash, flags),
};

/**
 * lft_ftrace_check_layout() - do the kernel's ftrace structures match ours?
 *
 * Without kernel BTF nothing can be checked: that is said once, and the
 * copies are trusted. Process context.
 *
 * Return: 0, or a negative errno after naming each member that differs.
 */
int lft_ftrace_check_layout(void)
{
	int ret = lft_btf_check_layout("ftrace_hash", lft_ftrace_hash_fields,
				       ARRAY_SIZE(lft_ftrace_hash_fields));

	if (ret == -EOPNOTSUPP) {
		pr_info("no kernel BTF: the layout of struct ftrace_hash is not checked\n");
		return 0;
	}
	if (ret)
		pr_err("struct ftrace_hash is not laid out as lftrace's copy (compat/ftrace.h): not loading\n");
	return ret;
}
LFT_TEST_EXPORT(lft_ftrace_check_layout);
