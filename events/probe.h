/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe base, shared by the probe kinds (kprobe.c, uprobe.c,
 * eprobe.c; none calls another): a definition in 6.1's grammar is parsed
 * (probe_parse.c) into a description of the probe and of each argument's
 * fetch, which the kind's handler runs (probe_fetch.c) to fill a record
 * with 6.1's layout. probe.c holds the events and probes (struct
 * lft_pb_event, struct lft_pb_probe) and what the kinds do alike with
 * them; each kind describes what differs (struct lft_pb_class) and holds
 * its places, handlers and files.
 */
#ifndef LFT_EVENTS_PROBE_H
#define LFT_EVENTS_PROBE_H

#include <linux/seq_buf.h>
#include <linux/types.h>

#include "events/dynevent.h"
#include "events/event.h"

struct pt_regs;

#define LFT_PB_NAME_LEN		64	/* group and event names, with NUL */
#define LFT_PB_MAX_ARGS		128
#define LFT_PB_ARGSTR_LEN	63	/* one argument's text */
/* What 6.12 keeps of the names "$arg" words become. */
#define LFT_PB_BTF_ARGS_LEN	128
#define LFT_PB_ARGNAME_LEN	32
#define LFT_PB_ARRAY_MAX	64
#define LFT_PB_MAXACT_MAX	4096
#define LFT_PB_MAX_DEREF	16	/* nested +OFFS(...); 6.1 stops at 14 */
#define LFT_PB_ARGS_MAX_SIZE	3072	/* the fixed part of a record */
#define LFT_PB_STR_MAX		4096	/* longest string fetched */
#define LFT_PB_GROUP		"kprobes"

/* Errors, in 6.1's words (error_log); LFT_PB_E_NONE: no log line. */
enum lft_pb_errcode {
	LFT_PB_E_NONE,
	LFT_PB_E_MAXACT_NO_KPROBE,
	LFT_PB_E_BAD_MAXACT,
	LFT_PB_E_MAXACT_TOO_BIG,
	LFT_PB_E_BAD_PROBE_ADDR,
	LFT_PB_E_NON_UNIQ_SYMBOL,
	LFT_PB_E_BAD_RETPROBE,
	LFT_PB_E_BAD_ADDR_SUFFIX,
	LFT_PB_E_NO_GROUP_NAME,
	LFT_PB_E_GROUP_TOO_LONG,
	LFT_PB_E_BAD_GROUP_NAME,
	LFT_PB_E_NO_EVENT_NAME,
	LFT_PB_E_EVENT_TOO_LONG,
	LFT_PB_E_BAD_EVENT_NAME,
	LFT_PB_E_EVENT_EXIST,
	LFT_PB_E_RETVAL_ON_PROBE,
	LFT_PB_E_BAD_STACK_NUM,
	LFT_PB_E_BAD_ARG_NUM,
	LFT_PB_E_BAD_VAR,
	LFT_PB_E_BAD_REG_NAME,
	LFT_PB_E_BAD_MEM_ADDR,
	LFT_PB_E_BAD_IMM,
	LFT_PB_E_IMMSTR_NO_CLOSE,
	LFT_PB_E_FILE_ON_KPROBE,
	LFT_PB_E_TOO_MANY_OPS,
	LFT_PB_E_DEREF_NEED_BRACE,
	LFT_PB_E_BAD_DEREF_OFFS,
	LFT_PB_E_DEREF_OPEN_BRACE,
	LFT_PB_E_COMM_CANT_DEREF,
	LFT_PB_E_BAD_FETCH_ARG,
	LFT_PB_E_ARRAY_NO_CLOSE,
	LFT_PB_E_BAD_ARRAY_SUFFIX,
	LFT_PB_E_BAD_ARRAY_NUM,
	LFT_PB_E_ARRAY_TOO_BIG,
	LFT_PB_E_BAD_TYPE,
	LFT_PB_E_BAD_STRING,
	LFT_PB_E_BAD_SYMSTRING,
	LFT_PB_E_BAD_BITFIELD,
	LFT_PB_E_ARG_NAME_TOO_LONG,
	LFT_PB_E_NO_ARG_NAME,
	LFT_PB_E_BAD_ARG_NAME,
	LFT_PB_E_USED_ARG_NAME,
	LFT_PB_E_ARG_TOO_LONG,
	LFT_PB_E_NO_ARG_BODY,
	LFT_PB_E_BAD_INSN_BNDRY,
	LFT_PB_E_FAIL_REG_PROBE,
	LFT_PB_E_DIFF_PROBE_TYPE,
	LFT_PB_E_DIFF_ARG_TYPE,
	LFT_PB_E_SAME_PROBE,
	LFT_PB_E_EVENT_TOO_BIG,
	LFT_PB_E_NEED_STRING_TYPE,
	LFT_PB_E_NO_BTFARG,
	LFT_PB_E_NO_RETVAL,
	LFT_PB_E_NOSUP_BTFARG,
	LFT_PB_E_NO_BTF_ENTRY,
	LFT_PB_E_NOFENTRY_ARGS,
	LFT_PB_E_DOUBLE_ARGS,
	LFT_PB_E_ARGS_2LONG,
	LFT_PB_E_BAD_TYPE4STR,
	LFT_PB_E_NO_PTR_STRCT,		/* members (PARAM->FIELD) */
	LFT_PB_E_NOSUP_DAT_ARG,
	LFT_PB_E_BAD_HYPHEN,
	LFT_PB_E_NO_BTF_FIELD,
	LFT_PB_E_BAD_BTF_TID,
	LFT_PB_E_NO_EVENT_INFO,		/* eprobes */
	LFT_PB_E_BAD_ATTACH_EVENT,
	LFT_PB_E_BAD_ATTACH_ARG,
	LFT_PB_E_NO_EP_FILTER,
	LFT_PB_E_FILE_NOT_FOUND,	/* uprobes */
	LFT_PB_E_NO_REGULAR_FILE,
	LFT_PB_E_BAD_REFCNT,
	LFT_PB_E_REFCNT_OPEN_BRACE,
	LFT_PB_E_BAD_REFCNT_SUFFIX,
	LFT_PB_E_BAD_UPROBE_OFFS,
	LFT_PB_E_BAD_FILE_OFFS,
	LFT_PB_E_SYM_ON_UPROBE,
	LFT_PB_E_BAD_MAXACT_TYPE,	/* fprobes and tracepoint probes */
	LFT_PB_E_NO_TRACEPOINT,
	LFT_PB_E_BAD_TP_NAME,
	LFT_PB_E_TOO_MANY_NESTED,	/* upstream's newest: f: and t: */
	LFT_PB_E_TYPECAST_BAD_ARROW,
	LFT_PB_E_TYPECAST_NOT_ALIGNED,
	LFT_PB_E_TYPECAST_REQ_FIELD,
	LFT_PB_E_TYPECAST_SYM_OFFSET,
	LFT_PB_E_COUNT
};

