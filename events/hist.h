/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers, shared between their files: hist.c (triggers,
 * aggregation), hist_parse.c (the command's words, values, keys, sort),
 * hist_expr.c (fields, expressions, evaluation), hist_var.c (variables and
 * references), hist_print.c (the hist file and the trigger's readback).
 */
#ifndef LFT_EVENTS_HIST_H
#define LFT_EVENTS_HIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>

#include "compat/kapi.h"
#include "events/event.h"
#include "events/hist_map.h"
#include "events/synth.h"

/* 6.1's limits: tracing_map's and the trigger's. */
#define LFT_HIST_KEYS_MAX	3
#define LFT_HIST_VALS_MAX	3
#define LFT_HIST_FIELDS_MAX	(LFT_HIST_KEYS_MAX + LFT_HIST_VALS_MAX)
#define LFT_HIST_SORT_MAX	2
#define LFT_HIST_BITS_DEFAULT	11
#define LFT_HIST_STR_MAX	256	/* a string key's room, NUL included */
#define LFT_HIST_STACK_DEPTH	16
#define LFT_HIST_KEY_MAX	(LFT_HIST_STR_MAX + \
				 LFT_HIST_STACK_DEPTH * sizeof(unsigned long))
#define LFT_HIST_VARS_MAX	16	/* variables, and references */
#define LFT_HIST_SUBEXPR_MAX	3	/* operators in one expression */
#define LFT_HIST_VAR_STR	LFT_HIST_STR_MAX /* a string variable's room */
#define LFT_HIST_ACTIONS_MAX	8
#define LFT_HIST_PARAMS_MAX	64	/* an action's params */

/* What a field reads. */
enum lft_hf_kind {
	LFT_HF_COUNT,		/* hitcount: 1 a hit */
	LFT_HF_NUM,		/* an integer of 1, 2, 4 or 8 bytes */
	LFT_HF_STR,		/* char name[N] */
	LFT_HF_LOC,		/* __data_loc char[] */
	LFT_HF_CPU,		/* the CPU */
	LFT_HF_TS,		/* common_timestamp */
	LFT_HF_STACK,		/* stacktrace */
	LFT_HF_EXPR,		/* an operator on one or two operands */
	LFT_HF_CONST,		/* a numeric literal (or constants folded) */
	LFT_HF_REF,		/* a variable's value: $NAME */
};

/* How a division divides: 6.1's ways, whose results differ. */
enum { LFT_HDIV_ANY, LFT_HDIV_POW2, LFT_HDIV_BIG, LFT_HDIV_MULT };
#define LFT_HDIV_SHIFT		20

struct lft_hist_data;

/* An expression's operator. */
enum lft_hf_op {
	LFT_HOP_NONE,
	LFT_HOP_PLUS,
	LFT_HOP_MINUS,
	LFT_HOP_UMINUS,
	LFT_HOP_DIV,
	LFT_HOP_MULT,
};

/* Modifiers, in the order 6.1 picks the one it shows. */
#define LFT_HF_HEX		BIT(0)
#define LFT_HF_SYM		BIT(1)
#define LFT_HF_SYM_OFFSET	BIT(2)
#define LFT_HF_EXECNAME		BIT(3)
#define LFT_HF_SYSCALL		BIT(4)
#define LFT_HF_LOG2		BIT(5)
#define LFT_HF_BUCKET		BIT(6)
#define LFT_HF_USECS		BIT(7)
#define LFT_HF_PERCENT		BIT(8)
#define LFT_HF_GRAPH		BIT(9)
#define LFT_HF_KEY		BIT(10)
/* What a field is, beside its kind, where 6.1 tells fields apart by it. */
/* common_timestamp, or an expression whose first operand is one */
#define LFT_HF_TIMESTAMP	BIT(11)
#define LFT_HF_VAR		BIT(12)	/* a variable (NAME=...) */
#define LFT_HF_ALIAS		BIT(13)	/* a variable that is $OTHER */
#define LFT_HF_STRING		BIT(14)	/* its value is a string */

/* How sorting compares a key field. */
enum lft_hf_cmp { LFT_HC_NONE, LFT_HC_NUM, LFT_HC_STR };

/**
 * struct lft_hfield - a key or value of a histogram
 * @kind: enum lft_hf_kind
 * @size: the record field's size (LFT_HF_NUM, LFT_HF_STR)
 * @is_signed: the record field is signed
 * @offset: the record field's offset
 * @flags: LFT_HF_*
 * @buckets: .buckets=N
 * @has_field: it reads a field of the event (or a common or generic one:
 *	not hitcount, common_cpu, common_timestamp, stacktrace)
 * @name: what an entry calls it
 * @own_name: @name when it is a field's: a copy, as is @type, since a
 *	histogram shared by name outlives the event it was made on
 * @type: the field's type (matching named triggers)
 * @koff: a key's offset in the compound key
 * @ksize: a key's room there (8-byte aligned)
 * @cmp: a key's comparison when sorting (enum lft_hf_cmp)
 * @cmp_size: its integer width
 * @cmp_signed: and sign
 * @vsize: the value's size as 6.1 has it (a key's: its room)
 * @op: an expression's operator (enum lft_hf_op)
 * @operands: its operands (a reference's: the histogram's, not owned)
 * @constant: a constant's value (a constant divisor's, too)
 * @div_mult: a division by a constant done as a multiplication: the factor
 * @div_fn: how a division divides (LFT_HDIV_*)
 * @expr: an expression's text, as 6.1 names it
 * @var_name: a variable's name
 * @var_idx: a variable's slot in an element
 * @ref_idx: a reference's slot in the referring histogram's references
 * @owner: a variable's histogram
 * @var_str: a string variable's string slot in an element
 * @ref_hd: a reference's variable's histogram
 * @ref_var: the variable's slot there
 * @ref_sys: "SYS.EVENT.$VAR" as written: its SYS and EVENT
 * @ref_ev: see @ref_sys
 * @read_once: a reference read once unsets its variable
 */
struct lft_hfield {
	u8 kind;
	u16 size;
	bool is_signed;
	u16 offset;
	u32 flags;
	unsigned long buckets;
	bool has_field;
	const char *name;
	char *own_name;
	char *type;
	u16 koff;
	u16 ksize;
	u8 cmp;
	u8 cmp_size;
	bool cmp_signed;
	u16 vsize;
	u8 op;
	struct lft_hfield *operands[2];
	u64 constant;
	u64 div_mult;
	u8 div_fn;
	char *expr;
	char *var_name;
	u8 var_idx;
	u8 ref_idx;
	struct lft_hist_data *owner;
	u8 var_str;
	struct lft_hist_data *ref_hd;
	u8 ref_var;
	char *ref_sys;
	char *ref_ev;
	bool read_once;
};

struct lft_hist_sort {
	u8 idx;			/* in lft_hist_data.fields */
	bool desc;
};

/* An action's handler, and what it does (6.1's). */
enum { LFT_HH_ONMATCH = 1, LFT_HH_ONMAX, LFT_HH_ONCHANGE };
enum { LFT_HACT_SAVE = 1, LFT_HACT_TRACE, LFT_HACT_SNAPSHOT };

/*
 * What onmax().snapshot() / onchange().snapshot() last took: the value and
 * the entry that triggered it (written under the snapshot's lock).
 */
struct lft_hist_snap {
	u64 track_val;
	bool updated;
	char comm[TASK_COMM_LEN];
	u8 key[LFT_HIST_KEY_MAX] __aligned(8);
};

/**
 * struct lft_hist_action - onmatch(SYS.EVENT), onmax($VAR) or
 *	onchange($VAR), then .save(...), .snapshot() or .trace(...)
 * @handler: LFT_HH_*
 * @action: LFT_HACT_*
 * @trace_kw: written trace(SYNTH,...) (else SYNTH(...))
 * @name: the action's word as written ("save", "trace", SYNTH)
 * @synth_name: trace()'s first param
 * @params: the params, as written
 * @nparams: how many
 * @match_sys: onmatch()'s SYS
 * @match_ev: onmatch()'s EVENT
 * @var_str: onmax()'s or onchange()'s "$VAR" as written
 * @ref: the reference to that variable (the histogram's)
 * @track: the element slot keeping the max or last value
 * @snap: snapshot(): what the last one took
 * @synth: trace()'s synthetic event (held while the action exists)
 * @param_ref: trace()'s params: each one's reference (its slot in the
 *	histogram's references), whose value the event's field gets
 */
struct lft_hist_action {
	u8 handler;
	u8 action;
	bool trace_kw;
	char *name;
	char *synth_name;
	char *params[LFT_HIST_PARAMS_MAX];
	unsigned int nparams;
	char *match_sys;
	char *match_ev;
	char *var_str;
	struct lft_hfield *ref;
	u8 track;
	struct lft_hist_snap *snap;
	struct lft_synth_event *synth;
	u8 param_ref[LFT_HIST_PARAMS_MAX];
};

/*
 * A save() param, or a field variable (a trace() param that is a field
 * of the event): the field, kept in element slot @slot when saved, or at
 * every hit.
 */
struct lft_hist_save {
	struct lft_hfield val;
	char *name;
	u8 slot;
	u8 str;
};

/*
 * A histogram made on another event for a trace() param that is a field
 * of that event (6.1's field variable histogram): its command, to remove
 * it with the histogram that made it.
 */
struct lft_hist_fvhist {
	struct lft_ev_file *f;
	char *cmd;
};

/**
 * struct lft_hist_data - a histogram: its fields and map, shared by the
 *	triggers of one name
 * @fields: values first (0: hitcount), then keys
 * @nvals: values, hitcount included
 * @nkeys: keys
 * @vars: variables, in the order defined
 * @nvars: how many
 * @nvar_str: string variables among them
 * @refs: references to variables (shared by the fields that use them)
 * @nrefs: how many
 * @refs_held: the histograms @refs read are held (their users counted)
 * @actions: its actions, as written
 * @nactions: how many
 * @saves: save()'s params (one save() a histogram, as in 6.1)
 * @nsaves: how many
 * @fvars: field variables: trace() params that are fields of the event
 * @nfvars: how many
 * @fvhists: histograms made on other events for trace() params there
 * @nfvhists: how many
 * @nslots: an element's variable slots: variables, then the actions'
 * @nstr: an element's string slots
 * @snap_node: in the list of histograms taking snapshots (one an array)
 * @snap_tr: the array it takes them of
 * @lookup_size: bytes of key zeroed before a hit (the largest key size of
 *	this histogram and those it reads variables of)
 * @priv_vars: offset of the variables' values in an element's private
 *	bytes (then their "set" bits, then their strings)
 * @priv_set: offset of the bits
 * @priv_str: offset of the strings
 * @priv_size: private bytes of an element
 * @key_size: bytes of the compound key
 * @sort: sort keys
 * @nsort: how many
 * @timestamps: common_timestamp is used (the array's clock is set)
 * @usecs: common_timestamp.usecs
 * @clock: clock=, as written ("global" by default)
 * @comm: a key is common_pid.execname: elements keep the task's name
 * @map: the entries
 * @clearing: "clear" is emptying @map: hits are ignored
 * @users: triggers using it (lft_lock)
 * @rcu: freed after the last trigger's grace period
 */
struct lft_hist_data {
	struct lft_hfield fields[LFT_HIST_FIELDS_MAX];
	unsigned int nvals;
	unsigned int nkeys;
	struct lft_hfield vars[LFT_HIST_VARS_MAX];
	unsigned int nvars;
	unsigned int nvar_str;
	struct lft_hfield *refs[LFT_HIST_VARS_MAX];
	unsigned int nrefs;
	bool refs_held;
	struct lft_hist_action *actions[LFT_HIST_ACTIONS_MAX];
	unsigned int nactions;
	struct lft_hist_save saves[LFT_HIST_VARS_MAX];
	unsigned int nsaves;
	struct lft_hist_save fvars[LFT_HIST_VARS_MAX];
	unsigned int nfvars;
	struct lft_hist_fvhist fvhists[LFT_HIST_VARS_MAX];
	unsigned int nfvhists;
	unsigned int nslots;
	unsigned int nstr;
	struct list_head snap_node;
	struct lft_array *snap_tr;
	unsigned int lookup_size;
	unsigned int priv_vars;
	unsigned int priv_set;
	unsigned int priv_str;
	unsigned int priv_size;
	unsigned int key_size;
	struct lft_hist_sort sort[LFT_HIST_SORT_MAX];
	unsigned int nsort;
	bool timestamps;
	bool usecs;
	char *clock;
	bool comm;
	struct lft_hmap *map;
	bool clearing;
	unsigned int users;
	struct rcu_head rcu;
};

/**
 * struct lft_hist_trig - a hist trigger on an event in an array
 * @hook: in lft_ev_file.triggers (RCU), of kind lft_hist_kind
 * @named: in the list of named triggers, when @name is set (lft_lock)
 * @rcu: freed after a grace period
 * @hd: its histogram
 * @filter: "if FILTER", or NULL
 * @filter_str: its text as read back
 * @name: "name=NAME" as written, or NULL
 * @paused: hits are ignored
 * @f: the event it is on
 * @vars_node: in the list of triggers whose variables others can read,
 *	when it made its histogram and that has variables or references
 */
struct lft_hist_trig {
	struct lft_trig_hook hook;
	struct list_head named;
	struct rcu_head rcu;
	struct lft_hist_data *hd;
	struct lft_filter *filter;
	char *filter_str;
	char *name;
	bool paused;
	struct lft_ev_file *f;
	struct list_head vars_node;
};

/* Each key field of @hd, and its index. */
#define lft_hist_for_each_key(i, hd)					\
	for ((i) = (hd)->nvals; (i) < (hd)->nvals + (hd)->nkeys; (i)++)

/* One write's parse: the command as logged, and what it says. */
struct lft_hist_parse {
	struct lft_array *tr;
	struct lft_ev_file *f;
	struct lft_hist_data *hd;
	char *cmd;		/* "hist:" and the text, for error_log */
	char *loc;		/* "hist:SYS:EV" */
	char *keys, *vals, *sort, *name, *clock;
	unsigned int bits;
	bool pause, cont, clear;
	bool remove;		/* "!hist:" */
	/* NAME=EXPR assignments: as written, then split */
	char *assigns[LFT_HIST_VARS_MAX];
	unsigned int nassigns;
	char *actions[LFT_HIST_ACTIONS_MAX];
	unsigned int nactions;
	char *var_name[LFT_HIST_VARS_MAX];
	char *var_expr[LFT_HIST_VARS_MAX];
	unsigned int nvar_defs;
};

/* Errors (hist_parse.c has 6.1's texts). */
enum {
	LFT_HE_NAMED_MISMATCH,
	LFT_HE_TRIGGER_EEXIST,
	LFT_HE_TRIGGER_ENOENT_CLEAR,
	LFT_HE_SET_CLOCK_FAIL,
	LFT_HE_BAD_FIELD_MODIFIER,
	LFT_HE_FIELD_NOT_FOUND,
	LFT_HE_EMPTY_ASSIGNMENT,
	LFT_HE_INVALID_SORT_MODIFIER,
	LFT_HE_EMPTY_SORT_FIELD,
	LFT_HE_TOO_MANY_SORT_FIELDS,
	LFT_HE_INVALID_SORT_FIELD,
	LFT_HE_DUPLICATE_VAR,
	LFT_HE_VAR_NOT_UNIQUE,
	LFT_HE_TOO_MANY_VARS,
	LFT_HE_MALFORMED_ASSIGNMENT,
	LFT_HE_TOO_MANY_SUBEXPR,
	LFT_HE_TIMESTAMP_MISMATCH,
	LFT_HE_INVALID_REF_KEY,
	LFT_HE_VAR_NOT_FOUND,
	LFT_HE_INVALID_STR_OPERAND,
	LFT_HE_EXPECT_NUMBER,
	LFT_HE_UNARY_MINUS_SUBEXPR,
	LFT_HE_DIVISION_BY_ZERO,
	LFT_HE_SYNTH_EVENT_NOT_FOUND,
	LFT_HE_SYNTH_TYPE_MISMATCH,
	LFT_HE_SYNTH_COUNT_MISMATCH,
	LFT_HE_FIELD_VAR_PARSE_FAIL,
	LFT_HE_VAR_CREATE_FIND_FAIL,
	LFT_HE_ONX_NOT_VAR,
	LFT_HE_ONX_VAR_NOT_FOUND,
	LFT_HE_ONX_VAR_CREATE_FAIL,
	LFT_HE_FIELD_VAR_CREATE_FAIL,
	LFT_HE_TOO_MANY_PARAMS,
	LFT_HE_PARAM_NOT_FOUND,
	LFT_HE_INVALID_PARAM,
	LFT_HE_ACTION_NOT_FOUND,
	LFT_HE_NO_SAVE_PARAMS,
	LFT_HE_TOO_MANY_SAVE_ACTIONS,
	LFT_HE_ACTION_MISMATCH,
	LFT_HE_NO_CLOSING_PAREN,
	LFT_HE_SUBSYS_NOT_FOUND,
	LFT_HE_INVALID_SUBSYS_EVENT,
	LFT_HE_TOO_MANY_FIELD_VARS,
	LFT_HE_EVENT_FILE_NOT_FOUND,
	LFT_HE_HIST_NOT_FOUND,
	LFT_HE_HIST_CREATE_FAIL,
	LFT_HE_SYNTH_VAR_NOT_FOUND,
};

/* What evaluating a field needs: the hit, and its variables' values. */
struct lft_hist_ctx {
	struct lft_ev_file *f;
	const struct lft_hist_data *hd;
	const void *rec;
	unsigned int len;
	const u64 *refs;	/* the references' values, by var_idx */
};

/* A record's integer field of @size bytes at @off, sign-extended if signed. */
static inline u64 lft_hist_num(const void *rec, unsigned int off,
			       unsigned int size, bool is_signed)
{
	const void *v = rec + off;

	switch (size) {
	case 1:
		return is_signed ? (u64)*(const s8 *)v : *(const u8 *)v;
	case 2:
		return is_signed ? (u64)get_unaligned((const s16 *)v) :
				   get_unaligned((const u16 *)v);
	case 4:
		return is_signed ? (u64)get_unaligned((const s32 *)v) :
				   get_unaligned((const u32 *)v);
	default:
		return get_unaligned((const u64 *)v);
	}
}

/* hist.c */
extern struct lft_trig_kind lft_hist_kind;
#define lft_hist_of(h)	container_of(h, struct lft_hist_trig, hook)

int lft_hist_store(struct lft_ev_file *f, bool remove, char *param);
int lft_hist_store_within(struct lft_hist_parse *p, struct lft_ev_file *f,
			  char *param);

/* hist_parse.c */
void lft_hist_err(struct lft_hist_parse *p, int err, const char *at);
int lft_hist_parse_attrs(struct lft_hist_parse *p, char *param);
int lft_hist_parse_fields(struct lft_hist_parse *p, const struct lft_event *ev,
			  struct lft_hist_data *hd);
char *lft_hist_split(char *param, char **filter);

/*
 * A reference is its histogram's, shared by the fields that read it (an
 * alias, NAME=$OTHER, is a variable of its own).
 */
static inline bool lft_hx_shared(const struct lft_hfield *hf)
{
	return hf->kind == LFT_HF_REF && !(hf->flags & LFT_HF_ALIAS);
}

/* hist.c */
void lft_hist_stack_var(unsigned long *out);

/* hist_expr.c */
int lft_hx_place(struct lft_hfield *slot, struct lft_hfield *hf);
void lft_hx_drop(struct lft_hfield *hf);
const char *lft_hist_modname(u32 flags);
struct lft_hfield *lft_hx_parse(struct lft_hist_parse *p, char *str,
				u32 flags, const char *var_name,
				unsigned int *nsub);
void lft_hx_release(struct lft_hfield *hf);
void lft_hx_free(struct lft_hfield *hf);
bool lft_hist_is_stack(const char *str);
const char *lft_hx_name(const struct lft_hfield *hf);
bool lft_hx_has_vars(const struct lft_hfield *hf);
const char *lft_hx_type(const struct lft_hfield *hf);
u64 lft_hist_eval(const struct lft_hfield *hf, const struct lft_hist_ctx *c);

/* hist_var.c */
struct lft_ev_file *lft_hist_file(struct lft_array *tr, const char *sys,
				  const char *ev);
struct lft_hfield *lft_hist_var_in(struct lft_hist_data *hd, const char *name);
const struct lft_hfield *lft_hist_slot_var(const struct lft_hist_data *hd,
					   unsigned int slot);
struct lft_hfield *lft_hist_event_var(struct lft_hist_parse *p,
				      const char *sys, const char *ev,
				      const char *name);
struct lft_hfield *lft_hist_ref_new(struct lft_hist_parse *p,
				    struct lft_hfield *var,
				    const char *sys, const char *ev);
int lft_hist_var_defs(struct lft_hist_parse *p);
int lft_hist_vars(struct lft_hist_parse *p);
struct lft_hfield *lft_hist_var_ref(struct lft_hist_parse *p, char *sys,
				    char *ev, char *name);
const char *lft_hist_var_alias(struct lft_hist_parse *p, const char *sys,
			       const char *ev, const char *name);
void lft_hist_vars_layout(struct lft_hist_data *hd);
void lft_hist_vars_register(struct lft_hist_trig *t);
void lft_hist_vars_unregister(struct lft_hist_trig *t);
bool lft_hist_vars_busy(const struct lft_hist_trig *t);
bool lft_hist_var_exists_on(struct lft_ev_file *f, const char *name);
bool lft_hist_refs_read(const struct lft_hist_data *hd, const void *key,
			u64 *vals, bool self);
void lft_hist_vars_set(const struct lft_hist_data *hd,
		       struct lft_hmap_elt *elt, const struct lft_hist_ctx *c);
u64 *lft_hist_slots(const struct lft_hist_data *hd, struct lft_hmap_elt *elt);
unsigned long *lft_hist_slot_bits(const struct lft_hist_data *hd,
				  struct lft_hmap_elt *elt);
char *lft_hist_slot_str(const struct lft_hist_data *hd,
			struct lft_hmap_elt *elt, unsigned int i);
void lft_hist_slot_set(const struct lft_hist_data *hd,
		       struct lft_hmap_elt *elt, unsigned int slot,
		       unsigned int str, const struct lft_hfield *v,
		       const struct lft_hist_ctx *c);

/* hist_action.c */
int lft_hist_actions_parse(struct lft_hist_parse *p, struct lft_hist_data *hd);
int lft_hist_actions_create(struct lft_hist_parse *p);
void lft_hist_actions_release(struct lft_hist_data *hd);
void lft_hist_actions_free(struct lft_hist_data *hd);
bool lft_hist_actions_match(const struct lft_hist_data *a,
			    const struct lft_hist_data *b);
void lft_hist_actions_run(const struct lft_hist_data *hd,
			  struct lft_hmap_elt *elt, const void *key,
			  const struct lft_hist_ctx *c);
void lft_hist_print_actions_spec(struct seq_buf *s,
				 const struct lft_hist_data *hd);
void lft_hist_print_actions(struct seq_buf *s, const struct lft_hist_data *hd,
			    struct lft_hmap_elt *elt);
void lft_hist_print_snapshot(struct seq_buf *s, const struct lft_hist_data *hd);
void lft_hist_print_key(struct seq_buf *s, const struct lft_hist_data *hd,
			const void *key, const char *comm);

int lft_hist_field_var(struct lft_hist_parse *p, const char *param,
		       struct lft_hist_save *sv, unsigned int *n);

/* hist_trace.c */
int lft_hist_trace_create(struct lft_hist_parse *p, struct lft_hist_action *a);
void lft_hist_trace_release(struct lft_hist_data *hd);
void lft_hist_fvars_set(const struct lft_hist_data *hd,
			struct lft_hmap_elt *elt, const struct lft_hist_ctx *c);

/* hist_print.c */
void lft_hist_print_trig(struct seq_buf *s, const struct lft_hist_trig *t);
void lft_hist_print_hist(struct seq_buf *s, struct lft_hist_trig *t);

#endif /* LFT_EVENTS_HIST_H */
