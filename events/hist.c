// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers, 6.1's "hist:" command on an event's trigger file:
 *
 *   hist:keys=K[,K...][:vals=V[,V...]][:sort=S[,S]][:size=N][:name=NAME]
 *	  [:clock=CLOCK][:pause|:cont|:clear] [if FILTER]
 *
 * Keys and values are the event's fields (common ones too), cpu,
 * common_timestamp, constants, variables' values and expressions of
 * these (hist_expr.c), and for keys stacktrace, with 6.1's modifiers;
 * NAME=EXPR defines a variable (hist_var.c). Each hit builds the compound
 * key on the stack, reads the variables of other histograms it refers to,
 * and adds to its element in a pre-allocated map (hist_map.h), setting
 * its own variables there, without locks or allocation; a full map counts
 * the hit as dropped. Triggers of one name=NAME share a histogram
 * wherever they are, as 6.1's. The grammar follows 6.1's parse order, so
 * that the first error found and logged is 6.1's, with its caret.
 *
 * Actions (onmax, onchange, onmatch: hist_action.c) run on the hit's
 * entry once it is updated.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "events/hist.h"

/* Triggers with a name= (lft_lock), newest first as 6.1 looks them up. */
static LIST_HEAD(lft_hist_named);

/* ------------------------------------------------------------ hitting */

/* Frames of the kernel's event plumbing between a tracepoint and lftrace. */
static bool lft_hist_plumbing(unsigned long addr)
{
	char sym[KSYM_NAME_LEN];

	if (!sprint_symbol_no_offset(sym, addr))
		return false;
	return str_has_prefix(sym, "__traceiter_") ||
	       str_has_prefix(sym, "perf_") || str_has_prefix(sym, "__perf_");
}

/*
 * The stack of the code that hit the event, from where the kernel's
 * starts: the tracepoint's caller. lftrace's own frames (probe, trigger
 * code) are left out, and so is what lies between them and the caller
 * (the tracepoint's iterator, perf's path for events lftrace captures
 * through perf).
 */
static noinline void lft_hist_stack(unsigned long *out)
{
	unsigned long st[2 * LFT_HIST_STACK_DEPTH];
	unsigned int n, i, j, from = 0;

	n = stack_trace_save(st, ARRAY_SIZE(st), 0);
	for (i = 0; i < n; i++)
		if (within_module(st[i], THIS_MODULE))
			from = i + 1;
	while (from < n && lft_hist_plumbing(st[from]))
		from++;
	for (j = 0; j < LFT_HIST_STACK_DEPTH && from < n; j++)
		out[j] = st[from++];
}

/**
 * lft_hist_stack_var() - a stack variable's value for this hit
 *	(6.12's "st=common_stacktrace"), kept as 6.12 keeps it: the count
 *	of entries, then the entries, then a 0
 * @out: LFT_HIST_STACK_DEPTH + 2 words (a string slot of the element)
 *
 * Any context.
 */
void lft_hist_stack_var(unsigned long *out)
{
	unsigned int n;

	memset(out, 0, (LFT_HIST_STACK_DEPTH + 2) * sizeof(*out));
	lft_hist_stack(out + 1);
	for (n = 0; n < LFT_HIST_STACK_DEPTH && out[n + 1]; n++)
		;
	out[0] = n;
}

/* Up to @n bytes of @src, to its NUL: 6.1's key strings (@dst zeroed). */
static void lft_hist_strcpy(u8 *dst, const char *src, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n && src[i]; i++)
		dst[i] = src[i];
}

