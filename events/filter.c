// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: "field OP value" predicates joined by &&, || and !, with
 * parentheses, compiled once when written and evaluated by the probes on
 * the record they just filled, without allocation or locks.
 *
 * The grammar, the error texts and the positions errors point at are
 * 6.1's, so that a filter file and error_log read the same after a bad
 * write. The compiled form is a postfix program over a bit stack: a
 * predicate pushes its result, ! flips the top, && and || combine the top
 * two. Every predicate is evaluated (no short cut): a filter is a handful
 * of comparisons, and the program needs no jumps to get right.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "compat/ksyms.h"
#include "events/event.h"
#include "events/filter.h"

#define LFT_FLT_LOC		"event filter parse error"
#define LFT_FLT_MAX_STR		256	/* longest string operand + 1 */
#define LFT_FLT_MAX_DEPTH	64	/* the bit stack */

enum lft_flt_err {
	LFT_FE_NONE,
	LFT_FE_INVALID_OP,
	LFT_FE_TOO_MANY_OPEN,
	LFT_FE_TOO_MANY_CLOSE,
	LFT_FE_MISSING_QUOTE,
	LFT_FE_OPERAND_TOO_LONG,
	LFT_FE_EXPECT_STRING,
	LFT_FE_EXPECT_DIGIT,
	LFT_FE_ILLEGAL_FIELD_OP,
	LFT_FE_FIELD_NOT_FOUND,
	LFT_FE_ILLEGAL_INTVAL,
	LFT_FE_BAD_SUBSYS_FILTER,
	LFT_FE_TOO_MANY_PREDS,
	LFT_FE_INVALID_FILTER,
	LFT_FE_IP_FIELD_ONLY,
	LFT_FE_INVALID_VALUE,
	LFT_FE_NO_FUNCTION,
	LFT_FE_ERRNO,
	LFT_FE_NO_FILTER,
};

/* 6.1's texts, in its order, and 6.12's "Function not found" (.function). */
static const char *const lft_flt_errs[] = {
	"No error", "Invalid operator", "Too many '('", "Too few '('",
	"Missing matching quote", "Operand too long",
	"Expecting string field", "Expecting numeric field",
	"Illegal operation for field type", "Field not found",
	"Illegal integer value",
	"Couldn't find or set field in one of a subsystem's events",
	"Too many terms in predicate expression",
	"Meaningless filter expression",
	"Only 'ip' field is supported for function trace",
	"Invalid value (did you forget quotes)?", "Function not found",
	"Error", "No filter found",
};

/* Operators, two-character ones first so that "<=" is not read as "<". */
enum lft_flt_op { LFT_OP_GLOB, LFT_OP_NE, LFT_OP_EQ, LFT_OP_LE, LFT_OP_LT,
		  LFT_OP_GE, LFT_OP_GT, LFT_OP_BAND };
static const char *const lft_flt_ops[] = { "~", "!=", "==", "<=", "<", ">=",
					   ">", "&" };

/* What a predicate reads. */
enum lft_fp_kind {
	LFT_FP_NUM,		/* an integer field of 1, 2, 4 or 8 bytes */
	LFT_FP_STR,		/* char name[N] */
	LFT_FP_LOC,		/* __data_loc char[] */
	LFT_FP_COMM,		/* the current task's name */
	LFT_FP_CPU,		/* the CPU */
	LFT_FP_FUNC,		/* FIELD.function: an address inside a function */
};

struct lft_fpred {
	u8 kind;
	u8 op;
	u8 size;
	bool is_signed;
	bool not;
	u16 offset;
	u64 val;
	u64 end;		/* LFT_FP_FUNC: the function is [val, end) */
	char *pat;		/* string operand (a glob for ~) */
};

/* Program steps: a predicate's index, or one of these. */
#define LFT_FP_AND	0xfffd
#define LFT_FP_OR	0xfffe
#define LFT_FP_NOT	0xffff

struct lft_filter {
	struct rcu_head rcu;
	char *text;		/* what the filter file reads */
	unsigned int npreds;
	unsigned int nsteps;
	struct lft_fpred *preds;	/* NULL: no program (an error) */
	u16 *steps;
};

struct lft_flt_parse {
	const struct lft_event *ev;
	const char *str;
	int err;		/* enum lft_flt_err, or 0 */
	int pos;
	struct lft_fpred *preds;
	unsigned int npreds, maxpreds;
	u16 *steps;
	unsigned int nsteps;
};

