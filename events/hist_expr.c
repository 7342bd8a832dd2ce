// SPDX-License-Identifier: GPL-2.0
/*
 * A histogram's fields: what one key, value or variable reads. A field is
 * an event's field (common and generic ones too), cpu, common_timestamp,
 * a numeric literal, a variable's value ($NAME, or SYS.EVENT.$NAME), or an
 * expression: + - * / on two of these, or -(...) on one, at most three
 * operators deep. Parsed in 6.1's order, so that the first error logged
 * and its caret are 6.1's; named and evaluated as 6.1 does, quirks
 * included (constants folded with 6.1's own division, an expression's
 * name built from its operands' names).
 */
#include <linux/ctype.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "events/hist.h"

/* ------------------------------------------------------------- lookup */

/*
 * 6.1's "generic" fields: cpu (read as the CPU) and comm (size 0: 6.1
 * finds it and refuses it as a histogram field). The fields every event
 * has are the common header's (lft_entry_fields).
 */
static const struct lft_ev_field lft_hist_generic[] = {
	{ "int", "CPU", 0, 0, 1 },
	{ "int", "cpu", 0, 0, 1 },
	{ "int", "common_cpu", 0, 0, 1 },
	{ "char *", "COMM", 0, 0, 0 },
	{ "char *", "comm", 0, 0, 0 },
};

/* A field's name as looked up: without an array's "[N]". */
static bool lft_hx_name_is(const struct lft_ev_field *fl, const char *name)
{
	size_t len = strlen(name);

	return !strncmp(fl->name, name, len) &&
	       (!fl->name[len] || fl->name[len] == '[');
}

/* 6.1's lookup order: the event's fields, the generic ones, the common. */
static const struct lft_ev_field *lft_hx_lookup(const struct lft_event *ev,
						const char *name)
{
	unsigned int i;

	for (i = 0; i < ev->nfields; i++)
		if (lft_hx_name_is(&ev->fields[i], name))
			return &ev->fields[i];
	for (i = 0; i < ARRAY_SIZE(lft_hist_generic); i++)
		if (!strcmp(lft_hist_generic[i].name, name))
			return &lft_hist_generic[i];
	for (i = 0; i < lft_entry_nfields; i++)
		if (!strcmp(lft_entry_fields[i].name, name))
			return &lft_entry_fields[i];
	return NULL;
}

static bool lft_hx_is_cpu(const struct lft_ev_field *fl)
{
	return fl >= lft_hist_generic && fl < lft_hist_generic + 3;
}

/* Modifier words, and the flag each sets. */
static const struct {
	const char *word;
	u32 flag;
} lft_hx_mods[] = {
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
static int lft_hx_modifier(struct lft_hist_parse *p, const char *name,
			   char *mod, u32 *flags, unsigned long *buckets)
{
	char *at = mod;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lft_hx_mods); i++) {
		if (strcmp(mod, lft_hx_mods[i].word))
			continue;
		if (lft_hx_mods[i].flag == LFT_HF_EXECNAME &&
		    strcmp(name, "common_pid"))
			break;
		*flags |= lft_hx_mods[i].flag;
		return 0;
	}
	if (i == ARRAY_SIZE(lft_hx_mods) && !strncmp(mod, "bucket", 6)) {
		/* 6.1's caret goes where its reading of N stopped. */
		at = mod + 6;
		if (*at == 's')
			at++;
		if (*at == '=' && !kstrtoul(++at, 0, buckets) && *buckets) {
			*flags |= LFT_HF_BUCKET;
			return 0;
		}
	} else if (i == ARRAY_SIZE(lft_hx_mods) &&
		   (!strncmp(mod, "percent", 7) || !strncmp(mod, "graph", 5))) {
		if (!(*flags & (LFT_HF_KEY | LFT_HF_VAR))) {
			*flags |= mod[0] == 'p' ? LFT_HF_PERCENT : LFT_HF_GRAPH;
			return 0;
		}
	}
	lft_hist_err(p, LFT_HE_BAD_FIELD_MODIFIER, at);
	return -EINVAL;
}

/*
 * @hf reads field @fl: its name (without an array's "[N]") and type, as
 * 6.1 has it: an array's "[N]" is part of it ("char[16]"), which is what
 * a synthetic event's field is matched with.
 */
