// SPDX-License-Identifier: GPL-2.0
/*
 * The probe base: what kprobe, uprobe and eprobe events share besides the
 * grammar (probe_parse.c) and the fetches (probe_fetch.c): their events
 * and probes (struct lft_pb_event, struct lft_pb_probe), the records'
 * fields, 6.1's checks for a probe appended to an event, arming an event's
 * probes, the removal's match, removal and unload. What differs is the
 * kind's (struct lft_pb_class): its places, handlers and error_log name.
 * No probe kind calls another's code; each calls this. Everything here
 * runs under lft_lock.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/ksyms.h"
#include "core/trace.h"
#include "events/probe.h"

/**
 * lft_pb_head_fields() - how many fields a kprobe's or uprobe's record
 *	starts with: __probe_ip, or __probe_func and __probe_ret_ip
 * @def: the definition
 *
 * Return: 1 or 2; the arguments start 8 bytes each after LFT_ENT_BODY.
 */
static unsigned int lft_pb_head_fields(const struct lft_pb_def *def)
{
	return def->is_return ? 2 : 1;
}

/**
 * lft_pb_head_set() - set a kprobe's or uprobe's head fields
 * @def: the definition
 * @fl: room for lft_pb_head_fields(@def) fields, first in the format
 *
 * Return: where the arguments start in the record.
 */
static unsigned int lft_pb_head_set(const struct lft_pb_def *def,
				    struct lft_ev_field *fl)
{
	fl[0] = (struct lft_ev_field){ "unsigned long", def->is_return ?
				       "__probe_func" : "__probe_ip",
				       LFT_ENT_BODY, 8, 0 };
	if (def->is_return)
		fl[1] = (struct lft_ev_field){ "unsigned long",
					       "__probe_ret_ip",
					       LFT_ENT_BODY + 8, 8, 0 };
	return LFT_ENT_BODY + lft_pb_head_fields(def) * 8;
}

/**
 * lft_pb_arg_fields() - the format fields of a definition's arguments
 * @def: the definition (kprobe, uprobe or eprobe)
 * @fl: room for @def's nargs fields, zeroed
 * @head: where the arguments start in the record
 *
 * Return: 0, or -ENOMEM (lft_pb_arg_fields_free() frees what was made).
 */
static int lft_pb_arg_fields(const struct lft_pb_def *def,
			     struct lft_ev_field *fl, unsigned int head)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];
		bool str = a->type->kind == LFT_PB_STRING;

		fl[i].offset = head + a->offset;
		fl[i].size = a->type->size * (a->count ?: 1);
		fl[i].is_signed = a->type->is_signed;
		if (!a->count) {
			fl[i].type = a->type->fmttype;
			fl[i].name = a->name;
			continue;
		}
		/*
		 * 6.1's format shows "u8 name[]" (the size is in the size
		 * column), but "__data_loc char[][4] name" for strings.
		 */
		fl[i].type = str ? kasprintf(GFP_KERNEL, "%s[%u]",
					     a->type->fmttype, a->count) :
				   kstrdup(a->type->fmttype, GFP_KERNEL);
		fl[i].name = str ? kstrdup(a->name, GFP_KERNEL) :
				   kasprintf(GFP_KERNEL, "%s[]", a->name);
		if (!fl[i].type || !fl[i].name)
			return -ENOMEM;
	}
	return 0;
}

/**
 * lft_pb_arg_fields_free() - free what lft_pb_arg_fields() allocated
 * @def: the definition
 * @fl: its arguments' fields (NULL: nothing)
 *
 * Only an array's type and name were allocated.
 */
static void lft_pb_arg_fields_free(const struct lft_pb_def *def,
				   struct lft_ev_field *fl)
{
	unsigned int i;

	if (!fl)
		return;
	for (i = 0; i < def->nargs; i++)
		if (def->args[i].count) {
			kfree(fl[i].type);
			kfree(fl[i].name);
		}
}

/* ------------------------------------------------------------ events */

/* How many head fields @pev's records start with. */
static unsigned int lft_pb_nhead(const struct lft_pb_event *pev)
{
	return pev->cls->bare_head ? 0 : lft_pb_head_fields(pev->def);
}

/* The format file's fields: the head's, then one per argument. */
static int lft_pb_fields(struct lft_pb_event *pev)
{
	const struct lft_pb_def *def = pev->def;
	unsigned int nh = lft_pb_nhead(pev);
	struct lft_ev_field *fl;

	fl = kcalloc(def->nargs + 2, sizeof(*fl), GFP_KERNEL);
	if (!fl)
		return -ENOMEM;
	pev->fields = fl;
	pev->ev.fields = fl;
	pev->ev.nfields = def->nargs + nh;
	pev->head = nh ? lft_pb_head_set(def, fl) : pev->cls->bare_head;
	return lft_pb_arg_fields(def, fl + nh, pev->head);
}