static int lft_flt_error(struct lft_flt_parse *p, int err, int pos)
{
	p->err = err;
	p->pos = pos;
	return -EINVAL;
}

/* ------------------------------------------------------------- fields */

struct lft_flt_field {
	u8 kind;
	u8 size;
	bool is_signed;
	u16 offset;
};

/* 6.1's generic fields, which no record holds; the common ones follow. */
static const struct {
	const char *name;
	struct lft_flt_field f;
} lft_flt_generic[] = {
	{ "CPU", { LFT_FP_CPU, 4, true, 0 } },
	{ "cpu", { LFT_FP_CPU, 4, true, 0 } },
	{ "COMM", { LFT_FP_COMM, 16, false, 0 } },
	{ "comm", { LFT_FP_COMM, 16, false, 0 } },
};

/* The event's field @name (@len chars), as the filter reads it. */
static bool lft_flt_field(const struct lft_event *ev, const char *name,
			  unsigned int len, struct lft_flt_field *out)
{
	unsigned int i;

	for (i = 0; i < ev->nfields; i++) {
		const struct lft_ev_field *fl = &ev->fields[i];

		if (strncmp(fl->name, name, len) ||
		    (fl->name[len] && fl->name[len] != '['))
			continue;
		out->offset = fl->offset;
		out->size = fl->size;
		out->is_signed = fl->is_signed;
		if (str_has_prefix(fl->type, "__data_loc") &&
		    strstr(fl->type, "char"))
			out->kind = LFT_FP_LOC;
		else if ((fl->name[len] == '[' || fl->count) &&
			 strstr(fl->type, "char"))
			out->kind = LFT_FP_STR;
		else
			out->kind = LFT_FP_NUM;
		return true;
	}
	for (i = 0; i < ARRAY_SIZE(lft_flt_generic); i++) {
		if (strlen(lft_flt_generic[i].name) == len &&
		    !strncmp(lft_flt_generic[i].name, name, len)) {
			*out = lft_flt_generic[i].f;
			return true;
		}
	}
	for (i = 0; i < lft_entry_nfields; i++) {
		const struct lft_ev_field *fl = &lft_entry_fields[i];

		if (strlen(fl->name) == len && !strncmp(fl->name, name, len)) {
			out->kind = LFT_FP_NUM;
			out->size = fl->size;
			out->is_signed = fl->is_signed;
			out->offset = fl->offset;
			return true;
		}
	}
	return false;
}

static bool lft_flt_is_string(const struct lft_flt_field *f)
{
	return f->kind == LFT_FP_STR || f->kind == LFT_FP_LOC ||
	       f->kind == LFT_FP_COMM;
}

/* --------------------------------------------------------- predicates */

/*
 * [start, end) of the function @ip is in, from sprint_symbol()'s
 * "name+0xOFF/0xSIZE" (the kernel's size lookup is not exported).
 */
static bool lft_flt_func_range(unsigned long ip, u64 *start, u64 *end)
{
	char *sym = kmalloc(KSYM_SYMBOL_LEN, GFP_KERNEL);
	unsigned long off, size;
	const char *plus;
	bool ok = false;

	if (!sym)
		return false;
	sprint_symbol(sym, ip);
	plus = strrchr(sym, '+');
	if (plus && sscanf(plus, "+0x%lx/0x%lx", &off, &size) == 2 &&
	    size && off < size) {
		*start = ip - off;
		*end = *start + size;
		ok = true;
	}
	kfree(sym);
	return ok;
}

/*
 * 6.12's FIELD.function OP VALUE (OP == or !=): VALUE a function's name,
 * or an address in it, which stands for the whole function. The operand
 * is at @s + @i. Return: where the predicate ends, or an errno.
 */
