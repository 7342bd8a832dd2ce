// SPDX-License-Identifier: GPL-2.0
/*
 * The kprobe_events grammar of Linux 6.1, parsed into struct lft_pb_def:
 *
 *   p[:[GRP/][EVENT]] [MOD:]SYM[+OFFS][%return]|MEMADDR [FETCHARGS]
 *   r[MAXACTIVE][:[GRP/][EVENT]] [MOD:]SYM[+0] [FETCHARGS]
 *   -:[GRP/][EVENT] [SYM [ARGS]]       (kprobe.c deletes)
 *
 * The checks run in 6.1's order and report 6.1's error with the caret
 * where 6.1 puts it: users and ftracetest read error_log. Positions count
 * in the command's words joined by single spaces, as 6.1 logs it. The
 * parser touches no probe, so KUnit can run it with fake symbols.
 */
#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "compat/btf.h"
#include "events/probe.h"
#include "events/probe_parse.h"
#include "include/lft_test_export.h"

const char *const lft_pb_err_text[LFT_PB_E_COUNT] = {
	[LFT_PB_E_MAXACT_NO_KPROBE] = LFT_PB_MAXACT_TEXT,
	[LFT_PB_E_BAD_MAXACT] = "Invalid maxactive number",
	[LFT_PB_E_MAXACT_TOO_BIG] = "Maxactive is too big",
	[LFT_PB_E_BAD_PROBE_ADDR] = "Invalid probed address or symbol",
	[LFT_PB_E_NON_UNIQ_SYMBOL] = "The symbol is not unique",
	[LFT_PB_E_BAD_RETPROBE] = "Retprobe address must be an function entry",
	[LFT_PB_E_BAD_ADDR_SUFFIX] = "Invalid probed address suffix",
	[LFT_PB_E_NO_GROUP_NAME] = "Group name is not specified",
	[LFT_PB_E_GROUP_TOO_LONG] = "Group name is too long",
	[LFT_PB_E_BAD_GROUP_NAME] = "Group name must follow the same rules as C identifiers",
	[LFT_PB_E_NO_EVENT_NAME] = "Event name is not specified",
	[LFT_PB_E_EVENT_TOO_LONG] = "Event name is too long",
	[LFT_PB_E_BAD_EVENT_NAME] = "Event name must follow the same rules as C identifiers",
	[LFT_PB_E_EVENT_EXIST] = "Given group/event name is already used by another event",
	[LFT_PB_E_RETVAL_ON_PROBE] = "$retval is not available on probe",
	[LFT_PB_E_NEED_STRING_TYPE] = "$comm and immediate-string only accepts string type",
	[LFT_PB_E_NO_BTFARG] = "This variable is not found at this probe point",
	[LFT_PB_E_NO_RETVAL] = "This function returns 'void' type",
	[LFT_PB_E_NOSUP_BTFARG] = "BTF is not available or not supported",
	[LFT_PB_E_NO_BTF_ENTRY] = "No BTF entry for this probe point",
	[LFT_PB_E_BAD_MAXACT_TYPE] = "Maxactive is only for function exit",
	[LFT_PB_E_NO_TRACEPOINT] = "Tracepoint is not found",
	[LFT_PB_E_BAD_TP_NAME] = "Invalid character in tracepoint name",
	[LFT_PB_E_NOFENTRY_ARGS] = "$arg* can be used only on function entry or exit",
	[LFT_PB_E_DOUBLE_ARGS] = "$arg* can be used only once in the parameters",
	[LFT_PB_E_ARGS_2LONG] = "$arg* failed because the argument list is too long",
	[LFT_PB_E_BAD_TYPE4STR] = "This type does not fit for string.",
	[LFT_PB_E_NO_PTR_STRCT] = "This is not a pointer to union/structure.",
	[LFT_PB_E_NOSUP_DAT_ARG] = "Non pointer structure/union argument is not supported.",
	[LFT_PB_E_BAD_HYPHEN] = "Failed to parse single hyphen. Forgot '>'?",
	[LFT_PB_E_NO_BTF_FIELD] = "This field is not found.",
	[LFT_PB_E_BAD_BTF_TID] = "Failed to get BTF type info.",
	[LFT_PB_E_BAD_STACK_NUM] = "Invalid stack number",
	[LFT_PB_E_BAD_ARG_NUM] = "Invalid argument number",
	[LFT_PB_E_BAD_VAR] = "Invalid $-variable specified",
	[LFT_PB_E_BAD_REG_NAME] = "Invalid register name",
	[LFT_PB_E_BAD_MEM_ADDR] = "Invalid memory address",
	[LFT_PB_E_BAD_IMM] = "Invalid immediate value",
	[LFT_PB_E_IMMSTR_NO_CLOSE] = "String is not closed with '\"'",
	[LFT_PB_E_FILE_ON_KPROBE] = "File offset is not available with kprobe",
	[LFT_PB_E_TOO_MANY_OPS] = "Dereference is too much nested",
	[LFT_PB_E_DEREF_NEED_BRACE] = "Dereference needs a brace",
	[LFT_PB_E_BAD_DEREF_OFFS] = "Invalid dereference offset",
	[LFT_PB_E_DEREF_OPEN_BRACE] = "Dereference brace is not closed",
	[LFT_PB_E_COMM_CANT_DEREF] = "$comm can not be dereferenced",
	[LFT_PB_E_BAD_FETCH_ARG] = "Invalid fetch argument",
	[LFT_PB_E_ARRAY_NO_CLOSE] = "Array is not closed",
	[LFT_PB_E_BAD_ARRAY_SUFFIX] = "Array has wrong suffix",
	[LFT_PB_E_BAD_ARRAY_NUM] = "Invalid array size",
	[LFT_PB_E_ARRAY_TOO_BIG] = "Array number is too big",
	[LFT_PB_E_BAD_TYPE] = "Unknown type is specified",
	[LFT_PB_E_BAD_STRING] = "String accepts only memory argument",
	[LFT_PB_E_BAD_SYMSTRING] = "Symbol String doesn't accept data/userdata",
	[LFT_PB_E_BAD_BITFIELD] = "Invalid bitfield",
	[LFT_PB_E_ARG_NAME_TOO_LONG] = "Argument name is too long",
	[LFT_PB_E_NO_ARG_NAME] = "Argument name is not specified",
	[LFT_PB_E_BAD_ARG_NAME] = "Argument name must follow the same rules as C identifiers",
	[LFT_PB_E_USED_ARG_NAME] = "This argument name is already used",
	[LFT_PB_E_ARG_TOO_LONG] = "Argument expression is too long",
	[LFT_PB_E_NO_ARG_BODY] = "No argument expression",
	[LFT_PB_E_BAD_INSN_BNDRY] = "Probe point is not an instruction boundary",
	[LFT_PB_E_FAIL_REG_PROBE] = "Failed to register probe event",
	[LFT_PB_E_DIFF_PROBE_TYPE] = "Probe type is different from existing probe",
	[LFT_PB_E_DIFF_ARG_TYPE] = "Argument type or name is different from existing probe",
	[LFT_PB_E_SAME_PROBE] = "There is already the exact same probe event",
	[LFT_PB_E_EVENT_TOO_BIG] = "Event too big (too many fields?)",
	[LFT_PB_E_NO_EVENT_INFO] = "This requires both group and event name to attach",
	[LFT_PB_E_BAD_ATTACH_EVENT] = "Attached event does not exist",
	[LFT_PB_E_BAD_ATTACH_ARG] = "Attached event does not have this field",
	[LFT_PB_E_NO_EP_FILTER] = "No filter rule after 'if'",
	[LFT_PB_E_FILE_NOT_FOUND] = "Failed to find the given file",
	[LFT_PB_E_NO_REGULAR_FILE] = "Not a regular file",
	[LFT_PB_E_BAD_REFCNT] = "Invalid reference counter offset",
	[LFT_PB_E_REFCNT_OPEN_BRACE] = "Reference counter brace is not closed",
	[LFT_PB_E_BAD_REFCNT_SUFFIX] = "Reference counter has wrong suffix",
	[LFT_PB_E_BAD_UPROBE_OFFS] = "Invalid uprobe offset",
	[LFT_PB_E_BAD_FILE_OFFS] = "Invalid file offset value",
	[LFT_PB_E_SYM_ON_UPROBE] = "Symbol is not available with uprobe",
	[LFT_PB_E_TOO_MANY_NESTED] = "Too many nested typecasts/dereferences",
	[LFT_PB_E_TYPECAST_BAD_ARROW] = "Typecast field option does not support -> operator",
	[LFT_PB_E_TYPECAST_NOT_ALIGNED] = "Typecast field option is not byte-aligned",
	[LFT_PB_E_TYPECAST_REQ_FIELD] = "Typecast requires a field access",
	[LFT_PB_E_TYPECAST_SYM_OFFSET] = "@SYM+/-OFFSET with typecast needs parentheses",
};
LFT_TEST_EXPORT(lft_pb_err_text);