static int lft_hx_own(struct lft_hfield *hf, const struct lft_ev_field *fl)
{
	const char *br = strchr(fl->name, '[');

	hf->has_field = true;
	hf->own_name = br ? kstrndup(fl->name, br - fl->name, GFP_KERNEL) :
			    kstrdup(fl->name, GFP_KERNEL);
	if (fl->count)
		hf->type = kasprintf(GFP_KERNEL, "%s[%u]", fl->type, fl->count);
	else
		hf->type = kasprintf(GFP_KERNEL, "%s%s", fl->type, br ?: "");
	hf->name = hf->own_name;
	return hf->own_name && hf->type ? 0 : -ENOMEM;
}

/* A record field as a histogram reads it. */
static int lft_hx_bind(struct lft_hfield *hf, const struct lft_ev_field *fl)
{
	const char *br = strchr(fl->name, '[');
	bool arr = br || fl->count;
	int ret = lft_hx_own(hf, fl);

	if (ret)
		return ret;
	hf->offset = fl->offset;
	hf->size = fl->size;
	hf->is_signed = fl->is_signed;
	if (str_has_prefix(fl->type, "__data_loc") && strstr(fl->type, "char")) {
		hf->kind = LFT_HF_LOC;
		hf->vsize = LFT_HIST_STR_MAX;
	} else if ((arr || strchr(fl->type, '[')) && strstr(fl->type, "char")) {
		hf->kind = LFT_HF_STR;
		hf->vsize = fl->size;
	} else if (fl->size == 1 || fl->size == 2 || fl->size == 4 ||
		   fl->size == 8) {
		hf->kind = LFT_HF_NUM;
		hf->vsize = fl->size;
	} else {
		/* 6.1 has no reader for it, and says so as an allocation. */
		return -ENOMEM;
	}
	if (hf->kind != LFT_HF_NUM) {
		/* A string's sign is not the value's. */
		hf->is_signed = false;
		/* 6.1's .log2/.buckets wrapper is no string to it. */
		if (!(hf->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET)))
			hf->flags |= LFT_HF_STRING;
	}
	return 0;
}

/* ------------------------------------------------------------- nodes */

static struct lft_hfield *lft_hx_new(u32 flags, const char *var_name)
{
	struct lft_hfield *hf = kzalloc(sizeof(*hf), GFP_KERNEL);

	if (!hf)
		return NULL;
	hf->flags = flags;
	if (var_name) {
		hf->var_name = kstrdup(var_name, GFP_KERNEL);
		if (!hf->var_name) {
			kfree(hf);
			return NULL;
		}
	}
	return hf;
}

/**
 * lft_hx_release() - free what a field owns (not the field itself)
 * @hf: the field; references among its operands are the histogram's
 */
void lft_hx_release(struct lft_hfield *hf)
{
	unsigned int i;

	if (!lft_hx_shared(hf))
		for (i = 0; i < ARRAY_SIZE(hf->operands); i++)
			if (hf->operands[i])
				lft_hx_drop(hf->operands[i]);
	kfree(hf->own_name);
	kfree(hf->type);
	kfree(hf->expr);
	kfree(hf->var_name);
	kfree(hf->ref_sys);
	kfree(hf->ref_ev);
	memset(hf, 0, sizeof(*hf));
}

/**
 * lft_hx_free() - free an allocated field and what it owns
 * @hf: the field, or NULL
 */
void lft_hx_free(struct lft_hfield *hf)
{
	if (!hf)
		return;
	lft_hx_release(hf);
	kfree(hf);
}

/**
 * lft_hx_drop() - let go of a parsed field: free it, unless it is a
 *	histogram's reference
 * @hf: the field
 */
void lft_hx_drop(struct lft_hfield *hf)
{
	if (!lft_hx_shared(hf))
		lft_hx_free(hf);
}

/**
 * lft_hx_place() - put a parsed field in a histogram's slot
 * @slot: the slot (empty)
 * @hf: the field: moved there (and freed), or for a reference, copied
 *
 * Return: 0 or -ENOMEM (@slot then released, @hf dropped).
 */
