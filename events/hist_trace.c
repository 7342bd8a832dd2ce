// SPDX-License-Identifier: GPL-2.0
/*
 * The trace() action: onmatch(SYS.EVENT).trace(SYNTH,PARAMS...), its
 * short form .SYNTH(PARAMS...), and onmax($VAR)/onchange($VAR).trace(...)
 * generate synthetic event SYNTH, one param a field:
 *
 *   $VAR, SYS.EVENT.$VAR  a variable: this histogram's, else one on the
 *                         onmatch() event's triggers, else the array's one
 *   FIELD                 a field of the event the trigger is on: made a
 *                         "field variable" of the histogram, set each hit
 *   SYS.EVENT.FIELD       a field of another event (onmatch()'s when not
 *                         qualified and not the trigger's): a histogram
 *                         with the same keys is made there, its variable
 *                         synthetic_FIELD=FIELD, removed with this one
 *
 * As 6.1 does, every param becomes a reference of the histogram, read on
 * a hit with the others (hist_var.c), and the event is generated from
 * those values only when all of them resolve; the values are handed to
 * synth.c as they are, strings as pointers to the elements' copies, with
 * no lock and no allocation. The synthetic event is held while the
 * action exists: removing it is refused (EBUSY), as in 6.1.
 */
#include <linux/slab.h>
#include <linux/string.h>

#include "events/hist.h"

/* 6.1's prefix of the variable made for a field of another event. */
#define LFT_HIST_FVAR_PREFIX	"synthetic_"

/*
 * A field of a synthetic event takes a param (6.1's check_synth_field()):
 * a dynamic string any string, a stack only a stack; else the same type,
 * or the same size (and sign, unless a string). 6.1 sees a dynamic
 * array as "__data_loc TYPE" of 8 bytes: so does this.
 */
static bool lft_hist_synth_takes(const struct lft_synth_field *sf,
				 const struct lft_hfield *v)
{
	const char *type = lft_hx_type(v);
	unsigned int size = sf->is_dynamic ? 8 : sf->size;

	if (strstr(type, "char[") && sf->is_string && sf->is_dynamic)
		return true;
	/* A stack, or a variable that holds one (s=$st): by its type. */
	if (!strcmp(type, "unsigned long[]") != sf->is_stack)
		return false;
	if (sf->is_stack)
		return true;
	if (!sf->is_dynamic && !strcmp(sf->type, type))
		return true;
	return size == v->vsize &&
	       (sf->is_string || sf->is_signed == v->is_signed);
}

/* The parsed trigger is on SYS.EVENT (both given). */
static bool lft_hist_is_target(struct lft_hist_parse *p, const char *sys,
			       const char *ev)
{
	return ev && !strcmp(sys, p->f->ev->system) &&
	       !strcmp(ev, p->f->ev->name);
}

/* "$VAR" (6.1's trace_action_find_var()): the variable, or NULL (logged). */
static struct lft_hfield *lft_hist_param_var(struct lft_hist_parse *p,
					     struct lft_hist_action *a,
					     const char *sys, const char *ev,
					     const char *var)
{
	struct lft_hfield *v = NULL;

	var++;
	if (!sys || lft_hist_is_target(p, sys, ev))
		v = lft_hist_var_in(p->hd, var);
	if (!v) {
		if (!sys && a->handler == LFT_HH_ONMATCH) {
			sys = a->match_sys;
			ev = a->match_ev;
		}
		v = lft_hist_event_var(p, sys, ev, var);
	}
	if (!v)
		lft_hist_err(p, LFT_HE_PARAM_NOT_FOUND, var);
	return v;
}

/* Keys of two histograms alike in number, type, size and sign. */
static bool lft_hist_same_keys(const struct lft_hist_data *a,
			       const struct lft_hist_data *b)
{
	unsigned int i;

	if (a->nkeys != b->nkeys)
		return false;
	for (i = 0; i < a->nkeys; i++) {
		const struct lft_hfield *x = &a->fields[a->nvals + i];
		const struct lft_hfield *y = &b->fields[b->nvals + i];

		if (strcmp(lft_hx_type(x), lft_hx_type(y)) ||
		    x->vsize != y->vsize || x->is_signed != y->is_signed)
			return false;
	}
	return true;
}

/*
 * The command of a histogram on @t's event with @t's keys and filter,
 * and variable synthetic_FIELD=FIELD (6.1's, which it removes again with).
 */