/*
 * 6.1 counts a fetch in slots of a 16-entry program whose last slot ends
 * it; nesting that reaches it is "too much nested". Mirrored so the same
 * definitions are refused.
 */
#define LFT_PB_SLOTS_END	15
#define LFT_PB_MAX_STACK	(THREAD_SIZE / sizeof(unsigned long))

/* Field names the record's head already uses. */
static const char *const lft_pb_reserved[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
	"common_tgid", "common_preempt_lazy_count", "__probe_ip", "__probe_ret_ip", "__probe_func",
};

/**
 * lft_pb_err() - note a parse error for error_log
 * @w: the command, w->idx the word the error is in
 * @offs: the caret's offset in that word
 * @code: the error
 *
 * Return: -EINVAL.
 */
int lft_pb_err(struct lft_pb_words *w, int offs, int code)
{
	struct lft_pb_perr *p = w->perr;

	p->code = code;
	/* Past the last word: 6.1 puts the caret one after the end. */
	p->pos = w->idx >= w->argc ? w->len + 1 : w->start[w->idx] + offs;
	return -EINVAL;
}

static bool lft_pb_good_name(const char *name, bool sys)
{
	if (!isalpha(*name) && *name != '_' && (!sys || *name != '-'))
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_' && (!sys || *name != '-'))
			return false;
	return true;
}

/* ------------------------------------------------------ one argument */


/*
 * Whether a definition's words may name parameters from BTF: kprobes
 * where the running kernel's do (6.12), fprobes and tracepoint probes on
 * every kernel (upstream's grammar, which has them).
 */
static bool lft_pb_btf_on(const struct lft_pb_def *def)
{
	return IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) ||
	       def->kind == LFT_PB_FPROBE;
}

/*
 * Whether a return probe's $argN and parameters by name are the values
 * at the function's entry (saved then): kprobes where the kernel's do
 * (6.12), fprobes on every kernel.
 */
static bool lft_pb_ret_args(const struct lft_pb_def *def)
{
	return def->is_return && (def->kind == LFT_PB_FPROBE ||
				  (def->kind == LFT_PB_KPROBE &&
				   LFT_PB_RET_ENTRY_ARGS));
}

static int lft_pb_parse_var(struct lft_pb_argctx *c, const char *var,
			    int offs)
{
	struct lft_pb_arg *a = c->a;
	unsigned long n;
	int len;

	/*
	 * An eprobe's "$NAME" is a field of its event: eprobe.c finds it,
	 * with the caret for its error in param meanwhile.
	 */
	if (c->kind == LFT_PB_EPROBE) {
		a->field = kstrdup(var, GFP_KERNEL);
		if (!a->field)
			return -ENOMEM;
		a->base = LFT_PB_FIELD;
		a->param = offs;
		return 0;
	}
	/* Upstream's grammar: any "$retval..." (members follow it). */
	if (!strcmp(var, "retval") || (c->btf && str_has_prefix(var, "retval"))) {
		if (!c->is_return)
			return lft_pb_err(c->w, offs, LFT_PB_E_RETVAL_ON_PROBE);
		/* Kernels that type it from BTF refuse a void function's. */
		if (c->func && lft_btf_func_void(c->func)) {
			lft_pb_err(c->w, offs, LFT_PB_E_NO_RETVAL);
			return -ENOENT;
		}
		a->base = LFT_PB_RETVAL;
		return 0;
	}
	len = str_has_prefix(var, "stack");
	if (len) {
		if (!var[len]) {
			a->base = LFT_PB_STACKP;
			return 0;
		}
		if (!isdigit(var[len]) || kstrtoul(var + len, 10, &n))
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
		/* A task's stack has no such bound. */
		if (c->kind != LFT_PB_UPROBE && n > LFT_PB_MAX_STACK)
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_STACK_NUM);
		a->base = LFT_PB_STACK;
		a->param = n;
		return 0;
	}
	if (!strcmp(var, "comm") || !strcmp(var, "COMM")) {
		a->base = LFT_PB_COMM;
		return 0;
	}
	len = str_has_prefix(var, "arg");
	if (LFT_UP_ARG_NOFENTRY && len && c->kind == LFT_PB_UPROBE) {
		if (kstrtoul(var + len, 10, &n))
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
		return lft_pb_err(c->w, offs, !n || n > LFT_PB_MAX_STACK ?
				  LFT_PB_E_BAD_ARG_NUM :
				  LFT_PB_E_NOFENTRY_ARGS);
	}
	/* A return probe's: the registers' values at the entry, saved. */
	if (len && c->ret_args) {
		if (kstrtoul(var + len, 10, &n))
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
		if (!n || n > LFT_PB_MAX_STACK)
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_ARG_NUM);
		if (n > LFT_PB_EDATA_MAX)
			return lft_pb_err(c->w, offs, LFT_PB_E_NOFENTRY_ARGS);
		a->base = LFT_PB_EDATA;
		a->param = n - 1;
		return 0;
	}
	/* $argN only where the arguments are still in their registers. */
	if (len && c->at_entry && !c->is_return) {
		if (kstrtoul(var + len, 10, &n))
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
		if (!n || n > LFT_PB_MAX_STACK)
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_ARG_NUM);
		a->base = LFT_PB_ARG;
		a->param = n - 1;
		return 0;
	}
	return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
}

/**
 * lft_pb_push_deref() - one more dereference in the argument's fetch
 * @c: the argument being parsed
 * @off: the offset read at
 * @user: it reads user memory
 * @offs: the caret for an error
 *
 * Return: 0, or -EINVAL (TOO_MANY_OPS) past the program's slots.
 */
int lft_pb_push_deref(struct lft_pb_argctx *c, long off, bool user, int offs)
{
	struct lft_pb_arg *a = c->a;

	if (++c->slot == LFT_PB_SLOTS_END || a->nderef == LFT_PB_MAX_DEREF)
		return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
	a->deref[a->nderef].off = off;
	a->deref[a->nderef].user = user;
	a->deref[a->nderef].percpu = false;
	a->nderef++;
	return 0;
}

/**
 * lft_pb_push_cpu() - one more step in the argument's fetch: the value,
 *	a per-CPU pointer, becomes the address of the running CPU's copy
 *	(this_cpu_ptr())
 * @c: the argument being parsed
 * @offs: the caret for an error
 *
 * Return: 0, or -EINVAL (TOO_MANY_OPS) past the program's slots.
 */
int lft_pb_push_cpu(struct lft_pb_argctx *c, int offs)
{
	int ret = lft_pb_push_deref(c, 0, false, offs);

	if (!ret)
		c->a->deref[c->a->nderef - 1].percpu = true;
	return ret;
}

static int lft_pb_parse_fetch(struct lft_pb_argctx *c, char *arg, int offs);

/* Upstream's newest nests at most 8 casts, this_cpu_*() and dereferences. */
#define LFT_PB_MAX_NESTED	8

/*
 * One more nested level at @offs: @new for a cast or this_cpu_*(). Chains
 * of dereferences alone keep the limit they have (TOO_MANY_OPS, slots);
 * one with a cast or this_cpu_*() among its levels, upstream's newest.
 */
