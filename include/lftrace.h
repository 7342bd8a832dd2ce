/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's API for other modules: write into lftrace's top-level buffer
 * the way trace_printk() writes into ftrace's, switch it on and off, and
 * dump it to the console. Everything here may be called from any context,
 * NMI included, except where noted.
 */
#ifndef LFTRACE_H
#define LFTRACE_H

#include <linux/compiler.h>
#include <linux/instruction_pointer.h>
#include <linux/types.h>

/**
 * lftrace_printk() - printf into the trace buffer
 * @fmt: a printf format; must stay valid while the text may be read
 *	(a string literal of the calling module, as for trace_printk())
 *
 * Stored in binary (the format's address and the arguments; %s strings
 * are copied), formatted when read. Shows as "caller: text", where caller
 * is the function that called lftrace_printk(). Dropped while tracing is
 * off or the trace_printk option is cleared.
 */
#define lftrace_printk(fmt, ...) \
	__lftrace_printk(_THIS_IP_, fmt, ##__VA_ARGS__)

/**
 * lftrace_puts() - write a string into the trace buffer
 * @str: the text (copied)
 *
 * Shows as "caller: text". Like lftrace_printk() otherwise.
 */
#define lftrace_puts(str) __lftrace_puts(_THIS_IP_, str)

__printf(2, 3) int __lftrace_printk(unsigned long ip, const char *fmt, ...);
int __lftrace_puts(unsigned long ip, const char *str);

void lftrace_on(void);
void lftrace_off(void);
bool lftrace_is_on(void);

/* lftrace_dump() modes, as ftrace_dump()'s */
enum lftrace_dump_mode {
	LFTRACE_DUMP_ALL,	/* every CPU's events, merged by time */
	LFTRACE_DUMP_ORIG,	/* only the calling CPU's */
};

void lftrace_dump(enum lftrace_dump_mode mode);
void lftrace_snapshot(void);

#endif /* LFTRACE_H */
