// SPDX-License-Identifier: GPL-2.0
/*
 * Hist trigger actions, 6.1's handlers and what they do:
 *
 *   onmax($VAR).save(FIELD,...)   a new maximum of VAR in an entry keeps
 *   onchange($VAR).save(...)      the hit's fields in it (shown with it)
 *   onmax($VAR).snapshot()        ... or takes a snapshot of the array,
 *   onchange($VAR).snapshot()     when it is the array's new maximum
 *   onmatch(SYS.EVENT).trace(SYNTH,PARAMS) or .SYNTH(PARAMS)
 *                                 generate a synthetic event (on each
 *                                 hit; onmax()/onchange() take .trace()
 *                                 too: on a new max or change)
 *
 * The words are read before the fields, in 6.1's order (its errors
 * first); the actions are made once the trigger is known to be new, as
 * in 6.1. The tracked value and saved fields are variables of the entry
 * (element slots after the histogram's own variables); the snapshot is
 * taken under the snapshot's lock, after comparing with the last one.
 *
 * trace() (hist_trace.c) generates a synthetic event (synth.c's) with
 * the values of references made for its params.
 */
#include <linux/slab.h>
#include <linux/string.h>

#include "events/hist.h"

/* Histograms that take snapshots: one an array, as 6.1 (lft_lock). */
static LIST_HEAD(lft_hist_snaps);

/* ------------------------------------------------------------ parsing */

static void lft_hist_action_free(struct lft_hist_action *a)
{
	unsigned int i;

	if (!a)
		return;
	for (i = 0; i < a->nparams; i++)
		kfree(a->params[i]);
	kfree(a->name);
	kfree(a->synth_name);
	kfree(a->match_sys);
	kfree(a->match_ev);
	kfree(a->var_str);
	kfree(a->snap);
	kfree(a);
}

/* "P1,P2,...": the action's params (6.1's parse_action_params()). */
static int lft_hist_params(struct lft_hist_parse *p, char *params,
			   struct lft_hist_action *a)
{
	bool first = true;
	char *param, *copy;

	while (params) {
		if (a->nparams >= LFT_HIST_PARAMS_MAX) {
			lft_hist_err(p, LFT_HE_TOO_MANY_PARAMS, NULL);
			return -EINVAL;
		}
		param = strim(strsep(&params, ","));
		if (strlen(param) < 2) {
			lft_hist_err(p, LFT_HE_INVALID_PARAM, param);
			return -EINVAL;
		}
		copy = kstrdup(param, GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		if (first && a->trace_kw) {
			a->synth_name = copy;
			first = false;
			continue;
		}
		first = false;
		a->params[a->nparams++] = copy;
	}
	return 0;
}

/* The handler's check a save() or snapshot() needs: 0, or logged. */
static int lft_hist_tracks(struct lft_hist_parse *p, struct lft_hist_action *a,
			   const char *name)
{
	if (a->handler != LFT_HH_ONMATCH)
		return 0;
	lft_hist_err(p, LFT_HE_ACTION_MISMATCH, name);
	return -EINVAL;
}

/* ".ACTION(PARAMS)" after the handler (6.1's action_parse()). */
static int lft_hist_action_parse(struct lft_hist_parse *p, char *str,
				 struct lft_hist_action *a)
{
	char *name, *params;
	int ret;