int lft_hx_place(struct lft_hfield *slot, struct lft_hfield *hf)
{
	*slot = *hf;
	if (!lft_hx_shared(hf)) {
		kfree(hf);
		return 0;
	}
	/* A copy of the reference, with strings of its own. */
	slot->expr = kstrdup(hf->expr, GFP_KERNEL);
	slot->ref_sys = hf->ref_sys ? kstrdup(hf->ref_sys, GFP_KERNEL) : NULL;
	slot->ref_ev = hf->ref_ev ? kstrdup(hf->ref_ev, GFP_KERNEL) : NULL;
	if (slot->expr && !hf->ref_sys == !slot->ref_sys &&
	    !hf->ref_ev == !slot->ref_ev)
		return 0;
	lft_hx_release(slot);
	return -ENOMEM;
}

/**
 * lft_hx_type() - a field's type as 6.1 names it (what a synthetic
 *	event's field must match)
 * @hf: the field
 *
 * Return: the type ("u64" when it has none of its own).
 */
const char *lft_hx_type(const struct lft_hfield *hf)
{
	const struct lft_hfield *v;

	if (hf->kind == LFT_HF_REF) {
		v = lft_hist_slot_var(hf->ref_hd, hf->ref_var);
		return v ? lft_hx_type(v) : "u64";
	}
	if ((hf->flags & LFT_HF_EXECNAME) && (hf->flags & LFT_HF_VAR))
		return "char[]";
	if (hf->kind == LFT_HF_CPU)
		return "unsigned int";
	if (hf->kind == LFT_HF_EXPR)
		return lft_hx_type(hf->operands[0]);
	if (hf->kind == LFT_HF_STACK)
		return "unsigned long[]";
	return hf->has_field && hf->type ? hf->type : "u64";
}

/* ------------------------------------------------------------- names */

static const char *lft_hx_name_at(const struct lft_hfield *hf,
				  unsigned int level)
{
	static char full[LFT_HIST_STR_MAX];

	if (level > 1)
		return "";
	if (hf->has_field)
		return hf->name ?: "";
	if (hf->flags & LFT_HF_ALIAS)
		return hf->operands[0] ? lft_hx_name_at(hf->operands[0],
							level + 1) : "";
	if (hf->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET))
		level++;
	if (level > 1)
		return "";
	if (hf->kind == LFT_HF_CPU)
		return "common_cpu";
	if (hf->kind == LFT_HF_EXPR)
		return hf->expr ?: "";
	if (hf->kind == LFT_HF_REF) {
		/* 6.1 too returns a static buffer: lft_lock serializes it. */
		if (hf->ref_sys && snprintf(full, sizeof(full),
					    LFT_HIST_REF_SYS_DOLLAR ?
					    "%s.%s.$%s" : "%s.%s.%s",
					    hf->ref_sys, hf->ref_ev,
					    hf->expr) < sizeof(full))
			return full;
		return hf->ref_sys ? "" : hf->expr ?: "";
	}
	if (hf->flags & LFT_HF_TIMESTAMP)
		return "common_timestamp";
	if (LFT_HIST_HITCOUNT_FIELD && hf->kind == LFT_HF_COUNT)
		return "hitcount";
	if (LFT_HIST_STACK_ALIASES && hf->kind == LFT_HF_STACK)
		return LFT_HIST_STACK_NAME;
	return "";
}

/**
 * lft_hx_name() - what 6.1 calls a field: in sort keys, entries,
 *	expressions' names
 * @hf: the field
 *
 * Return: the name ("" when it has none).
 */
const char *lft_hx_name(const struct lft_hfield *hf)
{
	return lft_hx_name_at(hf, 0);
}

