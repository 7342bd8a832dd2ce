// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: a kind of dynamic event ("s:" in dynamic_events, the
 * top level's synthetic_events with its own grammar, synth_parse.c),
 * each an event of the registry under events/synthetic/ in every array.
 * They have no probe: hist actions generate them (lft_synth_trace()).
 *
 * A record is laid out as 6.1's: after the common header, one 8-byte slot
 * per field (the value in its first bytes), but 256 bytes for a char[N]
 * string; dynamic arrays (char[], unsigned long[]) are a __data_loc word
 * in their slot and their bytes after the last slot, in field order.
 *
 * Everything but the records' writing and printing runs under lft_lock.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "events/synth.h"
#include "events/synth_internal.h"

#define LFT_SYNTH_STR_DYN_MAX	4096	/* a dynamic string's bytes, as 6.1 */
#define LFT_SYNTH_STACK_MAX	16	/* a stack's entries, as 6.1's hist */
#define LFT_SYNTH_FAULT		"(fault)"
/* Synthetic records being written on a CPU at once, interrupts' included. */
#define LFT_SYNTH_NEST_MAX	8

static DEFINE_PER_CPU(int, lft_synth_nest);

static LIST_HEAD(lft_synth_list);

/* ----------------------------------------------------- hist's side */

/**
 * lft_synth_find() - a synthetic event by name
 * @name: its name
 *
 * Return: the event, or NULL.
 */
struct lft_synth_event *lft_synth_find(const char *name)
{
	struct lft_synth_event *se;

	lockdep_assert_held(&lft_lock);
	list_for_each_entry(se, &lft_synth_list, list)
		if (!strcmp(se->def.name, name))
			return se;
	return NULL;
}

/**
 * lft_synth_get() - keep an event defined (a hist action names it)
 * @se: the event
 */
void lft_synth_get(struct lft_synth_event *se)
{
	lockdep_assert_held(&lft_lock);
	se->ref++;
}

/**
 * lft_synth_put() - drop what lft_synth_get() took
 * @se: the event
 */
void lft_synth_put(struct lft_synth_event *se)
{
	lockdep_assert_held(&lft_lock);
	if (!WARN_ON_ONCE(se->ref <= 0))
		se->ref--;
}

/**
 * lft_synth_fields() - an event's fields
 * @se: the event
 * @fields: set to the array of them, in order
 *
 * Return: how many.
 */
unsigned int lft_synth_fields(const struct lft_synth_event *se,
			      const struct lft_synth_field **fields)
{
	*fields = se->def.fields;
	return se->def.nfields;
}

/* ------------------------------------------------------ the records */

/*
 * The bytes of a string with its NUL (at most @max), read without
 * faulting; 0 when it cannot be read (a hist action's value is an address
 * it computed).
 */
static unsigned int lft_synth_strlen(const char *str, unsigned int max)
{
	unsigned int n = 0;
	char c;

	do {
		if (copy_from_kernel_nofault(&c, str + n, 1))
			return 0;
		n++;
	} while (c && n < max);
	return n;
}

/*
 * A stack's bytes: its words up to the first 0, that 0 too if room (6.1;
 * 6.12 leaves it out: its first word is the count); read without
 * faulting (an unreadable one is an empty stack).
 */
static unsigned int lft_synth_stacklen(const unsigned long *stack)
{
	unsigned int n = 0;
	unsigned long v;

	while (n < LFT_SYNTH_STACK_MAX) {
		if (copy_from_kernel_nofault(&v, stack + n, sizeof(v)) || !v)
			break;
		n++;
	}
	if (!LFT_SYNTH_STACK_COUNTED && n < LFT_SYNTH_STACK_MAX)
		n++;
	return n * sizeof(long);
}

/* A dynamic field's bytes for @val (a string or a stack's address). */
static unsigned int lft_synth_dynlen(const struct lft_synth_field *f, u64 val)
{
	const char *str = (const char *)(unsigned long)val;
	unsigned int n;

	if (f->is_stack)
		return lft_synth_stacklen((const unsigned long *)str);
	n = lft_synth_strlen(str, LFT_SYNTH_STR_DYN_MAX);
	return n ?: sizeof(LFT_SYNTH_FAULT);
}

