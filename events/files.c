// SPDX-License-Identifier: GPL-2.0
/*
 * The events/ tree of an array, and its available_events and set_event:
 *
 *   events/enable, events/SYS/enable   0, 1, or X when mixed; write 0 or 1
 *   events/SYS/EV/enable                0 or 1
 *   events/SYS/EV/id                    the record type
 *   events/SYS/EV/format                the record's layout, as 6.1's
 *   events/header_page, header_event    the ring buffer's page and event
 *                                       headers, for trace-cmd
 *   available_events                    SYS:EV per line
 *   set_event                           the enabled ones; "SYS:EV", "SYS:*",
 *                                       "EV", "SYS", "*:EV", "*:*", "!..." to
 *                                       disable (no other globs, as 6.1);
 *                                       "echo >" disables all first
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "events/event.h"

#define LFT_EV_WRITE	0640
#define LFT_EV_READ	0440

/**
 * lft_ev_files_of() - the list of an array's events
 * @tr: the array (lft_lock held)
 *
 * Return: the list of its struct lft_ev_file (empty while it has none).
 */
struct list_head *lft_ev_files_of(struct lft_array *tr)
{
	static LIST_HEAD(none);
	struct lft_ev_array *ea = tr->events;

	return ea ? &ea->files : &none;
}

/* "0", "1" or "X" over the events of @sys (NULL: all). */
static void lft_ev_show_mixed(struct lft_array *tr, const char *sys,
			      struct seq_buf *s)
{
	unsigned int on = 0, off = 0;
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, tr) {
		if (sys && strcmp(f->ev->system, sys))
			continue;
		if (f->enabled)
			on++;
		else
			off++;
	}
	seq_buf_printf(s, "%s\n", on && off ? "X" : on ? "1" : "0");
}

/* Set every event of @sys (NULL: all) on or off. */
static int lft_ev_set_all(struct lft_array *tr, const char *sys, bool on)
{
	struct lft_ev_file *f;
	int ret;

	lft_ev_for_each_in(f, tr) {
		if (sys && strcmp(f->ev->system, sys))
			continue;
		ret = lft_ev_enable(f, on);
		if (ret)
			return ret;
	}
	return 0;
}

static int lft_ev_parse_bool(char *buf, bool *on)
{
	unsigned long v;
	int ret = kstrtoul(strim(buf), 10, &v);

	if (ret)
		return ret;
	if (v > 1)
		return -EINVAL;
	*on = v;
	return 0;
}

/* ------------------------------------------------------- events/enable */

/* events/enable and events/SYS/enable: priv is NULL or the system. */
static const char *lft_ev_ref_sys(struct lft_file_ref *ref)
{
	struct lft_ev_sys *sys = ref->priv;

	return sys ? sys->name : NULL;
}

static void lft_ev_show_top(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_ev_show_mixed(ref->tr, lft_ev_ref_sys(ref), s);
}

static int lft_ev_store_top(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	bool on;
	int ret = lft_ev_parse_bool(buf, &on);

	return ret ? ret : lft_ev_set_all(ref->tr, lft_ev_ref_sys(ref), on);
}

static void lft_ev_show_page(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n");
	seq_buf_printf(s, "\tfield: local_t commit;\toffset:8;\tsize:%zu;\tsigned:1;\n",
		       sizeof(long));
	seq_buf_printf(s, "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n");
	/* char is unsigned where the kernel builds with -funsigned-char. */
	/* The array's sub-buffer (buffer_subbuf_size_kb), less its header. */
	seq_buf_printf(s, "\tfield: char data;\toffset:%zu;\tsize:%lu;\tsigned:%d;\n",
		       8 + sizeof(long), (PAGE_SIZE <<
		       lft_rb_order(READ_ONCE(ref->tr->rb))) - 8 - sizeof(long),
		       is_signed_type(char));
}

static void lft_ev_show_header(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "# compressed entry header\n");
	seq_buf_printf(s, "\ttype_len    :    5 bits\n");
	seq_buf_printf(s, "\ttime_delta  :   27 bits\n");
	seq_buf_printf(s, "\tarray       :   32 bits\n\n");
	seq_buf_printf(s, "\tpadding     : type == 29\n");
	seq_buf_printf(s, "\ttime_extend : type == 30\n");
	seq_buf_printf(s, "\ttime_stamp : type == 31\n");
	seq_buf_printf(s, "\tdata max type_len  == 28\n");
}

