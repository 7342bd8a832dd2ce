// SPDX-License-Identifier: GPL-2.0
/*
 * The hist command's grammar, checked in 6.1's order so that the first
 * error found, logged with its caret, is 6.1's: the ':'-separated words,
 * then the values, the keys (fields, common fields, cpu,
 * common_timestamp, stacktrace, with their modifiers) and the sort keys.
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

/*
 * The fields every event has, and 6.1's "generic" ones: cpu (read as the
 * CPU) and comm (size 0: 6.1 finds it and refuses it as a histogram field).
 */
static const struct lft_ev_field lft_hist_generic[] = {
	{ "int", "CPU", 0, 0, 1 },
	{ "int", "cpu", 0, 0, 1 },
	{ "int", "common_cpu", 0, 0, 1 },
	{ "char *", "COMM", 0, 0, 0 },
	{ "char *", "comm", 0, 0, 0 },
};

static const struct lft_ev_field lft_hist_common[] = {
	{ "unsigned short", "common_type", 0, 2, 0 },
	{ "unsigned char", "common_flags", 2, 1, 0 },
	{ "unsigned char", "common_preempt_count", 3, 1, 0 },
	{ "int", "common_pid", 4, 4, 1 },
#ifdef LFT_HAVE_PREEMPT_LAZY
	{ "unsigned char", "common_preempt_lazy_count",
	  offsetof(struct lft_entry, preempt_lazy_count), 1, 0 },
#endif
};

/* A field's name as looked up: without an array's "[N]". */
static bool lft_hist_name_is(const struct lft_ev_field *fl, const char *name)
{
	size_t len = strlen(name);

	return !strncmp(fl->name, name, len) &&
	       (!fl->name[len] || fl->name[len] == '[');
}

/* 6.1's lookup order: the event's fields, the generic ones, the common. */
static const struct lft_ev_field *lft_hist_lookup(const struct lft_event *ev,
						  const char *name)
{
	unsigned int i;

	for (i = 0; i < ev->nfields; i++)
		if (lft_hist_name_is(&ev->fields[i], name))
			return &ev->fields[i];
	for (i = 0; i < ARRAY_SIZE(lft_hist_generic); i++)
		if (!strcmp(lft_hist_generic[i].name, name))
			return &lft_hist_generic[i];
	for (i = 0; i < ARRAY_SIZE(lft_hist_common); i++)
		if (!strcmp(lft_hist_common[i].name, name))
			return &lft_hist_common[i];
	return NULL;
}

static bool lft_hist_is_cpu(const struct lft_ev_field *fl)
{
	return fl >= lft_hist_generic && fl < lft_hist_generic + 3;
}

/* Modifier words, and the flag each sets. */
static const struct {
	const char *word;
	u32 flag;
} lft_hist_mods[] = {
	{ "hex", LFT_HF_HEX },
	{ "sym", LFT_HF_SYM },
	/* ".sym-offset" is spelled ".symXoffset" once read, as 6.1 does. */
	{ "symXoffset", LFT_HF_SYM_OFFSET },
	{ "execname", LFT_HF_EXECNAME },
	{ "syscall", LFT_HF_SYSCALL },
	{ "log2", LFT_HF_LOG2 },
	{ "usecs", LFT_HF_USECS },
};

/* ".MOD" of a field: 0 or -EINVAL (logged). */
static int lft_hist_modifier(struct lft_hist_parse *p, const char *name,
			     char *mod, struct lft_hfield *hf)
{
	char *at = mod;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lft_hist_mods); i++) {
		if (strcmp(mod, lft_hist_mods[i].word))
			continue;
		if (lft_hist_mods[i].flag == LFT_HF_EXECNAME &&
		    strcmp(name, "common_pid"))
			break;
		hf->flags |= lft_hist_mods[i].flag;
		return 0;
	}
	if (i == ARRAY_SIZE(lft_hist_mods) && !strncmp(mod, "bucket", 6)) {
		/* 6.1's caret goes where its reading of N stopped. */
		at = mod + 6;
		if (*at == 's')
			at++;
		if (*at == '=' && !kstrtoul(++at, 0, &hf->buckets) &&
		    hf->buckets) {
			hf->flags |= LFT_HF_BUCKET;
			return 0;
		}
	} else if (i == ARRAY_SIZE(lft_hist_mods) &&
		   (!strncmp(mod, "percent", 7) || !strncmp(mod, "graph", 5))) {
		if (!(hf->flags & LFT_HF_KEY)) {
			hf->flags |= mod[0] == 'p' ? LFT_HF_PERCENT :
						     LFT_HF_GRAPH;
			return 0;
		}
	}
	lft_hist_err(p, LFT_HE_BAD_FIELD_MODIFIER, at);
	return -EINVAL;
}