static int lft_flt_func(struct lft_flt_parse *p, struct lft_fpred *pr,
			const struct lft_flt_field *field, const char *s,
			int i, int base)
{
	int start = i;
	unsigned long ip;
	char *name;

	if (field->kind != LFT_FP_NUM || field->size != sizeof(long))
		return lft_flt_error(p, LFT_FE_ILLEGAL_FIELD_OP, base + i);
	if (pr->op != LFT_OP_EQ && pr->op != LFT_OP_NE)
		return lft_flt_error(p, LFT_FE_INVALID_OP, base + i);
	if (isdigit(s[i])) {
		char num[19];	/* 0x and 16 digits */

		while (isalnum(s[i]))
			i++;
		if (i - start >= sizeof(num))
			return lft_flt_error(p, LFT_FE_OPERAND_TOO_LONG,
					     base + i);
		memcpy(num, s + start, i - start);
		num[i - start] = '\0';
		if (kstrtoul(num, 0, &ip))
			return lft_flt_error(p, LFT_FE_INVALID_VALUE, base + i);
	} else {
		/* The name runs to the next space, as 6.12 reads it. */
		while (s[i] && !isspace(s[i]))
			i++;
		name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		ip = lft_ksym_lookup(name);
		kfree(name);
		if (!ip)
			return lft_flt_error(p, LFT_FE_NO_FUNCTION, base + i);
	}
	if (!lft_flt_func_range(ip, &pr->val, &pr->end))
		return lft_flt_error(p, LFT_FE_NO_FUNCTION, base + i);
	pr->kind = LFT_FP_FUNC;
	pr->not = pr->op == LFT_OP_NE;
	return i;
}

/*
 * One predicate at @s (@base: its position as 6.1 counts, one past its
 * first character). Return: the characters it took, or an errno.
 */
static int lft_flt_pred(struct lft_flt_parse *p, const char *s, int base)
{
	struct lft_flt_field field;
	struct lft_fpred *pr;
	int i = 0, start, op;
	bool func = false;
	char num[24];

	while (isspace(s[i]))
		i++;
	start = i;
	while (isalnum(s[i]) || s[i] == '_')
		i++;
	if (i == start)
		return -EPERM;	/* 6.1: "Error: (0)", nothing to point at */
	if (!lft_flt_field(p->ev, s + start, i - start, &field))
		return lft_flt_error(p, LFT_FE_FIELD_NOT_FOUND, base + i);
	if (LFT_FLT_FUNCTION && str_has_prefix(s + i, ".function")) {
		i += strlen(".function");
		func = true;
	}
	while (isspace(s[i]))
		i++;
	for (op = 0; op < ARRAY_SIZE(lft_flt_ops); op++)
		if (str_has_prefix(s + i, lft_flt_ops[op]))
			break;
	if (op == ARRAY_SIZE(lft_flt_ops))
		return lft_flt_error(p, LFT_FE_INVALID_OP, base + i);
	i += strlen(lft_flt_ops[op]);
	while (isspace(s[i]))
		i++;
	start = i;
	if (p->npreds == p->maxpreds)
		return lft_flt_error(p, LFT_FE_TOO_MANY_PREDS, base + i);
	pr = &p->preds[p->npreds];
	memset(pr, 0, sizeof(*pr));
	pr->kind = field.kind;
	pr->op = op;
	pr->size = field.size;
	pr->is_signed = field.is_signed;
	pr->offset = field.offset;

	if (func) {
		int ret = lft_flt_func(p, pr, &field, s, i, base);

		if (ret < 0)
			return ret;
		i = ret;
	} else if (s[i] == '\'' || s[i] == '"') {
		char q = s[i];

		if (op != LFT_OP_EQ && op != LFT_OP_NE && op != LFT_OP_GLOB)
			return lft_flt_error(p, LFT_FE_ILLEGAL_FIELD_OP,
					     base + i);
		if (!lft_flt_is_string(&field))
			return lft_flt_error(p, LFT_FE_EXPECT_DIGIT, base + i);
		for (i++; s[i] && s[i] != q; i++)
			;
		if (!s[i])
			return lft_flt_error(p, LFT_FE_MISSING_QUOTE, base + i);
		if (i - start - 1 >= LFT_FLT_MAX_STR)
			return lft_flt_error(p, LFT_FE_OPERAND_TOO_LONG,
					     base + i);
		pr->pat = kmemdup_nul(s + start + 1, i - start - 1,
				      GFP_KERNEL);
		if (!pr->pat)
			return -ENOMEM;
		pr->not = op == LFT_OP_NE;
		/* "~ '!glob'" is the glob's complement, as 6.1 reads it. */
		if (op == LFT_OP_GLOB && pr->pat[0] == '!') {
			memmove(pr->pat, pr->pat + 1, strlen(pr->pat));
			pr->not = true;
		}
		i++;
	} else if (isdigit(s[i]) || s[i] == '-') {
		int ret;

		if (lft_flt_is_string(&field))
			return lft_flt_error(p, LFT_FE_EXPECT_STRING, base + i);
		if (op == LFT_OP_GLOB)
			return lft_flt_error(p, LFT_FE_ILLEGAL_FIELD_OP,
					     base + i);
		if (s[i] == '-')
			i++;
		while (isalnum(s[i]))
			i++;
		if (i - start >= sizeof(num))
			return lft_flt_error(p, LFT_FE_OPERAND_TOO_LONG,
					     base + i);
		memcpy(num, s + start, i - start);
		num[i - start] = '\0';
		ret = field.is_signed ? kstrtoll(num, 0, (s64 *)&pr->val) :
					kstrtoull(num, 0, &pr->val);
		if (ret)
			return lft_flt_error(p, LFT_FE_ILLEGAL_INTVAL,
					     base + start);
		if (field.kind == LFT_FP_NUM && field.size != 1 &&
		    field.size != 2 && field.size != 4 && field.size != 8)
			return lft_flt_error(p, LFT_FE_ILLEGAL_FIELD_OP,
					     base + start);
		pr->not = op == LFT_OP_NE;
	} else {
		return lft_flt_error(p, LFT_FE_INVALID_VALUE, base + i);
	}
	p->npreds++;
	return i;
}