/* The key of this hit, in @key (key_size bytes, zeroed). */
static void lft_hist_key(const struct lft_hist_data *hd,
			 const struct lft_hist_ctx *c, u8 *key)
{
	const void *rec = c->rec;
	unsigned int len = c->len, i;

	lft_hist_for_each_key(i, hd) {
		const struct lft_hfield *hf = &hd->fields[i];
		u8 *dst = key + hf->koff;
		unsigned int off = hf->offset, n = hf->size;
		u64 v;

		/* A string's .log2 or .buckets is a number to 6.1. */
		switch (hf->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET) ?
			LFT_HF_NUM : hf->kind) {
		case LFT_HF_STACK:
			lft_hist_stack((unsigned long *)dst);
			continue;
		case LFT_HF_LOC: {
			u32 loc;

			if (off + 4 > len)
				continue;
			loc = get_unaligned((const u32 *)(rec + off));
			off = loc & 0xffff;
			n = loc >> 16;
			if (off + n > len)
				continue;
			fallthrough;
		}
		case LFT_HF_STR:
			if (off + n > len)
				continue;
			lft_hist_strcpy(dst, rec + off,
					min_t(unsigned int, n, hf->ksize - 1));
			continue;
		case LFT_HF_NUM:
			/* The usual key, a plain field: read here, no call. */
			if (!(hf->flags & (LFT_HF_LOG2 | LFT_HF_BUCKET))) {
				if (off + n <= len)
					*(u64 *)dst = lft_hist_num(rec, off, n,
								   hf->is_signed);
				continue;
			}
			fallthrough;
		default:
			v = lft_hist_eval(hf, c);
			memcpy(dst, &v, sizeof(v));
		}
	}
}

/* A new element's private bytes: the task's name, as 6.1 saves it. */
static void lft_hist_elt_init(void *priv, void *arg)
{
	struct task_struct *task = current;

	if (!task->pid)
		strscpy(priv, "<idle>", TASK_COMM_LEN);
	else
		memcpy(priv, task->comm, TASK_COMM_LEN);
}

/* Inlined into lft_hist_hit(): one call less on each hit. */
static __always_inline void lft_hist_hit_one(struct lft_hist_data *hd,
					     struct lft_ev_file *f,
					     const void *rec, unsigned int len)
{
	/*
	 * Not zeroed whole by the compiler's stack init (512 bytes a hit):
	 * only the words this hit reads are, here.
	 */
	u64 key[LFT_HIST_KEY_MAX / sizeof(u64)] __uninitialized;
	u64 refs[LFT_HIST_VARS_MAX] __uninitialized;
	struct lft_hist_ctx c = { f, hd, rec, len, refs };
	struct lft_hmap_elt *elt;
	unsigned int i;

	/* Key sizes are whole words (hist_parse.c); most keys are one. */
	key[0] = 0;
	for (i = 1; i < hd->lookup_size / sizeof(u64); i++)
		key[i] = 0;
	for (i = 0; i < hd->nrefs; i++)
		refs[i] = 0;
	lft_hist_key(hd, &c, (u8 *)key);
	/* A variable read but not set: the hit counts for nothing (6.1). */
	if (hd->nrefs && !lft_hist_refs_read(hd, key, refs, false))
		return;
	elt = lft_hmap_insert(hd->map, key, NULL);
	if (!elt)
		return;
	lft_hmap_add(elt, 0, 1);
	for (i = 1; i < hd->nvals; i++)
		lft_hmap_add(elt, i, lft_hist_eval(&hd->fields[i], &c));
	if (hd->nvars)
		lft_hist_vars_set(hd, elt, &c);
	if (hd->nfvars)
		lft_hist_fvars_set(hd, elt, &c);
	if (hd->nactions && lft_hist_refs_read(hd, key, refs, true))
		lft_hist_actions_run(hd, elt, key, &c);
}

/* A hist trigger's event wrote @rec (from its probe, preemption off). */
static void lft_hist_hit(struct lft_trig_hook *h, const void *rec,
			 unsigned int len)
{
	struct lft_hist_trig *t = lft_hist_of(h);
	struct lft_hist_data *hd = t->hd;

	if (READ_ONCE(t->paused) || READ_ONCE(hd->clearing))
		return;
	if (t->filter && !lft_filter_match(t->filter, rec, len))
		return;
	lft_hist_hit_one(hd, t->f, rec, len);
}

/* ------------------------------------------------------ state changes */

