/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobe events: definitions written to kprobe_events in 6.1's grammar,
 * parsed (kprobe_parse.c) into a description of the probe and of each
 * argument's fetch, which the probe handler runs (kprobe_fetch.c) to fill
 * a record with 6.1's layout; kprobe.c holds the files and the probes.
 */
#ifndef LFT_EVENTS_KPROBE_H
#define LFT_EVENTS_KPROBE_H

#include <linux/seq_buf.h>
#include <linux/types.h>

struct pt_regs;

#define LFT_KP_NAME_LEN		64	/* group and event names, with NUL */
#define LFT_KP_MAX_ARGS		128
#define LFT_KP_ARGSTR_LEN	63	/* one argument's text */
/* What 6.12 keeps of the names "$arg" words become. */
#define LFT_KP_BTF_ARGS_LEN	128
#define LFT_KP_ARGNAME_LEN	32
#define LFT_KP_ARRAY_MAX	64
#define LFT_KP_MAXACT_MAX	4096
#define LFT_KP_MAX_DEREF	16	/* nested +OFFS(...); 6.1 stops at 14 */
#define LFT_KP_ARGS_MAX_SIZE	3072	/* the fixed part of a record */
#define LFT_KP_STR_MAX		4096	/* longest string fetched */
#define LFT_KP_GROUP		"kprobes"

/* Errors, in 6.1's words (error_log); LFT_KP_E_NONE: no log line. */
enum lft_kp_errcode {
	LFT_KP_E_NONE,
	LFT_KP_E_MAXACT_NO_KPROBE,
	LFT_KP_E_BAD_MAXACT,
	LFT_KP_E_MAXACT_TOO_BIG,
	LFT_KP_E_BAD_PROBE_ADDR,
	LFT_KP_E_NON_UNIQ_SYMBOL,
	LFT_KP_E_BAD_RETPROBE,
	LFT_KP_E_BAD_ADDR_SUFFIX,
	LFT_KP_E_NO_GROUP_NAME,
	LFT_KP_E_GROUP_TOO_LONG,
	LFT_KP_E_BAD_GROUP_NAME,
	LFT_KP_E_NO_EVENT_NAME,
	LFT_KP_E_EVENT_TOO_LONG,
	LFT_KP_E_BAD_EVENT_NAME,
	LFT_KP_E_EVENT_EXIST,
	LFT_KP_E_RETVAL_ON_PROBE,
	LFT_KP_E_BAD_STACK_NUM,
	LFT_KP_E_BAD_ARG_NUM,
	LFT_KP_E_BAD_VAR,
	LFT_KP_E_BAD_REG_NAME,
	LFT_KP_E_BAD_MEM_ADDR,
	LFT_KP_E_BAD_IMM,
	LFT_KP_E_IMMSTR_NO_CLOSE,
	LFT_KP_E_FILE_ON_KPROBE,
	LFT_KP_E_TOO_MANY_OPS,
	LFT_KP_E_DEREF_NEED_BRACE,
	LFT_KP_E_BAD_DEREF_OFFS,
	LFT_KP_E_DEREF_OPEN_BRACE,
	LFT_KP_E_COMM_CANT_DEREF,
	LFT_KP_E_BAD_FETCH_ARG,
	LFT_KP_E_ARRAY_NO_CLOSE,
	LFT_KP_E_BAD_ARRAY_SUFFIX,
	LFT_KP_E_BAD_ARRAY_NUM,
	LFT_KP_E_ARRAY_TOO_BIG,
	LFT_KP_E_BAD_TYPE,
	LFT_KP_E_BAD_STRING,
	LFT_KP_E_BAD_BITFIELD,
	LFT_KP_E_ARG_NAME_TOO_LONG,
	LFT_KP_E_NO_ARG_NAME,
	LFT_KP_E_BAD_ARG_NAME,
	LFT_KP_E_USED_ARG_NAME,
	LFT_KP_E_ARG_TOO_LONG,
	LFT_KP_E_NO_ARG_BODY,
	LFT_KP_E_BAD_INSN_BNDRY,
	LFT_KP_E_FAIL_REG_PROBE,
	LFT_KP_E_DIFF_PROBE_TYPE,
	LFT_KP_E_DIFF_ARG_TYPE,
	LFT_KP_E_SAME_PROBE,
	LFT_KP_E_EVENT_TOO_BIG,
	LFT_KP_E_NEED_STRING_TYPE,
	LFT_KP_E_NO_BTFARG,
	LFT_KP_E_NO_RETVAL,
	LFT_KP_E_NOSUP_BTFARG,
	LFT_KP_E_NO_BTF_ENTRY,
	LFT_KP_E_NOFENTRY_ARGS,
	LFT_KP_E_DOUBLE_ARGS,
	LFT_KP_E_ARGS_2LONG,
	LFT_KP_E_BAD_TYPE4STR,
	LFT_KP_E_NO_EVENT_INFO,		/* eprobes */
	LFT_KP_E_BAD_ATTACH_EVENT,
	LFT_KP_E_BAD_ATTACH_ARG,
	LFT_KP_E_NO_EP_FILTER,
	LFT_KP_E_FILE_NOT_FOUND,	/* uprobes */
	LFT_KP_E_NO_REGULAR_FILE,
	LFT_KP_E_BAD_REFCNT,
	LFT_KP_E_REFCNT_OPEN_BRACE,
	LFT_KP_E_BAD_REFCNT_SUFFIX,
	LFT_KP_E_BAD_UPROBE_OFFS,
	LFT_KP_E_BAD_FILE_OFFS,
	LFT_KP_E_SYM_ON_UPROBE,
	LFT_KP_E_COUNT
};