/*
 * Copy a string into @room bytes at @dst, cut there; "(fault)" when it
 * cannot be read. The string may change under the copy: it ends in a NUL
 * within @room whatever it read.
 */
static void lft_synth_strcpy(char *dst, const char *src, unsigned int room)
{
	unsigned int n = lft_synth_strlen(src, room);

	if (!n || copy_from_kernel_nofault(dst, src, n)) {
		strscpy(dst, LFT_SYNTH_FAULT, room);
		return;
	}
	dst[n - 1] = '\0';
}

/*
 * Copy a stack measured at @len bytes; if it changed since, it still
 * ends in a 0 within them (unless it filled them all, as 6.1's may).
 */
static void lft_synth_stackcpy(void *dst, const void *src, unsigned int len)
{
	if (!len)
		return;
	if (copy_from_kernel_nofault(dst, src, len))
		memset(dst, 0, len);
	else if (!LFT_SYNTH_STACK_COUNTED &&
		 len < LFT_SYNTH_STACK_MAX * sizeof(long))
		*(unsigned long *)(dst + len - sizeof(long)) = 0;
}

/* Fill record @rec (its header aside) from @vals; @lens: dynamic sizes. */
static void lft_synth_fill(const struct lft_synth_event *se, void *rec,
			   const u64 *vals, const u8 *idx,
			   const unsigned int *lens)
{
	unsigned int i, dyn = se->fixed;

	memset(rec + LFT_ENT_BODY, 0, se->fixed - LFT_ENT_BODY);
	for (i = 0; i < se->def.nfields; i++) {
		const struct lft_synth_field *f = &se->def.fields[i];
		void *slot = rec + se->offs[i];
		u64 v = vals[idx ? idx[i] : i];

		if (f->is_dynamic) {
			if (f->is_stack)
				lft_synth_stackcpy(rec + dyn,
						   (void *)(unsigned long)v,
						   lens[i]);
			else
				lft_synth_strcpy(rec + dyn,
						 (char *)(unsigned long)v,
						 lens[i]);
			*(u32 *)slot = lft_ev_loc(dyn, lens[i]);
			dyn += lens[i];
		} else if (f->is_string) {
			lft_synth_strcpy(slot, (char *)(unsigned long)v,
					 LFT_SYNTH_STR_MAX);
		} else if (f->size == 1) {
			*(u8 *)slot = v;
		} else if (f->size == 2) {
			*(u16 *)slot = v;
		} else if (f->size == 4) {
			*(u32 *)slot = v;
		} else {
			*(u64 *)slot = v;
		}
	}
}

/**
 * lft_synth_trace_idx() - generate a synthetic event from values picked
 *	out of an array (a hist action's references, as 6.1 passes them)
 * @se: the event
 * @vals: the values
 * @idx: field i's value is @vals[@idx[i]]; NULL: @vals[i]
 * @nvals: how many fields are given; nothing is written unless it is the
 *	fields' count
 *
 * Called with preemption disabled (an event probe's context): the record
 * goes to every array where the event is enabled, through its triggers,
 * filter and soft mode as any event's.
 */
void lft_synth_trace_idx(struct lft_synth_event *se, const u64 *vals,
			 const u8 *idx, unsigned int nvals)
{
	unsigned int lens[LFT_SYNTH_FIELDS_MAX], i, dsize = 0;
	struct lft_ev_file *f;

	if (nvals != se->def.nfields || list_empty(&se->ev.active))
		return;
	/*
	 * A synthetic event whose own hist trigger generates it again
	 * (directly or through others) would recurse without end: the
	 * kernel's ring buffer refuses such nesting, so does this.
	 */
	if (this_cpu_inc_return(lft_synth_nest) > LFT_SYNTH_NEST_MAX)
		goto out;
	for (i = 0; i < nvals; i++) {
		if (!se->def.fields[i].is_dynamic)
			continue;
		lens[i] = lft_synth_dynlen(&se->def.fields[i],
					   vals[idx ? idx[i] : i]);
		dsize += lens[i];
	}
	/* Too big for a record: none, as 6.1's reservation fails. */
	if (se->fixed + dsize > LFT_RB_MAX_PAYLOAD)
		goto out;
	lft_ev_for_each_file(f, &se->ev) {
		struct lft_rb_res res __uninitialized;
		void *rec = lft_ev_reserve(f, se->fixed + dsize, &res);

		if (!rec)
			continue;
		lft_synth_fill(se, rec, vals, idx, lens);
		lft_ev_commit(f, &res);
	}
out:
	this_cpu_dec(lft_synth_nest);
}