extern const char *const lft_pb_err_text[LFT_PB_E_COUNT];

/* How a value is stored and printed. */
enum lft_pb_kind {
	LFT_PB_UNSIGNED,
	LFT_PB_SIGNED,
	LFT_PB_HEX,
	LFT_PB_SYMBOL,
	LFT_PB_STRING,		/* __data_loc char[] */
	LFT_PB_CHAR,		/* 6.12's char: a u8 shown as 'c' */
};

/**
 * struct lft_pb_type - a fetch type (":u32", ":string", ...)
 * @name: as written
 * @fmttype: the field's type in the format file
 * @fmt: its conversion in the print fmt text
 * @size: bytes in the record
 * @is_signed: the format file's signed column
 * @kind: how it is stored and printed
 * @user: ustring: the string is in user memory
 * @sym: symstr: the string is the value's symbol+offset, as %pS prints it
 */
struct lft_pb_type {
	const char *name;
	const char *fmttype;
	const char *fmt;
	u8 size;
	u8 is_signed;
	u8 kind;
	bool user;
	bool sym;
};

/* Where an argument's value starts. */
enum lft_pb_base {
	LFT_PB_REG,		/* param: offset in pt_regs */
	LFT_PB_STACK,		/* param: N of $stackN */
	LFT_PB_STACKP,		/* $stack */
	LFT_PB_RETVAL,
	LFT_PB_COMM,
	LFT_PB_ARG,		/* param: N - 1 of $argN */
	LFT_PB_IMM,		/* param: the value (\IMM, @ADDR, @SYM once resolved) */
	LFT_PB_DATA,		/* \"str": param points at the text */
	LFT_PB_FIELD,		/* eprobe $FIELD: param: its offset in the record */
	LFT_PB_FOFFS,		/* uprobe @+OFFS: param: the file offset */
	LFT_PB_EDATA,		/* a return probe's $argN: param: N - 1, saved at entry */
	LFT_PB_CURRENT,		/* $current: the task's task_struct address */
};

