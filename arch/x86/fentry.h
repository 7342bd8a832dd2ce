/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's own function-entry hook (arch/x86): the fentry sites of the
 * kernel and its modules, claimed from the kernel's ftrace and patched to
 * call lftrace's trampoline while some user wants them, and handed back
 * exactly as the kernel's ftrace expects when no user does.
 *
 * Users are a fixed set (the function tracer, the stack tracer, ...): each
 * says which sites it wants with lft_fentry_update(), and the hook calls
 * its entry point, directly, for the sites it wants.
 */
#ifndef LFT_ARCH_X86_FENTRY_H
#define LFT_ARCH_X86_FENTRY_H

#include <linux/types.h>

struct pt_regs;
struct module;

enum lft_fn_user {
	LFT_FN_FUNCTION,	/* tracers/function.c */
	LFT_FN_STACK,		/* tracers/stack.c */
	LFT_FN_PROBE,		/* tracers/fn_probes.c: func:cmd */
	LFT_FN_TEST,		/* a handler of lftrace_kunit.ko (below) */
	LFT_FN_PROFILE,		/* tracers/profile.c */
	LFT_FN_GRAPH,		/* tracers/graph.c */
	LFT_FN_KPROBE,		/* events/kprobe.c: kprobe events at +0 */
	LFT_FN_NR_USERS
};

/* Does the user want the site at @ip (the function's address)? */
typedef bool (*lft_fn_want_t)(unsigned long ip, void *data);

/* The trampoline (tramp.S) and the handler it calls (hook.c). */
void lft_fentry_tramp(void);
extern const char lft_fentry_tramp_end[];	/* just past its code */
void lft_fentry_entry(unsigned long ip, unsigned long parent_ip,
		      struct pt_regs *regs);

int lft_fentry_init(void);
void lft_fentry_exit(void);
int lft_fentry_update(enum lft_fn_user user, lft_fn_want_t want, void *data);

/*
 * Called by lft_fentry_update() for a user that wants sites, before they
 * are patched, with the updater's locks (lft_lock) and none of the hook's:
 * kprobe events give back the sites their kprobes hold through the
 * kernel's ftrace, which lftrace could not patch for that user otherwise.
 */
typedef void (*lft_fn_reclaim_t)(enum lft_fn_user user);
void lft_fentry_set_reclaim(lft_fn_reclaim_t fn);

/* The users' entry points, called by the hook with preemption off. */
void lft_function_hit(unsigned long ip, unsigned long parent_ip,
		      struct pt_regs *regs);
void lft_stack_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs);
void lft_probe_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs);
void lft_profile_hit(unsigned long ip, unsigned long parent_ip,
		     struct pt_regs *regs);
void lft_graph_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs);
void lft_kprobe_hit(unsigned long ip, unsigned long parent_ip,
		    struct pt_regs *regs);

/**
 * struct lft_site_info - one traceable function, as the files list it
 * @ip: its address (the fentry site)
 * @name: "name" or "name [module]"
 * @patched: lftrace's call is in place
 * @users: bit per enum lft_fn_user wanting it
 */
struct lft_site_info {
	unsigned long ip;
	const char *name;
	bool patched;
	unsigned int users;
};

int lft_sites_for_each(int (*fn)(const struct lft_site_info *si, void *data),
		       void *data, bool names);
long lft_sites_next(unsigned long idx, bool patched, struct lft_site_info *si);
unsigned long lft_sites_count(void);
unsigned long lft_fentry_missed(void);
bool lft_fentry_guard_enter(void);
void lft_fentry_guard_exit(void);

/* For KUnit: hook a handler of another module onto the sites it wants. */
typedef void (*lft_fn_hit_t)(unsigned long ip, unsigned long parent_ip,
			     struct pt_regs *regs);
int lft_fentry_test_start(lft_fn_want_t want, lft_fn_hit_t hit);
void lft_fentry_test_stop(void);
bool lft_fentry_patched(unsigned long ip);

#endif /* LFT_ARCH_X86_FENTRY_H */