/* The modifier word 6.1 shows for a field (one, the first it has). */
const char *lft_hist_modname(u32 flags)
{
	static const struct {
		u32 flag;
		const char *word;
	} names[] = {
		{ LFT_HF_HEX, "hex" },
		{ LFT_HF_SYM, "sym" },
		{ LFT_HF_SYM_OFFSET, "sym-offset" },
		{ LFT_HF_EXECNAME, "execname" },
		{ LFT_HF_SYSCALL, "syscall" },
		{ LFT_HF_LOG2, "log2" },
		{ LFT_HF_BUCKET, "buckets" },
		{ LFT_HF_USECS, "usecs" },
		{ LFT_HF_PERCENT, "percent" },
		{ LFT_HF_GRAPH, "graph" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (flags & names[i].flag)
			return names[i].word;
	return NULL;
}

/* An operand as an expression's name shows it: "$ts0", "5", "n.hex". */
static void lft_hx_operand_text(struct seq_buf *s, const struct lft_hfield *hf)
{
	const char *mod = lft_hist_modname(hf->flags);

	if (hf->kind == LFT_HF_REF)
		seq_buf_printf(s, "$");
	else if (hf->kind == LFT_HF_CONST)
		seq_buf_printf(s, "%llu", hf->constant);
	seq_buf_printf(s, "%s", lft_hx_name(hf));
	if (hf->kind != LFT_HF_REF && mod)
		seq_buf_printf(s, ".%s", mod);
}

/* Fields 6.1 builds of another (a modifier's or an alias's wrapper). */
static bool lft_hx_wrapped(const struct lft_hfield *hf)
{
	return hf->kind == LFT_HF_EXPR || (hf->flags & LFT_HF_ALIAS) ||
	       (hf->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET));
}

/* An expression's name, as 6.1 builds it; false when it has none. */
static bool lft_hx_text(struct seq_buf *s, const struct lft_hfield *hf,
			unsigned int level)
{
	static const char ops[] = {
		[LFT_HOP_PLUS] = '+', [LFT_HOP_MINUS] = '-',
		[LFT_HOP_DIV] = '/', [LFT_HOP_MULT] = '*',
	};

	if (level > 1)
		return false;
	if (!lft_hx_wrapped(hf)) {
		lft_hx_operand_text(s, hf);
		return true;
	}
	if (hf->kind != LFT_HF_EXPR)
		return false;
	if (hf->op == LFT_HOP_UMINUS) {
		seq_buf_printf(s, "-(");
		if (!lft_hx_text(s, hf->operands[0], level + 1))
			return false;
		seq_buf_printf(s, ")");
		return true;
	}
	lft_hx_operand_text(s, hf->operands[0]);
	seq_buf_printf(s, "%c", ops[hf->op]);
	lft_hx_operand_text(s, hf->operands[1]);
	return true;
}

/* Name @hf (an expression, or constants folded): 0 or -ENOMEM. */
static int lft_hx_set_text(struct lft_hfield *hf)
{
	char *buf = kzalloc(LFT_HIST_STR_MAX, GFP_KERNEL);
	struct seq_buf s;

	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, LFT_HIST_STR_MAX);
	if (!lft_hx_text(&s, hf, 0) || seq_buf_has_overflowed(&s)) {
		/* Nameless, as 6.1's overlong or too nested ones are. */
		kfree(buf);
		return 0;
	}
	hf->expr = buf;
	return 0;
}

/* ---------------------------------------------------------- evaluation */

static u64 lft_hx_divide(const struct lft_hfield *hf, u64 a, u64 b)
{
	const struct lft_hfield *d = hf->operands[1];

	switch (hf->div_fn) {
	case LFT_HDIV_POW2:
		return a >> __ffs64(d->constant);
	case LFT_HDIV_BIG:
		return div64_u64(a, d->constant);
	case LFT_HDIV_MULT:
		/* 6.1's rounding up, off by one at times: its results. */
		if (a < (1ULL << LFT_HDIV_SHIFT))
			return (a * d->div_mult +
				((1ULL << LFT_HDIV_SHIFT) - 1)) >> LFT_HDIV_SHIFT;
		return div64_u64(a, d->constant);
	}
	if (!b)
		return -1;
	if (!(b & (b - 1)))
		return a >> __ffs64(b);
	return div64_u64(a, b);
}

static u64 lft_hx_op(const struct lft_hfield *hf, const struct lft_hist_ctx *c)
{
	u64 a = lft_hist_eval(hf->operands[0], c), b;

	if (hf->op == LFT_HOP_UMINUS)
		return -a;
	b = hf->div_fn ? 0 : lft_hist_eval(hf->operands[1], c);
	switch (hf->op) {
	case LFT_HOP_PLUS:
		return a + b;
	case LFT_HOP_MINUS:
		return a - b;
	case LFT_HOP_MULT:
		return a * b;
	case LFT_HOP_DIV:
		return lft_hx_divide(hf, a, b);
	}
	return 0;
}

/**
 * lft_hist_eval() - a numeric field's value for this hit, modifiers
 *	applied
 * @hf: the field
 * @c: the hit (NULL: folding constants)
 *
 * Any context; bounded recursion (three operators at most).
 *
 * Return: the value (0 for a string: lftrace does not sum addresses;
 * 64 for its .log2, as 6.1's for any kernel address).
 */