static char *lft_hist_fvhist_cmd(const struct lft_hist_data *hd,
				 const struct lft_hist_trig *t,
				 const char *field)
{
	struct seq_buf s;
	unsigned int i;
	char *cmd = kzalloc(PAGE_SIZE, GFP_KERNEL);

	if (!cmd)
		return NULL;
	seq_buf_init(&s, cmd, PAGE_SIZE);
	seq_buf_printf(&s, "keys=");
	lft_hist_for_each_key(i, t->hd) {
		const struct lft_hfield *k = &t->hd->fields[i];

		if (i > t->hd->nvals)
			seq_buf_printf(&s, ",");
		seq_buf_printf(&s, "%s", k->has_field ? k->name : lft_hx_name(k));
	}
	seq_buf_printf(&s, ":" LFT_HIST_FVAR_PREFIX "%s=%s", field, field);
	if (t->filter_str)
		seq_buf_printf(&s, " if %s", t->filter_str);
	if (seq_buf_has_overflowed(&s) || !seq_buf_buffer_left(&s)) {
		kfree(cmd);
		return NULL;
	}
	cmd[s.len] = '\0';
	return cmd;
}

/*
 * A field of another event (6.1's create_field_var_hist()): the variable
 * synthetic_FIELD on a histogram there, made if need be. NULL if none
 * (logged).
 */
static struct lft_hfield *lft_hist_fvhist(struct lft_hist_parse *p,
					  const char *sys, const char *ev,
					  const char *field)
{
	struct lft_hist_data *hd = p->hd;
	struct lft_hist_fvhist *fh;
	struct lft_hist_trig *t;
	struct lft_trig_hook *h;
	struct lft_ev_file *f;
	struct lft_hfield *v;
	char *name, *cmd;
	int ret;

	if (hd->nfvhists >= LFT_HIST_VARS_MAX) {
		lft_hist_err(p, LFT_HE_TOO_MANY_FIELD_VARS, field);
		return NULL;
	}
	f = lft_hist_file(p->tr, sys, ev);
	if (!f) {
		lft_hist_err(p, LFT_HE_EVENT_FILE_NOT_FOUND, field);
		return NULL;
	}
	t = NULL;
	lft_trig_for_each(h, f, &lft_hist_kind) {
		if (lft_hist_same_keys(hd, lft_hist_of(h)->hd)) {
			t = lft_hist_of(h);
			break;
		}
	}
	if (!t) {
		lft_hist_err(p, LFT_HE_HIST_NOT_FOUND, field);
		return NULL;
	}
	name = kasprintf(GFP_KERNEL, LFT_HIST_FVAR_PREFIX "%s", field);
	if (!name)
		return NULL;
	v = lft_hist_event_var(p, sys, ev, name);
	if (v)
		goto out;
	cmd = lft_hist_fvhist_cmd(hd, t, field);
	fh = &hd->fvhists[hd->nfvhists];
	fh->cmd = cmd ? kstrdup(cmd, GFP_KERNEL) : NULL;
	if (!fh->cmd) {
		kfree(cmd);
		goto out;
	}
	/* lft_hist_store() cuts up what it is given: a copy. */
	ret = lft_hist_store_within(p, f, cmd);
	kfree(cmd);
	if (ret) {
		kfree(fh->cmd);
		lft_hist_err(p, LFT_HE_HIST_CREATE_FAIL, field);
		goto out;
	}
	fh->f = f;
	hd->nfvhists++;
	v = lft_hist_event_var(p, sys, ev, name);
	if (!v)
		lft_hist_err(p, LFT_HE_SYNTH_VAR_NOT_FOUND, field);
out:
	kfree(name);
	return v;
}

/*
 * A field param (6.1's trace_action_create_field_var()): a field
 * variable of this histogram if the field is the trigger's event's, else
 * of a histogram made on the other event. Into @tmp, the variable as a
 * reference sees it. NULL if none (logged).
 */
static struct lft_hfield *lft_hist_param_field(struct lft_hist_parse *p,
					       struct lft_hist_action *a,
					       const char *sys, const char *ev,
					       const char *field,
					       struct lft_hfield *tmp)
{
	struct lft_hist_data *hd = p->hd;
	struct lft_hist_save *sv = &hd->fvars[hd->nfvars];

	if ((!sys || lft_hist_is_target(p, sys, ev)) &&
	    hd->nfvars < LFT_HIST_VARS_MAX &&
	    !lft_hist_field_var(p, field, sv, &hd->nfvars)) {
		/* 6.1's field variable: the field's type and size, unsigned. */
		*tmp = sv->val;
		tmp->owner = hd;
		tmp->var_idx = sv->slot;
		tmp->var_name = sv->name;
		tmp->is_signed = false;
		return tmp;
	}
	if (!sys && a->handler == LFT_HH_ONMATCH) {
		sys = a->match_sys;
		ev = a->match_ev;
	}
	if (!ev)
		return NULL;
	return lft_hist_fvhist(p, sys, ev, field);
}