static void lft_hist_data_rcu(struct rcu_head *rcu)
{
	struct lft_hist_data *hd = container_of(rcu, struct lft_hist_data,
						rcu);
	unsigned int i;

	for (i = 0; i < LFT_HIST_FIELDS_MAX; i++)
		lft_hx_release(&hd->fields[i]);
	for (i = 0; i < hd->nvars; i++)
		lft_hx_release(&hd->vars[i]);
	for (i = 0; i < hd->nrefs; i++)
		lft_hx_free(hd->refs[i]);
	lft_hist_actions_free(hd);
	lft_hmap_free(hd->map);
	kfree(hd->clock);
	kfree(hd);
}

static void lft_hist_trig_free_now(struct lft_hist_trig *t)
{
	lft_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t->name);
	kfree(t);
}

static void lft_hist_trig_rcu(struct rcu_head *rcu)
{
	lft_hist_trig_free_now(container_of(rcu, struct lft_hist_trig, rcu));
}

/*
 * Drop a reference on a histogram (a trigger's, or another histogram's
 * reading its variables); the last frees it after RCU.
 */
static void lft_hist_data_put(struct lft_hist_data *hd)
{
	unsigned int i;

	if (!hd || --hd->users)
		return;
	if (hd->refs_held)
		for (i = 0; i < hd->nrefs; i++)
			if (hd->refs[i]->ref_hd != hd)
				lft_hist_data_put(hd->refs[i]->ref_hd);
	lft_hist_actions_release(hd);
	call_rcu(&hd->rcu, lft_hist_data_rcu);
}

static void lft_hist_del(struct lft_ev_file *f, struct lft_hist_trig *t)
{
	list_del_rcu(&t->hook.list);
	if (t->name)
		list_del(&t->named);
	lft_hist_vars_unregister(t);
	lft_ev_trig_update(f);
	lft_ev_soft(f, false);
	lft_hist_data_put(t->hd);
	call_rcu(&t->rcu, lft_hist_trig_rcu);
}

/* The first hist trigger of @f, or NULL (lft_lock held). */
static struct lft_hist_trig *lft_hist_first(struct lft_ev_file *f)
{
	struct lft_trig_hook *h;

	lft_trig_for_each(h, f, &lft_hist_kind)
		return lft_hist_of(h);
	return NULL;
}

/* Remove every hist trigger of an event in an array (lft_lock held). */
static void lft_hist_clear_all(struct lft_ev_file *f)
{
	struct lft_hist_trig *t;

	/*
	 * One at a time from the first: removing one may remove another
	 * (a histogram made for a field variable) of the same event.
	 */
	while ((t = lft_hist_first(f)))
		lft_hist_del(f, t);
}

/*
 * Pause or continue every hist trigger of an event in an array
 * (enable_hist, disable_hist; from a probe, preemption off).
 */
static void lft_hist_set_paused(struct lft_ev_file *f, bool paused)
{
	struct lft_trig_hook *h;

	lft_trig_for_each(h, f, &lft_hist_kind)
		WRITE_ONCE(lft_hist_of(h)->paused, paused);
}

/* Empty a histogram: hits stop while it is emptied. */
static void lft_hist_clear(struct lft_hist_data *hd)
{
	WRITE_ONCE(hd->clearing, true);
	synchronize_rcu();
	lft_hmap_clear(hd->map);
	/* The emptied map is seen by whoever sees hits resume. */
	smp_store_release(&hd->clearing, false);
}

static struct lft_hist_trig *lft_hist_find_named(const char *name)
{
	struct lft_hist_trig *t;

