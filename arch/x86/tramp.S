/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fentry trampolines. A claimed site's "call __fentry__" NOP is
 * patched into "call lft_fentry_tramp" (the full one, for sites of a user
 * that reads every register) or "call lft_fentry_tramp_lean". On entry:
 *
 *   0(%rsp)  the traced function's address + 5 (our return address)
 *   8(%rsp)  the traced function's return address (its caller)
 *
 * The full one builds a struct pt_regs of the traced function's state at
 * entry (every general register, sp pointing at the return slot, ip at
 * the function + 5, flags as they are) and calls
 *
 *   lft_fentry_entry(ip = function, parent_ip, regs)
 *
 * then restores the registers and returns into the function. The flags
 * are saved for readers of regs but not restored with popf: at a function
 * entry the arithmetic flags are dead, and the handler leaves the
 * interrupt flag as it found it. objtool checks this file and generates
 * its ORC data, so stack traces taken in the handler unwind through it.
 */
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/ptrace-abi.h>
#include <asm/segment.h>
#include <asm/nospec-branch.h>

/* asm/ptrace-abi.h gives struct pt_regs' offsets (R15 ... SS). */
#define LFT_FRAME	(SS + 8)

/* Both trampolines' frame: the argument registers and ax, saved. */
.macro LFT_SAVE_ARGS
	subq	$LFT_FRAME, %rsp
	movq	%rax, RAX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdi, RDI(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
.endm

/* regs->sp, regs->ip, then lft_fentry_entry(function, parent, regs). */
.macro LFT_CALL_ENTRY
	/* regs->sp: the function's stack at entry (its return slot). */
	leaq	LFT_FRAME+8(%rsp), %rcx
	movq	%rcx, RSP(%rsp)
	/* regs->ip = function + 5; arguments: function, parent, regs. */
	movq	LFT_FRAME(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$5, %rdi
	movq	LFT_FRAME+8(%rsp), %rsi
	movq	%rsp, %rdx
	call	lft_fentry_entry
.endm

/* The argument registers and ax back, the frame gone, return. */
.macro LFT_RESTORE_ARGS_RET
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	RAX(%rsp), %rax
	addq	$LFT_FRAME, %rsp
	RET
.endm

	.text
SYM_FUNC_START(lft_fentry_tramp)
	LFT_SAVE_ARGS
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	/* A pop to an %rsp-based address is computed after the pop. */
	pushfq
	popq	EFLAGS(%rsp)
#ifdef LFT_HAVE_CALL_DEPTH_ACCOUNT
	/*
	 * With call-depth tracking, every call the kernel makes goes through
	 * a thunk that counts it and every RET uncounts one: the site's call
	 * into here is ours, not counted, and our RET would unbalance the
	 * count. The kernel's ftrace trampolines count their own entry the
	 * same way (after the flags are saved: this changes them).
	 */
	CALL_DEPTH_ACCOUNT
#endif
	LFT_CALL_ENTRY
	/*
	 * Every register back (objtool wants the callee-saved ones restored
	 * as saved, and a handler may have changed regs for the function).
	 */
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	RBP(%rsp), %rbp
	movq	RBX(%rsp), %rbx
	movq	R11(%rsp), %r11
	movq	R10(%rsp), %r10
	LFT_RESTORE_ARGS_RET
SYM_FUNC_END(lft_fentry_tramp)

/*
 * The lean trampoline, for sites whose users read only the arguments:
 * regs holds the argument registers, ax (a variadic call's count), bp,
 * sp, ip and cs (what an unwinder starting from regs reads); the rest is
 * undefined. Only those are restored: the callee-saved registers are
 * preserved by the handler itself, and r10, r11 and the arithmetic flags
 * are dead at a function's entry. Eighteen instructions fewer than the
 * full one, every call. The hook chooses per site (fentry.h, all_regs).
 */
SYM_FUNC_START(lft_fentry_tramp_lean)
	LFT_SAVE_ARGS
	movq	%rbp, RBP(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
#ifdef LFT_HAVE_CALL_DEPTH_ACCOUNT
	CALL_DEPTH_ACCOUNT
#endif
	LFT_CALL_ENTRY
	/* bp too: objtool wants a saved callee-saved register restored. */
	movq	RBP(%rsp), %rbp
	LFT_RESTORE_ARGS_RET
	/*
	 * Marks the end of both trampolines' code, for tracers that find
	 * them in stacks: [lft_fentry_tramp, lft_fentry_tramp_end).
	 */
SYM_INNER_LABEL(lft_fentry_tramp_end, SYM_L_GLOBAL)
SYM_FUNC_END(lft_fentry_tramp_lean)
