// SPDX-License-Identifier: GPL-2.0
/*
 * Probe arguments named from BTF: a parameter by its name, "$retval",
 * and either followed by members (PARAM->FIELD, PARAM->FIELD.FIELD,
 * PARAM->FIELD->FIELD, $retval->FIELD), as 6.12's probes take them at a
 * function's entry and exit. Each "->" is one dereference at the byte
 * offset of the members it reaches; what the last member is gives the
 * argument its type (a bitfield is read through its container), and a
 * string through a "char *" member is read through the pointer. The
 * errors are 6.12's, with its carets: each at the start of the name it
 * is about (a member's), a bad separator's at the separator.
 *
 * Upstream's newest grammar adds, on f: and t: (probe_parse.c takes the
 * syntax apart): "$current[->FIELD...]", the running task's task_struct,
 * and casts "(STRUCT[,FIELD])INNER->FIELD...", whose members are walked
 * from STRUCT's BTF (lft_pb_btf_cast()).
 *
 * Where 6.12 puts the caret of an error found after the last member
 * (":string" on a member that is no string) depends on where the kernel
 * allocated its copy of the text: lftrace puts it at the last member.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "compat/btf.h"
#include "events/probe.h"
#include "events/probe_parse.h"

/*
 * Cut @name at its first separator: 1 for "->", 0 for "." or none (*@next
 * then the text after it, or left NULL); a lone '-' is an error, its
 * caret at it (@offs is @name's place).
 */
static int lft_pb_split_field(struct lft_pb_argctx *c, char *name,
			      char **next, int offs)
{
	char *sep = strpbrk(name, ".-");

	if (!sep)
		return 0;
	if (sep[0] == '.') {
		*sep = '\0';
		*next = sep + 1;
		return 0;
	}
	if (sep[1] != '>')
		return lft_pb_err(c->w, offs + (sep - name), LFT_PB_E_BAD_HYPHEN);
	*sep = '\0';
	*next = sep + 2;
	return 1;
}

/*
 * Members joined by '.' from where the walk is (one structure), *@field at
 * *@offs, up to a "->" or the end: both moved past what was walked.
 * Return: 1 if a "->" follows (*@field the text after it), 0 at the end,
 * or a negative errno with the error noted.
 */
static int lft_pb_btf_dotted(struct lft_pb_argctx *c, struct lft_btf_walk *bw,
			     char **field, int *offs)
{
	char *next;
	int ptr, ret;

	do {
		next = NULL;
		ptr = lft_pb_split_field(c, *field, &next, *offs);
		if (ptr < 0)
			return ptr;
		ret = lft_btf_walk_member(bw, *field);
		if (ret == -ENOENT) {
			lft_pb_err(c->w, *offs, LFT_PB_E_NO_BTF_FIELD);
			return -ENOENT;
		}
		if (ret)
			return lft_pb_err(c->w, *offs, LFT_PB_E_BAD_BTF_TID);
		if (next)
			*offs += next - *field;
		*field = next;
	} while (!ptr && *field);
	return ptr;
}

/*
 * The members after the first "->", @field at @offs in the word. With
 * @at_struct the walk is at the structure itself (a cast's, $current's),
 * so the first "->" steps through nothing, and reads @prefix bytes before
 * the member (a cast's FIELD option: the value points to that member).
 */
static int lft_pb_btf_fields(struct lft_pb_argctx *c, struct lft_btf_walk *bw,
			     char *field, int offs, bool at_struct, long prefix)
{
	int ret;

	do {
		ret = at_struct ? 0 : lft_btf_walk_deref(bw);
		at_struct = false;
		if (ret)
			return lft_pb_err(c->w, offs, ret == -EINVAL ?
					  LFT_PB_E_NO_PTR_STRCT :
					  LFT_PB_E_BAD_BTF_TID);
		/* Members joined by '.' are in the same structure. */
		ret = lft_pb_btf_dotted(c, bw, &field, &offs);
		if (ret < 0)
			return ret;
		ret = lft_pb_push_deref(c, bw->bitoff / 8 - prefix, false, offs);
		if (ret)
			return ret;
		prefix = 0;
	} while (field);
	/* What the argument is typed and read as (probe_parse.c). */
	c->btf_member = true;
	c->btf_offs = offs;
	c->btf_bitsize = bw->bitsize;
	c->btf_bitoff = bw->bitoff % 8;
	c->btf_type = lft_btf_walk_type(bw, &c->btf_bitsize, &c->btf_bitoff);
	c->btf_char_array = lft_btf_walk_char_array(bw);
	return 0;
}