static int lft_pb_nest(struct lft_pb_argctx *c, int offs, bool new)
{
	if (new)
		c->nest_new = true;
	if (c->depth >= LFT_PB_MAX_NESTED && c->nest_new)
		return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_NESTED);
	c->depth++;
	return 0;
}

static bool lft_pb_is_this_cpu(const char *arg)
{
	return str_has_prefix(arg, "this_cpu_ptr(") ||
	       str_has_prefix(arg, "this_cpu_read(");
}

/*
 * What a parenthesized step holds, @arg at @offs up to its last ')', then
 * what every such step checks: a $comm or a string is no address.
 */
static int lft_pb_parse_inner(struct lft_pb_argctx *c, char *arg, int offs)
{
	struct lft_pb_arg *a = c->a;
	char *p = strrchr(arg, ')');
	int ret;

	if (!p)
		return lft_pb_err(c->w, offs + strlen(arg),
				  LFT_PB_E_DEREF_OPEN_BRACE);
	*p = '\0';
	ret = lft_pb_parse_fetch(c, arg, offs);
	if (ret)
		return ret;
	/* What memory holds there is no longer the parameter's type. */
	c->btf_var = false;
	c->btf_member = false;
	if ((a->base == LFT_PB_COMM || a->base == LFT_PB_DATA) && !a->nderef)
		return lft_pb_err(c->w, offs, LFT_PB_E_COMM_CANT_DEREF);
	return 0;
}

/*
 * "this_cpu_ptr(FETCHARG)", "this_cpu_read(FETCHARG)" (f: and t:,
 * upstream's newest): FETCHARG's value is a per-CPU pointer; the running
 * CPU's copy's address, or what that copy holds. "@SYM" inside is the
 * per-CPU variable SYM itself, not what its address holds.
 */
static int lft_pb_parse_this_cpu(struct lft_pb_argctx *c, char *arg, int offs)
{
	bool read = str_has_prefix(arg, "this_cpu_read(");
	struct lft_pb_arg *a = c->a;
	int ret;

	ret = lft_pb_nest(c, offs, true);
	if (ret)
		return ret;
	offs += read ? strlen("this_cpu_read(") : strlen("this_cpu_ptr(");
	arg += read ? strlen("this_cpu_read(") : strlen("this_cpu_ptr(");
	ret = lft_pb_parse_inner(c, arg, offs);
	if (ret)
		return ret;
	if (arg[0] == '@')
		/* Not what SYM holds: its own address, per CPU. */
		a->deref[a->nderef - 1].percpu = true;
	else
		ret = lft_pb_push_cpu(c, offs);
	if (!ret && read)
		ret = lft_pb_push_deref(c, 0, false, offs);
	return ret;
}

/* The ')' that closes the '(' at @s, or NULL. */
static char *lft_pb_close_paren(char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')' && !--depth)
			return s;
	}
	return NULL;
}

/*
 * "(STRUCT[,FIELD])INNER->FIELD...", INNER a name, "$current", "$retval",
 * "@SYM", "(FETCHARG)", "+|-OFFS(...)" or "this_cpu_*(...)" (f: and t:,
 * upstream's newest): INNER parsed, then the members it points to from
 * STRUCT's BTF (lft_pb_btf_cast()). The syntax errors and their carets
 * are upstream's.
 */
static int lft_pb_parse_cast(struct lft_pb_argctx *c, char *arg, int offs)
{
	char *cast = arg + 1, *tmp, *close, *field, *inner, *s;
	int o, io, ret;

	ret = lft_pb_nest(c, offs, true);
	if (ret)
		return ret;
	tmp = strchr(arg, ')');
	if (!tmp)
		return lft_pb_err(c->w, offs + strlen(arg),
				  LFT_PB_E_DEREF_OPEN_BRACE);
	*tmp++ = '\0';
	o = offs + (tmp - arg);
	if (tmp[0] == '(') {
		close = lft_pb_close_paren(tmp);
		if (!close)
			return lft_pb_err(c->w, o, LFT_PB_E_DEREF_OPEN_BRACE);
		if (close[1] != '-' || close[2] != '>')
			return lft_pb_err(c->w, o + (close - tmp) + 1,
					  LFT_PB_E_TYPECAST_REQ_FIELD);
		field = close + 3;
		inner = tmp + 1;
		io = o + 1;
	} else if (tmp[0] == '+' || tmp[0] == '-' || lft_pb_is_this_cpu(tmp)) {
		/* Its own parentheses, then the "->". */
		s = strchr(tmp + 1, '(');
		if (!s)
			return lft_pb_err(c->w, o, LFT_PB_E_DEREF_NEED_BRACE);
		close = lft_pb_close_paren(s);
		if (!close)
			return lft_pb_err(c->w, o + strlen(tmp),
					  LFT_PB_E_DEREF_OPEN_BRACE);
		close++;
		if (close[0] != '-' || close[1] != '>')
			return lft_pb_err(c->w, o + (close - tmp),
					  LFT_PB_E_TYPECAST_REQ_FIELD);
		field = close + 2;
		inner = tmp;
		io = o;
	} else {
		/* "@SYM+OFFS->" would be ambiguous. */
		s = tmp[0] == '@' ? strpbrk(tmp, "+-") : NULL;
		if (s && isdigit(s[1]))
			return lft_pb_err(c->w, o, LFT_PB_E_TYPECAST_SYM_OFFSET);
		close = strchr(tmp, '-');
		if (!close || close[1] != '>')
			return lft_pb_err(c->w, o + strlen(tmp),
					  LFT_PB_E_TYPECAST_REQ_FIELD);
		field = close + 2;
		inner = tmp;
		io = o;
	}
	*close = '\0';
	ret = lft_pb_parse_fetch(c, inner, io);
	if (ret)
		return ret;
	return lft_pb_btf_cast(c, cast, offs + 1, field, offs + (field - arg));
}

