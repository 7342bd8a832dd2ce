/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function returns (arch/x86/fret.c): an entry handler that wants to see
 * the return of the function it was called for hooks it, and a function
 * of its choice runs when that function returns.
 */
#ifndef LFT_ARCH_X86_FRET_H
#define LFT_ARCH_X86_FRET_H

#include <linux/types.h>

struct pt_regs;
struct task_struct;

/*
 * Called at a hooked function's return, with preemption off, under the
 * hook's recursion guard: regs->ip is where the function returns to and
 * regs->ax its return value. @depth is the function's depth among the
 * task's hooked frames (0: none below it).
 */
typedef void (*lft_fret_fn_t)(unsigned long func, int depth, u64 calltime,
			      struct pt_regs *regs);

/* Words a frame keeps for its return function (lft_fret_hook_save()). */
#define LFT_FRET_DATA	6

int lft_fret_start(unsigned int nodes);
void lft_fret_stop(void);
int lft_fret_hook(struct pt_regs *regs, unsigned long func, u64 calltime,
		  lft_fret_fn_t fn);
int lft_fret_hook_at(struct pt_regs *regs, unsigned long func, u64 calltime,
		     lft_fret_fn_t fn, int depth);
int lft_fret_hook_save(struct pt_regs *regs, unsigned long func,
		       lft_fret_fn_t fn, const unsigned long *data,
		       unsigned int n);
const unsigned long *lft_fret_data(void);
int lft_fret_depth(lft_fret_fn_t fn);
bool lft_fret_under(lft_fret_fn_t fn);
u64 lft_fret_child_time(lft_fret_fn_t fn, u64 duration);
void lft_fret_sched_switch(struct task_struct *prev, struct task_struct *next,
			   u64 now, bool (*left_out)(lft_fret_fn_t fn));
unsigned long lft_fret_missed(void);

#endif /* LFT_ARCH_X86_FRET_H */