static const struct lft_attr lft_ev_root_attrs[] = {
	{ "enable", LFT_EV_WRITE, lft_ev_show_top, lft_ev_store_top, 16 },
	{ "header_page", LFT_EV_READ, lft_ev_show_page },
	{ "header_event", LFT_EV_READ, lft_ev_show_header },
};

/* ------------------------------------------------------------ filters */

/* Put @flt (may be NULL) in place of @f's filter; the old one goes. */
static void lft_ev_set_filter(struct lft_ev_file *f, struct lft_filter *flt)
{
	struct lft_filter *old = rcu_replace_pointer(f->filter, flt,
						     lockdep_is_held(&lft_lock));

	lft_ev_slow_update(f);
	lft_filter_free(old);
}

static void lft_ev_show_filter(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f = ref->priv;
	struct lft_filter *flt = rcu_dereference_protected(f->filter,
					lockdep_is_held(&lft_lock));

	seq_buf_printf(s, "%s\n", flt ? lft_filter_text(flt) : "none");
}

/* Writes keep leading blanks (6.1 shows them back) but not trailing ones. */
static bool lft_ev_filter_off(char *buf)
{
	strim(buf);
	return !strcmp(skip_spaces(buf), "0");
}

static int lft_ev_store_filter(struct lft_file_ref *ref, char *buf,
			       size_t cnt)
{
	struct lft_ev_file *f = ref->priv;
	struct lft_filter *flt;
	int ret;

	if (lft_ev_filter_off(buf)) {
		lft_ev_set_filter(f, NULL);
		return 0;
	}
	/* Even a filter in error replaces the old one, to show its error. */
	ret = lft_filter_compile(ref->tr, f->ev, buf, true, &flt);
	if (flt)
		lft_ev_set_filter(f, flt);
	return ret;
}

static void lft_ev_show_sys_filter(struct lft_file_ref *ref,
				   struct seq_buf *s)
{
	struct lft_ev_sys *sys = ref->priv;

	if (sys->filter)
		seq_buf_printf(s, "%s\n", lft_filter_text(sys->filter));
	else
		seq_buf_printf(s, "### global filter ###\n"
			       "# Use this to set filters for multiple events.\n"
			       "# Only events with the given fields will be affected.\n"
			       "# If no events are modified, an error message will be displayed here\n");
}

/*
 * A subsystem's filter goes to each of its events that it fits; those it
 * does not fit are left unfiltered, their filter files saying why (even
 * when that is all of them: 6.1 takes the write all the same).
 */
static int lft_ev_store_sys_filter(struct lft_file_ref *ref, char *buf,
				   size_t cnt)
{
	struct lft_ev_sys *sys = ref->priv;
	struct lft_filter *flt;
	struct lft_ev_file *f;
	int ret;

	if (lft_ev_filter_off(buf)) {
		lft_ev_for_each_in(f, ref->tr)
			if (f->sys == sys)
				lft_ev_set_filter(f, NULL);
		lft_filter_free(sys->filter);
		sys->filter = NULL;
		return 0;
	}
	lft_ev_for_each_in(f, ref->tr) {
		if (f->sys != sys)
			continue;
		ret = lft_filter_compile(ref->tr, f->ev, buf, false, &flt);
		if (ret == -ENOMEM)
			return ret;
		if (ret) {
			lft_filter_free(flt);
			flt = lft_filter_failed(ref->tr, buf);
			if (!flt)
				return -ENOMEM;
		}
		lft_ev_set_filter(f, flt);
	}
	lft_filter_free(sys->filter);
	sys->filter = NULL;
	return 0;
}

static const struct lft_attr lft_ev_sys_attrs[] = {
	{ "enable", LFT_EV_WRITE, lft_ev_show_top, lft_ev_store_top, 16 },
	{ "filter", LFT_EV_WRITE, lft_ev_show_sys_filter,
	  lft_ev_store_sys_filter, PAGE_SIZE - 1 },
};

/* ---------------------------------------------------- events/SYS/EV/ */

/* "1" while recording, "*" in soft mode (a trigger keeps the probe on). */
static void lft_ev_show_enable(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f = ref->priv;

	seq_buf_printf(s, "%d%s\n", f->enabled && !f->soft_disabled,
		       f->soft ? "*" : "");
}

static int lft_ev_store_enable(struct lft_file_ref *ref, char *buf,
			       size_t cnt)
{
	bool on;
	int ret = lft_ev_parse_bool(buf, &on);

	return ret ? ret : lft_ev_enable(ref->priv, on);
}