/* Free an event but its definition, which stays its first probe's. */
static void lft_pb_event_drop(struct lft_pb_event *pev)
{
	if (pev->fields)
		lft_pb_arg_fields_free(pev->def, pev->fields +
				       lft_pb_nhead(pev));
	kfree(pev->fields);
	kfree(pev->ev.print_fmt);
	kfree(pev);
}

static void lft_pb_event_free(struct lft_pb_event *pev)
{
	struct lft_pb_def *def = pev->def;

	/* Its fields are freed by what the definition says they are. */
	lft_pb_event_drop(pev);
	lft_pb_def_free(def);
}

/*
 * The registry's hook: every probe of the event is armed while an array
 * has it enabled; if one cannot be, none is (as 6.1 rolls back). Eprobes
 * have no @arm: each array hooks its own (@file_reg).
 */
static int lft_pb_reg(struct lft_event *ev, bool on)
{
	struct lft_pb_event *pev = lft_pb_event_of(ev);
	const struct lft_pb_class *cls = pev->cls;
	struct lft_pb_probe *p;
	int ret;

	if (!cls->arm)
		return 0;
	if (!on) {
		list_for_each_entry(p, &pev->probes, sibling)
			cls->disarm(p);
		return 0;
	}
	list_for_each_entry(p, &pev->probes, sibling) {
		ret = cls->arm(p);
		if (ret) {
			list_for_each_entry_continue_reverse(p, &pev->probes,
							     sibling)
				cls->disarm(p);
			return ret;
		}
	}
	return 0;
}

/* A record: the kind's head, then the arguments. */
static void lft_pb_print(struct seq_buf *s, const void *rec, unsigned int len)
{
	const struct lft_entry *ent = rec;
	struct lft_event *ev = lft_event_by_id(ent->type);
	struct lft_pb_event *pev;

	if (!ev)
		return;
	/* Any probe's record: they all have the first one's fields. */
	pev = lft_pb_event_of(ev);
	pev->cls->print_head(s, pev->def, rec);
	lft_pb_print_args(s, pev->def, rec, len, pev->head);
}

/* A new event for @def's first probe; lft_event_add() is the caller's. */
static struct lft_pb_event *lft_pb_event_new(struct lft_pb_class *cls,
					     struct lft_pb_def *def)
{
	struct lft_pb_event *pev = kzalloc(sizeof(*pev), GFP_KERNEL);

	if (!pev)
		return NULL;
	pev->cls = cls;
	pev->def = def;
	INIT_LIST_HEAD(&pev->probes);
	pev->ev.print_fmt = lft_pb_print_fmt(def);
	if (!pev->ev.print_fmt || lft_pb_fields(pev)) {
		/* The definition is still the caller's. */
		lft_pb_event_drop(pev);
		return NULL;
	}
	pev->ev.system = def->group;
	pev->ev.name = def->event;
	pev->ev.print = lft_pb_print;
	pev->ev.reg = lft_pb_reg;
	pev->ev.file_reg = cls->file_reg;
	pev->ev.is_probe = true;
	return pev;
}

/* ------------------------------------------------------ definitions */

static struct lft_pb_event *lft_pb_find(const struct lft_pb_class *cls,
					const char *group, const char *event)
{
	struct lft_pb_probe *p;

	list_for_each_entry(p, &cls->probes, list)
		if (!strcmp(p->def->group, group) &&
		    !strcmp(p->def->event, event))
			return p->event;
	return NULL;
}

/*
 * Where 6.1's caret goes for the command's word @n (0: "p:EVENT"): the
 * word's start, or past the command and a space when it has fewer words.
 */
static unsigned int lft_pb_word_pos(const char *cmd, unsigned int n)
{
	const char *p = cmd;

	while (n--) {
		p = strchr(p, ' ');
		if (!p)
			return strlen(cmd) + 1;
		p++;
	}
	return p - cmd;
}

/* An append refused: its error_log line, EEXIST. */
static int lft_pb_refuse(struct lft_pb_perr *perr, int code, unsigned int pos)
{
	perr->code = code;
	perr->pos = pos;
	return -EEXIST;
}

/*
 * May @n be appended to @pev as one more probe? 6.1's rules and errors:
 * the same kind of probe, the same arguments' names and types as the
 * event's oldest probe, and not the same place and arguments as written
 * as one of its probes.
 */
static int lft_pb_append_check(struct lft_pb_event *pev,
			       const struct lft_pb_probe *n,
			       struct lft_pb_perr *perr)
{
	const struct lft_pb_def *def = n->def;
	struct lft_pb_probe *p = list_first_entry(&pev->probes,
						  struct lft_pb_probe, sibling);
	unsigned int i;