/* "$retval[->FIELD...]" of a return probe, c->func its function. */
static int lft_pb_btf_retval(struct lft_pb_argctx *c, struct lft_btf_walk *bw,
			     char *arg, char *field, int offs)
{
	unsigned int idx;
	int ret = lft_btf_walk_start(bw, c->func, NULL, &idx);

	c->a->base = LFT_PB_RETVAL;
	if (ret == -ENODATA) {
		lft_pb_err(c->w, offs, LFT_PB_E_NO_RETVAL);
		return -ENOENT;
	}
	if (ret == -EFAULT)
		return lft_pb_err(c->w, offs, LFT_PB_E_BAD_BTF_TID);
	if (ret) {
		/* Without BTF: a plain $retval, nothing to walk. */
		if (!field)
			return 0;
		lft_pb_err(c->w, offs + (field - arg), LFT_PB_E_NO_BTF_ENTRY);
		return -ENOENT;
	}
	return 1;
}

/* A parameter by its name, c->btf_func its function. */
static int lft_pb_btf_param(struct lft_pb_argctx *c, struct lft_btf_walk *bw,
			    const char *arg, int offs)
{
	unsigned int idx;
	int ret;

	/* "$retvalX" is looked for among parameters, and never found. */
	if (!c->btf_func) {
		lft_pb_err(c->w, offs, LFT_PB_E_NO_BTFARG);
		return -ENOENT;
	}
	ret = lft_btf_walk_start(bw, c->btf_func, arg, &idx);
	if (ret == -EFAULT)
		return lft_pb_err(c->w, offs, LFT_PB_E_BAD_BTF_TID);
	if (ret) {
		lft_pb_err(c->w, offs, ret == -EOPNOTSUPP ?
			   LFT_PB_E_NO_BTF_ENTRY : LFT_PB_E_NO_BTFARG);
		return -ENOENT;
	}
	/* At the exit: the value the entry saved. */
	if (c->is_return && idx >= LFT_PB_EDATA_MAX)
		return lft_pb_err(c->w, offs, LFT_PB_E_NOFENTRY_ARGS);
	c->a->base = c->is_return ? LFT_PB_EDATA : LFT_PB_ARG;
	c->a->param = idx;
	return 1;
}

/**
 * lft_pb_parse_btf_var() - a fetch argument named from BTF: a parameter
 *	or "$retval", with members
 * @c: the argument being parsed (c->btf set)
 * @arg: its text, cut into pieces as it is parsed
 * @offs: its place in its word, for carets
 *
 * Only at a function's entry or exit; "$retval" only on a return probe
 * (c->func its function).
 *
 * Return: 0, or a negative errno with the error noted.
 */
int lft_pb_parse_btf_var(struct lft_pb_argctx *c, char *arg, int offs)
{
	bool retval = arg[0] == '$';
	struct lft_btf_walk bw;
	char *field = NULL;
	int ptr, ret;

	if (!retval) {
		if (!c->at_entry && !c->is_return)
			return lft_pb_err(c->w, offs, LFT_PB_E_NOSUP_BTFARG);
		if (!c->btf_func)
			return lft_pb_err(c->w, offs, LFT_PB_E_BAD_FETCH_ARG);
	}
	ptr = lft_pb_split_field(c, arg, &field, offs);
	if (ptr < 0)
		return ptr;
	if (!ptr && field) {
		/* A structure passed by value: not taken. */
		lft_pb_err(c->w, offs + (field - arg), LFT_PB_E_NOSUP_DAT_ARG);
		return -EOPNOTSUPP;
	}
	if (retval && !strcmp(arg, "$retval"))
		ret = lft_pb_btf_retval(c, &bw, arg, field, offs);
	else
		ret = lft_pb_btf_param(c, &bw, arg, offs);
	if (ret <= 0)
		goto out;
	c->btf_var = true;
	c->btf_char_ptr = lft_btf_walk_char_ptr(&bw);
	ret = field ? lft_pb_btf_fields(c, &bw, field,
					offs + (field - arg), false, 0) : 0;
	if (field && !ret)
		c->btf_char_ptr = lft_btf_walk_char_ptr(&bw);
out:
	lft_btf_walk_end(&bw);
	return ret;
}