/* ------------------------------------------------------------ the parse */

/*
 * 6.1 first checks quotes and parentheses over the whole string, and
 * reports those errors where it finds them: the unmatched quote, the
 * extra ')', or the '(' left open.
 */
static int lft_flt_balance(struct lft_flt_parse *p, unsigned int *npreds)
{
	const char *str = p->str;
	int i, open = 0, last_quote = 0, level;
	bool in_pred = false;
	char quote = 0;

	*npreds = 0;
	for (i = 0; str[i]; i++) {
		if (isspace(str[i]))
			continue;
		if (quote) {
			if (str[i] == quote)
				quote = 0;
			continue;
		}
		switch (str[i]) {
		case '\'':
		case '"':
			quote = str[i];
			last_quote = i;
			break;
		case '&':
		case '|':
			if (str[i + 1] != str[i])
				break;
			in_pred = false;
			continue;
		case '(':
			in_pred = false;
			open++;
			continue;
		case ')':
			in_pred = false;
			if (!open)
				return lft_flt_error(p, LFT_FE_TOO_MANY_CLOSE,
						     i);
			open--;
			continue;
		}
		if (!in_pred) {
			(*npreds)++;
			in_pred = true;
		}
	}
	if (quote)
		return lft_flt_error(p, LFT_FE_MISSING_QUOTE, last_quote);
	if (!open)
		return 0;
	/* The '(' left open: the last one its level had, looking back. */
	level = open;
	for (i--; i > 0; i--) {
		if (quote) {
			if (str[i] == quote)
				quote = 0;
			continue;
		}
		if (str[i] == '(') {
			if (level == open)
				return lft_flt_error(p, LFT_FE_TOO_MANY_OPEN, i);
			level--;
		} else if (str[i] == ')') {
			level++;
		} else if (str[i] == '\'' || str[i] == '"') {
			quote = str[i];
		}
	}
	return lft_flt_error(p, LFT_FE_TOO_MANY_OPEN, 0);
}

static void lft_flt_emit(struct lft_flt_parse *p, u16 step)
{
	p->steps[p->nsteps++] = step;
}

/* Operator stack entries. */
#define LFT_OS_PAREN	1
#define LFT_OS_NOT	2
#define LFT_OS_AND	3
#define LFT_OS_OR	4

/* After an operand: apply the !s waiting for it. */
static void lft_flt_pop_nots(struct lft_flt_parse *p, u8 *os, int *top)
{
	while (*top && os[*top - 1] == LFT_OS_NOT) {
		lft_flt_emit(p, LFT_FP_NOT);
		(*top)--;
	}
}

/* Emit the binary operators on the stack down to one below @prec. */
static void lft_flt_pop_binary(struct lft_flt_parse *p, u8 *os, int *top,
			       u8 prec)
{
	while (*top && (os[*top - 1] == LFT_OS_AND ||
			(os[*top - 1] == LFT_OS_OR && prec == LFT_OS_OR))) {
		lft_flt_emit(p, os[*top - 1] == LFT_OS_AND ? LFT_FP_AND :
							     LFT_FP_OR);
		(*top)--;
	}
}