	list_for_each_entry(t, &lft_hist_named, named)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/* 6.1's compatible_field(): the same field, or one described the same. */
static bool lft_hist_same_field(const struct lft_hfield *a,
				const struct lft_hfield *b)
{
	if (!a->has_field || !b->has_field)
		return a->has_field == b->has_field;
	return !strcmp(a->name, b->name) && !strcmp(a->type, b->type) &&
	       a->size == b->size && a->is_signed == b->is_signed;
}

/*
 * Two fields alike as 6.1 compares them: what they are, and their field,
 * place, size, sign and variable's name; not what an expression computes
 * (6.1 looks at no operands, constants nor bucket sizes).
 */
static bool lft_hist_same(const struct lft_hfield *x,
			  const struct lft_hfield *y)
{
	if (x->kind != y->kind || x->flags != y->flags ||
	    !lft_hist_same_field(x, y) || x->koff != y->koff ||
	    x->ksize != y->ksize || x->vsize != y->vsize ||
	    x->is_signed != y->is_signed)
		return false;
	if (!x->var_name != !y->var_name)
		return false;
	return !x->var_name || !strcmp(x->var_name, y->var_name);
}

/*
 * 6.1's hist_trigger_match(): @t is the trigger @n describes. @named is
 * the trigger of @n's name, if any: then only its histogram's triggers
 * match; without, only unnamed ones.
 */
static bool lft_hist_match(const struct lft_hist_trig *n,
			   const struct lft_hist_trig *t,
			   const struct lft_hist_trig *named, bool any_filter)
{
	const struct lft_hist_data *a = n->hd, *b = t->hd;
	unsigned int i;

	if (named ? named->hd != b : !!t->name)
		return false;
	if (a->nvals != b->nvals || a->nkeys != b->nkeys ||
	    a->nvars != b->nvars || a->nsort != b->nsort)
		return false;
	if (!any_filter && !n->filter_str != !t->filter_str)
		return false;
	for (i = 0; i < a->nvals + a->nkeys; i++)
		if (!lft_hist_same(&a->fields[i], &b->fields[i]))
			return false;
	for (i = 0; i < a->nvars; i++)
		if (!lft_hist_same(&a->vars[i], &b->vars[i]))
			return false;
	for (i = 0; i < a->nsort; i++)
		if (a->sort[i].idx != b->sort[i].idx ||
		    a->sort[i].desc != b->sort[i].desc)
			return false;
	if (!lft_hist_actions_match(a, b))
		return false;
	return any_filter || !n->filter_str ||
	       !strcmp(n->filter_str, t->filter_str);
}

static struct lft_hist_trig *lft_hist_find(struct lft_ev_file *f,
					   const struct lft_hist_trig *n,
					   const struct lft_hist_trig *named)
{
	struct lft_trig_hook *h;

	lft_trig_for_each(h, f, &lft_hist_kind)
		if (lft_hist_match(n, lft_hist_of(h), named, false))
			return lft_hist_of(h);
	return NULL;
}

/* The array's clock for common_timestamp, as 6.1 sets it. */
static int lft_hist_set_clock(struct lft_hist_parse *p, struct lft_array *tr,
			      const char *clock)
{
	int c = lft_rb_clock_parse(clock);

	if (c < 0) {
		lft_hist_err(p, LFT_HE_SET_CLOCK_FAIL, clock);
		return -EINVAL;
	}
	return lft_array_set_clock(tr, c);
}

/* Add @n (its histogram made or shared) to @f, as 6.1 registers it. */
static int lft_hist_register(struct lft_hist_parse *p, struct lft_ev_file *f,
			     struct lft_hist_trig *n, unsigned int bits)
{
	struct lft_hist_trig *named = NULL;
	struct lft_hist_data *hd = n->hd;
	int ret;

