/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the files of arch/x86: the site table and its lock. */
#ifndef LFT_ARCH_X86_INTERNAL_H
#define LFT_ARCH_X86_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/mutex.h>

#include "arch/x86/fentry.h"

/**
 * struct lft_site - an fentry site lftrace may patch
 * @ip: the function's address, where its 5-byte fentry NOP is
 * @rec: the kernel's ftrace record of it (lives as long as the site)
 * @users: bit per user slot wanting it
 * @patched: lftrace owns the record and its call is in place
 * @full: the call is (or, being claimed, will be) to the full trampoline
 */
struct lft_site {
	unsigned long ip;
	struct dyn_ftrace *rec;
	u8 users;
	bool patched;
	bool full;
};

/* The trampoline a site calls (or is about to, @full set first). */
static inline void *lft_site_tramp(const struct lft_site *s)
{
	return s->full ? lft_fentry_tramp : lft_fentry_tramp_lean;
}

/* Lock order: lft_sites_lock, then ftrace_lock, then text_mutex. */
extern struct mutex lft_sites_lock;
extern struct lft_site *lft_sites;	/* sorted by ip */
extern unsigned long lft_nr_sites;

/* sites.c: the registered users' slots, in calling order (lft_sites_lock). */
unsigned int lft_slots_order(u8 *order);

/* patch.c: claim and patch, or unpatch and hand back, marked sites. */
void lft_patch_sites(struct lft_site **claim, unsigned long nc,
		     struct lft_site **release, unsigned long nr);
void lft_patch_retarget(struct lft_site **sites, unsigned long n, bool full);

/* hook.c: the handler's view of which users want which sites. */
extern struct task_struct *lft_hook_patcher;
int lft_hook_publish(void);
void lft_hook_set_slot(int slot, lft_fn_hit_t hit);
void lft_hook_exit(void);

#endif /* LFT_ARCH_X86_INTERNAL_H */
