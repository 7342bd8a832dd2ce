// SPDX-License-Identifier: GPL-2.0
/*
 * The graph printer's records (tracers/graph_print.c's helpers): entries
 * and returns in each of their layouts, the running kernel's and
 * upstream's newest that funcgraph-args, -retaddr and -retval write
 * (core/entries.h), told apart by type and length; and those options'
 * pieces of a line, as upstream's newest kernel prints them.
 */
#include <linux/err.h>
#include <linux/string.h>

#include "compat/btf.h"
#include "core/trace.h"
#include "tracers/graph_print.h"

/**
 * lft_graph_call_read() - read a graph entry of any layout
 * @e: the entry's length (and time, CPU)
 * @data: the entry: funcgraph_entry or fgraph_retaddr_entry
 * @c: filled in
 *
 * Return: false for a record too short for its type.
 */
bool lft_graph_call_read(const struct lft_rb_entry *e, const void *data,
			 struct lft_graph_call *c)
{
	const struct lft_graph_args_entry *a = data;
	unsigned int n, i = 0;

	if (e->len < sizeof(*a))
		return false;
	c->ent = a->ent;
	c->func = a->func;
	c->depth = a->depth;
	n = (e->len - sizeof(*a)) / sizeof(long);
	c->has_retaddr = a->ent.type == LFT_TRACE_GRAPH_RETADDR && n;
	if (c->has_retaddr)
		c->retaddr = a->args[i++];
	c->has_args = n - i >= LFT_FN_NARGS;
	if (c->has_args)
		memcpy(c->args, &a->args[i], sizeof(c->args));
	return true;
}

/**
 * lft_graph_rv_read() - read a graph return of either layout
 * @e: the entry's length (and time, CPU)
 * @data: the entry: funcgraph_exit
 * @r: filled in; @r->has_retval for funcgraph-retval's layout
 *
 * Return: false for a record too short for a return.
 */
bool lft_graph_rv_read(const struct lft_rb_entry *e, const void *data,
		       struct lft_graph_rv *r)
{
	const struct lft_graph_retv_entry *v = data;
	const struct lft_graph_ret_entry *k = data;

	if (e->len >= sizeof(*v)) {
		*r = (struct lft_graph_rv){ v->ent, v->func, v->depth,
			v->overrun, v->calltime, v->rettime, true, v->retval };
		return true;
	}
	if (e->len < sizeof(*k))
		return false;
	*r = (struct lft_graph_rv){ k->ent, k->func, k->depth, k->overrun,
				    k->calltime, k->rettime, false, 0 };
	return true;
}

/**
 * lft_graph_call_name() - a call's function, and its arguments
 * @s: where to print
 * @c: the call
 *
 * "func(a=1, b=0x2)" with funcgraph-args' registers, else "func()".
 */
void lft_graph_call_name(struct seq_buf *s, const struct lft_graph_call *c)
{
	seq_buf_printf(s, "%ps", (void *)c->func);
	if (c->has_args)
		lft_btf_print_args(s, c->func, c->args, LFT_FN_NARGS);
	else
		seq_buf_printf(s, "()");
}

/**
 * lft_graph_retaddr() - funcgraph-retaddr's " <-caller+0x1f/0x70"
 * @it: the reader (its array's sym-addr)
 * @s: where to print
 * @addr: the return address
 */
void lft_graph_retaddr(struct lft_print_iter *it, struct seq_buf *s,
		       unsigned long addr)
{
	seq_buf_printf(s, " <-");
	lft_print_sym(s, addr, READ_ONCE(it->tr->flags) | LFT_OPT_SYM_OFFSET);
}

/**
 * lft_graph_retval() - funcgraph-retval's " ret=0x2a"
 * @s: where to print
 * @retval: the value
 * @fl: the printer's options (funcgraph-retval-hex)
 *
 * Errors (-4095..-1, also as a 32-bit int) in decimal unless
 * funcgraph-retval-hex, everything else in hex, as upstream prints them.
 */
void lft_graph_retval(struct seq_buf *s, unsigned long retval,
		      unsigned long fl)
{
	bool hex = fl & LFT_OPT_GRAPH_RETVAL_HEX;
	unsigned long err = 0;

	if (retval && !hex) {
		if ((retval & BIT(31)) && !(retval >> 32))
			err = sign_extend64(retval, 31);
		else
			err = retval;
		if (!IS_ERR_VALUE(err))
			err = 0;
	}
	if (hex || !err)
		seq_buf_printf(s, " ret=0x%lx", retval);
	else
		seq_buf_printf(s, " ret=%ld", (long)err);
}
