// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram variables: NAME=EXPR in a hist command keeps, in each entry
 * of its histogram, the value EXPR had at the entry's last hit. Another
 * trigger reads it as $NAME (or SYS.EVENT.$NAME): on a hit there, the
 * entry of the same key in the variable's histogram is looked up and,
 * if its variable was set, read (and unset, when the reference is an
 * operand of an expression: 6.1's read-once); an unset one makes the hit
 * count for nothing, as in 6.1.
 *
 * Values live in the map's elements (their private bytes): a u64 each,
 * a bit each saying it is set, and room for string variables, all made
 * with the map, so that hits neither lock nor allocate. A reference holds
 * the variable's histogram (its users count): the memory stays while
 * anything reads it, whatever is removed first.
 */
#include <linux/bitops.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/kapi.h"
#include "events/hist.h"

/* Triggers whose histograms have variables or references (lft_lock). */
static LIST_HEAD(lft_hist_var_trigs);

/* ------------------------------------------------------------- lookup */

/**
 * lft_hist_var_in() - a variable of a histogram by name
 * @hd: the histogram
 * @name: the variable's name, without '$'
 *
 * Return: the variable's field, or NULL.
 */
struct lft_hfield *lft_hist_var_in(struct lft_hist_data *hd, const char *name)
{
	unsigned int i;

	for (i = 0; i < hd->nvars; i++)
		if (!strcmp(hd->vars[i].var_name, name))
			return &hd->vars[i];
	return NULL;
}

/**
 * lft_hist_file() - an event of the array by name, as hist commands name
 *	them: trace_marker's ftrace.print too (in no list of the array's)
 * @tr: the array
 * @sys: the event's system
 * @ev: its name
 *
 * Return: the event in the array, or NULL.
 */
struct lft_ev_file *lft_hist_file(struct lft_array *tr, const char *sys,
				  const char *ev)
{
	struct lft_ev_file *f = lft_ev_file_lookup(tr, sys, ev);
	struct lft_ev_array *ea = tr->events;

	if (!f && ea && ea->marker && !strcmp(sys, ea->marker->ev->system) &&
	    !strcmp(ev, ea->marker->ev->name))
		f = ea->marker;
	return f;
}

/**
 * lft_hist_slot_var() - what an element slot of a histogram holds: a
 *	variable, or a field variable
 * @hd: the histogram
 * @slot: the slot
 *
 * Return: the field, or NULL (an action's slot).
 */
const struct lft_hfield *lft_hist_slot_var(const struct lft_hist_data *hd,
					   unsigned int slot)
{
	unsigned int i;

	if (slot < hd->nvars)
		return &hd->vars[slot];
	for (i = 0; i < hd->nfvars; i++)
		if (hd->fvars[i].slot == slot)
			return &hd->fvars[i].val;
	return NULL;
}

/* A variable of that name on an event's hist triggers. */
static struct lft_hfield *lft_hist_var_on(struct lft_ev_file *f,
					  const char *name)
{
	struct lft_trig_hook *h;
	struct lft_hfield *v;

	lft_trig_for_each(h, f, &lft_hist_kind) {
		v = lft_hist_var_in(lft_hist_of(h)->hd, name);
		if (v)
			return v;
	}
	return NULL;
}

/*
 * The event whose hist triggers define @name (6.1's find_var_file()):
 * SYS.EVENT's if named, else the one event of the array that has it;
 * NULL if none, or if several do (logged).
 */
static struct lft_ev_file *lft_hist_var_file(struct lft_hist_parse *p,
					     const char *sys, const char *ev,
					     const char *name)
{
	struct lft_ev_file *found = NULL;
	struct lft_hist_trig *t;

	if (sys)
		return lft_hist_file(p->tr, sys, ev);
	list_for_each_entry(t, &lft_hist_var_trigs, vars_node) {
		if (t->f->tr != p->tr || t->f == found)
			continue;
		if (!lft_hist_var_in(t->hd, name))
			continue;
		if (found) {
			lft_hist_err(p, LFT_HE_VAR_NOT_UNIQUE, name);
			return NULL;
		}
		found = t->f;
	}
	return found;
}

/*
 * A variable on the hist triggers of the events the parsed histogram's
 * onmatch() actions name (6.1's find_match_var()): ERR_PTR when several
 * have it (logged).
 */
static struct lft_hfield *lft_hist_match_var(struct lft_hist_parse *p,
					     const char *name)
{
	struct lft_hfield *found = NULL, *v;
	struct lft_ev_file *f;
	unsigned int i;

	for (i = 0; i < p->hd->nactions; i++) {
		const struct lft_hist_action *a = p->hd->actions[i];

		if (a->handler != LFT_HH_ONMATCH)
			continue;
		f = lft_hist_var_file(p, a->match_sys, a->match_ev, name);
		v = f ? lft_hist_var_on(f, name) : NULL;
		if (!v)
			continue;
		if (found) {
			lft_hist_err(p, LFT_HE_VAR_NOT_UNIQUE, name);
			return ERR_PTR(-EINVAL);
		}
		found = v;
	}
	return found;
}

/**
 * lft_hist_event_var() - a variable of a hist trigger of the array, as an
 *	action's param names it (6.1's find_event_var())
 * @p: the parse
 * @sys: SYS of "SYS.EVENT.$NAME", or NULL
 * @ev: EVENT, or NULL
 * @name: NAME
 *
 * Return: the variable, or NULL.
 */
struct lft_hfield *lft_hist_event_var(struct lft_hist_parse *p,
				      const char *sys, const char *ev,
				      const char *name)
{
	struct lft_ev_file *f;
	struct lft_hfield *v;

	if (!sys || !ev) {
		v = lft_hist_match_var(p, name);
		if (IS_ERR(v))
			return NULL;
		if (v)
			return v;
	}
	f = lft_hist_var_file(p, sys, ev, name);
	return f ? lft_hist_var_on(f, name) : NULL;
}

/**
 * lft_hist_var_alias() - "$NAME" of a variable of the same command that
 *	is a plain field: 6.1 reads the field itself in its place
 * @p: the parse
 * @sys: "SYS.EVENT.$NAME": SYS, or NULL
 * @ev: EVENT, or NULL
 * @name: "$NAME" (or anything else)
 *
 * Return: the field's text (the variable's definition), or NULL.
 */
const char *lft_hist_var_alias(struct lft_hist_parse *p, const char *sys,
			       const char *ev, const char *name)
{
	unsigned int i;

	if (sys && (strcmp(sys, p->f->ev->system) ||
		    strcmp(ev, p->f->ev->name)))
		return NULL;
	if (!!sys != !!ev || name[0] != '$' || strlen(name) < 2)
		return NULL;
	for (i = 0; i < p->nvar_defs; i++) {
		const char *e = p->var_expr[i];

		if (strcmp(name + 1, p->var_name[i]))
			continue;
		/* Not an expression (as far as 6.1's split left it). */
		if (strpbrk(e, "+-*/") || (e[0] == '$' && e[1]))
			continue;
		return e;
	}
	return NULL;
}

/**
 * lft_hist_ref_new() - a reference of the parsed histogram to a variable,
 *	made once per histogram (its own variables' too: onmax($VAR))
 * @p: the parse
 * @var: the variable, of any histogram of the array
 * @sys: "SYS" as the reference was written, or NULL
 * @ev: "EVENT" likewise, or NULL
 *
 * Return: the reference, or NULL (no room, or no memory).
 */
struct lft_hfield *lft_hist_ref_new(struct lft_hist_parse *p,
				    struct lft_hfield *var,
				    const char *sys, const char *ev)
{
	struct lft_hist_data *hd = p->hd, *vhd;
	struct lft_hfield *r;
	unsigned int i;

	vhd = var->owner;
	for (i = 0; i < hd->nrefs; i++)
		if (hd->refs[i]->ref_hd == vhd &&
		    hd->refs[i]->ref_var == var->var_idx)
			return hd->refs[i];
	if (hd->nrefs >= LFT_HIST_VARS_MAX)
		return NULL;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return NULL;
	r->kind = LFT_HF_REF;
	r->ref_hd = vhd;
	r->ref_var = var->var_idx;
	r->vsize = var->vsize;
	r->is_signed = var->is_signed;
	r->flags = var->flags & (LFT_HF_TIMESTAMP | LFT_HF_USECS);
	r->expr = kstrdup(var->var_name, GFP_KERNEL);
	if (sys) {
		r->ref_sys = kstrdup(sys, GFP_KERNEL);
		r->ref_ev = kstrdup(ev, GFP_KERNEL);
	}
	if (!r->expr || (sys && (!r->ref_sys || !r->ref_ev))) {
		lft_hx_free(r);
		return NULL;
	}
	r->ref_idx = hd->nrefs;
	hd->refs[hd->nrefs++] = r;
	return r;
}

/**
 * lft_hist_var_ref() - "$NAME" (after "SYS.EVENT." if any): a reference
 *	to a variable of a hist trigger of the array
 * @p: the parse
 * @sys: SYS, or NULL
 * @ev: EVENT, or NULL
 * @name: the text
 *
 * Return: the reference (the histogram's), or NULL when @name is no
 * "$NAME" or names no variable (logged).
 */
struct lft_hfield *lft_hist_var_ref(struct lft_hist_parse *p, char *sys,
				    char *ev, char *name)
{
	struct lft_hfield *var = NULL, *r = NULL;
	struct lft_ev_file *f;

	if (name[0] != '$' || strlen(name) < 2)
		return NULL;
	name++;
	f = lft_hist_var_file(p, sys, ev, name);
	if (f)
		var = lft_hist_var_on(f, name);
	if (var)
		r = lft_hist_ref_new(p, var, sys, ev);
	if (!r)
		lft_hist_err(p, LFT_HE_VAR_NOT_FOUND, name);
	return r;
}

/* ------------------------------------------------------------ parsing */

/**
 * lft_hist_var_defs() - split the command's NAME=EXPR[,NAME=EXPR...]
 *	assignments (6.1's parse_var_defs())
 * @p: the parse
 *
 * Return: 0, or -EINVAL (logged).
 */
int lft_hist_var_defs(struct lft_hist_parse *p)
{
	unsigned int i, j;

	for (i = 0; i < p->nassigns; i++) {
		char *str = p->assigns[i], *def, *name;

		for (j = 0; j < LFT_HIST_VARS_MAX; j++) {
			def = strsep(&str, ",");
			if (!def)
				break;
			name = strsep(&def, "=");
			if (!def) {
				lft_hist_err(p, LFT_HE_MALFORMED_ASSIGNMENT,
					     name);
				return -EINVAL;
			}
			if (p->nvar_defs == LFT_HIST_VARS_MAX) {
				lft_hist_err(p, LFT_HE_TOO_MANY_VARS, name);
				return -EINVAL;
			}
			p->var_name[p->nvar_defs] = name;
			p->var_expr[p->nvar_defs++] = def;
		}
	}
	return 0;
}

/**
 * lft_hist_var_exists_on() - an event's hist triggers define a variable
 * @f: the event in an array (lft_lock held)
 * @name: its name
 *
 * Return: true if one does.
 */
bool lft_hist_var_exists_on(struct lft_ev_file *f, const char *name)
{
	return lft_hist_var_on(f, name);
}

/* 6.1's find_var(): this command's variables so far, or the event's. */
static bool lft_hist_var_exists(struct lft_hist_parse *p, const char *name)
{
	return lft_hist_var_in(p->hd, name) || lft_hist_var_on(p->f, name);
}

/* A variable defined as common_pid.execname holds the task's name. */
static void lft_hist_var_execname(struct lft_hfield *v)
{
	v->flags = LFT_HF_STRING | LFT_HF_VAR | LFT_HF_EXECNAME;
	v->vsize = LFT_HIST_STR_MAX;
	v->is_signed = false;
}

/**
 * lft_hist_vars() - the command's variables, after its values (6.1's
 *	create_var_fields())
 * @p: the parse, lft_hist_var_defs() done
 *
 * Return: 0 or a negative errno (logged where 6.1 logs).
 */
int lft_hist_vars(struct lft_hist_parse *p)
{
	struct lft_hist_data *hd = p->hd;
	unsigned int i, nsub;

	for (i = 0; i < p->nvar_defs; i++) {
		struct lft_hfield *hf, *v = &hd->vars[hd->nvars];

		if (!p->remove && lft_hist_var_exists(p, p->var_name[i])) {
			lft_hist_err(p, LFT_HE_DUPLICATE_VAR, p->var_name[i]);
			return -EINVAL;
		}
		nsub = 0;
		hf = lft_hx_parse(p, p->var_expr[i], LFT_HF_VAR,
				  p->var_name[i], &nsub);
		if (IS_ERR(hf))
			return PTR_ERR(hf);
		if (hf->flags & (LFT_HF_GRAPH | LFT_HF_PERCENT |
				 LFT_HF_BUCKET | LFT_HF_LOG2)) {
			lft_hist_err(p, LFT_HE_BAD_FIELD_MODIFIER,
				     p->var_expr[i]);
			lft_hx_drop(hf);
			return -EINVAL;
		}
		if (lft_hx_place(v, hf))
			return -ENOMEM;
		v->var_idx = hd->nvars++;
		v->owner = hd;
		if (v->flags & LFT_HF_EXECNAME) {
			lft_hist_var_execname(v);
			hd->comm = true;
		}
		/* A string's text and a stack's entries live in the element. */
		if ((v->flags & LFT_HF_STRING) || v->kind == LFT_HF_STACK)
			v->var_str = hd->nvar_str++;
	}
	hd->nslots = hd->nvars;
	hd->nstr = hd->nvar_str;
	return 0;
}

/* ------------------------------------------------------------ layout */

/**
 * lft_hist_vars_layout() - where an element keeps its task name,
 *	variables, their bits and strings; how much key a hit zeroes
 * @hd: the histogram, parsed
 */
void lft_hist_vars_layout(struct lft_hist_data *hd)
{
	unsigned int off = hd->comm ? TASK_COMM_LEN : 0, i;

	hd->lookup_size = hd->key_size;
	for (i = 0; i < hd->nrefs; i++)
		hd->lookup_size = max(hd->lookup_size,
				      hd->refs[i]->ref_hd->key_size);
	if (hd->nslots) {
		off = ALIGN(off, sizeof(u64));
		hd->priv_vars = off;
		off += hd->nslots * sizeof(u64);
		hd->priv_set = off;
		off += sizeof(unsigned long);
		hd->priv_str = off;
		off += hd->nstr * LFT_HIST_VAR_STR;
	}
	hd->priv_size = off;
}

/**
 * lft_hist_vars_register() - make a new trigger's variables readable by
 *	others, and hold the histograms its references read
 * @t: the trigger, which made its histogram (lft_lock held)
 */
void lft_hist_vars_register(struct lft_hist_trig *t)
{
	struct lft_hist_data *hd = t->hd;
	unsigned int i;

	/* Not its own: a histogram does not hold itself. */
	for (i = 0; i < hd->nrefs; i++)
		if (hd->refs[i]->ref_hd != hd)
			hd->refs[i]->ref_hd->users++;
	hd->refs_held = true;
	if (hd->nvars || hd->nrefs)
		list_add(&t->vars_node, &lft_hist_var_trigs);
}

/**
 * lft_hist_vars_unregister() - a trigger going: its variables are no
 *	longer found by name
 * @t: the trigger (lft_lock held)
 */
void lft_hist_vars_unregister(struct lft_hist_trig *t)
{
	if (!list_empty(&t->vars_node))
		list_del_init(&t->vars_node);
}

/**
 * lft_hist_vars_busy() - another trigger reads a variable of this one's
 *	(6.1 then refuses to remove it: -EBUSY)
 * @t: the trigger (lft_lock held)
 *
 * Return: true if so.
 */
bool lft_hist_vars_busy(const struct lft_hist_trig *t)
{
	struct lft_hist_trig *o;
	unsigned int i;

	if (!t->hd->nvars)
		return false;
	list_for_each_entry(o, &lft_hist_var_trigs, vars_node) {
		if (o->hd == t->hd)
			continue;
		for (i = 0; i < o->hd->nrefs; i++)
			if (o->hd->refs[i]->ref_hd == t->hd)
				return true;
	}
	return false;
}

/* ---------------------------------------------------------- hit path */

/**
 * lft_hist_slots() - an element's variable values
 * @hd: its histogram
 * @elt: the element
 *
 * Return: nslots u64s.
 */
u64 *lft_hist_slots(const struct lft_hist_data *hd, struct lft_hmap_elt *elt)
{
	return lft_hmap_priv(elt) + hd->priv_vars;
}

/**
 * lft_hist_slot_bits() - which of an element's variables are set
 * @hd: its histogram
 * @elt: the element
 *
 * Return: the bits, one a slot.
 */
unsigned long *lft_hist_slot_bits(const struct lft_hist_data *hd,
				  struct lft_hmap_elt *elt)
{
	return lft_hmap_priv(elt) + hd->priv_set;
}

/**
 * lft_hist_slot_str() - an element's room for a string variable
 * @hd: its histogram
 * @elt: the element
 * @i: the string slot
 *
 * Return: LFT_HIST_VAR_STR bytes.
 */
char *lft_hist_slot_str(const struct lft_hist_data *hd,
			struct lft_hmap_elt *elt, unsigned int i)
{
	return lft_hmap_priv(elt) + hd->priv_str + i * LFT_HIST_VAR_STR;
}

/**
 * lft_hist_refs_read() - the values of a histogram's references for a hit
 * @hd: the referring histogram
 * @key: the hit's key (lookup_size bytes, zero padded)
 * @vals: filled, by reference slot
 * @self: read references to @hd's own variables (else the others')
 *
 * Any context; lock-free.
 *
 * Return: false when a variable has no entry for @key, or is not set.
 */
bool lft_hist_refs_read(const struct lft_hist_data *hd, const void *key,
			u64 *vals, bool self)
{
	unsigned int i;

	for (i = 0; i < hd->nrefs; i++) {
		const struct lft_hfield *r = hd->refs[i];
		const struct lft_hist_data *vhd = r->ref_hd;
		struct lft_hmap_elt *elt;

		if (self != (vhd == hd))
			continue;
		elt = lft_hmap_lookup(vhd->map, key);
		if (!elt || !test_bit(r->ref_var, lft_hist_slot_bits(vhd, elt)))
			return false;
		vals[i] = READ_ONCE(lft_hist_slots(vhd, elt)[r->ref_var]);
		if (!self && r->read_once)
			clear_bit(r->ref_var, lft_hist_slot_bits(vhd, elt));
	}
	return true;
}

/*
 * A string variable's text for this hit, into its slot: as 6.1, at most
 * its size less one (the NUL), and never past the record (@avail bytes).
 */
static void lft_hist_var_string(const struct lft_hist_data *hd,
				const struct lft_hfield *v,
				struct lft_hmap_elt *elt, char *dst,
				const struct lft_hist_ctx *c)
{
	unsigned int n = min_t(unsigned int, v->vsize, LFT_HIST_VAR_STR) - 1;
	unsigned int avail = 0, i;
	const char *src = NULL;
	u32 loc;

	if (v->flags & LFT_HF_EXECNAME) {
		src = lft_hmap_priv(elt);
		avail = TASK_COMM_LEN;
	} else if (v->kind == LFT_HF_STR && v->offset + v->size <= c->len) {
		src = c->rec + v->offset;
		avail = v->size;
	} else if (v->kind == LFT_HF_LOC && v->offset + 4 <= c->len) {
		loc = get_unaligned((const u32 *)(c->rec + v->offset));
		if ((loc & 0xffff) + (loc >> 16) <= c->len) {
			src = c->rec + (loc & 0xffff);
			avail = loc >> 16;
		}
	}
	n = min(n, avail);
	for (i = 0; i < n && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

/**
 * lft_hist_slot_set() - set an element's variable to a field's value for
 *	this hit
 * @hd: the histogram
 * @elt: the element
 * @slot: the variable's slot
 * @str: its string slot, if @v is a string
 * @v: the field
 * @c: the hit
 *
 * Any context; lock-free (racing hits of one key each leave values of
 * theirs, as in 6.1).
 */
void lft_hist_slot_set(const struct lft_hist_data *hd,
		       struct lft_hmap_elt *elt, unsigned int slot,
		       unsigned int str, const struct lft_hfield *v,
		       const struct lft_hist_ctx *c)
{
	u64 val;

	if (v->flags & LFT_HF_STRING) {
		char *dst = lft_hist_slot_str(hd, elt, str);

		lft_hist_var_string(hd, v, elt, dst, c);
		val = (u64)(uintptr_t)dst;
	} else if (v->kind == LFT_HF_STACK) {
		/* Its address, which a synthetic event's stack field takes. */
		unsigned long *st = (void *)lft_hist_slot_str(hd, elt, str);

		BUILD_BUG_ON((LFT_HIST_STACK_DEPTH + 2) * sizeof(long) >
			     LFT_HIST_VAR_STR);
		lft_hist_stack_var(st);
		val = (u64)(uintptr_t)st;
	} else {
		val = lft_hist_eval(v, c);
	}
	WRITE_ONCE(lft_hist_slots(hd, elt)[slot], val);
	/* The value before the bit that says it is there. */
	smp_mb__before_atomic();
	set_bit(slot, lft_hist_slot_bits(hd, elt));
}

/**
 * lft_hist_vars_set() - set a histogram's variables in a hit's element
 * @hd: the histogram
 * @elt: the element
 * @c: the hit
 */
void lft_hist_vars_set(const struct lft_hist_data *hd,
		       struct lft_hmap_elt *elt, const struct lft_hist_ctx *c)
{
	unsigned int i;

	for (i = 0; i < hd->nvars; i++)
		lft_hist_slot_set(hd, elt, i, hd->vars[i].var_str,
				  &hd->vars[i], c);
}