	strsep(&str, ".");
	if (!str) {
		lft_hist_err(p, LFT_HE_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	name = strsep(&str, "(");
	if (!str) {
		lft_hist_err(p, LFT_HE_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	if (str_has_prefix(name, "save")) {
		params = strsep(&str, ")");
		ret = lft_hist_params(p, params, a);
		if (!ret)
			ret = lft_hist_tracks(p, a, name);
		a->action = LFT_HACT_SAVE;
	} else if (str_has_prefix(name, "snapshot")) {
		params = strsep(&str, ")");
		if (!str) {
			lft_hist_err(p, LFT_HE_NO_CLOSING_PAREN, params);
			return -EINVAL;
		}
		ret = lft_hist_tracks(p, a, name);
		a->action = LFT_HACT_SNAPSHOT;
	} else {
		params = strsep(&str, ")");
		a->trace_kw = str_has_prefix(name, "trace");
		ret = params ? lft_hist_params(p, params, a) : 0;
		a->action = LFT_HACT_TRACE;
	}
	if (ret)
		return ret;
	a->name = kstrdup(name, GFP_KERNEL);
	return a->name ? 0 : -ENOMEM;
}

/* "SYS.EVENT).ACTION(...)" of onmatch(. */
static int lft_hist_onmatch_parse(struct lft_hist_parse *p, char *str,
				  struct lft_hist_action *a)
{
	char *ev = strsep(&str, ")"), *sys;

	if (!str) {
		lft_hist_err(p, LFT_HE_NO_CLOSING_PAREN, ev);
		return -EINVAL;
	}
	sys = strsep(&ev, ".");
	if (!ev) {
		lft_hist_err(p, LFT_HE_SUBSYS_NOT_FOUND, sys);
		return -EINVAL;
	}
	if (!lft_hist_file(p->tr, sys, ev)) {
		lft_hist_err(p, LFT_HE_INVALID_SUBSYS_EVENT, ev);
		return -EINVAL;
	}
	a->match_sys = kstrdup(sys, GFP_KERNEL);
	a->match_ev = kstrdup(ev, GFP_KERNEL);
	if (!a->match_sys || !a->match_ev)
		return -ENOMEM;
	return lft_hist_action_parse(p, str, a);
}

/* "$VAR).ACTION(...)" of onmax( or onchange(. */
static int lft_hist_track_parse(struct lft_hist_parse *p, char *str,
				struct lft_hist_action *a)
{
	char *var = strsep(&str, ")");

	if (!str)
		return -EINVAL;
	a->var_str = kstrdup(var, GFP_KERNEL);
	if (!a->var_str)
		return -ENOMEM;
	return lft_hist_action_parse(p, str, a);
}

/**
 * lft_hist_actions_parse() - a command's actions, read before its fields
 *	(6.1's parse_actions())
 * @p: the parse (its actions' texts)
 * @hd: the histogram, given them
 *
 * Return: 0 or a negative errno (logged where 6.1 logs).
 */
int lft_hist_actions_parse(struct lft_hist_parse *p, struct lft_hist_data *hd)
{
	static const struct {
		const char *word;
		u8 handler;
	} handlers[] = {
		{ "onmatch(", LFT_HH_ONMATCH },
		{ "onmax(", LFT_HH_ONMAX },
		{ "onchange(", LFT_HH_ONCHANGE },
	};
	unsigned int i, j;
	int ret;

	for (i = 0; i < p->nactions; i++) {
		struct lft_hist_action *a;
		char *str = p->actions[i];

		for (j = 0; j < ARRAY_SIZE(handlers); j++)
			if (str_has_prefix(str, handlers[j].word))
				break;
		if (j == ARRAY_SIZE(handlers))
			return -EINVAL;
		a = kzalloc(sizeof(*a), GFP_KERNEL);
		if (!a)
			return -ENOMEM;
		a->handler = handlers[j].handler;
		str += strlen(handlers[j].word);
		if (a->handler == LFT_HH_ONMATCH)
			ret = lft_hist_onmatch_parse(p, str, a);
		else
			ret = lft_hist_track_parse(p, str, a);
		if (ret) {
			lft_hist_action_free(a);
			return ret;
		}
		hd->actions[hd->nactions++] = a;
	}
	return 0;
}

/* ------------------------------------------------------------ making */

/* A variable slot of the entries, for an action: -1 when none is left. */
static int lft_hist_new_slot(struct lft_hist_data *hd)
{
	return hd->nslots < LFT_HIST_VARS_MAX ? hd->nslots++ : -1;
}

/*
 * The name of the variable made for a field param, as 6.1 names it: its
 * parse_atom() cuts a "SYS.EVENT.VAR" reference up in place, and
 * create_field_var() then names the variable (and places its errors)
 * after what is left of the string: SYS.
 */
static char *lft_hist_field_var_name(const char *param)
{
	const char *dot = strchr(param, '.');

	return kstrndup(param, dot && strchr(dot + 1, '.') ? dot - param :
			strlen(param), GFP_KERNEL);
}

/**
 * lft_hist_field_var() - a variable of the entry named as a field, holding
 *	the field (6.1's create_field_var()): a save() param, or a trace()
 *	param that is a field of the event
 * @p: the parse
 * @param: the field's name
 * @sv: where it goes (the next of an array)
 * @n: that array's count, counted up once @sv holds the field
 *
 * Return: 0 or a negative errno (logged where 6.1 logs).
 */
int lft_hist_field_var(struct lft_hist_parse *p, const char *param,
		       struct lft_hist_save *sv, unsigned int *n)
{
	struct lft_hist_data *hd = p->hd;
	char *copy = kstrdup(param, GFP_KERNEL);
	char *name = lft_hist_field_var_name(param);
	struct lft_hfield *hf;
	unsigned int nsub = 0;
	int slot, ret = -ENOMEM;

	if (!copy || !name)
		goto out;
	ret = -EINVAL;
	hf = lft_hx_parse(p, copy, LFT_HF_VAR, NULL, &nsub);
	if (IS_ERR(hf)) {
		lft_hist_err(p, LFT_HE_FIELD_VAR_PARSE_FAIL, name);
		ret = PTR_ERR(hf);
		goto out;
	}
	slot = -1;
	if (!lft_hist_var_in(hd, name) &&
	    !lft_hist_var_exists_on(p->f, name))
		slot = lft_hist_new_slot(hd);
	if (slot < 0) {
		lft_hist_err(p, LFT_HE_VAR_CREATE_FIND_FAIL, name);
		lft_hx_drop(hf);
		goto out;
	}
	ret = lft_hx_place(&sv->val, hf);
	if (ret)
		goto out;
	sv->name = name;
	name = NULL;
	sv->slot = slot;
	(*n)++;
	if (sv->val.flags & LFT_HF_STRING)
		sv->str = hd->nstr++;
out:
	kfree(name);
	kfree(copy);
	return ret;
}

static int lft_hist_save_create(struct lft_hist_parse *p,
				struct lft_hist_action *a)
{
	unsigned int i;
	int ret;

	if (p->hd->nsaves) {
		lft_hist_err(p, LFT_HE_TOO_MANY_SAVE_ACTIONS, NULL);
		return -EEXIST;
	}
	for (i = 0; i < a->nparams; i++) {
		ret = lft_hist_field_var(p, a->params[i],
					 &p->hd->saves[p->hd->nsaves],
					 &p->hd->nsaves);
		if (ret) {
			char *at = lft_hist_field_var_name(a->params[i]);

			lft_hist_err(p, LFT_HE_FIELD_VAR_CREATE_FAIL,
				     at ?: a->params[i]);
			kfree(at);
			return ret;
		}
	}
	return 0;
}

/* snapshot(): the array's one conditional snapshot, and its buffer. */
static int lft_hist_snap_create(struct lft_hist_parse *p,
				struct lft_hist_action *a)
{
	struct lft_hist_data *hd;
	int ret;

	list_for_each_entry(hd, &lft_hist_snaps, snap_node)
		if (hd->snap_tr == p->tr)
			return -EBUSY;
	a->snap = kzalloc(sizeof(*a->snap), GFP_KERNEL);
	if (!a->snap)
		return -ENOMEM;
	ret = lft_snapshot_alloc(p->tr);
	if (ret)
		return ret;
	p->hd->snap_tr = p->tr;
	list_add(&p->hd->snap_node, &lft_hist_snaps);
	return 0;
}

/* onmax($VAR) / onchange($VAR): what is tracked, and where. */
static int lft_hist_track_create(struct lft_hist_parse *p,
				 struct lft_hist_action *a)
{
	struct lft_hist_data *hd = p->hd;
	struct lft_hfield *v;
	int slot;

	if (a->var_str[0] != '$') {
		lft_hist_err(p, LFT_HE_ONX_NOT_VAR, a->var_str);
		return -EINVAL;
	}
	v = lft_hist_var_in(hd, a->var_str + 1);
	if (!v) {
		lft_hist_err(p, LFT_HE_ONX_VAR_NOT_FOUND, a->var_str + 1);
		return -EINVAL;
	}
	a->ref = lft_hist_ref_new(p, v, NULL, NULL);
	if (!a->ref)
		return -ENOMEM;
	slot = lft_hist_new_slot(hd);
	if (slot < 0) {
		lft_hist_err(p, LFT_HE_ONX_VAR_CREATE_FAIL, NULL);
		return -EINVAL;
	}
	a->track = slot;
	return 0;
}

/**
 * lft_hist_actions_create() - make a new trigger's actions (6.1's
 *	create_actions())
 * @p: the parse (its histogram's actions read)
 *
 * Return: 0 or a negative errno (logged where 6.1 logs).
 */
int lft_hist_actions_create(struct lft_hist_parse *p)
{
	struct lft_hist_data *hd = p->hd;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < hd->nactions && !ret; i++) {
		struct lft_hist_action *a = hd->actions[i];

		if (a->handler != LFT_HH_ONMATCH) {
			ret = lft_hist_track_create(p, a);
			if (ret)
				break;
		}
		if (a->action == LFT_HACT_TRACE)
			ret = lft_hist_trace_create(p, a);
		else if (a->action == LFT_HACT_SNAPSHOT)
			ret = lft_hist_snap_create(p, a);
		else if (a->action == LFT_HACT_SAVE)
			ret = lft_hist_save_create(p, a);
	}
	return ret;
}

/**
 * lft_hist_actions_release() - a histogram going: it takes no more
 *	snapshots (another may), lets go of its synthetic events and
 *	removes the histograms it made for field variables
 * @hd: the histogram (lft_lock held)
 */
void lft_hist_actions_release(struct lft_hist_data *hd)
{
	if (hd->snap_tr) {
		list_del(&hd->snap_node);
		hd->snap_tr = NULL;
	}
	lft_hist_trace_release(hd);
}

/* Field variables made by lft_hist_field_var(): save()'s or trace()'s. */
static void lft_hist_saves_free(struct lft_hist_save *sv, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		lft_hx_release(&sv[i].val);
		kfree(sv[i].name);
	}
}

/**
 * lft_hist_actions_free() - free a histogram's actions, saves and field
 *	variables
 * @hd: the histogram, which no hit sees any more
 */
void lft_hist_actions_free(struct lft_hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->nactions; i++)
		lft_hist_action_free(hd->actions[i]);
	lft_hist_saves_free(hd->saves, hd->nsaves);
	lft_hist_saves_free(hd->fvars, hd->nfvars);
}

static bool lft_hist_streq(const char *a, const char *b)
{
	return !a || !b ? a == b : !strcmp(a, b);
}

/**
 * lft_hist_actions_match() - two histograms' actions are the same, as
 *	6.1 compares them
 * @a: one
 * @b: the other
 *
 * Return: true if so.
 */
bool lft_hist_actions_match(const struct lft_hist_data *a,
			    const struct lft_hist_data *b)
{
	unsigned int i, j;

	if (a->nactions != b->nactions)
		return false;
	for (i = 0; i < a->nactions; i++) {
		const struct lft_hist_action *x = a->actions[i];
		const struct lft_hist_action *y = b->actions[i];

		if (x->handler != y->handler || x->action != y->action ||
		    x->nparams != y->nparams)
			return false;
		for (j = 0; j < x->nparams; j++)
			if (strcmp(x->params[j], y->params[j]))
				return false;
		if (!lft_hist_streq(x->trace_kw ? x->synth_name : x->name,
				    y->trace_kw ? y->synth_name : y->name))
			return false;
		if (x->handler == LFT_HH_ONMATCH ?
		    !lft_hist_streq(x->match_sys, y->match_sys) ||
		    !lft_hist_streq(x->match_ev, y->match_ev) :
		    !lft_hist_streq(x->var_str, y->var_str))
			return false;
	}
	return true;
}

/* ---------------------------------------------------------- hit path */

struct lft_hist_snap_ctx {
	const struct lft_hist_data *hd;
	struct lft_hist_action *a;
	u64 val;
	const void *key;
	struct lft_hmap_elt *elt;
};

/* Under the snapshot's lock: a new maximum (or change) of the array? */
static bool lft_hist_snap_cond(void *arg)
{
	struct lft_hist_snap_ctx *sc = arg;
	struct lft_hist_snap *snap = sc->a->snap;
	bool take = sc->a->handler == LFT_HH_ONMAX ?
		    sc->val > snap->track_val : sc->val != snap->track_val;

	if (!take)
		return false;
	snap->track_val = sc->val;
	memcpy(snap->key, sc->key, sc->hd->key_size);
	if (sc->hd->comm)
		memcpy(snap->comm, lft_hmap_priv(sc->elt), TASK_COMM_LEN);
	snap->updated = true;
	return true;
}

/**
 * lft_hist_actions_run() - a hit's actions, once its entry is updated
 * @hd: the histogram
 * @elt: the hit's entry
 * @key: the hit's key
 * @c: the hit (its references' values read, the histogram's own too)
 *
 * Any context; lock-free but for a snapshot's swap.
 */
void lft_hist_actions_run(const struct lft_hist_data *hd,
			  struct lft_hmap_elt *elt, const void *key,
			  const struct lft_hist_ctx *c)
{
	u64 *slots = lft_hist_slots(hd, elt);
	unsigned int i, j;

	for (i = 0; i < hd->nactions; i++) {
		struct lft_hist_action *a = hd->actions[i];
		struct lft_hist_snap_ctx sc;
		u64 v, track;

		if (a->handler == LFT_HH_ONMATCH) {
			if (a->synth)
				lft_synth_trace_idx(a->synth, c->refs,
						    a->param_ref, a->nparams);
			continue;
		}
		v = c->refs[a->ref->ref_idx];
		track = READ_ONCE(slots[a->track]);
		if (a->handler == LFT_HH_ONMAX ? v <= track : v == track)
			continue;
		WRITE_ONCE(slots[a->track], v);
		if (a->action == LFT_HACT_SAVE) {
			for (j = 0; j < hd->nsaves; j++)
				lft_hist_slot_set(hd, elt, hd->saves[j].slot,
						  hd->saves[j].str,
						  &hd->saves[j].val, c);
		} else if (a->action == LFT_HACT_TRACE) {
			if (a->synth)
				lft_synth_trace_idx(a->synth, c->refs,
						    a->param_ref, a->nparams);
		} else if (a->action == LFT_HACT_SNAPSHOT) {
			sc.hd = hd;
			sc.a = a;
			sc.val = v;
			sc.key = key;
			sc.elt = elt;
			lft_snapshot_swap_if(c->f->tr, lft_hist_snap_cond, &sc);
		}
	}
}

/* ------------------------------------------------------------ output */

/**
 * lft_hist_print_actions_spec() - the actions in the trigger's line
 * @s: where to print
 * @hd: the histogram
 */
void lft_hist_print_actions_spec(struct seq_buf *s,
				 const struct lft_hist_data *hd)
{
	unsigned int i, j;

	for (i = 0; i < hd->nactions; i++) {
		const struct lft_hist_action *a = hd->actions[i];

		if (a->handler == LFT_HH_ONMATCH)
			seq_buf_printf(s, ":onmatch(%s.%s).", a->match_sys,
				       a->match_ev);
		else
			seq_buf_printf(s, ":%s(%s).",
				       a->handler == LFT_HH_ONMAX ? "onmax" :
				       "onchange", a->var_str);
		seq_buf_printf(s, "%s(", a->name);
		if (a->action == LFT_HACT_SAVE) {
			for (j = 0; j < hd->nsaves; j++)
				seq_buf_printf(s, "%s%s", j ? "," : "",
					       hd->saves[j].name);
		} else if (a->action == LFT_HACT_TRACE) {
			if (a->trace_kw)
				seq_buf_printf(s, "%s", a->synth_name);
			for (j = 0; j < a->nparams; j++)
				seq_buf_printf(s, "%s%s",
					       j || a->trace_kw ? "," : "",
					       a->params[j]);
		}
		seq_buf_printf(s, ")");
	}
}

/**
 * lft_hist_print_actions() - an entry's tracked value and saved fields
 * @s: where to print
 * @hd: the histogram
 * @elt: the entry
 */
void lft_hist_print_actions(struct seq_buf *s, const struct lft_hist_data *hd,
			    struct lft_hmap_elt *elt)
{
	u64 *slots = lft_hist_slots(hd, elt);
	unsigned int i, j;