static void lft_ev_show_id(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f = ref->priv;

	seq_buf_printf(s, "%d\n", f->ev->id);
}

static void lft_ev_field_line(struct seq_buf *s, const struct lft_ev_field *f)
{
	seq_buf_printf(s, "\tfield:%s %s", f->type, f->name);
	if (f->count)
		seq_buf_printf(s, "[%u]", f->count);
	seq_buf_printf(s, ";\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		       f->offset, f->size, f->is_signed);
}

/**
 * lft_ev_format() - a format file's text, as 6.1's
 * @s: where to print
 * @name: the event's name
 * @id: its record type
 * @fields: its fields after the common ones
 * @n: how many
 * @print_fmt: the print fmt text
 */
void lft_ev_format(struct seq_buf *s, const char *name, int id,
		   const struct lft_ev_field *fields, unsigned int n,
		   const char *print_fmt)
{
	unsigned int i;

	seq_buf_printf(s, "name: %s\nID: %d\nformat:\n", name, id);
	for (i = 0; i < lft_entry_nfields; i++)
		lft_ev_field_line(s, &lft_entry_fields[i]);
	seq_buf_printf(s, "\n");
	for (i = 0; i < n; i++)
		lft_ev_field_line(s, &fields[i]);
	seq_buf_printf(s, "\nprint fmt: %s\n", print_fmt);
}

static void lft_ev_show_format(struct lft_file_ref *ref, struct seq_buf *s)
{
	const struct lft_event *ev = ((struct lft_ev_file *)ref->priv)->ev;

	lft_ev_format(s, ev->name, ev->id, ev->fields, ev->nfields,
		      ev->print_fmt);
}

static const struct lft_attr lft_ev_attrs[] = {
	{ "enable", LFT_EV_WRITE, lft_ev_show_enable, lft_ev_store_enable, 16 },
	{ "filter", LFT_EV_WRITE, lft_ev_show_filter, lft_ev_store_filter,
	  PAGE_SIZE - 1 },
	{ "id", LFT_EV_READ, lft_ev_show_id },
	/* Many hist triggers' lines pass a page. */
	{ "trigger", LFT_EV_WRITE, lft_ev_show_trigger, lft_ev_store_trigger,
	  PAGE_SIZE - 1, .big = true },
	/* Some kernel events' print fmts alone pass a page. */
	{ "format", LFT_EV_READ, lft_ev_show_format, .big = true },
};

/* ------------------------------------- available_events and set_event */

static void lft_ev_show_available(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, ref->tr)
		seq_buf_printf(s, "%s:%s\n", f->ev->system, f->ev->name);
}

static void lft_ev_show_set(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, ref->tr)
		if (f->enabled)
			seq_buf_printf(s, "%s:%s\n", f->ev->system,
				       f->ev->name);
}

/**
 * lft_ev_set_word() - apply one word of set_event
 * @tr: the array (lft_lock held)
 * @word: as 6.1 reads it: "SYS:EV" where an empty or "*" side matches
 *	anything, or a lone name that is an event's or a system's (no other
 *	globbing); "!" first disables. Its ':' is overwritten.
 *
 * Also what the trace_event= parameter applies, word by word.
 *
 * Return: 0, -EINVAL when it matches nothing, or the errno of an event
 * that could not be enabled.
 */
int lft_ev_set_word(struct lft_array *tr, char *word)
{
	bool on = word[0] != '!';
	char *sys = NULL, *name = on ? word : word + 1, *colon;
	bool any_sys = false, any_name = false;
	unsigned int hits = 0;
	struct lft_ev_file *f;
	int ret;

	colon = strchr(name, ':');
	if (colon) {
		*colon = '\0';
		sys = name;
		name = colon + 1;
		any_sys = !*sys || !strcmp(sys, "*");
		any_name = !*name || !strcmp(name, "*");
	}
	lft_ev_for_each_in(f, tr) {
		const struct lft_event *ev = f->ev;

		if (sys ? (!any_sys && strcmp(sys, ev->system)) ||
			  (!any_name && strcmp(name, ev->name)) :
			  strcmp(name, ev->name) && strcmp(name, ev->system))
			continue;
		ret = lft_ev_enable(f, on);
		if (ret)
			return ret;
		hits++;
	}
	return hits ? 0 : -EINVAL;
}

