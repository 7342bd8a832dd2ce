/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's ftrace structures that are private to kernel/trace/ but that
 * lftrace reads (arch/x86/patch.c). The copies are checked against the
 * kernel's BTF at load (compat/ftrace.c), where the kernel has BTF.
 */
#ifndef LFT_COMPAT_FTRACE_H
#define LFT_COMPAT_FTRACE_H

#include <linux/types.h>

/*
 * The kernel's struct ftrace_hash, as far as read: count and flags. The
 * members before them are here only to place them, and are not checked.
 */
struct lft_ftrace_hash {
	unsigned long size_bits;
	struct hlist_head *buckets;
	unsigned long count;
	unsigned long flags;
};

/*
 * The kernel's FTRACE_HASH_FL_MOD: the hash holds a ":mod:" filter for a
 * module not loaded yet, so it is not empty even with no entries.
 */
#define LFT_FTRACE_HASH_FL_MOD	1

int lft_ftrace_check_layout(void);

#endif /* LFT_COMPAT_FTRACE_H */