/* Operators in postfix order ("&&" binds tighter than "||"). */
static int lft_flt_parse(struct lft_flt_parse *p, unsigned int len)
{
	const char *str = p->str, *s = str;
	bool want_operand = true;
	int top = 0, ret;
	u8 *os;

	/* Each character pushes at most one operator. */
	os = kmalloc(len + 1, GFP_KERNEL);
	if (!os)
		return -ENOMEM;
	ret = -EINVAL;
	while (*s) {
		const char *c = s++;

		if (isspace(*c))
			continue;
		if (want_operand) {
			if (*c == '(') {
				os[top++] = LFT_OS_PAREN;
				continue;
			}
			if (*c == '!' && c[1] != '=' && c[1] != '~') {
				os[top++] = LFT_OS_NOT;
				continue;
			}
			ret = lft_flt_pred(p, c, s - str);
			if (ret < 0)
				goto out;
			lft_flt_emit(p, p->npreds - 1);
			lft_flt_pop_nots(p, os, &top);
			s = c + ret;
			want_operand = false;
			continue;
		}
		if (*c == ')') {
			lft_flt_pop_binary(p, os, &top, LFT_OS_OR);
			if (!top || os[top - 1] != LFT_OS_PAREN) {
				ret = lft_flt_error(p, LFT_FE_TOO_MANY_CLOSE,
						    s - str);
				goto out;
			}
			top--;
			lft_flt_pop_nots(p, os, &top);
			continue;
		}
		if ((*c == '&' || *c == '|') && c[1] == *c) {
			u8 op = *c == '&' ? LFT_OS_AND : LFT_OS_OR;

			lft_flt_pop_binary(p, os, &top, op);
			os[top++] = op;
			s++;
			want_operand = true;
			continue;
		}
		ret = lft_flt_error(p, LFT_FE_TOO_MANY_PREDS, c - str);
		goto out;
	}
	if (want_operand && p->npreds) {
		ret = lft_flt_error(p, LFT_FE_INVALID_FILTER, s - str);
		goto out;
	}
	lft_flt_pop_binary(p, os, &top, LFT_OS_OR);
	if (top && os[top - 1] == LFT_OS_PAREN) {
		ret = lft_flt_error(p, LFT_FE_TOO_MANY_OPEN, s - str);
		goto out;
	}
	if (!p->npreds) {
		ret = lft_flt_error(p, LFT_FE_NO_FILTER, s - str);
		goto out;
	}
	ret = 0;
out:
	kfree(os);
	return ret;
}

/* The bit stack the program needs must fit: refuse deeper nesting. */
static bool lft_flt_depth_ok(const struct lft_flt_parse *p)
{
	unsigned int i, depth = 0;

	for (i = 0; i < p->nsteps; i++) {
		if (p->steps[i] < LFT_FP_AND) {
			if (++depth > LFT_FLT_MAX_DEPTH)
				return false;
		} else if (p->steps[i] != LFT_FP_NOT) {
			depth--;
		}
	}
	return depth == 1;
}

/* ----------------------------------------------------------- the text */

/* The filter file's text after an error, and its error_log entry. */
static char *lft_flt_err_text(struct lft_array *tr, const char *str,
			      int err, int ret, int pos, bool log)
{
	int len = strlen(str), col = min(pos, len);

	if (err <= 0) {
		if (log)
			lft_err_log(tr, LFT_FLT_LOC, str,
				    lft_flt_errs[LFT_FE_ERRNO], 0);
		return kasprintf(GFP_KERNEL, "%s\nError: (%d)\n", str,
				 ret == -ENOMEM ? ret : 0);
	}
	if (log)
		lft_err_log(tr, LFT_FLT_LOC, str, lft_flt_errs[err], pos);
	/* 6.1 prints the caret one column right of where it points. */
	return kasprintf(GFP_KERNEL, "%s\n%*s\nparse_error: %s\n", str,
			 col ? col + 1 : 0, "^", lft_flt_errs[err]);
}

static void lft_flt_free_preds(struct lft_fpred *preds, unsigned int n)
{
	unsigned int i;

	if (!preds)
		return;
	for (i = 0; i < n; i++)
		kfree(preds[i].pat);
	kfree(preds);
}

static void lft_filter_free_now(struct lft_filter *flt)
{
	lft_flt_free_preds(flt->preds, flt->npreds);
	kfree(flt->steps);
	kfree(flt->text);
	kfree(flt);
}