/* The arguments a return probe's entry saves for it: the registers'. */
#define LFT_PB_EDATA_MAX	6

/* What kind of probe a definition is for (what its arguments may fetch). */
enum lft_pb_probe_kind {
	LFT_PB_KPROBE,
	LFT_PB_EPROBE,		/* registers: none; $NAME: a field of the event */
	LFT_PB_UPROBE,		/* memory: the task's; @+OFFS: in the file */
	LFT_PB_FPROBE,		/* f: and t:, upstream's grammar on every kernel */
};

/* How an eprobe's $FIELD is read from the attached event's record. */
enum lft_pb_field_kind {
	LFT_PB_FIELD_NUM,	/* the value, sign-extended */
	LFT_PB_FIELD_DYN,	/* __data_loc char[]: the string's address */
	LFT_PB_FIELD_REL,	/* __rel_loc char[]: the same, from the field */
	LFT_PB_FIELD_STATIC,	/* char[N]: the field's address */
	LFT_PB_FIELD_PTR,	/* char *: the pointer */
};

/* What the last step stores. */
enum lft_pb_loc {
	LFT_PB_LOC_VALUE,	/* the value itself */
	LFT_PB_LOC_MEM,		/* memory at value + loc_off */
	LFT_PB_LOC_PTRS,	/* string arrays: pointers at value + loc_off */
};

/**
 * struct lft_pb_arg - one fetch argument
 * @name: its field name
 * @comm: the text after "NAME=", as the listing shows it
 * @type: its type
 * @count: array length (0: not an array)
 * @base: where the value starts (enum lft_pb_base)
 * @param: the base's parameter
 * @sym: @SYM[+|-OFFS]: the symbol, resolved before the probe is armed
 * @symoff: and its offset
 * @nderef: pointers followed before the last step
 * @deref: each one's offset and whether it reads user memory, or (percpu)
 *	a step that takes the value for a per-CPU pointer and makes it the
 *	address of the running CPU's copy, reading nothing
 * @loc: the last step (enum lft_pb_loc)
 * @loc_off: its offset
 * @loc_user: it reads user memory
 * @bf_width: bitfield width (0: none)
 * @bf_off: bitfield offset
 * @offset: the field's offset after the record's head
 * @field: an eprobe's $FIELD: the name, until the attached event's field
 *	is found (the kprobe parser keeps it; eprobe.c resolves it)
 * @fsize: that field's size
 * @fkind: how it is read (enum lft_pb_field_kind)
 * @fsigned: it is signed
 */
struct lft_pb_arg {
	char *name;
	char *comm;
	const struct lft_pb_type *type;
	unsigned int count;
	u8 base;
	unsigned long param;
	char *sym;
	long symoff;
	unsigned int nderef;
	struct {
		long off;
		bool user;
		bool percpu;
	} deref[LFT_PB_MAX_DEREF];
	u8 loc;
	long loc_off;
	bool loc_user;
	u8 bf_width, bf_off;
	u16 offset;
	char *field;
	u8 fsize, fkind;
	bool fsigned;
};

/**
 * struct lft_pb_def - a parsed definition
 * @is_return: r or %return
 * @maxactive: rN (0: the kernel's default)
 * @group: the event's group
 * @event: the event's name
 * @symbol: [MOD:]SYM, or NULL for an address
 * @offset: +OFFS
 * @addr: the address when @symbol is NULL
 * @nargs: how many arguments
 * @args: them
 * @size: bytes of the arguments' fields
 * @dynamic: an argument stores a string
 * @kind: the probe's kind (enum lft_pb_probe_kind)
 * @ev_sys: an eprobe's attached event: its system
 * @ev_name: and its name
 * @filter: an eprobe's "if FILTER" on the attached event, or NULL
 * @path: a uprobe's file, as written
 * @ref_ctr: a uprobe's reference counter offset (0: none)
 * @edata: a return probe's arguments read values its entry saved
 *	(LFT_PB_EDATA): the kind saves the LFT_PB_EDATA_MAX argument
 *	registers at the function's entry (lft_pb_save_edata())
 * @variant: the kind's own variant of probe (a tracepoint probe among
 *	fprobes): a probe appended to an event of another is of another type
 * @btf: the name BTF describes the probed function under, where the kind
 *	names it itself (a tracepoint's probe: "btf_trace_NAME"), else NULL
 */