u64 lft_hist_eval(const struct lft_hfield *hf, const struct lft_hist_ctx *c)
{
	u64 v = 0;

	switch (hf->kind) {
	case LFT_HF_COUNT:
		return 1;
	case LFT_HF_CONST:
		return hf->constant;
	case LFT_HF_EXPR:
		return lft_hx_op(hf, c);
	case LFT_HF_REF:
		return c && c->refs ? c->refs[hf->ref_idx] : 0;
	case LFT_HF_NUM:
		if (c && hf->offset + hf->size <= c->len)
			v = lft_hist_num(c->rec, hf->offset, hf->size,
					 hf->is_signed);
		break;
	case LFT_HF_CPU:
		v = raw_smp_processor_id();
		break;
	case LFT_HF_TS: {
		struct lft_rb *rb;

		if (!c)
			break;
		rb = READ_ONCE(c->f->tr->rb);
		v = lft_rb_now(rb);
		if (c->hd->usecs && lft_time_in_ns(lft_rb_get_clock(rb)))
			v = div_u64(v + 500, 1000);
		break;
	}
	case LFT_HF_STR:
	case LFT_HF_LOC:
		/*
		 * 6.1 takes the string's address in the record: always in
		 * the top half, its .log2 is 64 (what else depends on
		 * where the record lies lftrace leaves at 0).
		 */
		return hf->flags & LFT_HF_LOG2 ? 64 : 0;
	default:
		return 0;
	}
	if (hf->flags & LFT_HF_LOG2)
		v = order_base_2(v);
	else if (hf->flags & LFT_HF_BUCKET)
		v = div64_ul(v, hf->buckets) * hf->buckets;
	return v;
}

/* ------------------------------------------------------------ parsing */

/**
 * lft_hist_is_stack() - whether a key's text names the stack
 * @str: the text
 *
 * "stacktrace" always; 6.12 also takes its own name and the generic
 * field STACKTRACE (compat/behave.h).
 *
 * Return: true for the stack.
 */
bool lft_hist_is_stack(const char *str)
{
	if (!strcmp(str, "stacktrace"))
		return true;
	return LFT_HIST_STACK_ALIASES &&
	       (!strcmp(str, LFT_HIST_STACK_NAME) || !strcmp(str, "STACKTRACE"));
}

/* A field's leaf, "NAME[.MOD]" (6.1's parse_field()): 0 or -errno. */
static int lft_hx_field(struct lft_hist_parse *p, const char *str,
			struct lft_hfield *hf)
{
	const struct lft_ev_field *fl;
	char *copy = kstrdup(str, GFP_KERNEL), *name, *mod;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	mod = copy;
	name = strsep(&mod, ".");
	if (mod) {
		ret = lft_hx_modifier(p, name, mod, &hf->flags, &hf->buckets);
		if (ret)
			goto out;
	}
	if (!strcmp(name, "common_timestamp")) {
		hf->kind = LFT_HF_TS;
		hf->flags |= LFT_HF_TIMESTAMP;
		hf->vsize = 8;
		p->hd->timestamps = true;
		if (hf->flags & LFT_HF_USECS)
			p->hd->usecs = true;
		goto out;
	}
	if (LFT_HIST_HITCOUNT_FIELD && !strcmp(name, "hitcount")) {
		hf->kind = LFT_HF_COUNT;
		hf->vsize = 8;
		goto out;
	}
	if (!strcmp(name, "common_cpu")) {
		hf->kind = LFT_HF_CPU;
		hf->vsize = 4;
		goto out;
	}
	fl = lft_hx_lookup(p->f->ev, name);
	/*
	 * 6.12's stack is a generic field: a key (a value refuses it as a
	 * modifier), unless the event has a field of that name.
	 */
	if (LFT_HIST_STACK_ALIASES && (!fl || !fl->size) &&
	    lft_hist_is_stack(name)) {
		hf->kind = LFT_HF_STACK;
		hf->vsize = LFT_HIST_STACK_DEPTH * sizeof(unsigned long);
		goto out;
	}
	if (fl && lft_hx_is_cpu(fl)) {
		hf->kind = LFT_HF_CPU;
		hf->vsize = 4;
		ret = lft_hx_own(hf, fl);
	} else if (!fl || !fl->size) {
		lft_hist_err(p, LFT_HE_FIELD_NOT_FOUND, name);
		ret = -EINVAL;
	} else {
		ret = lft_hx_bind(hf, fl);
	}
out:
	kfree(copy);
	return ret;
}