static int lft_ev_store_set(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	char *word;
	int ret;

	while ((word = strsep(&buf, " \t\n"))) {
		if (!*word)
			continue;
		ret = lft_ev_set_word(ref->tr, word);
		if (ret)
			return ret;
	}
	return 0;
}

static void lft_ev_trunc_set(struct lft_file_ref *ref)
{
	lft_ev_set_all(ref->tr, NULL, false);
}

static const struct lft_attr lft_ev_list_attrs[] = {
	{ "available_events", LFT_EV_READ, lft_ev_show_available, NULL, 0,
	  false, true },
	{ "set_event", LFT_EV_WRITE, lft_ev_show_set, lft_ev_store_set,
	  PAGE_SIZE, false, true, lft_ev_trunc_set },
};

/* --------------------------------------------------------------- tree */

static struct lft_ev_sys *lft_ev_sys_get(struct lft_array *tr,
					 const char *name)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_sys *sys;

	list_for_each_entry(sys, &ea->systems, list)
		if (!strcmp(sys->name, name))
			return sys;
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	sys->name = kstrdup(name, GFP_KERNEL);
	if (!sys->name)
		goto fail;
	sys->ref.tr = tr;
	sys->ref.cpu = LFT_RB_ALL_CPUS;
	sys->ref.priv = sys;
	/* Not openable until its first event is in (lft_ev_file_add()). */
	sys->ref.gone = true;
	sys->dir = lft_fs_create_dir(name, ea->root);
	sys->attrs = lft_create_attrs_owned(&sys->ref, sys->dir,
					    lft_ev_sys_attrs,
					    ARRAY_SIZE(lft_ev_sys_attrs));
	if (!sys->attrs) {
		lft_fs_remove(sys->dir);
		goto fail;
	}
	list_add_tail(&sys->list, &ea->systems);
	return sys;
fail:
	kfree(sys->name);
	kfree(sys);
	return NULL;
}

/* @rm: remove its directory too (not when the whole tree is gone). */
static void lft_ev_sys_put(struct lft_ev_sys *sys, bool rm)
{
	if (--sys->nevents)
		return;
	if (rm)
		lft_fs_remove(sys->dir);
	list_del(&sys->list);
	lft_filter_free(sys->filter);
	kfree(sys->attrs);
	kfree(sys->name);
	kfree(sys);
}

/**
 * lft_ev_file_add() - an event's directory and state in an array
 * @tr: the array (lft_lock held)
 * @ev: the event
 *
 * Return: 0 or -ENOMEM.
 */
int lft_ev_file_add(struct lft_array *tr, struct lft_event *ev)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_file *f;
	struct lft_ev_sys *sys;

	if (!ea)
		return 0;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	sys = f ? lft_ev_sys_get(tr, ev->system) : NULL;
	if (!sys) {
		kfree(f);
		return -ENOMEM;
	}
	sys->nevents++;
	f->ev = ev;
	f->tr = tr;
	f->sys = sys;
	INIT_LIST_HEAD(&f->node);
	INIT_LIST_HEAD(&f->triggers);
	f->pid_check = rcu_access_pointer(ea->pids) ||
		       rcu_access_pointer(ea->notrace_pids);
	lft_ev_slow_update(f);
	f->ref.tr = tr;
	f->ref.cpu = LFT_RB_ALL_CPUS;
	f->ref.priv = f;
	/*
	 * Its files (and a new system's) cannot be opened while they are
	 * made: a failure removes them under lft_lock, which must not wait
	 * for an open (lft_fs_remove() does) that waits for lft_lock.
	 */
	f->ref.gone = true;
	f->dir = lft_fs_create_dir(ev->name, sys->dir);
	f->attrs = lft_create_attrs_owned(&f->ref, f->dir, lft_ev_attrs,
					  ARRAY_SIZE(lft_ev_attrs));
	/* And the trigger kinds' files (hist). */
	f->kind_attrs = f->attrs ? lft_trig_files_create(f) : NULL;
	if (!f->kind_attrs) {
		lft_fs_remove(f->dir);
		kfree(f->attrs);
		lft_ev_sys_put(sys, true);
		kfree(f);
		return -ENOMEM;
	}
	list_add_tail(&f->list, &ea->files);
	lft_file_ref_retire(&sys->ref, false);
	lft_file_ref_retire(&f->ref, false);
	return 0;
}

/**
 * lft_ev_file_find() - an event's state in an array
 * @tr: the array (lft_lock held)
 * @ev: the event
 *
 * Return: it, or NULL.
 */