/**
 * lft_pb_parse_current() - "$current" or "$current->FIELD...": the
 *	running task's task_struct, its address or its members
 * @c: the argument being parsed (an f: or t: probe's)
 * @arg: its text, starting "$current"; cut into pieces as it is parsed
 * @offs: its place in its word, for carets
 *
 * Upstream's newest grammar: "$current" alone is the address (x64 by
 * default), "->" walks task_struct from BTF (vmlinux's); anything else
 * after the name is BAD_VAR, a lone '-' BAD_HYPHEN.
 *
 * Return: 0, or a negative errno with the error noted.
 */
int lft_pb_parse_current(struct lft_pb_argctx *c, char *arg, int offs)
{
	char *rest = arg + strlen("$current"), *field = NULL;
	struct lft_btf_walk bw;
	int ret;

	c->a->base = LFT_PB_CURRENT;
	if (!*rest)
		return 0;
	if (*rest != '-')
		return lft_pb_err(c->w, offs, LFT_PB_E_BAD_VAR);
	ret = lft_pb_split_field(c, arg, &field, offs);
	if (ret < 0)
		return ret;
	if (lft_btf_walk_start_struct(&bw, "task_struct")) {
		lft_pb_err(c->w, offs, LFT_PB_E_NO_BTF_ENTRY);
		ret = -ENOENT;
		goto out;
	}
	c->btf_var = true;
	ret = lft_pb_btf_fields(c, &bw, field, offs + (field - arg), true, 0);
	if (!ret)
		c->btf_char_ptr = lft_btf_walk_char_ptr(&bw);
out:
	lft_btf_walk_end(&bw);
	return ret;
}

/*
 * A cast's FIELD option, @opt at @offs: members joined by '.' from the
 * structure's start; *@prefix set to their byte offset, the walk left at
 * the structure.
 */
static int lft_pb_cast_option(struct lft_pb_argctx *c, struct lft_btf_walk *bw,
			      char *opt, int offs, long *prefix)
{
	const struct btf_type *st = bw->t;
	int ret = lft_pb_btf_dotted(c, bw, &opt, &offs);

	if (ret < 0)
		return ret;
	if (bw->bitoff % 8)
		return lft_pb_err(c->w, offs, LFT_PB_E_TYPECAST_NOT_ALIGNED);
	/* Stopped at a "->": the caret at it. */
	if (opt)
		return lft_pb_err(c->w, offs - 2, LFT_PB_E_TYPECAST_BAD_ARROW);
	*prefix = bw->bitoff / 8;
	bw->t = st;
	bw->bitoff = 0;
	bw->bitsize = 0;
	return 0;
}

/**
 * lft_pb_btf_cast() - the members a cast "(STRUCT[,FIELD])INNER->FIELD..."
 *	reads, once INNER is parsed
 * @c: the argument being parsed (INNER's fetch in c->a)
 * @cast: "STRUCT" or "STRUCT,FIELD" (cut at the ',')
 * @coffs: its place in the word
 * @field: the members after the "->"
 * @foffs: their place in the word
 *
 * INNER's value is taken for a pointer to STRUCT (vmlinux's BTF or a
 * loaded module's), or with FIELD to that member of one (as container_of()
 * goes back from it); the members are walked from there as
 * lft_pb_parse_btf_var()'s are, and type the argument. Upstream's newest
 * errors: NO_PTR_STRCT for a STRUCT BTF lacks, the FIELD option's
 * NO_BTF_FIELD, TYPECAST_NOT_ALIGNED and TYPECAST_BAD_ARROW.
 *
 * Return: 0, or a negative errno with the error noted.
 */
int lft_pb_btf_cast(struct lft_pb_argctx *c, char *cast, int coffs,
		    char *field, int foffs)
{
	char *opt = strchr(cast, ',');
	struct lft_btf_walk bw;
	long prefix = 0;
	int ret;

	if (opt)
		*opt++ = '\0';
	if (lft_btf_walk_start_struct(&bw, cast)) {
		ret = lft_pb_err(c->w, coffs, LFT_PB_E_NO_PTR_STRCT);
		goto out;
	}
	if (opt) {
		ret = lft_pb_cast_option(c, &bw, opt, coffs + (opt - cast),
					 &prefix);
		if (ret)
			goto out;
	}
	c->btf_var = true;
	ret = lft_pb_btf_fields(c, &bw, field, foffs, true, prefix);
	if (!ret)
		c->btf_char_ptr = lft_btf_walk_char_ptr(&bw);
out:
	lft_btf_walk_end(&bw);
	return ret;
}
