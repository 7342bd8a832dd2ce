/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's own function-entry hook (arch/x86): the fentry sites of the
 * kernel and its modules, claimed from the kernel's ftrace and patched to
 * call lftrace's trampoline while some user wants them, and handed back
 * exactly as the kernel's ftrace expects when no user does.
 *
 * The hook knows its users only as they register: each describes itself
 * with a struct lft_fentry_ops and says which sites it wants with
 * lft_fentry_update(); the hook calls its @hit, without an indirect
 * branch, at those sites.
 */
#ifndef LFT_ARCH_X86_FENTRY_H
#define LFT_ARCH_X86_FENTRY_H

#include <linux/compiler.h>
#include <linux/types.h>

struct pt_regs;
struct module;

/* Does the user want the site at @ip (the function's address)? */
typedef bool (*lft_fn_want_t)(unsigned long ip, void *data);

/* A user's entry point, called at its sites with preemption off. */
typedef void (*lft_fn_hit_t)(unsigned long ip, unsigned long parent_ip,
			     struct pt_regs *regs);

/* How many users the hook can serve at once. */
#define LFT_FENTRY_SLOTS	8

/**
 * struct lft_fentry_ops - a user of the function-entry hook
 * @hit: called at each site the user wants, with preemption off
 * @reclaim: optional; called by lft_fentry_update() when another user
 *	(@other) asks for sites, before they are patched, with the updater's
 *	locks: a user holding sites through the kernel gives them back here
 * @order: where it is called at a site several users share: lower first
 *	(so its return hooks run last); ties go by registration
 * @all_regs: @hit reads registers beyond the arguments', ax, bp, sp, ip
 *	and cs: its sites get the full trampoline (else a leaner one, where
 *	the rest of regs is undefined). Set before the first update.
 * @slot: the hook's: 1 + the slot it gave the user, 0 while it gave none
 *
 * Users are static objects of lftrace (or of a module that unregisters
 * them before it goes), zero-initialised but for what they set.
 */
struct lft_fentry_ops {
	lft_fn_hit_t hit;
	void (*reclaim)(const struct lft_fentry_ops *other);
	int order;
	bool all_regs;
	int slot;
};

/* The trampolines (tramp.S) and the handler they call (hook.c). */
void lft_fentry_tramp(void);
void lft_fentry_tramp_lean(void);
extern const char lft_fentry_tramp_end[];	/* just past both's code */
void lft_fentry_entry(unsigned long ip, unsigned long parent_ip,
		      struct pt_regs *regs);

int lft_fentry_init(void);
void lft_fentry_exit(void);
void lft_fentry_unregister(struct lft_fentry_ops *ops);
int lft_fentry_update(struct lft_fentry_ops *ops, lft_fn_want_t want,
		      void *data);

/**
 * struct lft_site_info - one traceable function, as the files list it
 * @ip: its address (the fentry site)
 * @name: "name" or "name [module]"
 * @patched: lftrace's call is in place
 * @tramp: the trampoline it calls, when patched
 * @users: bit per user slot wanting it
 */
struct lft_site_info {
	unsigned long ip;
	const char *name;
	bool patched;
	void (*tramp)(void);
	unsigned int users;
};

int lft_sites_for_each(int (*fn)(const struct lft_site_info *si, void *data),
		       void *data, bool names);
long lft_sites_next(unsigned long idx, bool patched, struct lft_site_info *si);
unsigned long lft_sites_count(void);
unsigned long lft_sites_gen(void);
unsigned long lft_fentry_missed(void);
unsigned int *lft_fentry_guard_enter(void);

/**
 * lft_fentry_guard_exit() - leave the guard lft_fentry_guard_enter() let in
 * @depth: what it returned (the counter of the context it was called in)
 *
 * Inline: the return handlers leave the guard on every hooked return.
 */
static __always_inline void lft_fentry_guard_exit(unsigned int *depth)
{
	barrier();
	(*depth)--;
}
bool lft_fentry_patched(unsigned long ip);
unsigned long lft_fentry_site(unsigned long func);

#endif /* LFT_ARCH_X86_FENTRY_H */