static struct lft_hfield *lft_hx_const(struct lft_hist_parse *p, char *str,
				       u32 flags, const char *var_name)
{
	struct lft_hfield *hf;
	u64 v;

	if (kstrtoull(str, 0, &v)) {
		lft_hist_err(p, LFT_HE_EXPECT_NUMBER, str);
		return ERR_PTR(-EINVAL);
	}
	hf = lft_hx_new(flags, var_name);
	if (!hf)
		return ERR_PTR(-ENOMEM);
	hf->kind = LFT_HF_CONST;
	hf->vsize = 8;
	hf->constant = v;
	return hf;
}

/* NAME=$OTHER: a variable that is another's value. */
static struct lft_hfield *lft_hx_alias(struct lft_hfield *ref,
				       const char *var_name)
{
	struct lft_hfield *hf = lft_hx_new(LFT_HF_ALIAS | LFT_HF_VAR, var_name);

	if (!hf)
		return ERR_PTR(-ENOMEM);
	hf->kind = LFT_HF_REF;
	hf->operands[0] = ref;
	hf->ref_idx = ref->ref_idx;
	hf->vsize = ref->vsize;
	hf->is_signed = ref->is_signed;
	hf->flags |= ref->flags & (LFT_HF_TIMESTAMP | LFT_HF_USECS);
	hf->ref_hd = ref->ref_hd;
	hf->ref_var = ref->ref_var;
	hf->expr = kstrdup(ref->expr, GFP_KERNEL);
	if (ref->ref_sys) {
		hf->ref_sys = kstrdup(ref->ref_sys, GFP_KERNEL);
		hf->ref_ev = kstrdup(ref->ref_ev, GFP_KERNEL);
		if (!hf->ref_sys || !hf->ref_ev)
			goto nomem;
	}
	if (hf->expr)
		return hf;
nomem:
	lft_hx_free(hf);
	return ERR_PTR(-ENOMEM);
}

/* A field, a constant or a variable (6.1's parse_atom()). */
static struct lft_hfield *lft_hx_atom(struct lft_hist_parse *p, char *str,
				      u32 flags, const char *var_name)
{
	char *sys = NULL, *ev = NULL, *var = str, *s;
	struct lft_hfield *hf;
	const char *alias;
	int ret;

	if (isdigit(str[0]))
		return lft_hx_const(p, str, flags, var_name);
	s = strchr(str, '.');
	if (s && strchr(s + 1, '.')) {
		sys = strsep(&str, ".");
		ev = strsep(&str, ".");
		var = str;
	}
	alias = lft_hist_var_alias(p, sys, ev, var);
	if (alias) {
		str = (char *)alias;
	} else {
		hf = lft_hist_var_ref(p, sys, ev, var);
		if (IS_ERR(hf))
			return hf;
		if (hf)
			return var_name ? lft_hx_alias(hf, var_name) : hf;
	}
	hf = lft_hx_new(flags, var_name);
	if (!hf)
		return ERR_PTR(-ENOMEM);
	ret = lft_hx_field(p, str, hf);
	if (ret) {
		lft_hx_free(hf);
		return ERR_PTR(ret);
	}
	return hf;
}

/*
 * The operator an expression splits at (6.1's contains_operator()): the
 * last + or -, else the last * or /, so that equal precedence goes left
 * to right; a - in front makes it -(...).
 */
static int lft_hx_operator(char *str, char **sep)
{
	char *minus = strrchr(str, '-'), *plus, *div, *mult;

	*sep = NULL;
	if (minus && minus == str) {
		*sep = minus;
		return LFT_HOP_UMINUS;
	}
	plus = strrchr(str, '+');
	if (plus || minus) {
		*sep = plus > minus ? plus : minus;
		return plus > minus ? LFT_HOP_PLUS : LFT_HOP_MINUS;
	}
	div = strrchr(str, '/');
	mult = strrchr(str, '*');
	if (!div && !mult)
		return LFT_HOP_NONE;
	*sep = mult > div ? mult : div;
	return mult > div ? LFT_HOP_MULT : LFT_HOP_DIV;
}

/*
 * An expression's sign is its first operand's, as 6.1 has it: unsigned
 * for a .log2 or .buckets one (6.1 wraps those in a field of no sign).
 */