/**
 * lft_synth_trace() - generate a synthetic event
 * @se: the event
 * @vals: one value per field (an integer, or a string's or stack's address)
 * @nvals: how many; nothing is written unless it is the fields' count
 *
 * Called with preemption disabled (an event probe's context).
 */
void lft_synth_trace(struct lft_synth_event *se, const u64 *vals,
		     unsigned int nvals)
{
	lft_synth_trace_idx(se, vals, NULL, nvals);
}

/* ------------------------------------------------------- the lines */

/* "=> sym" for each entry of a stack field, up to its first 0. */
static void lft_synth_print_stack(struct seq_buf *s, const void *rec,
				  unsigned int len, u32 loc)
{
	unsigned int off = loc & 0xffff, n = loc >> 16, i;
	const unsigned long *p = rec + off;

	if (off + n > len)
		return;
	/* 6.12: every word after the count, as it prints them. */
	if (LFT_SYNTH_STACK_COUNTED) {
		for (i = 1; i < n / sizeof(long); i++)
			seq_buf_printf(s, "=> %pS\n", (void *)p[i]);
		return;
	}
	for (i = 0; i + 1 <= n / sizeof(long) && p[i]; i++)
		seq_buf_printf(s, "=> %pS\n", (void *)p[i]);
}

static void lft_synth_print(struct seq_buf *s, const void *rec,
			    unsigned int len)
{
	const struct lft_entry *ent = rec;
	struct lft_event *ev = lft_event_by_id(ent->type);
	const struct lft_synth_event *se;
	unsigned int i, n;

	if (!ev)
		return;
	se = container_of(ev, struct lft_synth_event, ev);
	n = se->def.nfields;
	for (i = 0; i < n; i++) {
		const struct lft_synth_field *f = &se->def.fields[i];
		const char *sep = i == n - 1 ? "" : " ";
		unsigned int off = se->offs[i];
		const char *str = rec + off;

		if (f->is_stack) {
			seq_buf_printf(s, "%s=STACK:\n", f->name);
			lft_synth_print_stack(s, rec, len, *(u32 *)str);
			continue;
		}
		seq_buf_printf(s, "%s=", f->name);
		if (f->is_dynamic)
			seq_buf_printf(s, "%s", lft_ev_str(rec, len, *(u32 *)str));
		else if (f->is_string)
			seq_buf_printf(s, "%.*s", (int)strnlen(str,
				       min_t(unsigned int, LFT_SYNTH_STR_MAX,
					     len - off)), str);
		else
			lft_synth_print_num(s, f, str);
		seq_buf_printf(s, "%s", sep);
	}
}

/* ---------------------------------------------------- definitions */

static bool lft_synth_exists(const char *name)
{
	return lft_synth_find(name);
}

static void lft_synth_event_free(struct lft_synth_event *se)
{
	unsigned int i;

	if (se->evf)
		for (i = 0; i < se->def.nfields; i++) {
			kfree(se->evf[i].type);
			kfree(se->evf[i].name);
		}
	kfree(se->evf);
	kfree(se->offs);
	kfree(se->ev.print_fmt);
	lft_synth_def_free(&se->def);
	kfree(se);
}

/*
 * The format file's fields and the record's layout. 6.1 shows a char[N]
 * as "char name[]" with N in the size column, a dynamic array with its
 * "__data_loc" type and its 8-byte slot.
 */