/* One param: its reference's slot into a->param_ref[i]; 1 if it fits. */
static int lft_hist_trace_param(struct lft_hist_parse *p,
				struct lft_hist_action *a, unsigned int i,
				const struct lft_synth_field *sf)
{
	char *copy = kstrdup(a->params[i], GFP_KERNEL), *sys, *ev, *name;
	struct lft_hfield tmp, *v, *r;
	int ret = -EINVAL;

	if (!copy)
		return -ENOMEM;
	name = copy;
	sys = strsep(&name, ".");
	if (!name) {
		name = sys;
		sys = NULL;
		ev = NULL;
	} else {
		ev = strsep(&name, ".");
		if (!name)
			goto out;
	}
	if (name[0] == '$')
		v = lft_hist_param_var(p, a, sys, ev, name);
	else
		v = lft_hist_param_field(p, a, sys, ev, name, &tmp);
	if (!v)
		goto out;
	if (!sf || !lft_hist_synth_takes(sf, v)) {
		lft_hist_err(p, LFT_HE_SYNTH_TYPE_MISMATCH, name);
		goto out;
	}
	r = lft_hist_ref_new(p, v, sys, ev);
	ret = -ENOMEM;
	if (r) {
		a->param_ref[i] = r->ref_idx;
		ret = 0;
	}
out:
	kfree(copy);
	return ret;
}

/**
 * lft_hist_trace_create() - make a trace() action (6.1's
 *	trace_action_create()): find and hold its synthetic event, make a
 *	reference for each param and check it against the event's field
 * @p: the parse (its histogram's fields and variables made)
 * @a: the action, parsed
 *
 * Return: 0 or a negative errno (logged where 6.1 logs).
 */
int lft_hist_trace_create(struct lft_hist_parse *p, struct lft_hist_action *a)
{
	const char *name = a->trace_kw ? a->synth_name : a->name;
	const struct lft_synth_field *sf;
	struct lft_synth_event *se;
	unsigned int n, i;
	int ret = 0;

	se = name ? lft_synth_find(name) : NULL;
	if (!se) {
		lft_hist_err(p, LFT_HE_SYNTH_EVENT_NOT_FOUND, name);
		return -EINVAL;
	}
	lft_synth_get(se);
	n = lft_synth_fields(se, &sf);
	for (i = 0; i < a->nparams && !ret; i++)
		ret = lft_hist_trace_param(p, a, i, i < n ? &sf[i] : NULL);
	if (!ret && a->nparams != n) {
		lft_hist_err(p, LFT_HE_SYNTH_COUNT_MISMATCH, name);
		ret = -EINVAL;
	}
	if (ret) {
		lft_synth_put(se);
		return ret;
	}
	a->synth = se;
	return 0;
}

/**
 * lft_hist_trace_release() - a histogram going: its trace() actions let
 *	go of their synthetic events, the histograms made for its params
 *	on other events are removed
 * @hd: the histogram (lft_lock held; hits may still see it)
 */
void lft_hist_trace_release(struct lft_hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->nactions; i++) {
		struct lft_hist_action *a = hd->actions[i];

		/*
		 * Hits see the event until the histogram's grace period;
		 * giving it back now is safe: removing a synthetic event
		 * (lft_event_remove()) waits for a grace period itself.
		 */
		if (a->synth)
			lft_synth_put(a->synth);
	}
	for (i = 0; i < hd->nfvhists; i++) {
		/* Gone already, or read by another: 6.1 leaves it then. */
		lft_hist_store(hd->fvhists[i].f, true, hd->fvhists[i].cmd);
		kfree(hd->fvhists[i].cmd);
	}
	hd->nfvhists = 0;
}

/**
 * lft_hist_fvars_set() - set a histogram's field variables for a hit
 * @hd: the histogram
 * @elt: the hit's entry
 * @c: the hit
 *
 * Any context; lock-free.
 */
void lft_hist_fvars_set(const struct lft_hist_data *hd,
			struct lft_hmap_elt *elt, const struct lft_hist_ctx *c)
{
	unsigned int i;

	for (i = 0; i < hd->nfvars; i++)
		lft_hist_slot_set(hd, elt, hd->fvars[i].slot, hd->fvars[i].str,
				  &hd->fvars[i].val, c);
}