/**
 * lft_filter_compile() - compile a filter for an event
 * @tr: the array whose error_log hears of errors
 * @ev: the event whose fields it names
 * @str: the filter, trailing white space stripped
 * @report: log errors and keep them in the text (filter files do; a
 *	trigger's "if" does not)
 * @out: the filter: without a program after an error (NULL only when out
 *	of memory)
 *
 * Return: 0 or a negative errno.
 */
int lft_filter_compile(struct lft_array *tr, const struct lft_event *ev,
		       const char *str, bool report, struct lft_filter **out)
{
	struct lft_flt_parse p = { .ev = ev, .str = str };
	unsigned int len = strlen(str), n;
	struct lft_filter *flt;
	int ret;

	*out = NULL;
	flt = kzalloc(sizeof(*flt), GFP_KERNEL);
	if (!flt)
		return -ENOMEM;
	ret = lft_flt_balance(&p, &n);
	if (!ret && !n)
		ret = -EINVAL;	/* 6.1: no predicate at all, no message */
	if (!ret) {
		p.maxpreds = n;
		p.preds = kcalloc(n, sizeof(*p.preds), GFP_KERNEL);
		/* Each predicate and operator is one step. */
		p.steps = kcalloc(len + 1, sizeof(*p.steps), GFP_KERNEL);
		ret = p.preds && p.steps ? lft_flt_parse(&p, len) : -ENOMEM;
		if (!ret && !lft_flt_depth_ok(&p))
			ret = lft_flt_error(&p, LFT_FE_TOO_MANY_PREDS, 0);
	}
	if (ret) {
		lft_flt_free_preds(p.preds, p.npreds);
		kfree(p.steps);
		flt->text = report ? lft_flt_err_text(tr, str, p.err, ret,
						      p.pos, true) :
				     kstrdup(str, GFP_KERNEL);
	} else {
		flt->preds = p.preds;
		flt->npreds = p.npreds;
		flt->steps = p.steps;
		flt->nsteps = p.nsteps;
		flt->text = kstrdup(str, GFP_KERNEL);
	}
	if (!flt->text) {
		lft_filter_free_now(flt);
		return -ENOMEM;
	}
	*out = flt;
	return ret;
}

/**
 * lft_filter_failed() - a filter in error, as a subsystem's filter leaves
 *	an event it does not fit
 * @tr: the array whose error_log hears of it
 * @str: the filter
 *
 * Return: the filter (no program), or NULL when out of memory.
 */
struct lft_filter *lft_filter_failed(struct lft_array *tr, const char *str)
{
	struct lft_filter *flt = kzalloc(sizeof(*flt), GFP_KERNEL);

	if (!flt)
		return NULL;
	flt->text = lft_flt_err_text(tr, str, LFT_FE_BAD_SUBSYS_FILTER, 0, 0,
				     true);
	if (!flt->text) {
		kfree(flt);
		return NULL;
	}
	return flt;
}

/**
 * lft_filter_text() - what a filter file reads for a filter
 * @flt: the filter
 *
 * Return: its text (with the error, after one).
 */
const char *lft_filter_text(const struct lft_filter *flt)
{
	return flt->text;
}

/**
 * lft_filter_active() - whether a filter filters
 * @flt: the filter, or NULL
 *
 * Return: true when it has a program.
 */
bool lft_filter_active(const struct lft_filter *flt)
{
	return flt && flt->preds;
}

static void lft_filter_rcu(struct rcu_head *rcu)
{
	lft_filter_free_now(container_of(rcu, struct lft_filter, rcu));
}

/**
 * lft_filter_free() - free a filter once no probe can be using it
 * @flt: the filter, or NULL
 */
void lft_filter_free(struct lft_filter *flt)
{
	if (flt)
		call_rcu(&flt->rcu, lft_filter_rcu);
}

/* ------------------------------------------------------------ matching */