static int lft_synth_layout(struct lft_synth_event *se)
{
	const struct lft_synth_def *def = &se->def;
	unsigned int i, off = LFT_ENT_BODY;

	se->evf = kcalloc(def->nfields, sizeof(*se->evf), GFP_KERNEL);
	se->offs = kcalloc(def->nfields, sizeof(*se->offs), GFP_KERNEL);
	if (!se->evf || !se->offs)
		return -ENOMEM;
	for (i = 0; i < def->nfields; i++) {
		const struct lft_synth_field *f = &def->fields[i];
		struct lft_ev_field *e = &se->evf[i];
		const char *br = strchr(f->type, '[');

		se->offs[i] = off;
		e->offset = off;
		e->is_signed = f->is_signed;
		if (f->is_dynamic) {
			e->type = kasprintf(GFP_KERNEL, "__data_loc %s",
					    f->type);
			e->name = kstrdup(f->name, GFP_KERNEL);
			e->size = 8;
		} else if (br) {
			e->type = kmemdup_nul(f->type, br - f->type,
					      GFP_KERNEL);
			e->name = kasprintf(GFP_KERNEL, "%s[]", f->name);
			e->size = f->size;
		} else {
			e->type = kstrdup(f->type, GFP_KERNEL);
			e->name = kstrdup(f->name, GFP_KERNEL);
			e->size = f->size;
		}
		if (!e->type || !e->name)
			return -ENOMEM;
		off += f->is_string && !f->is_dynamic ? LFT_SYNTH_STR_MAX : 8;
	}
	se->fixed = off;
	return 0;
}

/* No probe to register: hist actions call lft_synth_trace() directly. */
static int lft_synth_reg(struct lft_event *ev, bool on)
{
	return 0;
}

static void lft_synth_log(const struct lft_synth_def *def)
{
	if (def->cmd && def->err != LFT_SYNTH_E_NONE)
		lft_err_log(NULL, "synthetic_events", def->cmd,
			    lft_synth_err_text[def->err], def->pos);
}

/* A parsed definition becomes an event (the definition then its). */
static int lft_synth_add(struct lft_synth_def *def)
{
	struct lft_synth_event *se = kzalloc(sizeof(*se), GFP_KERNEL);
	int ret = -ENOMEM;

	if (!se)
		return -ENOMEM;
	se->def = *def;
	memset(def, 0, sizeof(*def));
	se->ev.print_fmt = lft_synth_print_fmt(&se->def);
	if (!se->ev.print_fmt || lft_synth_layout(se))
		goto out;
	se->ev.system = LFT_SYNTH_SYSTEM;
	se->ev.name = se->def.name;
	se->ev.fields = se->evf;
	se->ev.nfields = se->def.nfields;
	se->ev.print = lft_synth_print;
	se->ev.reg = lft_synth_reg;
	ret = lft_event_add(&se->ev);
	if (ret) {
		/* A kprobe event may have taken synthetic/NAME. */
		if (ret == -EEXIST) {
			se->def.err = LFT_SYNTH_E_EVENT_EXISTS;
			se->def.pos = strstr(se->def.cmd, se->def.name) -
				      se->def.cmd;
			lft_synth_log(&se->def);
		}
		goto out;
	}
	list_add_tail(&se->list, &lft_synth_list);
	lft_dynev_add(&se->dyn, &lft_synth_dynev_ops);
	return 0;
out:
	lft_synth_event_free(se);
	return ret;
}

/* Remove an event: -EBUSY while a hist action names it or it is in use. */
static int lft_synth_remove(struct lft_synth_event *se)
{
	int ret;

	if (se->ref)
		return -EBUSY;
	ret = lft_event_remove(&se->ev);
	if (ret)
		return ret;
	list_del(&se->list);
	lft_dynev_del(&se->dyn);
	lft_synth_event_free(se);
	return 0;
}

/* A line of dynamic_events: "s:[synthetic/]NAME FIELDS" or not ours. */
static int lft_synth_create(const char *line)
{
	struct lft_synth_def def;
	int ret = lft_synth_parse(line, true, lft_synth_exists, &def);

	if (!ret)
		ret = lft_synth_add(&def);
	else
		lft_synth_log(&def);
	lft_synth_def_free(&def);
	return ret;
}