struct lft_pb_def {
	u8 kind;
	bool is_return;
	unsigned int maxactive;
	char group[LFT_PB_NAME_LEN];
	char event[LFT_PB_NAME_LEN];
	char *symbol;
	unsigned long offset;
	unsigned long addr;
	unsigned int nargs;
	struct lft_pb_arg *args;
	unsigned int size;
	bool dynamic;
	char ev_sys[LFT_PB_NAME_LEN];
	char ev_name[LFT_PB_NAME_LEN];
	char *filter;
	char *path;
	unsigned long ref_ctr;
	u8 variant;
	bool edata;
	char *btf;
};

/**
 * struct lft_pb_perr - where a definition went wrong, for error_log
 * @code: the error (LFT_PB_E_NONE: not logged, as 6.1 logs nothing)
 * @pos: the caret's offset in @cmd
 * @cmd: the command as 6.1 logs it: its words joined by single spaces
 * @prev: where 6.1 logs two lines for one error, the first one's code
 *	(LFT_PB_E_NONE: one line)
 * @prev_pos: and its caret
 */
struct lft_pb_perr {
	int code;
	unsigned int pos;
	int prev;
	unsigned int prev_pos;
	char *cmd;
};

/**
 * struct lft_pb_symcheck - symbol lookups the parser needs
 * @count: how many kernel symbols have this name (with "MOD:", 1 if
 *	found, 0 if not)
 * @entry: 1 if SYM+OFFS is the function's entry, 0 if not, -ENOENT if
 *	there is no such symbol
 */
struct lft_pb_symcheck {
	unsigned int (*count)(const char *sym);
	int (*entry)(const char *sym, unsigned long offs);
};

/* probe_parse.c */
struct lft_pb_def *lft_pb_parse(const char *line,
				const struct lft_pb_symcheck *sc,
				struct lft_pb_perr *perr);
void lft_pb_def_free(struct lft_pb_def *def);
unsigned int lft_pb_diff_arg(const struct lft_pb_def *a,
			     const struct lft_pb_def *b);
void lft_pb_def_show(const struct lft_pb_def *def, unsigned long addr,
		     int maxactive, struct seq_buf *s);
char *lft_pb_print_fmt(const struct lft_pb_def *def);

/* probe_fetch.c */
const struct lft_pb_type *lft_pb_find_type(const char *name);
unsigned int lft_pb_store(const struct lft_pb_def *def, struct pt_regs *regs,
			  void *rec, unsigned int head, unsigned int room);
unsigned int lft_pb_store_ret(const struct lft_pb_def *def,
			      struct pt_regs *regs, const unsigned long *edata,
			      void *rec, unsigned int head, unsigned int room);
void lft_pb_save_edata(struct pt_regs *regs, unsigned long *edata);
unsigned int lft_pb_store_rec(const struct lft_pb_def *def, const void *src,
			      unsigned int srclen, void *rec, unsigned int head,
			      unsigned int room);
unsigned int lft_pb_store_user(const struct lft_pb_def *def,
			       struct pt_regs *regs, unsigned long fbase,
			       void *rec, unsigned int head, unsigned int room);
void lft_pb_print_args(struct seq_buf *s, const struct lft_pb_def *def,
		       const void *rec, unsigned int len, unsigned int head);
int lft_pb_reg_offset(const char *name);

/* ------------------------------------------------ events and probes */

struct lft_pb_class;

/**
 * struct lft_pb_event - a probe event: what its directory shows and its
 *	records hold
 * @ev: the registry's event
 * @cls: its probes' kind
 * @def: the first probe's definition, kept until the event goes even if
 *	that probe goes first: the fields' names and the printer read it
 *	(every probe's arguments have the same names and types)
 * @fields: its format fields
 * @head: bytes before the arguments
 * @probes: its probes (struct lft_pb_probe's @sibling), oldest first
 */
struct lft_pb_event {
	struct lft_event ev;
	struct lft_pb_class *cls;
	struct lft_pb_def *def;
	struct lft_ev_field *fields;
	unsigned int head;
	struct list_head probes;
};