/* @hf reads field @fl: its name (without an array's "[N]") and type. */
static int lft_hist_own(struct lft_hfield *hf, const struct lft_ev_field *fl)
{
	const char *br = strchr(fl->name, '[');

	hf->has_field = true;
	hf->own_name = br ? kstrndup(fl->name, br - fl->name, GFP_KERNEL) :
			    kstrdup(fl->name, GFP_KERNEL);
	hf->type = kstrdup(fl->type, GFP_KERNEL);
	hf->name = hf->own_name;
	return hf->own_name && hf->type ? 0 : -ENOMEM;
}

/* A record field as a histogram reads it. */
static int lft_hist_bind(struct lft_hfield *hf, const struct lft_ev_field *fl)
{
	const char *br = strchr(fl->name, '[');
	bool arr = br || fl->count;
	int ret = lft_hist_own(hf, fl);

	if (ret)
		return ret;
	hf->offset = fl->offset;
	hf->size = fl->size;
	hf->is_signed = fl->is_signed;
	if (str_has_prefix(fl->type, "__data_loc") && strstr(fl->type, "char")) {
		hf->kind = LFT_HF_LOC;
		hf->ksize = LFT_HIST_STR_MAX;
	} else if ((arr || strchr(fl->type, '[')) && strstr(fl->type, "char")) {
		hf->kind = LFT_HF_STR;
		hf->ksize = fl->size;
	} else if (fl->size == 1 || fl->size == 2 || fl->size == 4 ||
		   fl->size == 8) {
		hf->kind = LFT_HF_NUM;
		hf->ksize = fl->size;
	} else {
		/* 6.1 has no reader for it, and says so as an allocation. */
		return -ENOMEM;
	}
	return 0;
}

static int lft_hist_parse_one(struct lft_hist_parse *p,
			      const struct lft_event *ev, char *str,
			      struct lft_hfield *hf)
{
	const struct lft_ev_field *fl;
	char *name, *mod;
	int ret;

	if (isdigit(str[0]) || strpbrk(str, "+-*/$"))
		return -EINVAL;
	/*
	 * Two dots or more: 6.1 reads SYSTEM.EVENT.VAR, finds no variable
	 * (none has no '$'), and reads what follows the second dot as the
	 * field.
	 */
	mod = strchr(str, '.');
	if (mod && strchr(mod + 1, '.')) {
		strsep(&str, ".");
		strsep(&str, ".");
	}
	mod = str;
	name = strsep(&mod, ".");
	if (mod) {
		ret = lft_hist_modifier(p, name, mod, hf);
		if (ret)
			return ret;
	}
	if (!strcmp(name, "common_timestamp")) {
		hf->kind = LFT_HF_TS;
		hf->name = "common_timestamp";
		hf->ksize = 8;
		return 0;
	}
	if (!strcmp(name, "common_cpu")) {
		hf->kind = LFT_HF_CPU;
		hf->name = "common_cpu";
		hf->ksize = 4;
		return 0;
	}
	fl = lft_hist_lookup(ev, name);
	if (fl && lft_hist_is_cpu(fl)) {
		hf->kind = LFT_HF_CPU;
		hf->ksize = 4;
		return lft_hist_own(hf, fl);
	}
	if (!fl || !fl->size) {
		lft_hist_err(p, LFT_HE_FIELD_NOT_FOUND, name);
		return -EINVAL;
	}
	return lft_hist_bind(hf, fl);
}

/*
 * One key or value, "FIELD[.MOD]", into @hf (flags preset: LFT_HF_KEY).
 * Read from a copy, as 6.1 does, so that an error's caret finds @str
 * whole. Expressions, constants and variable references are not handled
 * yet.
 */
static int lft_hist_parse_field(struct lft_hist_parse *p,
				const struct lft_event *ev, const char *str,
				struct lft_hfield *hf)
{
	char *copy = kstrdup(str, GFP_KERNEL);
	int ret;