/* A line of synthetic_events: "NAME FIELDS" or "!NAME [...]". */
static int lft_synth_run(const char *line)
{
	struct lft_synth_event *se;
	struct lft_synth_def def;
	int ret;

	if (!*skip_spaces(line))
		return 0;
	ret = lft_synth_parse(line, false, lft_synth_exists, &def);
	if (ret) {
		lft_synth_log(&def);
	} else if (def.remove) {
		/* As 6.1's, without emptying the buffers. */
		se = lft_synth_find(def.name);
		ret = se ? lft_synth_remove(se) : -ENOENT;
	} else {
		ret = lft_synth_add(&def);
	}
	lft_synth_def_free(&def);
	return ret;
}

/* ------------------------------------------------ dynamic events */

static struct lft_synth_event *lft_synth_of(struct lft_dynev *d)
{
	return container_of(d, struct lft_synth_event, dyn);
}

/* "NAME\tTYPE NAME; TYPE NAME", as synthetic_events lists it. */
static void lft_synth_show_def(struct seq_buf *s,
			       const struct lft_synth_event *se)
{
	unsigned int i, n = se->def.nfields;

	seq_buf_printf(s, "%s\t", se->def.name);
	for (i = 0; i < n; i++)
		seq_buf_printf(s, "%s %s%s", se->def.fields[i].type,
			       se->def.fields[i].name, i == n - 1 ? "" : "; ");
	seq_buf_printf(s, "\n");
}

static void lft_synth_show(struct seq_buf *s, struct lft_dynev *d)
{
	seq_buf_printf(s, "s:" LFT_SYNTH_SYSTEM "/");
	lft_synth_show_def(s, lft_synth_of(d));
}

/* synthetic_events' own listing: no "s:synthetic/". */
static void lft_synth_list_one(struct seq_buf *s, struct lft_dynev *d)
{
	lft_synth_show_def(s, lft_synth_of(d));
}

/*
 * In use: a hist action names it, or an array has it enabled. (6.1 only
 * checks the first before clearing, then stops at the first enabled
 * event with those before it removed; lftrace removes none then.)
 */
static bool lft_synth_busy(struct lft_dynev *d)
{
	struct lft_synth_event *se = lft_synth_of(d);

	return se->ref || se->ev.users;
}

/* "-:[synthetic/]NAME": the name must be given, the arguments are not read. */
static bool lft_synth_match(const char *group, const char *event, int argc,
			    char **argv, struct lft_dynev *d)
{
	return !strcmp(lft_synth_of(d)->def.name, event) &&
	       (!group || !strcmp(group, LFT_SYNTH_SYSTEM));
}

static int lft_synth_remove_dyn(struct lft_dynev *d)
{
	return lft_synth_remove(lft_synth_of(d));
}

static int lft_synth_files(struct lft_array *tr)
{
	return lft_dynev_file(tr, "synthetic_events", 0640,
			      &lft_synth_dynev_ops, NULL);
}

/* At unload: the arrays are gone, the registry's list still links them. */
static void lft_synth_exit(void)
{
	struct lft_synth_event *se, *tmp;

	list_for_each_entry_safe(se, tmp, &lft_synth_list, list) {
		list_del(&se->list);
		lft_dynev_del(&se->dyn);
		list_del(&se->ev.list);
		lft_synth_event_free(se);
	}
}

struct lft_dynev_ops lft_synth_dynev_ops = {
	.create = lft_synth_create,
	.show = lft_synth_show,
	.busy = lft_synth_busy,
	.match = lft_synth_match,
	.remove = lft_synth_remove_dyn,
	.files = lft_synth_files,
	.own_show = lft_synth_list_one,
	.run = lft_synth_run,
	.exit = lft_synth_exit,
};

/**
 * lft_synth_init() - register synthetic events as a kind of dynamic event
 */
void lft_synth_init(void)
{
	lft_dynev_register(&lft_synth_dynev_ops);
}