	for (i = 0; i < hd->nactions; i++) {
		const struct lft_hist_action *a = hd->actions[i];

		if (a->handler == LFT_HH_ONMATCH ||
		    a->action == LFT_HACT_SNAPSHOT)
			continue;
		seq_buf_printf(s, "\n\t%s: %10llu",
			       a->handler == LFT_HH_ONMAX ? "max" : "changed",
			       READ_ONCE(slots[a->track]));
		for (j = 0; j < hd->nsaves; j++) {
			const struct lft_hist_save *sv = &hd->saves[j];
			u64 v = READ_ONCE(slots[sv->slot]);

			if (sv->val.flags & LFT_HF_STRING)
				seq_buf_printf(s, "  %s: %-32s", sv->name,
					       (const char *)(uintptr_t)v);
			else
				seq_buf_printf(s, "  %s: %10llu", sv->name, v);
		}
	}
}

/**
 * lft_hist_print_snapshot() - what the histogram's last snapshot was
 *	taken for, after its entries
 * @s: where to print
 * @hd: the histogram
 */
void lft_hist_print_snapshot(struct seq_buf *s, const struct lft_hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->nactions; i++) {
		const struct lft_hist_action *a = hd->actions[i];

		if (a->action != LFT_HACT_SNAPSHOT || !a->snap ||
		    !a->snap->updated)
			continue;
		seq_buf_printf(s, "\nSnapshot taken (see tracing/snapshot).  Details:\n");
		seq_buf_printf(s, "\ttriggering value { %s(%s) }: %10llu",
			       a->handler == LFT_HH_ONMAX ? "onmax" : "onchange",
			       a->var_str, a->snap->track_val);
		seq_buf_printf(s, "\ttriggered by event with key: ");
		lft_hist_print_key(s, hd, a->snap->key, a->snap->comm);
		seq_buf_printf(s, "\n");
		return;
	}
}