struct lft_ev_file *lft_ev_file_find(struct lft_array *tr,
				     struct lft_event *ev)
{
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, tr)
		if (f->ev == ev)
			return f;
	return NULL;
}

/**
 * lft_ev_file_lookup() - an event of an array by its names
 * @tr: the array (lft_lock held)
 * @sys: its system
 * @name: its name
 *
 * Return: the event there, or NULL.
 */
struct lft_ev_file *lft_ev_file_lookup(struct lft_array *tr, const char *sys,
				       const char *name)
{
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, tr)
		if (!strcmp(f->ev->system, sys) && !strcmp(f->ev->name, name))
			return f;
	return NULL;
}

/**
 * lft_ev_file_retire() - let an event's files (and its system's, when it is
 *	the last there) be removed, or undo that
 * @f: the event in an array (lft_lock held)
 * @gone: as lft_file_ref_retire()
 *
 * Return: false when a file is open (nothing changed).
 */
bool lft_ev_file_retire(struct lft_ev_file *f, bool gone)
{
	if (!lft_file_ref_retire(&f->ref, gone))
		return false;
	if (f->sys->nevents == 1 && !lft_file_ref_retire(&f->sys->ref, gone)) {
		lft_file_ref_retire(&f->ref, false);
		return false;
	}
	return true;
}

static void lft_ev_file_free(struct lft_ev_file *f, bool rm)
{
	lft_ev_set_filter(f, NULL);
	if (rm)
		lft_fs_remove(f->dir);
	list_del(&f->list);
	lft_ev_sys_put(f->sys, rm);
	kfree(f->attrs);
	kfree(f->kind_attrs);
	kfree(f);
}

/**
 * lft_ev_file_del() - remove a disabled event's directory from an array
 * @f: the event there, retired (lft_lock held)
 */
void lft_ev_file_del(struct lft_ev_file *f)
{
	lft_ev_file_free(f, true);
}

static struct lft_file_ref *lft_ev_ref(struct lft_array *tr, void *priv)
{
	struct lft_file_ref *ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);

	if (ref)
		ref->priv = priv;
	return ref;
}

/**
 * lft_events_array_init() - an array's events/ tree and event files
 * @tr: a new array (lft_lock held)
 *
 * Return: 0 or -ENOMEM.
 */
int lft_events_array_init(struct lft_array *tr)
{
	struct lft_file_ref *ref;
	struct lft_ev_array *ea;
	struct lft_event *ev;
	int ret;

	ea = kzalloc(sizeof(*ea), GFP_KERNEL);
	if (!ea)
		return -ENOMEM;
	INIT_LIST_HEAD(&ea->files);
	INIT_LIST_HEAD(&ea->systems);
	tr->events = ea;
	ref = lft_ev_ref(tr, NULL);
	if (!ref)
		return -ENOMEM;
	ret = lft_create_attrs(ref, tr->dir, lft_ev_list_attrs,
			       ARRAY_SIZE(lft_ev_list_attrs));
	if (ret)
		return ret;
	ea->root = lft_fs_create_dir("events", tr->dir);
	ret = lft_create_attrs(ref, ea->root, lft_ev_root_attrs,
			       ARRAY_SIZE(lft_ev_root_attrs));
	if (!ret)
		ret = lft_ev_ftrace_create(tr, ea->root);
	list_for_each_entry(ev, &lft_ev_list, list) {
		if (ret)
			break;
		ret = lft_ev_file_add(tr, ev);
	}
	return ret ? ret : lft_ev_pid_files(tr);
}

/**
 * lft_events_array_free() - disable an array's events and free their state
 * @tr: the array, its directory removed (lft_lock held, or no file of it
 *	open)
 */
void lft_events_array_free(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_file *f, *tmp;

	if (!ea)
		return;
	if (ea->marker)
		lft_ev_triggers_clear(ea->marker);
	list_for_each_entry(f, &ea->files, list)
		lft_ev_triggers_clear(f);
	lft_ev_set_all(tr, NULL, false);
	/* The probes that wrote for this array are done (lft_ev_detach()). */
	tracepoint_synchronize_unregister();
	lft_ev_pid_free_all(tr);
	list_for_each_entry_safe(f, tmp, &ea->files, list)
		lft_ev_file_free(f, false);
	lft_ev_ftrace_free(tr);
	tr->events = NULL;
	kfree(ea);
}