extern const char *const lft_kp_err_text[LFT_KP_E_COUNT];

/* How a value is stored and printed. */
enum lft_kp_kind {
	LFT_KP_UNSIGNED,
	LFT_KP_SIGNED,
	LFT_KP_HEX,
	LFT_KP_SYMBOL,
	LFT_KP_STRING,		/* __data_loc char[] */
};

/**
 * struct lft_kp_type - a fetch type (":u32", ":string", ...)
 * @name: as written
 * @fmttype: the field's type in the format file
 * @fmt: its conversion in the print fmt text
 * @size: bytes in the record
 * @is_signed: the format file's signed column
 * @kind: how it is stored and printed
 * @user: ustring: the string is in user memory
 */
struct lft_kp_type {
	const char *name;
	const char *fmttype;
	const char *fmt;
	u8 size;
	u8 is_signed;
	u8 kind;
	bool user;
};

/* Where an argument's value starts. */
enum lft_kp_base {
	LFT_KP_REG,		/* param: offset in pt_regs */
	LFT_KP_STACK,		/* param: N of $stackN */
	LFT_KP_STACKP,		/* $stack */
	LFT_KP_RETVAL,
	LFT_KP_COMM,
	LFT_KP_ARG,		/* param: N - 1 of $argN */
	LFT_KP_IMM,		/* param: the value (\IMM, @ADDR, @SYM once resolved) */
	LFT_KP_DATA,		/* \"str": param points at the text */
	LFT_KP_FIELD,		/* eprobe $FIELD: param: its offset in the record */
	LFT_KP_FOFFS,		/* uprobe @+OFFS: param: the file offset */
};

/* What kind of probe a definition is for (what its arguments may fetch). */
enum lft_kp_probe_kind {
	LFT_KP_KPROBE,
	LFT_KP_EPROBE,		/* registers: none; $NAME: a field of the event */
	LFT_KP_UPROBE,		/* memory: the task's; @+OFFS: in the file */
};

/* How an eprobe's $FIELD is read from the attached event's record. */
enum lft_kp_field_kind {
	LFT_KP_FIELD_NUM,	/* the value, sign-extended */
	LFT_KP_FIELD_DYN,	/* __data_loc char[]: the string's address */
	LFT_KP_FIELD_REL,	/* __rel_loc char[]: the same, from the field */
	LFT_KP_FIELD_STATIC,	/* char[N]: the field's address */
	LFT_KP_FIELD_PTR,	/* char *: the pointer */
};

/* What the last step stores. */
enum lft_kp_loc {
	LFT_KP_LOC_VALUE,	/* the value itself */
	LFT_KP_LOC_MEM,		/* memory at value + loc_off */
	LFT_KP_LOC_PTRS,	/* string arrays: pointers at value + loc_off */
};

/**
 * struct lft_kp_arg - one fetch argument
 * @name: its field name
 * @comm: the text after "NAME=", as the listing shows it
 * @type: its type
 * @count: array length (0: not an array)
 * @base: where the value starts (enum lft_kp_base)
 * @param: the base's parameter
 * @sym: @SYM[+|-OFFS]: the symbol, resolved before the probe is armed
 * @symoff: and its offset
 * @nderef: pointers followed before the last step
 * @deref: each one's offset and whether it reads user memory
 * @loc: the last step (enum lft_kp_loc)
 * @loc_off: its offset
 * @loc_user: it reads user memory
 * @bf_width: bitfield width (0: none)
 * @bf_off: bitfield offset
 * @offset: the field's offset after the record's head
 * @field: an eprobe's $FIELD: the name, until the attached event's field
 *	is found (the kprobe parser keeps it; eprobe.c resolves it)
 * @fsize: that field's size
 * @fkind: how it is read (enum lft_kp_field_kind)
 * @fsigned: it is signed
 */