	if (n->name) {
		named = lft_hist_find_named(n->name);
		if (named && !lft_hist_match(n, named, named, true)) {
			lft_hist_err(p, LFT_HE_NAMED_MISMATCH, n->name);
			return -EINVAL;
		}
	}
	if (!n->name || named) {
		if (lft_hist_find(f, n, named)) {
			lft_hist_err(p, LFT_HE_TRIGGER_EEXIST, NULL);
			return -EEXIST;
		}
	}
	if (p->cont || p->clear) {
		lft_hist_err(p, LFT_HE_TRIGGER_ENOENT_CLEAR, NULL);
		return -ENOENT;
	}
	n->paused = p->pause;
	if (named) {
		n->hd = named->hd;
	} else {
		lft_hist_vars_layout(hd);
		hd->map = lft_hmap_create(bits, hd->key_size, hd->nvals,
					  hd->priv_size,
					  hd->comm ? lft_hist_elt_init : NULL);
		if (IS_ERR(hd->map)) {
			ret = PTR_ERR(hd->map);
			hd->map = NULL;
			return ret;
		}
	}
	if (n->hd->timestamps) {
		ret = lft_hist_set_clock(p, f->tr, n->hd->clock);
		if (ret)
			goto undo;
	}
	ret = lft_ev_soft(f, true);
	if (ret)
		goto undo;
	if (named) {
		lft_hist_data_put(hd);
		named->hd->users++;
	}
	if (!named)
		lft_hist_vars_register(n);
	n->hook.kind = &lft_hist_kind;
	list_add_tail_rcu(&n->hook.list, &f->triggers);
	if (n->name)
		list_add(&n->named, &lft_hist_named);
	lft_ev_trig_update(f);
	return 0;
undo:
	n->hd = hd;
	return ret;
}

/* pause, cont, clear on an existing trigger: true when one was found. */
static bool lft_hist_update_only(struct lft_hist_parse *p,
				 struct lft_ev_file *f,
				 struct lft_hist_trig *n)
{
	struct lft_hist_trig *named = NULL, *t;

	if (!p->pause && !p->cont && !p->clear)
		return false;
	if (n->name) {
		named = lft_hist_find_named(n->name);
		if (!named || !lft_hist_match(n, named, named, true))
			return false;
	}
	t = lft_hist_find(f, n, named);
	if (!t)
		return false;
	if (p->pause)
		WRITE_ONCE(t->paused, true);
	else if (p->cont)
		WRITE_ONCE(t->paused, false);
	else
		lft_hist_clear(t->hd);
	return true;
}

/* A new histogram for @t, from the parse. */
static int lft_hist_build(struct lft_hist_parse *p, struct lft_ev_file *f,
			  struct lft_hist_trig *t)
{
	struct lft_hist_data *hd = kzalloc(sizeof(*hd), GFP_KERNEL);

	if (!hd)
		return -ENOMEM;
	hd->users = 1;
	t->hd = hd;
	hd->clock = kstrdup(p->clock ?: "global", GFP_KERNEL);
	if (!hd->clock)
		return -ENOMEM;
	if (p->name) {
		t->name = kstrdup(p->name, GFP_KERNEL);
		if (!t->name)
			return -ENOMEM;
	}
	return lft_hist_parse_fields(p, f->ev, hd);
}

/* The filter after "if" and its one separator, compiled into @t. */
static int lft_hist_filter(struct lft_ev_file *f, char *filter,
			   struct lft_hist_trig *t)
{
	char *s = strsep(&filter, " \t");
	int ret;

	if (strcmp(s, "if") || !filter)
		return -EINVAL;
	ret = lft_filter_compile(f->tr, f->ev, filter, LFT_TRIG_FILTER_LOGGED,
				 &t->filter);
	if (ret)
		return ret;
	t->filter_str = kstrdup(filter, GFP_KERNEL);
	return t->filter_str ? 0 : -ENOMEM;
}

/* A command, its errors logged as @outer's when it makes it (or as its own). */
static int lft_hist_store_as(struct lft_ev_file *f, bool remove, char *param,
			     struct lft_hist_parse *outer)
{
	struct lft_hist_parse p = { .tr = f->tr, .f = f, .remove = remove,
				    .bits = LFT_HIST_BITS_DEFAULT };
	struct lft_hist_trig *t, *o;
	char *filter;
	int ret;