	if (!copy)
		return -ENOMEM;
	ret = lft_hist_parse_one(p, ev, copy, hf);
	kfree(copy);
	return ret;
}

/* The key comparison 6.1's sort uses for a key field. */
static void lft_hist_key_cmp(struct lft_hfield *hf)
{
	hf->cmp = LFT_HC_NUM;
	if (hf->kind == LFT_HF_STACK) {
		hf->cmp = LFT_HC_NONE;
	} else if (!hf->has_field || hf->kind == LFT_HF_CPU) {
		hf->cmp_size = hf->ksize;
		hf->cmp_signed = false;
	} else if (hf->kind == LFT_HF_STR || hf->kind == LFT_HF_LOC) {
		hf->cmp = LFT_HC_STR;
	} else {
		hf->cmp_size = hf->size;
		hf->cmp_signed = hf->is_signed;
	}
}

static int lft_hist_vals(struct lft_hist_parse *p, const struct lft_event *ev,
			 struct lft_hist_data *hd)
{
	char *vals = p->vals, *str;
	unsigned int i, j;
	int ret;

	hd->fields[0].kind = LFT_HF_COUNT;
	hd->nvals = 1;
	if (!vals)
		return 0;
	for (i = 0, j = 1; i < LFT_HIST_VALS_MAX && j < LFT_HIST_VALS_MAX;
	     i++) {
		struct lft_hfield *hf = &hd->fields[j];

		str = strsep(&vals, ",");
		if (!str)
			break;
		if (!strcmp(str, "hitcount"))
			continue;
		ret = lft_hist_parse_field(p, ev, str, hf);
		if (ret)
			return ret;
		if (hf->flags & (LFT_HF_BUCKET | LFT_HF_LOG2 | LFT_HF_SYM |
				 LFT_HF_SYM_OFFSET | LFT_HF_SYSCALL)) {
			lft_hist_err(p, LFT_HE_BAD_FIELD_MODIFIER, str);
			return -EINVAL;
		}
		hd->nvals = ++j;
	}
	if (vals && strcmp(vals, "hitcount"))
		return -EINVAL;
	return 0;
}

static int lft_hist_keys(struct lft_hist_parse *p, const struct lft_event *ev,
			 struct lft_hist_data *hd)
{
	char *keys = p->keys, *str;
	unsigned int i;
	int ret;

	for (i = 0; i < LFT_HIST_KEYS_MAX; i++) {
		struct lft_hfield *hf = &hd->fields[hd->nvals + i];

		str = strsep(&keys, ",");
		if (!str)
			break;
		hf->flags = LFT_HF_KEY;
		if (!strcmp(str, "stacktrace")) {
			hf->kind = LFT_HF_STACK;
			hf->ksize = LFT_HIST_STACK_DEPTH * sizeof(unsigned long);
		} else {
			ret = lft_hist_parse_field(p, ev, str, hf);
			if (ret)
				return ret;
		}
		hf->ksize = ALIGN(hf->ksize, sizeof(u64));
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

/* What entries and sort= call a field. */
static const char *lft_hist_fname(const struct lft_hfield *hf)
{
	return hf->name ?: "";
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
				if (!strcmp(name, lft_hist_fname(&hd->fields[j])))
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

/* "WORD=VALUE": 0, or -EINVAL for a variable (not yet) or a bad size. */
static int lft_hist_assign(struct lft_hist_parse *p, char *str)
{
	unsigned int i;
	char *v;

	for (i = 0; i < ARRAY_SIZE(lft_hist_assigns); i++)
		if (str_has_prefix(str, lft_hist_assigns[i].word))
			break;
	if (i == ARRAY_SIZE(lft_hist_assigns))
		return -EINVAL;
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
		} else {
			/* onmatch(), onmax(), onchange(): not yet. */
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
	unsigned int i;
	int ret;

	ret = lft_hist_vals(p, ev, hd);
	if (!ret)
		ret = lft_hist_keys(p, ev, hd);
	if (!ret)
		ret = lft_hist_sort(p, hd);
	if (ret)
		return ret;
	for (i = 0; i < hd->nvals + hd->nkeys; i++) {
		if (hd->fields[i].kind != LFT_HF_TS)
			continue;
		hd->timestamps = true;
		if (hd->fields[i].flags & LFT_HF_USECS)
			hd->usecs = true;
	}
	return 0;
}