struct lft_kp_arg {
	char *name;
	char *comm;
	const struct lft_kp_type *type;
	unsigned int count;
	u8 base;
	unsigned long param;
	char *sym;
	long symoff;
	unsigned int nderef;
	struct {
		long off;
		bool user;
	} deref[LFT_KP_MAX_DEREF];
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
 * struct lft_kp_def - a parsed definition
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
 * @kind: the probe's kind (enum lft_kp_probe_kind)
 * @ev_sys: an eprobe's attached event: its system
 * @ev_name: and its name
 * @filter: an eprobe's "if FILTER" on the attached event, or NULL
 * @path: a uprobe's file, as written
 * @ref_ctr: a uprobe's reference counter offset (0: none)
 */
struct lft_kp_def {
	u8 kind;
	bool is_return;
	unsigned int maxactive;
	char group[LFT_KP_NAME_LEN];
	char event[LFT_KP_NAME_LEN];
	char *symbol;
	unsigned long offset;
	unsigned long addr;
	unsigned int nargs;
	struct lft_kp_arg *args;
	unsigned int size;
	bool dynamic;
	char ev_sys[LFT_KP_NAME_LEN];
	char ev_name[LFT_KP_NAME_LEN];
	char *filter;
	char *path;
	unsigned long ref_ctr;
};

/**
 * struct lft_kp_perr - where a definition went wrong, for error_log
 * @code: the error (LFT_KP_E_NONE: not logged, as 6.1 logs nothing)
 * @pos: the caret's offset in @cmd
 * @cmd: the command as 6.1 logs it: its words joined by single spaces
 * @prev: where 6.1 logs two lines for one error, the first one's code
 *	(LFT_KP_E_NONE: one line)
 * @prev_pos: and its caret
 */
struct lft_kp_perr {
	int code;
	unsigned int pos;
	int prev;
	unsigned int prev_pos;
	char *cmd;
};

/**
 * struct lft_kp_symcheck - symbol lookups the parser needs
 * @count: how many kernel symbols have this name (with "MOD:", 1 if
 *	found, 0 if not)
 * @entry: 1 if SYM+OFFS is the function's entry, 0 if not, -ENOENT if
 *	there is no such symbol
 */
struct lft_kp_symcheck {
	unsigned int (*count)(const char *sym);
	int (*entry)(const char *sym, unsigned long offs);
};

/* kprobe_parse.c */
struct lft_kp_def *lft_kp_parse(const char *line,
				const struct lft_kp_symcheck *sc,
				struct lft_kp_perr *perr);
void lft_kp_def_free(struct lft_kp_def *def);
unsigned int lft_kp_diff_arg(const struct lft_kp_def *a,
			     const struct lft_kp_def *b);
void lft_kp_def_show(const struct lft_kp_def *def, unsigned long addr,
		     int maxactive, struct seq_buf *s);
char *lft_kp_print_fmt(const struct lft_kp_def *def);

/* kprobe_fetch.c */
const struct lft_kp_type *lft_kp_find_type(const char *name);
unsigned int lft_kp_store(const struct lft_kp_def *def, struct pt_regs *regs,
			  void *rec, unsigned int head, unsigned int room);
unsigned int lft_kp_store_rec(const struct lft_kp_def *def, const void *src,
			      unsigned int srclen, void *rec, unsigned int head,
			      unsigned int room);
unsigned int lft_kp_store_user(const struct lft_kp_def *def,
			       struct pt_regs *regs, unsigned long fbase,
			       void *rec, unsigned int head, unsigned int room);
void lft_kp_print_args(struct seq_buf *s, const struct lft_kp_def *def,
		       const void *rec, unsigned int len, unsigned int head);
int lft_kp_reg_offset(const char *name);

/* kprobe.c */
struct lft_ev_field;
void lft_kp_init(void);
int lft_kp_boot(const char *defs);
unsigned int lft_kp_head_fields(const struct lft_kp_def *def);
unsigned int lft_kp_head_set(const struct lft_kp_def *def,
			     struct lft_ev_field *fl);
int lft_kp_arg_fields(const struct lft_kp_def *def, struct lft_ev_field *fl,
		      unsigned int head);
void lft_kp_arg_fields_free(const struct lft_kp_def *def,
			    struct lft_ev_field *fl);

#endif /* LFT_EVENTS_KPROBE_H */
