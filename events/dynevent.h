/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic events (dynevent.c): the events users define at run time
 * (kprobes, eprobes, uprobes, synthetic events) share one list and one
 * file, dynamic_events, as in 6.1. Each kind registers its operations;
 * each event (each probe, for kinds with several probes on one event)
 * embeds a struct lft_dynev and joins the list when defined, so the file
 * lists every kind in the order the definitions were made, and the kind's
 * own file (kprobe_events, synthetic_events, ...) lists the same entries
 * filtered by kind.
 *
 * Everything here runs under lft_lock.
 */
#ifndef LFT_EVENTS_DYNEVENT_H
#define LFT_EVENTS_DYNEVENT_H

#include <linux/list.h>
#include <linux/seq_buf.h>
#include <linux/types.h>

struct lft_array;
struct lft_dynev;

/**
 * struct lft_dynev_ops - a kind of dynamic event
 * @create: define from one line ("p:..."): 0, -ECANCELED when the line is
 *	not of this kind (the next kind is tried), or another errno (and an
 *	error_log line where 6.1 logs one); a failure changes nothing
 * @show: the entry's line in the listing, newline included
 * @busy: the entry's event is in use (enabled somewhere, referenced):
 *	clearing everything then fails with -EBUSY and removes nothing
 * @match: a removal "-:[GROUP/]EVENT [ARGS...]" names the entry: @group
 *	is NULL when not given, @event is "" when only the group is;
 *	@argc/@argv are the words after the name (0 when none)
 * @remove: remove the entry (it leaves the list here, through
 *	lft_dynev_del()); -EBUSY when its event is in use
 * @files: optional, create the kind's own files at the top level
 *	(lft_dynev_file())
 * @own_show: optional, the entry's line in the kind's own file when it is not
 *	@show's (synthetic_events leaves out dynamic_events' "s:synthetic/")
 * @run: optional, how the kind's own file takes a line (comment removed)
 *	when its grammar is not dynamic_events' (synthetic_events: bare
 *	definitions and "!NAME"); 0 or a negative errno
 * @exit: at unload, the arrays gone: free every entry of the kind
 * @list: in the registry of kinds, internal
 */
struct lft_dynev_ops {
	int (*create)(const char *line);
	void (*show)(struct seq_buf *s, struct lft_dynev *d);
	bool (*busy)(struct lft_dynev *d);
	bool (*match)(const char *group, const char *event, int argc,
		      char **argv, struct lft_dynev *d);
	int (*remove)(struct lft_dynev *d);
	int (*files)(struct lft_array *tr);
	void (*own_show)(struct seq_buf *s, struct lft_dynev *d);
	int (*run)(const char *line);
	void (*exit)(void);
	struct list_head list;
};

/**
 * struct lft_dynev - one entry of dynamic_events
 * @list: in the list of every kind's entries, oldest first
 * @ops: its kind
 */
struct lft_dynev {
	struct list_head list;
	const struct lft_dynev_ops *ops;
};

void lft_dynev_register(struct lft_dynev_ops *ops);
void lft_dynev_exit(void);
void lft_dynev_add(struct lft_dynev *d, const struct lft_dynev_ops *ops);
void lft_dynev_del(struct lft_dynev *d);
int lft_dynev_run(const char *line, const struct lft_dynev_ops *only);
int lft_dynev_clear(const struct lft_dynev_ops *only);
void lft_dynev_show(struct seq_buf *s, const struct lft_dynev_ops *only);
int lft_dynev_write(const char __user *ubuf, size_t cnt,
		    const struct lft_dynev_ops *only);

int lft_dynev_file(struct lft_array *tr, const char *name, umode_t mode,
		   const struct lft_dynev_ops *only,
		   void (*show)(struct seq_buf *s));
int lft_dynev_files_create(struct lft_array *tr);

#endif /* LFT_EVENTS_DYNEVENT_H */