	if (p->def->is_return != def->is_return ||
	    p->def->variant != def->variant)
		return lft_pb_refuse(perr, LFT_PB_E_DIFF_PROBE_TYPE, 0);
	i = lft_pb_diff_arg(def, p->def);
	if (i)
		/* Argument i is the command's word i + 1. */
		return lft_pb_refuse(perr, LFT_PB_E_DIFF_ARG_TYPE,
				     lft_pb_word_pos(perr->cmd ?: "", i + 1));
	list_for_each_entry(p, &pev->probes, sibling) {
		if (!n->cls->same_place(p, n))
			continue;
		for (i = 0; i < def->nargs; i++)
			if (strcmp(p->def->args[i].comm, def->args[i].comm))
				break;
		if (i == def->nargs)
			return lft_pb_refuse(perr, LFT_PB_E_SAME_PROBE, 0);
	}
	return 0;
}

/**
 * lft_pb_add() - add a parsed probe: a new event, or one more probe on
 *	the event of its name where its kind appends
 * @p: the probe (@cls and @def set, @event NULL)
 * @perr: the command, and where an error_log line is noted (the caller
 *	logs it, lft_pb_log())
 *
 * A new event is made, the probe attached (@cls->attach), then the event
 * added to the registry; a probe appended is attached to the event.
 *
 * Return: 0 (@p is the kind's list's and the listing's), or an errno
 * (nothing changed; @p and its definition are still the caller's).
 */
int lft_pb_add(struct lft_pb_probe *p, struct lft_pb_perr *perr)
{
	struct lft_pb_class *cls = p->cls;
	struct lft_pb_event *pev = NULL;
	bool new = false;
	int ret;

	if (cls->append)
		pev = lft_pb_find(cls, p->def->group, p->def->event);
	if (pev) {
		ret = lft_pb_append_check(pev, p, perr);
		if (ret)
			return ret;
	} else {
		pev = lft_pb_event_new(cls, p->def);
		if (!pev)
			return -ENOMEM;
		new = true;
	}
	p->event = pev;
	ret = cls->attach ? cls->attach(p, perr) : 0;
	if (ret)
		goto out;
	/* Its event's before it is the registry's (file_reg finds it). */
	list_add_tail(&p->sibling, &pev->probes);
	if (new) {
		ret = lft_event_add(&pev->ev);
		if (ret) {
			if (ret == -EEXIST) {
				perr->code = LFT_PB_E_EVENT_EXIST;
				perr->pos = 0;
			}
			list_del(&p->sibling);
			if (cls->detach)
				cls->detach(p);
			goto out;
		}
	}
	list_add_tail(&p->list, &cls->probes);
	lft_dynev_add(&p->dyn, &cls->dynev);
	return 0;
out:
	p->event = NULL;
	if (new)
		lft_pb_event_drop(pev);
	return ret;
}

/**
 * lft_pb_probe_free() - free a probe that is in no list
 * @p: the probe
 *
 * Its definition goes too, unless it is its event's (which goes with the
 * event); the kind frees the rest (@cls->free).
 */
void lft_pb_probe_free(struct lft_pb_probe *p)
{
	if (!p->event || p->def != p->event->def)
		lft_pb_def_free(p->def);
	p->cls->free(p);
}

/**
 * lft_pb_log() - log a definition's error in error_log, as 6.1 does
 * @cls: the kind (its name in the log)
 * @perr: the error: nothing when there is no command or no code; two
 *	lines where 6.1 logs two
 */
void lft_pb_log(const struct lft_pb_class *cls,
		const struct lft_pb_perr *perr)
{
	if (!perr->cmd)
		return;
	if (perr->prev)
		lft_err_log(NULL, cls->log_sys, perr->cmd,
			    lft_pb_err_text[perr->prev], perr->prev_pos);
	if (perr->code)
		lft_err_log(NULL, cls->log_sys, perr->cmd,
			    lft_pb_err_text[perr->code], perr->pos);
}

/* ---------------------------------------- dynamic_events' shared ops */

/**
 * lft_pb_busy() - a probe's event is enabled somewhere (struct
 *	lft_dynev_ops' @busy)
 * @d: the probe's entry
 *
 * Return: whether it is.
 */
bool lft_pb_busy(struct lft_dynev *d)
{
	return container_of(d, struct lft_pb_probe, dyn)->event->ev.users;
}

/**
 * lft_pb_match() - "-:[GRP/]EVENT [PLACE [NAME=ARG ...]]" names this
 *	probe (struct lft_dynev_ops' @match)
 * @group: the group, NULL when not given
 * @event: the event, "" when only the group is given
 * @argc: the words after the name
 * @argv: them: the place (the kind's @match_place), then the arguments
 *	as listed, in order (fewer than the probe has are enough)
 * @d: the probe's entry
 *
 * Return: whether it names the probe.
 */