/**
 * struct lft_pb_probe - one probe of an event, in the kind's own struct
 * @cls: its kind
 * @event: its event, once added (NULL before)
 * @def: its definition
 * @dyn: its line in dynamic_events
 * @list: in @cls->probes
 * @sibling: in @event->probes
 *
 * An event may have several probes (6.1's "append": the same GROUP/EVENT
 * defined again, at another place, with the same arguments' names and
 * types). Each probe has its own place, fetches and listing line.
 */
struct lft_pb_probe {
	struct lft_pb_class *cls;
	struct lft_pb_event *event;
	struct lft_pb_def *def;
	struct lft_dynev dyn;
	struct list_head list;
	struct list_head sibling;
};

/**
 * struct lft_pb_class - a probe kind: what differs among kprobes, uprobes
 *	and eprobes
 * @dynev: its kind of dynamic event; lft_pb_busy(), lft_pb_match() and
 *	lft_pb_remove() serve as its @busy, @match and @remove
 * @probes: every probe of the kind, in the order they were defined (as
 *	6.1 lists them)
 * @log_sys: error_log's name for the kind ("trace_kprobe")
 * @bare_head: 0: a record starts with __probe_ip (__probe_func and
 *	__probe_ret_ip for return probes); else the arguments start there,
 *	with no such fields (eprobes)
 * @append: a definition with an event's name adds a probe to it
 * @match_len: the buffer a removal's words are matched in, with NUL
 *	(6.1's is 64; each kind keeps the size it had)
 * @print_head: what a record shows before its arguments (after
 *	"EVENT: "), from @def: the event's first probe's
 * @file_reg: optional, the event's per-array hook (struct lft_event's)
 * @arm: optional, put a probe in place while an array has its event on
 * @disarm: take it out (with @arm)
 * @attach: optional, when a probe is added, before its event is: 0, or
 *	an errno with @perr noted where 6.1 logs one
 * @detach: optional, undo @attach when the probe goes; on return no
 *	handler of it runs
 * @same_place: with @append, two probes are at the same place
 * @match_place: a removal's first word after the name names @p's place
 * @free: free the kind's struct (its definition is freed already)
 * @events_file: optional, the kind's own file at the top level
 *	("kprobe_events"); with lft_pb_files() as @dynev's @files
 * @profile_file: and its profile ("kprobe_profile")
 * @show_profile: what the profile shows
 */
struct lft_pb_class {
	struct lft_dynev_ops dynev;
	struct list_head probes;
	const char *log_sys;
	unsigned int bare_head;
	bool append;
	unsigned int match_len;
	void (*print_head)(struct seq_buf *s, const struct lft_pb_def *def,
			   const void *rec);
	int (*file_reg)(struct lft_ev_file *f, bool on);
	int (*arm)(struct lft_pb_probe *p);
	void (*disarm)(struct lft_pb_probe *p);
	int (*attach)(struct lft_pb_probe *p, struct lft_pb_perr *perr);
	void (*detach)(struct lft_pb_probe *p);
	bool (*same_place)(const struct lft_pb_probe *a,
			   const struct lft_pb_probe *b);
	bool (*match_place)(const struct lft_pb_probe *p, const char *word);
	void (*free)(struct lft_pb_probe *p);
	const char *events_file;
	const char *profile_file;
	void (*show_profile)(struct seq_buf *s);
};

/* The largest of the kinds' match_len. */
#define LFT_PB_MATCH_LEN_MAX	(LFT_PB_NAME_LEN + LFT_PB_ARGSTR_LEN + 2)

static inline struct lft_pb_event *lft_pb_event_of(struct lft_event *ev)
{
	return container_of(ev, struct lft_pb_event, ev);
}

/* probe.c */
int lft_pb_add(struct lft_pb_probe *p, struct lft_pb_perr *perr);
int lft_pb_resolve_syms(struct lft_pb_def *def);
void lft_pb_probe_free(struct lft_pb_probe *p);
void lft_pb_log(const struct lft_pb_class *cls,
		const struct lft_pb_perr *perr);
bool lft_pb_busy(struct lft_dynev *d);
bool lft_pb_match(const char *group, const char *event, int argc,
		  char **argv, struct lft_dynev *d);
int lft_pb_remove(struct lft_dynev *d);
void lft_pb_exit(struct lft_pb_class *cls);
int lft_pb_files(struct lft_pb_class *cls, struct lft_array *tr);
void lft_pb_show_args(struct seq_buf *s, const struct lft_pb_def *def);

#endif /* LFT_EVENTS_PROBE_H */