/* Glob match of @pat against the @len chars at @str (not terminated). */
static bool lft_flt_glob(const char *pat, const char *str, unsigned int len)
{
	const char *star = NULL;
	unsigned int i = 0, back = 0;

	while (i < len) {
		if (*pat == '*') {
			star = ++pat;
			back = i;
			continue;
		}
		if (*pat && (*pat == '?' || *pat == str[i])) {
			pat++;
			i++;
			continue;
		}
		if (!star)
			return false;
		pat = star;
		i = ++back;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static bool lft_flt_str(const struct lft_fpred *pr, const char *str,
			unsigned int max)
{
	unsigned int len = strnlen(str, max);

	if (pr->op == LFT_OP_GLOB)
		return lft_flt_glob(pr->pat, str, len);
	return len == strlen(pr->pat) && !memcmp(pr->pat, str, len);
}

static bool lft_flt_num(const struct lft_fpred *pr, const void *rec)
{
	const void *at = rec + pr->offset;
	s64 sv = 0;
	u64 v = 0;

	switch (pr->size) {
	case 1:
		v = *(const u8 *)at;
		sv = *(const s8 *)at;
		break;
	case 2:
		v = get_unaligned((const u16 *)at);
		sv = (s16)v;
		break;
	case 4:
		v = get_unaligned((const u32 *)at);
		sv = (s32)v;
		break;
	default:
		v = get_unaligned((const u64 *)at);
		sv = v;
		break;
	}
	switch (pr->op) {
	case LFT_OP_EQ:
	case LFT_OP_NE:
		return pr->is_signed ? sv == (s64)pr->val : v == pr->val;
	case LFT_OP_LT:
		return pr->is_signed ? sv < (s64)pr->val : v < pr->val;
	case LFT_OP_LE:
		return pr->is_signed ? sv <= (s64)pr->val : v <= pr->val;
	case LFT_OP_GT:
		return pr->is_signed ? sv > (s64)pr->val : v > pr->val;
	case LFT_OP_GE:
		return pr->is_signed ? sv >= (s64)pr->val : v >= pr->val;
	default:
		return v & pr->val;
	}
}

static bool lft_flt_pred_match(const struct lft_fpred *pr, const void *rec,
			       unsigned int len)
{
	bool r;

	switch (pr->kind) {
	case LFT_FP_NUM:
		if (pr->offset + pr->size > len)
			return false;
		r = lft_flt_num(pr, rec);
		break;
	case LFT_FP_CPU: {
		struct lft_fpred cpu = *pr;
		int c = raw_smp_processor_id();

		cpu.kind = LFT_FP_NUM;
		cpu.offset = 0;
		r = lft_flt_num(&cpu, &c);
		break;
	}
	case LFT_FP_STR:
		if (pr->offset + pr->size > len)
			return false;
		/* Size 0: ftrace/print's buf[], to the record's end. */
		r = lft_flt_str(pr, rec + pr->offset,
				pr->size ?: len - pr->offset);
		break;
	case LFT_FP_FUNC: {
		unsigned long addr;

		if (pr->offset + sizeof(addr) > len)
			return false;
		addr = get_unaligned((const unsigned long *)(rec + pr->offset));
		r = addr >= pr->val && addr < pr->end;
		break;
	}
	case LFT_FP_LOC: {
		u32 loc;

		if (pr->offset + 4 > len)
			return false;
		loc = get_unaligned((const u32 *)(rec + pr->offset));
		if ((loc & 0xffff) + (loc >> 16) > len)
			return false;
		r = lft_flt_str(pr, rec + (loc & 0xffff), loc >> 16);
		break;
	}
	default:
		r = lft_flt_str(pr, current->comm, TASK_COMM_LEN);
		break;
	}
	return r != pr->not;
}

/**
 * lft_filter_match() - whether a record passes a filter
 * @flt: a filter (one in error keeps everything)
 * @rec: the record (common header first)
 * @len: its length
 *
 * Any context; no locks, no allocation.
 *
 * Return: true to keep the record.
 */
bool lft_filter_match(const struct lft_filter *flt, const void *rec,
		      unsigned int len)
{
	unsigned int i;
	u64 stack = 0;

	if (!flt->preds)
		return true;
	for (i = 0; i < flt->nsteps; i++) {
		u16 st = flt->steps[i];

		switch (st) {
		case LFT_FP_NOT:
			stack ^= 1;
			break;
		case LFT_FP_AND:
		case LFT_FP_OR: {
			u64 b = stack & 1, a;

			stack >>= 1;
			a = stack & 1;
			stack = (stack & ~1ULL) |
				(st == LFT_FP_AND ? a & b : a | b);
			break;
		}
		default:
			stack = stack << 1 |
				lft_flt_pred_match(&flt->preds[st], rec, len);
			break;
		}
	}
	return stack & 1;
}