/* One fetch expression; nested ones recurse. @arg is modified. */
static int lft_pb_parse_fetch(struct lft_pb_argctx *c, char *arg, int offs)
{
	struct lft_pb_arg *a = c->a;
	unsigned long v;
	bool user = false;
	long off;
	char *p;
	int ret;

	/* Upstream's newest, on f: and t: only (kprobes keep their kernel's). */
	if (c->kind == LFT_PB_FPROBE) {
		if (arg[0] == '(')
			return lft_pb_parse_cast(c, arg, offs);
		if (lft_pb_is_this_cpu(arg))
			return lft_pb_parse_this_cpu(c, arg, offs);
		if (str_has_prefix(arg, "$current"))
			return lft_pb_parse_current(c, arg, offs);
	}
	switch (arg[0]) {
	case '$':
		/* Typed from BTF, members too, where names are parameters. */
		if (c->btf && c->is_return && c->func &&
		    str_has_prefix(arg, "$retval"))
			return lft_pb_parse_btf_var(c, arg, offs);
		return lft_pb_parse_var(c, arg + 1, offs);
	case '%':
		/* No registers for fprobes and eprobes. */
		if (c->kind == LFT_PB_EPROBE || c->kind == LFT_PB_FPROBE) {
			/* 6.1 logs both, at the same place. */
			c->w->perr->prev = LFT_PB_E_BAD_VAR;
			c->w->perr->prev_pos = c->w->start[c->w->idx] + offs;
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_FETCH_ARG);
		}
		ret = lft_pb_reg_offset(arg + 1);
		if (ret < 0)
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_REG_NAME);
		a->base = LFT_PB_REG;
		a->param = ret;
		return 0;
	case '@':
		if (arg[1] == '+' && c->kind != LFT_PB_UPROBE)
			return lft_pb_err(c->w, offs, LFT_PB_E_FILE_ON_KPROBE);
		/* uprobes: no kernel symbols */
		if (arg[1] != '+' && !isdigit(arg[1]) &&
		    c->kind == LFT_PB_UPROBE)
			return lft_pb_err(c->w, offs, LFT_PB_E_SYM_ON_UPROBE);
		if (arg[1] == '+') {
			/* Where the file is mapped, found at each hit. */
			if (kstrtol(arg + 2, 0, &off))
				return lft_pb_err(c->w, offs,
						  LFT_PB_E_BAD_FILE_OFFS);
			a->base = LFT_PB_FOFFS;
			a->param = off;
		} else if (isdigit(arg[1])) {
			if (kstrtoul(arg + 1, 0, &v))
				return lft_pb_err(c->w, offs, LFT_PB_E_BAD_MEM_ADDR);
			a->base = LFT_PB_IMM;
			a->param = v;
		} else {
			/* Resolved when the probe is registered, as in 6.1. */
			a->sym = kstrdup(arg + 1, GFP_KERNEL);
			if (!a->sym)
				return -ENOMEM;
			a->base = LFT_PB_IMM;
			if (++c->slot == LFT_PB_SLOTS_END)
				return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
		}
		return lft_pb_push_deref(c, 0, false, offs);
	case '+':
	case '-':
		/* 6.1 folds "u" away first; its caret arithmetic follows. */
		if (arg[1] == 'u') {
			user = true;
			arg[1] = arg[0];
			arg++;
		}
		ret = lft_pb_nest(c, offs, false);
		if (ret)
			return ret;
		if (arg[0] == '+')
			arg++;
		p = strchr(arg, '(');
		if (!p)
			return lft_pb_err(c->w, offs, LFT_PB_E_DEREF_NEED_BRACE);
		*p = '\0';
		if (kstrtol(arg, 0, &off))
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_DEREF_OFFS);
		offs += (p + 1 - arg) + (arg[0] != '-' ? 1 : 0);
		c->inner = offs;
		ret = lft_pb_parse_inner(c, p + 1, offs);
		if (ret)
			return ret;
		return lft_pb_push_deref(c, off, user, offs);
	case '\\':
		if (arg[1] == '"') {
			size_t len = strlen(arg + 2);

			if (!len || arg[2 + len - 1] != '"')
				return lft_pb_err(c->w, offs + 2 + len,
						  LFT_PB_E_IMMSTR_NO_CLOSE);
			a->sym = kstrndup(arg + 2, len - 1, GFP_KERNEL);
			if (!a->sym)
				return -ENOMEM;
			a->base = LFT_PB_DATA;
			a->param = (unsigned long)a->sym;
			return 0;
		}
		if (isdigit(arg[1]))
			ret = kstrtoul(arg + 1, 0, &v);
		else if (arg[1] == '-')
			ret = kstrtol(arg + 1, 0, (long *)&v);
		else if (arg[1] == '+')
			ret = kstrtol(arg + 2, 0, (long *)&v);
		else
			ret = -EINVAL;
		if (ret)
			return lft_pb_err(c->w, offs + 1, LFT_PB_E_BAD_IMM);
		a->base = LFT_PB_IMM;
		a->param = v;
		return 0;
	}
	if (c->btf && (isalpha(arg[0]) || arg[0] == '_'))
		return lft_pb_parse_btf_var(c, arg, offs);
	return lft_pb_err(c->w, offs, LFT_PB_E_BAD_FETCH_ARG);
}

/* A number at @s as 6.1 reads it here (base prefixes, stops at junk). */
static unsigned long lft_pb_num(const char *s, char **end)
{
	unsigned long v = 0;
	unsigned int base = 10, d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit(s[2])) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (; isxdigit(*s); s++) {
		d = isdigit(*s) ? *s - '0' : tolower(*s) - 'a' + 10;
		if (d >= base)
			break;
		v = v * base + d;
	}
	*end = (char *)s;
	return v;
}

/* "b<width>@<offset>/<size>", its size already checked by the type. */
static int lft_pb_parse_bitfield(struct lft_pb_argctx *c, const char *t)
{
	struct lft_pb_arg *a = c->a;
	unsigned long bw, bo;
	char *tail;

	bw = lft_pb_num(t + 1, &tail);
	if (!bw || *tail != '@')
		return -EINVAL;
	t = tail + 1;
	bo = lft_pb_num(t, &tail);
	if (tail == t || *tail != '/')
		return -EINVAL;
	if (++c->slot >= LFT_PB_SLOTS_END)
		return -EINVAL;
	if (a->type->size * 8 < bw + bo)
		return -EINVAL;
	a->bf_width = bw;
	a->bf_off = bo;
	return 0;
}

/*
 * The last step: what the record keeps of the fetched value. @toffs: the
 * type's place in the word; @ptoffs: where 6.12 puts the caret at it for
 * what it checks after the fetch is parsed.
 */
static int lft_pb_set_store(struct lft_pb_argctx *c, int offs, int toffs,
			    int ptoffs)
{
	struct lft_pb_arg *a = c->a;
	/* A last this_cpu_ptr() step reads nothing: the value is stored. */
	bool deref = a->nderef > 0 && !a->deref[a->nderef - 1].percpu;

	/*
	 * symstr: the value itself, from a register, the stack, an
	 * argument, $retval, a field or kernel memory, is what the symbol
	 * is looked up for: no dereference becomes the last step.
	 */
	if (a->type->sym) {
		bool value = a->base == LFT_PB_REG || a->base == LFT_PB_STACK ||
			     a->base == LFT_PB_RETVAL || a->base == LFT_PB_ARG ||
			     a->base == LFT_PB_FIELD;

		if (deref ? a->deref[a->nderef - 1].user : !value)
			return lft_pb_err(c->w, ptoffs, LFT_PB_E_BAD_SYMSTRING);
		if (++c->slot >= LFT_PB_SLOTS_END)
			return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
		a->loc = LFT_PB_LOC_VALUE;
		return 0;
	}
	if (a->type->kind == LFT_PB_STRING) {
		bool direct = a->base == LFT_PB_IMM || a->base == LFT_PB_COMM ||
			      a->base == LFT_PB_DATA || a->base == LFT_PB_FIELD;

		if (!deref && !direct)
			return lft_pb_err(c->w, toffs, LFT_PB_E_BAD_STRING);
		if ((!deref || a->count) && ++c->slot >= LFT_PB_SLOTS_END)
			return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
	} else if (!deref && ++c->slot >= LFT_PB_SLOTS_END) {
		return lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
	}
	if (!deref) {
		a->loc = LFT_PB_LOC_VALUE;
		return 0;
	}
	/* The last dereference reads the value (or a string's pointers). */
	a->nderef--;
	a->loc_off = a->deref[a->nderef].off;
	a->loc_user = a->deref[a->nderef].user;
	a->loc = a->type->kind == LFT_PB_STRING && a->count ?
		 LFT_PB_LOC_PTRS : LFT_PB_LOC_MEM;
	return 0;
}