bool lft_pb_match(const char *group, const char *event, int argc,
		  char **argv, struct lft_dynev *d)
{
	const struct lft_pb_probe *p = container_of(d, struct lft_pb_probe,
						    dyn);
	const struct lft_pb_def *def = p->def;
	char buf[LFT_PB_MATCH_LEN_MAX];
	unsigned int len = min_t(unsigned int, p->cls->match_len, sizeof(buf));
	int i;

	if ((*event && strcmp(def->event, event)) ||
	    (group && strcmp(def->group, group)))
		return false;
	if (argc < 1)
		return true;
	if (!p->cls->match_place(p, argv[0]) || argc - 1 > def->nargs)
		return false;
	for (i = 1; i < argc; i++) {
		snprintf(buf, len, "%s=%s", def->args[i - 1].name,
			 def->args[i - 1].comm);
		if (strcmp(buf, argv[i]))
			return false;
	}
	return true;
}

/* Out of the lists, the kind's part undone, freed: the last one's event. */
static void lft_pb_unlink(struct lft_pb_probe *p, bool last)
{
	struct lft_pb_event *pev = p->event;

	list_del(&p->sibling);
	list_del(&p->list);
	lft_dynev_del(&p->dyn);
	if (p->cls->detach)
		p->cls->detach(p);
	lft_pb_probe_free(p);
	if (last)
		lft_pb_event_free(pev);
}

/**
 * lft_pb_remove() - remove one probe (struct lft_dynev_ops' @remove)
 * @d: the probe's entry
 *
 * As in 6.1, a probe with siblings goes even while its event is enabled
 * (disarmed first); the last one takes the event with it, which the
 * registry refuses while the event is enabled or a file of it is open.
 *
 * Return: 0, or -EBUSY (nothing changed).
 */
int lft_pb_remove(struct lft_dynev *d)
{
	struct lft_pb_probe *p = container_of(d, struct lft_pb_probe, dyn);
	struct lft_pb_event *pev = p->event;
	bool last = list_is_singular(&pev->probes);
	int ret;

	if (last) {
		ret = lft_event_remove(&pev->ev);
		if (ret)
			return ret;
	} else if (pev->ev.users && p->cls->arm) {
		p->cls->disarm(p);
	}
	lft_pb_unlink(p, last);
	return 0;
}

/**
 * lft_pb_exit() - at unload, free every probe of a kind and its events
 * @cls: the kind
 *
 * The arrays are gone (the events disabled); the registry's list still
 * links the events, so they leave it here.
 */
void lft_pb_exit(struct lft_pb_class *cls)
{
	struct lft_pb_probe *p, *tmp;

	list_for_each_entry_safe(p, tmp, &cls->probes, list) {
		bool last = list_is_singular(&p->event->probes);

		if (last)
			list_del(&p->event->ev.list);
		lft_pb_unlink(p, last);
	}
}

/**
 * lft_pb_files() - a kind's own files, at the top level as 6.1 has them
 * @cls: the kind: its @events_file and @profile_file
 * @tr: the top-level array
 *
 * Return: 0 or -ENOMEM.
 */
int lft_pb_files(struct lft_pb_class *cls, struct lft_array *tr)
{
	int ret = lft_dynev_file(tr, cls->events_file, 0640, &cls->dynev,
				 NULL);

	return ret ? ret : lft_dynev_file(tr, cls->profile_file, 0440,
					  &cls->dynev, cls->show_profile);
}

/**
 * lft_pb_resolve_syms() - the addresses of a definition's @SYM[+|-OFFS]
 *	arguments, as a probe is registered
 * @def: the definition
 *
 * Return: 0, or -ENOENT when a symbol is not there, -EINVAL for a bad
 * offset, -ENOMEM.
 */
int lft_pb_resolve_syms(struct lft_pb_def *def)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		struct lft_pb_arg *a = &def->args[i];
		char *sym, *p;
		long off = 0;
		unsigned long addr;

		if (!a->sym || a->base == LFT_PB_DATA)
			continue;
		sym = kstrdup(a->sym, GFP_KERNEL);
		if (!sym)
			return -ENOMEM;
		p = strpbrk(sym, "+-");
		if (p) {
			if (kstrtol(p, 0, &off)) {
				kfree(sym);
				return -EINVAL;
			}
			*p = '\0';
		}
		addr = lft_ksym_lookup(sym);
		kfree(sym);
		if (!addr)
			return -ENOENT;
		a->param = addr + off;
	}
	return 0;
}

/**
 * lft_pb_show_args() - the end of a probe's listing line
 * @s: where to print
 * @def: the definition: " NAME=ARG" for each argument, then a newline
 */
void lft_pb_show_args(struct seq_buf *s, const struct lft_pb_def *def)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++)
		seq_buf_printf(s, " %s=%s", def->args[i].name,
			       def->args[i].comm);
	seq_buf_printf(s, "%c", '\n');
}
