// SPDX-License-Identifier: GPL-2.0
/*
 * The hist command's grammar, checked in 6.1's order so that the first
 * error found, logged with its caret, is 6.1's: the ':'-separated words,
 * then the variables' assignments, the values, the variables, the keys
 * (each a field or expression: hist_expr.c) and the sort keys.
 */
#include <linux/ctype.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/hist.h"

static const char *const lft_hist_errs[] = {
	[LFT_HE_NAMED_MISMATCH] = "Named hist trigger doesn't match existing named trigger (includes variables)",
	[LFT_HE_TRIGGER_EEXIST] = "Hist trigger already exists",
	[LFT_HE_TRIGGER_ENOENT_CLEAR] = "Can't clear or continue a nonexistent hist trigger",
	[LFT_HE_SET_CLOCK_FAIL] = "Couldn't set trace_clock",
	[LFT_HE_BAD_FIELD_MODIFIER] = "Invalid field modifier",
	[LFT_HE_FIELD_NOT_FOUND] = "Couldn't find field",
	[LFT_HE_EMPTY_ASSIGNMENT] = "Empty assignment",
	[LFT_HE_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[LFT_HE_EMPTY_SORT_FIELD] = "Empty sort field",
	[LFT_HE_TOO_MANY_SORT_FIELDS] = "Too many sort fields (Max = 2)",
	[LFT_HE_INVALID_SORT_FIELD] = "Sort field must be a key or a val",
	[LFT_HE_DUPLICATE_VAR] = "Variable already defined",
	[LFT_HE_VAR_NOT_UNIQUE] = "Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[LFT_HE_TOO_MANY_VARS] = "Too many variables defined",
	[LFT_HE_MALFORMED_ASSIGNMENT] = "Malformed assignment",
	[LFT_HE_TOO_MANY_SUBEXPR] = "Too many subexpressions (3 max)",
	[LFT_HE_TIMESTAMP_MISMATCH] = "Timestamp units in expression don't match",
	[LFT_HE_INVALID_REF_KEY] = "Using variable references in keys not supported",
	[LFT_HE_VAR_NOT_FOUND] = "Couldn't find variable",
	[LFT_HE_INVALID_STR_OPERAND] = "String type can not be an operand in expression",
	[LFT_HE_EXPECT_NUMBER] = "Expecting numeric literal",
	[LFT_HE_UNARY_MINUS_SUBEXPR] = "Unary minus not supported in sub-expressions",
	[LFT_HE_DIVISION_BY_ZERO] = "Division by zero",
	[LFT_HE_SYNTH_EVENT_NOT_FOUND] = "Couldn't find synthetic event",
	[LFT_HE_SYNTH_TYPE_MISMATCH] = "Param type doesn't match synthetic event field type",
	[LFT_HE_SYNTH_COUNT_MISMATCH] = "Param count doesn't match synthetic event field count",
	[LFT_HE_FIELD_VAR_PARSE_FAIL] = "Couldn't parse field variable",
	[LFT_HE_VAR_CREATE_FIND_FAIL] = "Couldn't create or find variable",
	[LFT_HE_ONX_NOT_VAR] = "For onmax(x) or onchange(x), x must be a variable",
	[LFT_HE_ONX_VAR_NOT_FOUND] = "Couldn't find onmax or onchange variable",
	[LFT_HE_ONX_VAR_CREATE_FAIL] = "Couldn't create onmax or onchange variable",
	[LFT_HE_FIELD_VAR_CREATE_FAIL] = "Couldn't create field variable",
	[LFT_HE_TOO_MANY_PARAMS] = "Too many action params",
	[LFT_HE_PARAM_NOT_FOUND] = "Couldn't find param",
	[LFT_HE_INVALID_PARAM] = "Invalid action param",
	[LFT_HE_ACTION_NOT_FOUND] = "No action found",
	[LFT_HE_NO_SAVE_PARAMS] = "No params found for save()",
	[LFT_HE_TOO_MANY_SAVE_ACTIONS] = "Can't have more than one save() action per hist",
	[LFT_HE_ACTION_MISMATCH] = "Handler doesn't support action",
	[LFT_HE_NO_CLOSING_PAREN] = "No closing paren found",
	[LFT_HE_SUBSYS_NOT_FOUND] = "Missing subsystem",
	[LFT_HE_INVALID_SUBSYS_EVENT] = "Invalid subsystem or event name",
	[LFT_HE_TOO_MANY_FIELD_VARS] = "Too many field variables defined",
	[LFT_HE_EVENT_FILE_NOT_FOUND] = "Event file not found",
	[LFT_HE_HIST_NOT_FOUND] = "Matching event histogram not found",
	[LFT_HE_HIST_CREATE_FAIL] = "Couldn't create histogram for field",
	[LFT_HE_SYNTH_VAR_NOT_FOUND] = "Couldn't find synthetic variable",
};

/**
 * lft_hist_err() - log a hist command's error in its array's error_log
 * @p: the parse
 * @err: LFT_HE_*
 * @at: text of the command the caret points at (its first occurrence, as
 *	6.1 finds it), or NULL for the start
 */
void lft_hist_err(struct lft_hist_parse *p, int err, const char *at)
{
	const char *s = at ? strstr(p->cmd, at) : NULL;

	lft_err_log(p->tr, p->loc, p->cmd, lft_hist_errs[err],
		    s ? s - p->cmd : 0);
}

/* ------------------------------------------------------------- fields */

/* The key comparison 6.1's sort uses for a key field. */
static void lft_hist_key_cmp(struct lft_hfield *hf)
{
	hf->cmp = LFT_HC_NUM;
	if (hf->kind == LFT_HF_STACK) {
		hf->cmp = LFT_HC_NONE;
	} else if (!hf->has_field || hf->kind == LFT_HF_CPU) {
		hf->cmp_size = hf->ksize;
		hf->cmp_signed = hf->is_signed;
	} else if (hf->kind == LFT_HF_STR || hf->kind == LFT_HF_LOC) {
		hf->cmp = LFT_HC_STR;
	} else {
		hf->cmp_size = hf->size;
		hf->cmp_signed = hf->is_signed;
	}
}

static int lft_hist_vals(struct lft_hist_parse *p, struct lft_hist_data *hd)
{
	char *vals = p->vals, *str;
	unsigned int i, j, nsub;
	struct lft_hfield *hf;
	int ret;

	hd->fields[0].kind = LFT_HF_COUNT;
	hd->fields[0].vsize = 8;
	hd->nvals = 1;
	if (!vals)
		return 0;
	for (i = 0, j = 1; i < LFT_HIST_VALS_MAX && j < LFT_HIST_VALS_MAX;
	     i++) {
		str = strsep(&vals, ",");
		if (!str)
			break;
		if (!strcmp(str, "hitcount"))
			continue;
		nsub = 0;
		hf = lft_hx_parse(p, str, 0, NULL, &nsub);
		if (IS_ERR(hf))
			return PTR_ERR(hf);
		if ((hf->flags & (LFT_HF_BUCKET | LFT_HF_LOG2 | LFT_HF_SYM |
				  LFT_HF_SYM_OFFSET | LFT_HF_SYSCALL)) ||
		    hf->kind == LFT_HF_STACK) {
			lft_hist_err(p, LFT_HE_BAD_FIELD_MODIFIER, str);
			lft_hx_drop(hf);
			return -EINVAL;
		}
		ret = lft_hx_place(&hd->fields[j], hf);
		if (ret)
			return ret;
		hd->nvals = ++j;
	}
	if (vals && strcmp(vals, "hitcount"))
		return -EINVAL;
	return 0;
}

/* One key, the stack or a field or expression, into @hf. */
static int lft_hist_key(struct lft_hist_parse *p, char *str,
			struct lft_hfield *hf)
{
	struct lft_hfield *k;
	unsigned int nsub = 0;

	if (lft_hist_is_stack(str)) {
		hf->kind = LFT_HF_STACK;
		hf->flags = LFT_HF_KEY;
		hf->vsize = LFT_HIST_STACK_DEPTH * sizeof(unsigned long);
		return 0;
	}
	k = lft_hx_parse(p, str, LFT_HF_KEY, NULL, &nsub);
	if (IS_ERR(k))
		return PTR_ERR(k);
	if (lft_hx_has_vars(k)) {
		lft_hist_err(p, LFT_HE_INVALID_REF_KEY, str);
		lft_hx_drop(k);
		return -EINVAL;
	}
	return lft_hx_place(hf, k);
}

static int lft_hist_keys(struct lft_hist_parse *p, struct lft_hist_data *hd)
{
	char *keys = p->keys, *str;
	unsigned int i;
	int ret;

	for (i = 0; i < LFT_HIST_KEYS_MAX; i++) {
		struct lft_hfield *hf = &hd->fields[hd->nvals + i];

		str = strsep(&keys, ",");
		if (!str)
			break;
		ret = lft_hist_key(p, str, hf);
		if (ret)
			return ret;
		/* 6.1 makes a key's size its room in the compound key. */
		hf->ksize = ALIGN(hf->vsize, sizeof(u64));
		hf->vsize = hf->ksize;
		hf->koff = hd->key_size;
		hd->key_size += hf->ksize;
		if (hd->key_size > LFT_HIST_KEY_MAX)
			return -EINVAL;
		lft_hist_key_cmp(hf);
		hd->nkeys++;
		if (hf->flags & LFT_HF_EXECNAME)
			hd->comm = true;
	}
	return keys ? -EINVAL : 0;
}

/* ".descending", ".ascending" or nothing: 1, 0; else -EINVAL (logged). */
static int lft_hist_desc(struct lft_hist_parse *p, const char *mod)
{
	if (!mod || !strcmp(mod, "ascending"))
		return 0;
	if (!strcmp(mod, "descending"))
		return 1;
	lft_hist_err(p, LFT_HE_INVALID_SORT_MODIFIER, mod);
	return -EINVAL;
}

static int lft_hist_sort(struct lft_hist_parse *p, struct lft_hist_data *hd)
{
	char *sort = p->sort, *str, *name;
	unsigned int i, j;
	int desc;

	hd->nsort = 1;
	if (!sort)
		return 0;
	for (i = 0; i < LFT_HIST_SORT_MAX; i++) {
		struct lft_hist_sort *sk = &hd->sort[i];

		str = strsep(&sort, ",");
		if (!str)
			break;
		if (!*str) {
			lft_hist_err(p, LFT_HE_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (i == LFT_HIST_SORT_MAX - 1 && sort) {
			lft_hist_err(p, LFT_HE_TOO_MANY_SORT_FIELDS, "sort=");
			return -EINVAL;
		}
		name = strsep(&str, ".");
		if (!*name) {
			lft_hist_err(p, LFT_HE_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (!strcmp(name, "hitcount")) {
			j = 0;
		} else {
			for (j = 1; j < hd->nvals + hd->nkeys; j++)
				if (!strcmp(name, lft_hx_name(&hd->fields[j])))
					break;
			if (j == hd->nvals + hd->nkeys) {
				lft_hist_err(p, LFT_HE_INVALID_SORT_FIELD, name);
				return -EINVAL;
			}
		}
		desc = lft_hist_desc(p, str);
		if (desc < 0)
			return desc;
		sk->idx = j;
		sk->desc = desc;
	}
	hd->nsort = i;
	return 0;
}

/* size=N: 6.1 rounds N up to a power of two within the map's bounds. */
static int lft_hist_size(const char *str, unsigned int *bits)
{
	unsigned long n;
	int ret = kstrtoul(str, 0, &n);

	if (ret)
		return ret;
	if (n <= 1UL << (LFT_HMAP_BITS_MIN - 1) ||
	    n > 1UL << LFT_HMAP_BITS_MAX)
		return -EINVAL;
	*bits = ilog2(roundup_pow_of_two(n));
	return 0;
}

/* The assignments a hist command has, and what each sets. */
enum {
	LFT_HA_KEYS,
	LFT_HA_VALS,
	LFT_HA_SORT,
	LFT_HA_NAME,
	LFT_HA_CLOCK,
	LFT_HA_SIZE,
};

static const struct {
	const char *word;
	u8 what;
} lft_hist_assigns[] = {
	{ "key=", LFT_HA_KEYS }, { "keys=", LFT_HA_KEYS },
	{ "val=", LFT_HA_VALS }, { "vals=", LFT_HA_VALS },
	{ "values=", LFT_HA_VALS }, { "sort=", LFT_HA_SORT },
	{ "name=", LFT_HA_NAME }, { "clock=", LFT_HA_CLOCK },
	{ "size=", LFT_HA_SIZE },
};

/* "WORD=VALUE": 0, or -EINVAL for a bad size or too many variables. */
static int lft_hist_assign(struct lft_hist_parse *p, char *str)
{
	unsigned int i;
	char *v;

	for (i = 0; i < ARRAY_SIZE(lft_hist_assigns); i++)
		if (str_has_prefix(str, lft_hist_assigns[i].word))
			break;
	if (i == ARRAY_SIZE(lft_hist_assigns)) {
		/* NAME=EXPR[,NAME=EXPR...]: variables, split later. */
		if (p->nassigns == LFT_HIST_VARS_MAX) {
			lft_hist_err(p, LFT_HE_TOO_MANY_VARS, str);
			return -EINVAL;
		}
		p->assigns[p->nassigns++] = str;
		return 0;
	}
	v = str + strlen(lft_hist_assigns[i].word);
	switch (lft_hist_assigns[i].what) {
	case LFT_HA_KEYS:
		p->keys = v;
		break;
	case LFT_HA_VALS:
		p->vals = v;
		break;
	case LFT_HA_SORT:
		p->sort = v;
		break;
	case LFT_HA_NAME:
		/* 6.1 keeps and shows the whole "name=NAME". */
		p->name = str;
		break;
	case LFT_HA_CLOCK:
		p->clock = strim(v);
		break;
	default:
		return lft_hist_size(v, &p->bits);
	}
	return 0;
}

/**
 * lft_hist_parse_attrs() - the ':'-separated words of a hist command, in
 *	6.1's order of checks
 * @p: the parse, filled
 * @param: the command's text after "hist:", its filter cut off (split up)
 *
 * Return: 0, or -EINVAL (logged where 6.1 logs it).
 */
int lft_hist_parse_attrs(struct lft_hist_parse *p, char *param)
{
	while (param) {
		char *str = strsep(&param, ":"), *rhs = strchr(str, '=');
		int ret;

		if (rhs) {
			if (!rhs[1]) {
				lft_hist_err(p, LFT_HE_EMPTY_ASSIGNMENT, str);
				return -EINVAL;
			}
			ret = lft_hist_assign(p, str);
			if (ret)
				return ret;
		} else if (!strcmp(str, "pause")) {
			p->pause = true;
		} else if (!strcmp(str, "cont") || !strcmp(str, "continue")) {
			p->cont = true;
		} else if (!strcmp(str, "clear")) {
			p->clear = true;
		} else if (p->nactions < LFT_HIST_ACTIONS_MAX &&
			   (str_has_prefix(str, "onmatch(") ||
			    str_has_prefix(str, "onmax(") ||
			    str_has_prefix(str, "onchange("))) {
			/* Read with the fields (hist_action.c). */
			p->actions[p->nactions++] = str;
		} else {
			return -EINVAL;
		}
	}
	return p->keys ? 0 : -EINVAL;
}

/**
 * lft_hist_split() - "TRIGGER if FILTER" cut where 6.1 cuts it
 * @param: the text (cut)
 * @filter: set to "if FILTER", or NULL
 *
 * Return: the trigger's text, or NULL when malformed.
 */
char *lft_hist_split(char *param, char **filter)
{
	char *s = param;
	size_t len = strlen(param);

	*filter = NULL;
	while ((s = strstr(s, "if"))) {
		if (s == param)
			return NULL;
		if (s[-1] != ' ' && s[-1] != '\t') {
			s++;
			continue;
		}
		if (s >= param + len - 3)
			return NULL;
		if (s[2] != ' ' && s[2] != '\t') {
			s++;
			continue;
		}
		s[-1] = '\0';
		*filter = strim(s);
		return strim(param);
	}
	return param;
}

/**
 * lft_hist_parse_fields() - a histogram's values, keys and sort keys
 * @p: the parse, its words read
 * @ev: the event
 * @hd: the histogram, filled
 *
 * Return: 0 or a negative errno (logged where 6.1 logs it).
 */
int lft_hist_parse_fields(struct lft_hist_parse *p, const struct lft_event *ev,
			  struct lft_hist_data *hd)
{
	int ret;

	p->hd = hd;
	ret = lft_hist_actions_parse(p, hd);
	if (!ret)
		ret = lft_hist_var_defs(p);
	if (!ret)
		ret = lft_hist_vals(p, hd);
	if (!ret)
		ret = lft_hist_vars(p);
	if (!ret)
		ret = lft_hist_keys(p, hd);
	/*
	 * 6.1 frees its variable definitions once the fields are made: the
	 * sort keys and the actions' params (save($v), a field variable)
	 * see no "$NAME" standing for a field of its own any more.
	 */
	p->nvar_defs = 0;
	if (!ret)
		ret = lft_hist_sort(p, hd);
	return ret;
}