static bool lft_hx_signed(const struct lft_hfield *a)
{
	return !(a->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET)) && a->is_signed;
}

static struct lft_hfield *lft_hx_unary(struct lft_hist_parse *p, char *str,
				       u32 flags, const char *var_name,
				       unsigned int *nsub)
{
	struct lft_hfield *hf, *a;
	char *s;

	if (++*nsub > LFT_HIST_SUBEXPR_MAX) {
		lft_hist_err(p, LFT_HE_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	str++;
	if (!strchr(str, '('))
		return ERR_PTR(-EINVAL);
	str++;
	s = strrchr(str, ')');
	if (!s)
		return ERR_PTR(-EINVAL);
	if (s[1]) {
		lft_hist_err(p, LFT_HE_UNARY_MINUS_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	*s = '\0';
	hf = lft_hx_new(flags, var_name);
	if (!hf)
		return ERR_PTR(-ENOMEM);
	a = lft_hx_parse(p, str, 0, NULL, nsub);
	if (IS_ERR(a)) {
		lft_hx_free(hf);
		return a;
	}
	hf->kind = LFT_HF_EXPR;
	hf->op = LFT_HOP_UMINUS;
	hf->operands[0] = a;
	if (a->flags & LFT_HF_STRING) {
		lft_hist_err(p, LFT_HE_INVALID_STR_OPERAND, str);
		lft_hx_free(hf);
		return ERR_PTR(-EINVAL);
	}
	hf->flags |= a->flags & (LFT_HF_TIMESTAMP | LFT_HF_USECS);
	hf->vsize = a->vsize;
	hf->is_signed = lft_hx_signed(a);
	if (lft_hx_set_text(hf)) {
		lft_hx_free(hf);
		return ERR_PTR(-ENOMEM);
	}
	return hf;
}

/* The variable an operand reads, if it is a reference or alias. */
static const struct lft_hfield *lft_hx_var_of(const struct lft_hfield *hf)
{
	const struct lft_hist_data *hd = hf->ref_hd;
	unsigned int i;

	if (hf->kind != LFT_HF_REF || !hd)
		return NULL;
	/* 6.1 finds it again by name: the first of that name. */
	for (i = 0; i < hd->nvars; i++)
		if (!strcmp(hd->vars[i].var_name, hf->expr))
			return &hd->vars[i];
	return NULL;
}

/* How 6.1 divides by a constant @d: its shortcut for each. */
static u8 lft_hx_div_fn(struct lft_hfield *d)
{
	u64 v = d->constant;

	if (!(v & (v - 1)))
		return LFT_HDIV_POW2;
	if (v > (1ULL << LFT_HDIV_SHIFT))
		return LFT_HDIV_BIG;
	d->div_mult = div64_u64(1ULL << LFT_HDIV_SHIFT, v);
	return LFT_HDIV_MULT;
}

/* OP on @a and @b into @hf, constants folded: 0 or -errno (logged). */
static int lft_hx_binary(struct lft_hist_parse *p, struct lft_hfield *hf,
			 int op, char *rhs)
{
	struct lft_hfield *a = hf->operands[0], *b = hf->operands[1];
	const struct lft_hfield *va = lft_hx_var_of(a), *vb = lft_hx_var_of(b);
	u32 fa, fb;

	if ((a->kind == LFT_HF_REF && !va) || (b->kind == LFT_HF_REF && !vb))
		return -EINVAL;
	fa = va ? va->flags : a->flags;
	fb = vb ? vb->flags : b->flags;
	if ((fa & LFT_HF_USECS) != (fb & LFT_HF_USECS)) {
		lft_hist_err(p, LFT_HE_TIMESTAMP_MISMATCH, NULL);
		return -EINVAL;
	}
	hf->flags |= a->flags & (LFT_HF_TIMESTAMP | LFT_HF_USECS);
	hf->op = op;
	/* A reference in an expression unsets its variable (6.1). */
	a->read_once = true;
	b->read_once = true;
	if (op == LFT_HOP_DIV && (vb ? vb->kind : b->kind) == LFT_HF_CONST) {
		u64 d = vb ? vb->constant : b->constant;

		if (!d) {
			lft_hist_err(p, LFT_HE_DIVISION_BY_ZERO, rhs);
			return -EDOM;
		}
		b->constant = d;
		hf->div_fn = lft_hx_div_fn(b);
	}
	if ((va ? va->kind : a->kind) == LFT_HF_CONST &&
	    (vb ? vb->kind : b->kind) == LFT_HF_CONST) {
		struct lft_hfield x = *hf;

		/*
		 * Folded with 6.1's own arithmetic, shortcuts included, and
		 * as 6.1 does, on the variables themselves when operands
		 * are references to constants.
		 */
		x.kind = LFT_HF_EXPR;
		x.operands[0] = (struct lft_hfield *)(va ?: a);
		x.operands[1] = (struct lft_hfield *)(vb ?: b);
		hf->constant = lft_hist_eval(&x, NULL);
		hf->kind = LFT_HF_CONST;
		hf->vsize = 8;
		hf->div_fn = 0;
		hf->operands[0] = NULL;
		hf->operands[1] = NULL;
		lft_hx_drop(a);
		lft_hx_drop(b);
		return lft_hx_set_text(hf);
	}
	hf->kind = LFT_HF_EXPR;
	hf->vsize = a->vsize;
	hf->is_signed = lft_hx_signed(a);
	return lft_hx_set_text(hf);
}

/**
 * lft_hx_parse() - a field or expression (6.1's parse_expr())
 * @p: the parse (its histogram being built)
 * @str: the text (split where operators are, as 6.1 splits it)
 * @flags: LFT_HF_KEY, LFT_HF_VAR: what it is for
 * @var_name: the variable it defines, or NULL
 * @nsub: operators met so far
 *
 * Return: the field (lft_hx_free()), or an ERR_PTR (logged where 6.1
 * logs).
 */
struct lft_hfield *lft_hx_parse(struct lft_hist_parse *p, char *str,
				u32 flags, const char *var_name,
				unsigned int *nsub)
{
	struct lft_hfield *hf, *a, *b;
	char *sep, *rhs;
	int op, ret;

	if (*nsub > LFT_HIST_SUBEXPR_MAX) {
		lft_hist_err(p, LFT_HE_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	op = lft_hx_operator(str, &sep);
	if (op == LFT_HOP_NONE)
		return lft_hx_atom(p, str, flags, var_name);
	if (op == LFT_HOP_UMINUS)
		return lft_hx_unary(p, str, flags, var_name, nsub);
	++*nsub;
	*sep = '\0';
	rhs = sep + 1;
	if (!*str || !*rhs)
		return ERR_PTR(-EINVAL);
	a = lft_hx_parse(p, str, 0, NULL, nsub);
	if (IS_ERR(a))
		return a;
	if (a->flags & LFT_HF_STRING) {
		lft_hist_err(p, LFT_HE_INVALID_STR_OPERAND, str);
		ret = -EINVAL;
		goto free_a;
	}
	b = lft_hx_parse(p, rhs, 0, NULL, nsub);
	if (IS_ERR(b)) {
		ret = PTR_ERR(b);
		goto free_a;
	}
	if (b->flags & LFT_HF_STRING) {
		lft_hist_err(p, LFT_HE_INVALID_STR_OPERAND, rhs);
		ret = -EINVAL;
		goto free_b;
	}
	hf = lft_hx_new(flags, var_name);
	if (!hf) {
		ret = -ENOMEM;
		goto free_b;
	}
	hf->operands[0] = a;
	hf->operands[1] = b;
	ret = lft_hx_binary(p, hf, op, rhs);
	if (ret) {
		lft_hx_free(hf);
		return ERR_PTR(ret);
	}
	return hf;
free_b:
	lft_hx_drop(b);
free_a:
	lft_hx_drop(a);
	return ERR_PTR(ret);
}

/**
 * lft_hx_has_vars() - a field is, or reads, a variable (6.1 refuses such
 *	keys)
 * @hf: the field
 *
 * Return: true if so.
 */
bool lft_hx_has_vars(const struct lft_hfield *hf)
{
	unsigned int i;

	if (!hf)
		return false;
	if (hf->kind == LFT_HF_REF || (hf->flags & LFT_HF_VAR))
		return true;
	if (hf->kind != LFT_HF_EXPR)
		return false;
	for (i = 0; i < ARRAY_SIZE(hf->operands); i++)
		if (lft_hx_has_vars(hf->operands[i]))
			return true;
	return false;
}
