/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel symbols lftrace needs but the kernel does not export. They are all
 * resolved once, at load, in compat/ksyms.c; code elsewhere calls them through
 * lft_ks so that the list of private kernel interfaces we depend on is in
 * one place and a missing one stops the load instead of failing later.
 */
#ifndef LFT_COMPAT_KSYMS_H
#define LFT_COMPAT_KSYMS_H

#include <linux/types.h>
#include <linux/mutex.h>
#include <linux/ftrace.h>
#include <linux/rethook.h>
#include <asm/text-patching.h>

struct btf;
struct btf_type;

struct lft_kernel_syms {
	/* Text patching (arch/x86): batched int3-based code modification. */
	void (*text_poke_bp)(void *addr, const void *opcode, size_t len,
			     const void *emulate);
	void (*text_poke_queue)(void *addr, const void *opcode, size_t len,
				const void *emulate);
	void (*text_poke_finish)(void);
	struct mutex *text_mutex;
	/* The kernel's ftrace records are the authoritative list of sites. */
	struct mutex *ftrace_lock;
	struct ftrace_rec_iter *(*ftrace_rec_iter_start)(void);
	struct ftrace_rec_iter *(*ftrace_rec_iter_next)(struct ftrace_rec_iter *it);
	struct dyn_ftrace *(*ftrace_rec_iter_record)(struct ftrace_rec_iter *it);
	/* Handing a site back to ftrace (arch/x86/patch.c). */
	void (*ftrace_arch_code_modify_prepare)(void);
	void (*ftrace_arch_code_modify_post_process)(void);
	int (*__ftrace_replace_code)(struct dyn_ftrace *rec, bool enable);
	struct ftrace_ops __rcu **ftrace_ops_list;
	struct ftrace_ops *ftrace_list_end;
	void *(*ftrace_lookup_ip)(void *hash, unsigned long ip);
	int *ftrace_disabled;
	/* Which module holds an address (site discovery); preemption off. */
	struct module *(*module_address)(unsigned long addr);
	/* Picks the default trace clock, as the kernel does. */
	int (*sched_clock_stable)(void);
	/* Is a trace_printk format still in a live module? */
	bool (*is_module_address)(unsigned long addr);
	/* Function returns (arch/x86/fret.c), through the kernel's rethook. */
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	struct rethook *(*rethook_alloc)(void *data, rethook_handler_t handler);
#else
	struct rethook *(*rethook_alloc)(void *data, rethook_handler_t handler,
					 int size, int num);
#endif
	void (*rethook_stop)(struct rethook *rh);
	void (*rethook_free)(struct rethook *rh);
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	void (*rethook_add_node)(struct rethook *rh, struct rethook_node *node);
#endif
	struct rethook_node *(*rethook_try_get)(struct rethook *rh);
	void (*rethook_hook)(struct rethook_node *node, struct pt_regs *regs,
			     bool mcount);
	/* options/userstacktrace (core/stack.c). */
	unsigned int (*stack_trace_save_user)(unsigned long *store,
					      unsigned int size);
	/* Stacks of probes that have the probed code's registers. */
	unsigned int (*stack_trace_save_regs)(struct pt_regs *regs,
					      unsigned long *store,
					      unsigned int size,
					      unsigned int skipnr);
	/*
	 * vmlinux BTF (compat/btf.c); a kernel without BPF has none of
	 * them, and BTF lookups then fail with -EOPNOTSUPP.
	 */
	struct btf *(*bpf_get_btf_vmlinux)(void);
	s32 (*btf_find_by_name_kind)(const struct btf *btf, const char *name,
				     u8 kind);
	const struct btf_type *(*btf_type_by_id)(const struct btf *btf, u32 id);
	const char *(*btf_name_by_offset)(const struct btf *btf, u32 offset);
	/* kprobe events: is a probed symbol's name unique (as 6.1 checks)? */
	int (*kallsyms_on_each_match_symbol)(int (*fn)(void *, unsigned long),
					     const char *name, void *data);
	/*
	 * The kernel's registered trace events and the lock over them
	 * (compat/events.c); data, not code.
	 */
	struct list_head *ftrace_events;
	struct mutex *event_mutex;
	/*
	 * The rest are code addresses, compared with, never called.
	 *
	 * Where a kretprobe'd function returns to, shown as such in a stack
	 * (events/kprobe.c); x86's rethook, required above, defines it.
	 */
	void *arch_rethook_trampoline;
	/* Interrupt entry code, for funcgraph-irqs (tracers/graph_print.c). */
	void *irqentry_text_start;
	void *irqentry_text_end;
	/*
	 * The functions holding the irq and preempt toggle tracepoints
	 * (tracers/irqsoff.c leaves out what they call); each exists only
	 * with the options that make its tracepoints.
	 */
	void *trace_hardirqs_on;
	void *trace_hardirqs_off;
	void *trace_hardirqs_on_prepare;
	void *trace_hardirqs_off_finish;
	void *trace_preempt_on;
	void *trace_preempt_off;
	/*
	 * What rethook's return path calls under CONFIG_PROVE_RCU, whose
	 * returns arch/x86/fret.c never hooks; absent without PROVE_RCU.
	 */
	void *rcu_read_lock_any_held;
	void *rcu_lockdep_current_cpu_online;
};

extern struct lft_kernel_syms lft_ks;

/* May be missing: its slot is NULL then (required otherwise). */
#define LFT_KSYM_OPTIONAL	0x1
/*
 * A section's bound, not an object: kallsyms may name its address after
 * another symbol that starts there, or has the bound in its middle.
 */
#define LFT_KSYM_BOUND		0x2

/**
 * struct lft_ksym - one entry of a symbol table to resolve
 * @name: kernel symbol name, as in /proc/kallsyms
 * @slot: where the resolved address is stored
 * @flags: LFT_KSYM_OPTIONAL, LFT_KSYM_BOUND
 */
struct lft_ksym {
	const char *name;
	void **slot;
	unsigned int flags;
};

unsigned long lft_ksym_lookup(const char *name);
struct rethook *lft_rethook_create(rethook_handler_t handler, size_t size,
				   unsigned int num);
int lft_ksyms_resolve(const struct lft_ksym *table, size_t n);
const struct lft_ksym *lft_ksyms_table(size_t *n);
int lft_ksyms_init(void);
struct tracepoint *lft_tp_find(const char *name);

#endif /* LFT_COMPAT_KSYMS_H */