/* ARG[:TYPE[[N]]], @offs its place in its word. */
static int lft_pb_parse_body(struct lft_pb_argctx *c, const char *body,
			     int offs, unsigned int *size)
{
	struct lft_pb_arg *a = c->a;
	char *arg, *t, *t2, *t3;
	int ret = -EINVAL, toffs, ptoffs;
	size_t len = strlen(body);
	struct lft_btf_param p;

	if (len > LFT_PB_ARGSTR_LEN)
		return lft_pb_err(c->w, offs, LFT_PB_E_ARG_TOO_LONG);
	if (!len)
		return lft_pb_err(c->w, offs, LFT_PB_E_NO_ARG_BODY);
	a->comm = kstrdup(body, GFP_KERNEL);
	arg = kstrdup(body, GFP_KERNEL);
	if (!a->comm || !arg) {
		kfree(arg);
		return -ENOMEM;
	}
	t = strchr(arg, ':');
	if (t) {
		*t++ = '\0';
		t2 = strchr(t, '[');
		if (t2) {
			*t2++ = '\0';
			t3 = strchr(t2, ']');
			if (!t3) {
				ret = lft_pb_err(c->w, offs + t2 + strlen(t2) - arg,
						 LFT_PB_E_ARRAY_NO_CLOSE);
				goto out;
			}
			if (t3[1]) {
				ret = lft_pb_err(c->w, offs + t3 + 1 - arg,
						 LFT_PB_E_BAD_ARRAY_SUFFIX);
				goto out;
			}
			*t3 = '\0';
			if (kstrtouint(t2, 0, &a->count) || !a->count) {
				ret = lft_pb_err(c->w, offs + t2 - arg,
						 LFT_PB_E_BAD_ARRAY_NUM);
				goto out;
			}
			if (a->count > LFT_PB_ARRAY_MAX) {
				ret = lft_pb_err(c->w, offs + t2 - arg,
						 LFT_PB_E_ARRAY_TOO_BIG);
				goto out;
			}
		}
	}
	toffs = offs + (t ? t - arg : 0);
	/* An eprobe's "$comm" may be a field: no special case. */
	if (c->kind != LFT_PB_EPROBE &&
	    (!strcmp(arg, "$comm") || !strcmp(arg, "$COMM") ||
	     !strncmp(arg, "\\\"", 2))) {
		/* 6.1 refuses other types here without a log line. */
		if (a->count || (t && strcmp(t, "string"))) {
			if (LFT_PB_COMM_TYPE_LOGGED)
				lft_pb_err(c->w, toffs, LFT_PB_E_NEED_STRING_TYPE);
			goto out;
		}
		a->type = lft_pb_find_type("string");
	} else if (!t && c->func && !strcmp(arg, "$retval")) {
		/* Typed from BTF where the kernel's probes do so (6.12). */
		a->type = lft_pb_find_type(lft_btf_func_ret(c->func));
	} else if (!t && c->btf_func && !lft_btf_func_param(c->btf_func, arg,
							       0, &p)) {
		a->type = lft_pb_find_type(p.type);
	} else {
		a->type = lft_pb_find_type(t);
	}
	/* A uprobe cannot look a symbol up for the task's values. */
	if (LFT_UP_NO_SYMBOL && a->type && c->kind == LFT_PB_UPROBE &&
	    (a->type->sym || a->type->kind == LFT_PB_SYMBOL))
		a->type = NULL;
	if (!a->type) {
		ret = lft_pb_err(c->w, toffs, LFT_PB_E_BAD_TYPE);
		goto out;
	}
	a->offset = *size;
	*size += a->type->size * (a->count ?: 1);
	if (*size > LFT_PB_ARGS_MAX_SIZE) {
		lft_pb_err(c->w, offs, LFT_PB_E_EVENT_TOO_BIG);
		ret = -E2BIG;
		goto out;
	}
	c->inner = offs;
	ret = lft_pb_parse_fetch(c, arg, offs);
	/*
	 * What is found wrong after the fetch is parsed: 6.12's caret is
	 * at the type, counted from where the innermost fetch starts.
	 */
	ptoffs = LFT_PB_CARET_INNER ? toffs + c->inner - offs : toffs;
	/* A member untyped: typed from BTF, so sized only now. */
	if (!ret && !t && c->btf_member) {
		a->type = lft_pb_find_type(c->btf_type);
		*size = a->offset + a->type->size;
		if (*size > LFT_PB_ARGS_MAX_SIZE) {
			lft_pb_err(c->w, offs, LFT_PB_E_EVENT_TOO_BIG);
			ret = -E2BIG;
			goto out;
		}
	}
	/*
	 * A string from a parameter or member that points to char: read
	 * through it; an array of bytes is read in place.
	 */
	if (!ret && c->btf_var && a->type->kind == LFT_PB_STRING &&
	    !a->type->sym && !c->btf_char_array)
		ret = c->btf_char_ptr ?
		      lft_pb_push_deref(c, 0, a->type->user, offs) :
		      lft_pb_err(c->w, c->btf_member ? c->btf_offs : offs,
				 LFT_PB_E_BAD_TYPE4STR);
	if (!ret)
		ret = lft_pb_set_store(c, offs, toffs, ptoffs);
	if (!ret && t && t[0] == 'b' && lft_pb_parse_bitfield(c, t))
		ret = lft_pb_err(c->w, toffs, LFT_PB_E_BAD_BITFIELD);
	/* An untyped bitfield member: through its container, as 6.12. */
	if (!ret && !t && c->btf_member && c->btf_bitsize &&
	    (c->btf_bitsize % 8 || c->btf_bitoff)) {
		if (++c->slot >= LFT_PB_SLOTS_END)
			ret = lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
		a->bf_width = c->btf_bitsize;
		a->bf_off = c->btf_bitoff;
	}
	if (!ret && a->count) {
		if (a->loc == LFT_PB_LOC_VALUE)
			ret = lft_pb_err(c->w, ptoffs, LFT_PB_E_BAD_STRING);
		else if (++c->slot >= LFT_PB_SLOTS_END)
			ret = lft_pb_err(c->w, offs, LFT_PB_E_TOO_MANY_OPS);
	}
out:
	kfree(arg);
	return ret;
}

/* The N of a whole word "$argN[:TYPE]", else 0. */
static unsigned int lft_pb_argn(const char *text)
{
	unsigned int n;
	char num[12];
	size_t len;

	if (!str_has_prefix(text, "$arg") || !isdigit(text[4]))
		return 0;
	len = strcspn(text + 4, ":");
	if (len >= sizeof(num))
		return 0;
	memcpy(num, text + 4, len);
	num[len] = '\0';
	return kstrtouint(num, 10, &n) ? 0 : n;
}

/* The function a probe at its entry or exit is on, for BTF (MOD:SYM's SYM). */
static const char *lft_pb_btf_func(const struct lft_pb_def *def)
{
	const char *func;

	if (def->btf)
		return def->btf;
	if (!lft_pb_btf_on(def) || !def->symbol || def->offset)
		return NULL;
	func = strchr(def->symbol, ':');
	return func ? func + 1 : def->symbol;
}

/*
 * An unnamed argument's name: "argN", or where kernels name arguments
 * from BTF (6.12), the text before any ':' if it makes a name (a
 * parameter's name).
 */
static char *lft_pb_arg_name(const struct lft_pb_def *def, const char *text,
			     unsigned int i)
{
	char *name;

	if (lft_pb_btf_on(def)) {
		name = kstrndup(text, strcspn(text, ":"), GFP_KERNEL);
		if (name && *name && lft_pb_good_name(name, false))
			return name;
		kfree(name);
	}
	return kasprintf(GFP_KERNEL, "arg%u", i + 1);
}

/* [NAME=]BODY, the @i-th argument. */
/**
 * lft_pb_parse_arg() - parse one argument, [NAME=]FETCHARG[:TYPE]
 * @w: the command, w->idx the argument's word
 * @def: the definition: its kind, and the arguments before this one
 * @i: the argument's index in def->args (def->nargs becomes @i + 1)
 * @text: the argument's text
 * @at_entry: a kprobe at a function's entry ($argN are there)
 *
 * Return: 0, or a negative errno with the error noted in w->perr.
 */