	if (!param)
		return -EINVAL;
	if (outer) {
		p.cmd = outer->cmd;
		p.loc = outer->loc;
	} else {
		p.cmd = kasprintf(GFP_KERNEL, "hist:%s", param);
		p.loc = kasprintf(GFP_KERNEL, "hist:%s:%s", f->ev->system,
				  f->ev->name);
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	ret = -ENOMEM;
	if (!p.cmd || !p.loc || !t)
		goto out;
	t->f = f;
	INIT_LIST_HEAD(&t->vars_node);
	ret = -EINVAL;
	param = lft_hist_split(param, &filter);
	if (!param)
		goto out;
	for (o = (void *)strstr(param, ".sym-offset"); o;
	     o = (void *)strstr((char *)o + 11, ".sym-offset"))
		((char *)o)[4] = 'X';
	ret = lft_hist_parse_attrs(&p, param);
	if (!ret)
		ret = lft_hist_build(&p, f, t);
	if (!ret && filter)
		ret = lft_hist_filter(f, filter, t);
	if (ret)
		goto out;
	if (remove) {
		o = lft_hist_find(f, t, t->name ?
				  lft_hist_find_named(t->name) : NULL);
		/* Another trigger reads its variables: 6.1 keeps it. */
		if (o && lft_hist_vars_busy(o))
			ret = -EBUSY;
		else if (o)
			lft_hist_del(f, o);
		goto out;
	}
	if (lft_hist_update_only(&p, f, t))
		goto out;
	/*
	 * Made even for a trigger that will join a named histogram (and
	 * take its actions): 6.1 makes them before it looks.
	 */
	ret = lft_hist_actions_create(&p);
	if (ret)
		goto out;
	ret = lft_hist_register(&p, f, t, p.bits);
	if (!ret)
		t = NULL;
out:
	if (t) {
		lft_hist_data_put(t->hd);
		lft_hist_trig_free_now(t);
	}
	if (!outer) {
		kfree(p.cmd);
		kfree(p.loc);
	}
	return ret;
}

/**
 * lft_hist_store() - a "hist:" command written to an event's trigger file
 *	(the hist kind's store)
 * @f: the event in an array (lft_lock held)
 * @remove: it was "!hist:"
 * @param: the text after "hist:" (NULL: none)
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_hist_store(struct lft_ev_file *f, bool remove, char *param)
{
	return lft_hist_store_as(f, remove, param, NULL);
}

/**
 * lft_hist_store_within() - a hist command another one makes (a field
 *	variable's histogram): as 6.1, its errors are logged as the
 *	command being parsed
 * @p: that command's parse
 * @f: the event in an array (lft_lock held)
 * @param: the command's text after "hist:" (cut up)
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_hist_store_within(struct lft_hist_parse *p, struct lft_ev_file *f,
			  char *param)
{
	return lft_hist_store_as(f, false, param, p);
}

/* A hist trigger's line in its trigger file (lft_lock held). */
static void lft_hist_show_trig(struct lft_trig_hook *h, struct seq_buf *s)
{
	lft_hist_print_trig(s, lft_hist_of(h));
}

/* An event's hist file: each hist trigger's histogram. */
static void lft_hist_show(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f = ref->priv;
	struct lft_trig_hook *h;
	unsigned int n = 0;

	lft_trig_for_each(h, f, &lft_hist_kind) {
		if (n++)
			seq_buf_printf(s, "\n\n");
		lft_hist_print_hist(s, lft_hist_of(h));
	}
}

static const struct lft_attr lft_hist_attr = {
	"hist", 0440, lft_hist_show, .big = true
};

/* Hist triggers as a kind of trigger (trigger.c). */
struct lft_trig_kind lft_hist_kind = {
	.name = "hist",
	.store = lft_hist_store,
	.hit = lft_hist_hit,
	.show = lft_hist_show_trig,
	.clear = lft_hist_clear_all,
	.pause = lft_hist_set_paused,
	.attr = &lft_hist_attr,
};

/**
 * lft_hist_trig_init() - register hist triggers with trigger.c
 *
 * At load, before any array's events exist.
 */
void lft_hist_trig_init(void)
{
	lft_trig_kind_register(&lft_hist_kind);
}