int lft_pb_parse_arg(struct lft_pb_words *w, struct lft_pb_def *def,
		     unsigned int i, const char *text, bool at_entry)
{
	struct lft_pb_arg *a = &def->args[i];
	struct lft_pb_argctx c = { .w = w, .a = a, .is_return = def->is_return,
				   .at_entry = at_entry, .kind = def->kind,
				   .btf = lft_pb_btf_on(def),
				   .ret_args = lft_pb_ret_args(def) };
	const char *body = strchr(text, '=');
	const char *func = lft_pb_btf_func(def);
	unsigned int j, n;
	int np, ret;

	if (def->is_return)
		c.func = func;
	if (at_entry && (!def->is_return || c.ret_args))
		c.btf_func = func;
	def->nargs++;	/* so that a failed one is freed too */
	/*
	 * A return probe's "$argN" past the function's BTF parameters is an
	 * error (entry probes' were turned into names: lft_pb_expand()).
	 */
	n = c.func ? lft_pb_argn(text) : 0;
	if (n) {
		np = lft_btf_func_nparams(func);
		if (np >= 0 && n > np)
			return lft_pb_err(w, 0, LFT_PB_E_NO_BTFARG);
	}
	if (body) {
		if (body - text > LFT_PB_ARGNAME_LEN)
			return lft_pb_err(w, 0, LFT_PB_E_ARG_NAME_TOO_LONG);
		if (body == text)
			return lft_pb_err(w, 0, LFT_PB_E_NO_ARG_NAME);
		a->name = kstrndup(text, body - text, GFP_KERNEL);
		body++;
	} else {
		a->name = lft_pb_arg_name(def, text, i);
		body = text;
	}
	if (!a->name)
		return -ENOMEM;
	if (!lft_pb_good_name(a->name, false))
		return lft_pb_err(w, 0, LFT_PB_E_BAD_ARG_NAME);
	for (j = 0; j < ARRAY_SIZE(lft_pb_reserved); j++)
		if (!strcmp(a->name, lft_pb_reserved[j]))
			return lft_pb_err(w, 0, LFT_PB_E_USED_ARG_NAME);
	for (j = 0; j < i; j++)
		if (!strcmp(a->name, def->args[j].name))
			return lft_pb_err(w, 0, LFT_PB_E_USED_ARG_NAME);
	ret = lft_pb_parse_body(&c, body, body - text, &def->size);
	if (!ret && a->base == LFT_PB_EDATA)
		def->edata = true;
	return ret;
}

/* ------------------------------------------------------ the command */

/**
 * lft_pb_split() - split a command in words, as 6.1 does (any run of
 *	white space)
 * @line: the command
 * @w: the words (lft_pb_words_free())
 *
 * Return: 0 or -ENOMEM.
 */
int lft_pb_split(const char *line, struct lft_pb_words *w)
{
	char *copy, *p, *word;
	unsigned int n = 0, pos = 0;

	copy = kstrdup(line, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	for (p = copy; *p; ) {
		while (isspace(*p))
			p++;
		if (!*p)
			break;
		n++;
		while (*p && !isspace(*p))
			p++;
	}
	w->argv = kcalloc(n + 1, sizeof(*w->argv), GFP_KERNEL);
	w->start = kcalloc(n + 1, sizeof(*w->start), GFP_KERNEL);
	if (!w->argv || !w->start) {
		kfree(w->argv);
		kfree(w->start);
		kfree(copy);
		return -ENOMEM;
	}
	p = copy;
	w->copy = copy;
	w->argc = 0;
	while ((word = strsep(&p, " \t\n\r\v\f"))) {
		if (!*word)
			continue;
		w->start[w->argc] = pos;
		w->argv[w->argc++] = word;
		pos += strlen(word) + 1;
	}
	w->len = pos ? pos - 1 : 0;
	return 0;
}

/**
 * lft_pb_words_free() - free what lft_pb_split() made
 * @w: the words
 */
void lft_pb_words_free(struct lft_pb_words *w)
{
	kfree(w->copy);
	kfree(w->argv);
	kfree(w->start);
}

/**
 * lft_pb_join() - the command as 6.1 logs it, words joined by a space
 * @w: the words
 *
 * Return: the text (kfree()), or NULL without memory.
 */
char *lft_pb_join(struct lft_pb_words *w)
{
	char *s = kzalloc(w->len + 1, GFP_KERNEL);
	int i;

	if (!s)
		return NULL;
	for (i = 0; i < w->argc; i++) {
		strcpy(s + w->start[i], w->argv[i]);
		if (i + 1 < w->argc)
			s[w->start[i + 1] - 1] = ' ';
	}
	return s;
}

/**
 * lft_pb_parse_gname() - [GROUP/|GROUP.]EVENT, checked as 6.1 does
 * @w: the command, w->idx the name's word
 * @group: LFT_PB_NAME_LEN bytes, the group when one is given (else kept)
 * @event: LFT_PB_NAME_LEN bytes, the event ("" when only a group is)
 * @text: the name's text
 * @offs: its offset in its word
 *
 * Return: 0, or -EINVAL with the error noted.
 */
int lft_pb_parse_gname(struct lft_pb_words *w, char *group, char *event,
		       const char *text, int offs)
{
	const char *slash = strchr(text, '/');
	size_t len;

	if (!slash)
		slash = strchr(text, '.');
	if (slash) {
		if (slash == text)
			return lft_pb_err(w, offs, LFT_PB_E_NO_GROUP_NAME);
		if (slash - text + 1 > LFT_PB_NAME_LEN)
			return lft_pb_err(w, offs, LFT_PB_E_GROUP_TOO_LONG);
		strscpy(group, text, slash - text + 1);
		if (!lft_pb_good_name(group, true))
			return lft_pb_err(w, offs, LFT_PB_E_BAD_GROUP_NAME);
		offs += slash - text + 1;
		text = slash + 1;
	}
	len = strlen(text);
	if (!len)
		return slash ? 0 : lft_pb_err(w, offs, LFT_PB_E_NO_EVENT_NAME);
	if (len >= LFT_PB_NAME_LEN)
		return lft_pb_err(w, offs, LFT_PB_E_EVENT_TOO_LONG);
	if (!lft_pb_good_name(text, false))
		return lft_pb_err(w, offs, LFT_PB_E_BAD_EVENT_NAME);
	strscpy(event, text, LFT_PB_NAME_LEN);
	return 0;
}

/* [GRP/]EVENT after "p:", at @offs in word 0. */
static int lft_pb_parse_name(struct lft_pb_words *w, struct lft_pb_def *def,
			     const char *event, int offs)
{
	return lft_pb_parse_gname(w, def->group, def->event, event, offs);
}

/* The probed place: an address, or [MOD:]SYM[+OFFS][%return]. */
static int lft_pb_parse_place(struct lft_pb_words *w, struct lft_pb_def *def,
			      const struct lft_pb_symcheck *sc, bool *at_entry)
{
	char *sym, *p;
	long offs = 0;
	int ret;

	*at_entry = false;
	if (!kstrtoul(w->argv[1], 0, &def->addr))
		return 0;
	w->idx = 1;
	/* A uprobe's PATH:OFFS: not ours (the next kind is tried). */
	if (strchr(w->argv[1], '/') && strchr(w->argv[1], ':'))
		return -ECANCELED;
	sym = kstrdup(w->argv[1], GFP_KERNEL);
	if (!sym)
		return -ENOMEM;
	def->symbol = sym;
	p = strchr(sym, '%');
	if (p) {
		if (strcmp(p, "%return"))
			return lft_pb_err(w, p - sym, LFT_PB_E_BAD_ADDR_SUFFIX);
		*p = '\0';
		def->is_return = true;
	}
	p = strpbrk(sym, "+-");
	if (p) {
		if (kstrtol(p, 0, &offs) || offs < 0 || offs > UINT_MAX)
			return lft_pb_err(w, 0, LFT_PB_E_BAD_PROBE_ADDR);
		*p = '\0';
	}
	def->offset = offs;
	ret = sc->entry(sym, offs);
	*at_entry = ret == 1;
	if (!ret && def->is_return)
		return lft_pb_err(w, 0, LFT_PB_E_BAD_RETPROBE);
	if (!strchr(sym, ':')) {
		unsigned int n = sc->count(sym);

		if (n > 1) {
			lft_pb_err(w, 0, LFT_PB_E_NON_UNIQ_SYMBOL);
			return -EADDRNOTAVAIL;
		}
		if (!n) {
			lft_pb_err(w, 0, LFT_PB_E_BAD_PROBE_ADDR);
			return -ENOENT;
		}
	}
	return 0;
}

/* rN: the return probe's maxactive. */
static int lft_pb_parse_maxact(struct lft_pb_words *w, struct lft_pb_def *def,
			       const char *event)
{
	const char *s = &w->argv[0][1];
	char buf[LFT_PB_NAME_LEN];
	size_t len;

	if (!isdigit(*s))
		return 0;
	if (!def->is_return)
		return lft_pb_err(w, 1, LFT_PB_E_MAXACT_NO_KPROBE);
	len = event ? event - s - 1 : strlen(s);
	if (len > LFT_PB_NAME_LEN - 1)
		return lft_pb_err(w, 1, LFT_PB_E_BAD_MAXACT);
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (kstrtouint(buf, 0, &def->maxactive) || !def->maxactive)
		return lft_pb_err(w, 1, LFT_PB_E_BAD_MAXACT);
	if (def->maxactive > LFT_PB_MAXACT_MAX)
		return lft_pb_err(w, 1, LFT_PB_E_MAXACT_TOO_BIG);
	return 0;
}

static void lft_pb_default_name(struct lft_pb_def *def)
{
	char *p;

	if (def->symbol)
		snprintf(def->event, LFT_PB_NAME_LEN, "%c_%s_%lu",
			 def->is_return ? 'r' : 'p', def->symbol, def->offset);
	else
		snprintf(def->event, LFT_PB_NAME_LEN, "%c_0x%p",
			 def->is_return ? 'r' : 'p', (void *)def->addr);
	/* As 6.1: the first character is never replaced. */
	for (p = def->event + 1; *p; p++)
		if (*p == ':' || *p == '.')
			*p = '_';
}

/* The arguments' words after "$arg" words are expanded. */
struct lft_pb_args {
	unsigned int n;
	const char *text[LFT_PB_MAX_ARGS];
	unsigned int word[LFT_PB_MAX_ARGS];	/* where each came from */
	char names[LFT_PB_BTF_ARGS_LEN];	/* the expansions' text */
	unsigned int used;
	char *dtext[LFT_PB_MAX_ARGS];		/* :%pd, :%pD turned to fetches */
};

/*
 * "[NAME=]FETCH:%pd" (a struct dentry *) and ":%pD" (a struct file *),
 * where the kernel's probes take them (6.12; fprobes always): the name
 * string read through the structures, as that kernel rewrites them.
 */
static int lft_pb_expand_dentry(const struct lft_pb_def *def,
				struct lft_pb_args *x)
{
	unsigned int i;

	if (def->kind != LFT_PB_FPROBE &&
	    (def->kind != LFT_PB_KPROBE || !LFT_PB_DENTRY_ARGS))
		return 0;
	for (i = 0; i < x->n; i++) {
		const char *t = x->text[i], *eq = strchr(t, '=');
		size_t len = strlen(t);
		const char *body = eq ? eq + 1 : t;
		int nlen = eq ? eq - t + 1 : 0;
		int blen = t + len - 4 - body;

		if (len < 4 || strncmp(t + len - 4, ":%p", 3) ||
		    (t[len - 1] != 'd' && t[len - 1] != 'D') || blen < 0)
			continue;
		if (t[len - 1] == 'd')
			x->dtext[i] = kasprintf(GFP_KERNEL,
						"%.*s+0x0(+0x%zx(%.*s)):string",
						nlen, t,
						offsetof(struct dentry, d_name.name),
						blen, body);
		else
			x->dtext[i] = kasprintf(GFP_KERNEL,
						"%.*s+0x0(+0x%zx(+0x%zx(%.*s))):string",
						nlen, t,
						offsetof(struct dentry, d_name.name),
						offsetof(struct file, f_path.dentry),
						blen, body);
		if (!x->dtext[i])
			return -ENOMEM;
		x->text[i] = x->dtext[i];
	}
	return 0;
}

static int lft_pb_args_add(struct lft_pb_args *x, const char *text,
			   unsigned int word)
{
	if (x->n == LFT_PB_MAX_ARGS)
		return LFT_PB_ARGS_E2BIG ? -E2BIG : 0;
	x->text[x->n] = text;
	x->word[x->n++] = word;
	return 0;
}

/* The @idx-th parameter's name and @type ("" or ":TYPE...") in @x. */
static int lft_pb_args_add_param(struct lft_pb_words *w, struct lft_pb_args *x,
				 const char *func, unsigned int idx,
				 const char *type)
{
	struct lft_btf_param p;
	char *at = x->names + x->used;
	size_t room = sizeof(x->names) - x->used;
	int len;

	if (lft_btf_func_param(func, NULL, idx, &p)) {
		lft_pb_err(w, 0, LFT_PB_E_NO_BTFARG);
		return -ENOENT;
	}
	len = snprintf(at, room, "%s%s", p.name, type);
	if (len >= room) {
		lft_pb_err(w, 0, LFT_PB_E_ARGS_2LONG);
		return -E2BIG;
	}
	x->used += len + 1;
	return lft_pb_args_add(x, at, w->idx);
}

/*
 * Kernels that name arguments from BTF (6.12) first turn a word
 * "$argN[:TYPE]" into the Nth parameter's name (and the type), and
 * "$arg*" into every parameter's name, at a function's entry; "$arg"
 * words are refused where the probe is at neither its entry nor its exit.
 * A return probe's are left as they are (their values would be saved at
 * entry, which is not done).
 */
static int lft_pb_expand(struct lft_pb_words *w, struct lft_pb_def *def,
			 bool at_entry, struct lft_pb_args *x)
{
	const char *func = at_entry && (!def->is_return ||
					lft_pb_ret_args(def)) ?
			   lft_pb_btf_func(def) : NULL;
	unsigned int i, n, star = 0, found = 0;
	const char *type;
	int np, ret;

	for (i = 2; lft_pb_btf_on(def) && i < w->argc; i++) {
		if (!str_has_prefix(w->argv[i], "$arg"))
			continue;
		w->idx = i;
		if (!at_entry && !def->is_return)
			return lft_pb_err(w, 0, LFT_PB_E_NOFENTRY_ARGS);
		found = i;
		if (isdigit(w->argv[i][4]))
			continue;
		if (w->argv[i][4] != '*')
			return lft_pb_err(w, 0, LFT_PB_E_BAD_VAR);
		if (star)
			return lft_pb_err(w, 0, LFT_PB_E_DOUBLE_ARGS);
		star = i;
	}
	np = found && func ? lft_btf_func_nparams(func) : 0;
	if (np <= 0 && star) {
		/* The caret at the last "$arg" word, as 6.12's. */
		w->idx = found;
		lft_pb_err(w, 0, LFT_PB_E_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	}
	for (i = 2; i < w->argc; i++) {
		w->idx = i;
		if (np <= 0 || !str_has_prefix(w->argv[i], "$arg")) {
			ret = lft_pb_args_add(x, w->argv[i], i);
		} else if (i == star) {
			for (n = 0, ret = 0; n < np && !ret; n++)
				ret = lft_pb_args_add_param(w, x, func, n, "");
		} else {
			/* The digits after "$arg", then what 6.12 lets follow. */
			for (n = 0, type = w->argv[i] + 4; isdigit(*type); type++)
				n = min(n * 10 + (*type - '0'), 1000U);
			if (*type && *type != ':') {
				lft_pb_err(w, 0, LFT_PB_E_BAD_VAR);
				return -ENOENT;
			}
			if (!n)
				return lft_pb_err(w, 0, LFT_PB_E_BAD_ARG_NUM);
			ret = lft_pb_args_add_param(w, x, func, n - 1, type);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int lft_pb_parse_words(struct lft_pb_words *w, struct lft_pb_def *def,
			      const struct lft_pb_symcheck *sc)
{
	const char *event;
	bool at_entry;
	int ret;

	event = strchr(&w->argv[0][1], ':');
	if (event)
		event++;
	ret = lft_pb_parse_maxact(w, def, event);
	if (!ret)
		ret = lft_pb_parse_place(w, def, sc, &at_entry);
	if (ret)
		return ret;
	w->idx = 0;
	strscpy(def->group, LFT_PB_GROUP, LFT_PB_NAME_LEN);
	if (event) {
		ret = lft_pb_parse_name(w, def, event, event - w->argv[0]);
		if (ret)
			return ret;
	}
	if (!def->event[0])
		lft_pb_default_name(def);
	return lft_pb_parse_args(w, def, at_entry);
}

/**
 * lft_pb_parse_args() - a definition's arguments, words 2 on: "$arg"
 *	words expanded where BTF names parameters, then each parsed
 * @w: the command
 * @def: the definition, its place parsed (what BTF is looked up for)
 * @at_entry: the probe is at a function's entry ($argN are there)
 *
 * Return: 0, or a negative errno with the error noted in w->perr.
 */
int lft_pb_parse_args(struct lft_pb_words *w, struct lft_pb_def *def,
		      bool at_entry)
{
	struct lft_pb_args *x;
	unsigned int i;
	int ret;

	x = kzalloc(sizeof(*x), GFP_KERNEL);
	if (!x)
		return -ENOMEM;
	ret = lft_pb_expand(w, def, at_entry, x);
	if (!ret)
		ret = lft_pb_expand_dentry(def, x);
	if (ret)
		goto out;
	ret = -ENOMEM;
	def->args = kcalloc(x->n ?: 1, sizeof(*def->args), GFP_KERNEL);
	if (!def->args)
		goto out;
	ret = 0;
	for (i = 0; i < x->n && !ret; i++) {
		w->idx = x->word[i];
		ret = lft_pb_parse_arg(w, def, i, x->text[i], at_entry);
		if (!ret && def->args[i].type->kind == LFT_PB_STRING)
			def->dynamic = true;
	}
out:
	for (i = 0; i < x->n; i++)
		kfree(x->dtext[i]);
	kfree(x);
	return ret;
}

/**
 * lft_pb_parse() - parse one kprobe definition
 * @line: the line, comment removed
 * @sc: symbol lookups
 * @perr: on return, the error's code and caret, and the command as the
 *	error_log shows it (kfree() perr->cmd; NULL when there are no words)
 *
 * Return: the definition (lft_pb_def_free()), or an ERR_PTR: -ECANCELED
 * for a line that is not a kprobe's (another kind's, or too short), -EINVAL
 * for bad syntax (perr->code says which, or LFT_PB_E_NONE where 6.1 logs
 * nothing), -ENOENT or -EADDRNOTAVAIL for a missing or ambiguous symbol,
 * -E2BIG, -ENOMEM.
 */
struct lft_pb_def *lft_pb_parse(const char *line,
				const struct lft_pb_symcheck *sc,
				struct lft_pb_perr *perr)
{
	struct lft_pb_words w = { .perr = perr };
	struct lft_pb_def *def;
	int ret;

	memset(perr, 0, sizeof(*perr));
	ret = lft_pb_split(line, &w);
	if (ret)
		return ERR_PTR(ret);
	/* Not a kprobe's line: another kind of dynamic event may take it. */
	ret = -ECANCELED;
	if (w.argc < 2 || (w.argv[0][0] != 'p' && w.argv[0][0] != 'r'))
		goto out_words;
	perr->cmd = lft_pb_join(&w);
	def = kzalloc(sizeof(*def), GFP_KERNEL);
	if (!perr->cmd || !def) {
		kfree(def);
		ret = -ENOMEM;
		goto out_words;
	}
	def->is_return = w.argv[0][0] == 'r';
	ret = lft_pb_parse_words(&w, def, sc);
	lft_pb_words_free(&w);
	if (ret) {
		lft_pb_def_free(def);
		return ERR_PTR(ret);
	}
	return def;
out_words:
	lft_pb_words_free(&w);
	return ERR_PTR(ret);
}
LFT_TEST_EXPORT(lft_pb_parse);

/**
 * lft_pb_def_free() - free a definition
 * @def: from lft_pb_parse(), or NULL
 */
void lft_pb_def_free(struct lft_pb_def *def)
{
	unsigned int i;

	if (!def)
		return;
	for (i = 0; i < def->nargs; i++) {
		kfree(def->args[i].name);
		kfree(def->args[i].comm);
		kfree(def->args[i].sym);
		kfree(def->args[i].field);
	}
	kfree(def->args);
	kfree(def->symbol);
	kfree(def->filter);
	kfree(def->path);
	kfree(def->btf);
	kfree(def);
}
LFT_TEST_EXPORT(lft_pb_def_free);

/**
 * lft_pb_diff_arg() - where two definitions' arguments stop matching, as
 *	6.1 compares a probe appended to an event with the event's
 * @a: the new definition
 * @b: the event's
 *
 * Return: the first argument (1-based) whose name, type or array length
 * differs, or where one of them has no more arguments; 0 if none.
 */
unsigned int lft_pb_diff_arg(const struct lft_pb_def *a,
			     const struct lft_pb_def *b)
{
	unsigned int i;

	if (a->nargs != b->nargs)
		return min(a->nargs, b->nargs) + 1;
	for (i = 0; i < a->nargs; i++)
		if (a->args[i].type != b->args[i].type ||
		    a->args[i].count != b->args[i].count ||
		    strcmp(a->args[i].name, b->args[i].name))
			return i + 1;
	return 0;
}

/* SYM, SYM+OFFS or 0xADDR, as 6.1 lists the place and matches it. */
static void lft_pb_show_place(const struct lft_pb_def *def, unsigned long addr,
			      struct seq_buf *s)
{
	if (!def->symbol)
		seq_buf_printf(s, "0x%p", (void *)addr);
	else if (def->offset)
		seq_buf_printf(s, "%s+%u", def->symbol,
			       (unsigned int)def->offset);
	else
		seq_buf_printf(s, "%s", def->symbol);
}

/**
 * lft_pb_def_show() - a definition's line in kprobe_events
 * @def: the definition
 * @addr: the probed address (shown for probes on an address)
 * @maxactive: a return probe's, as registered (the kernel's default
 *	shows too, as in 6.1)
 * @s: where to print
 */
void lft_pb_def_show(const struct lft_pb_def *def, unsigned long addr,
		     int maxactive, struct seq_buf *s)
{
	seq_buf_printf(s, "%c", def->is_return ? 'r' : 'p');
	if (def->is_return && maxactive)
		seq_buf_printf(s, "%d", maxactive);
	seq_buf_printf(s, ":%s/%s ", def->group, def->event);
	lft_pb_show_place(def, addr, s);
	lft_pb_show_args(s, def);
}
LFT_TEST_EXPORT(lft_pb_def_show);

/**
 * lft_pb_print_fmt() - the "print fmt:" text of a definition's event
 * @def: the definition
 *
 * Return: the text (kfree()), or NULL without memory.
 */
char *lft_pb_print_fmt(const struct lft_pb_def *def)
{
	struct seq_buf s;
	unsigned int i, j, size = 64;
	char *buf;

	for (i = 0; i < def->nargs; i++)
		size += (strlen(def->args[i].name) * 2 + 32) *
			(def->args[i].count ?: 1);
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, size);
	/* An eprobe's record has no head. */
	seq_buf_printf(&s, "\"%s", def->kind == LFT_PB_EPROBE ? "" :
		       def->is_return ? "(%lx <- %lx)" : "(%lx)");
	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];

		seq_buf_printf(&s, " %s=", a->name);
		if (!a->count) {
			seq_buf_printf(&s, "%s", a->type->fmt);
			continue;
		}
		for (j = 0; j < a->count; j++)
			seq_buf_printf(&s, "%c%s", j ? ',' : '{', a->type->fmt);
		seq_buf_printf(&s, "%c", '}');
	}
	seq_buf_printf(&s, "\"%s", def->kind == LFT_PB_EPROBE ? "" :
		       def->is_return ?
		       ", REC->__probe_func, REC->__probe_ret_ip" :
		       ", REC->__probe_ip");
	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];
		bool str = a->type->kind == LFT_PB_STRING;

		if (!a->count) {
			seq_buf_printf(&s, str ? ", __get_str(%s)" : ", REC->%s",
				       a->name);
			continue;
		}
		for (j = 0; j < a->count; j++)
			seq_buf_printf(&s, str ? ", __get_str(%s[%u])" :
				       ", REC->%s[%u]", a->name, j);
	}
	if (seq_buf_has_overflowed(&s)) {
		kfree(buf);
		return NULL;
	}
	return buf;
}
LFT_TEST_EXPORT(lft_pb_print_fmt);
