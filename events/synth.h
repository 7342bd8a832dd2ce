/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events (synth.c): events defined in synthetic_events (or
 * dynamic_events with "s:"), which have no probe of their own: hist
 * triggers' actions (onmatch().trace(), onmax(), ...) generate them with
 * values computed from other events. This is what hist actions see of
 * them; the definitions, files and records are synth.c's.
 */
#ifndef LFT_EVENTS_SYNTH_H
#define LFT_EVENTS_SYNTH_H

#include <linux/types.h>

struct lft_synth_event;

/**
 * struct lft_synth_field - one field of a synthetic event, as defined
 * @name: its name
 * @type: its type as written ("pid_t", "u64", "char[16]", "char[]")
 * @size: bytes in the record (a dynamic string: its __data_loc's 4)
 * @is_signed: a signed integer
 * @is_string: char[N] or char[] (the value passed is a char *)
 * @is_dynamic: char[] (stored as __data_loc)
 * @is_stack: unsigned long[] (a stacktrace; the value is an unsigned long *
 *	to a zero-terminated array)
 */
struct lft_synth_field {
	const char *name;
	const char *type;
	unsigned int size;
	bool is_signed;
	bool is_string;
	bool is_dynamic;
	bool is_stack;
};

/*
 * All but lft_synth_trace() are called with lft_lock held. A reference
 * (lft_synth_get()) keeps the event defined: removing it fails with
 * -EBUSY until the last lft_synth_put(), as 6.1 refuses to delete a
 * synthetic event a hist trigger's action names.
 */
struct lft_synth_event *lft_synth_find(const char *name);
void lft_synth_get(struct lft_synth_event *se);
void lft_synth_put(struct lft_synth_event *se);
unsigned int lft_synth_fields(const struct lft_synth_event *se,
			      const struct lft_synth_field **fields);

/*
 * lft_synth_trace() - generate the event in every array where it is
 * enabled; from any context an event probe runs in (no lock held, RCU
 * read side as the probes have it). @vals has one value per field, in
 * order: an integer (truncated to the field's size), or for a string
 * field a (unsigned long) pointer to a NUL-terminated string.
 */
void lft_synth_trace(struct lft_synth_event *se, const u64 *vals,
		     unsigned int nvals);
/* The same, field i's value being @vals[@idx[i]] (@idx NULL: @vals[i]). */
void lft_synth_trace_idx(struct lft_synth_event *se, const u64 *vals,
			 const u8 *idx, unsigned int nvals);

/*
 * Between synth.c and synth_parse.c, and for KUnit (kunit/synth_test.c).
 */
#define LFT_SYNTH_SYSTEM	"synthetic"
#define LFT_SYNTH_FIELDS_MAX	64	/* fields an event may have, as 6.1 */
#define LFT_SYNTH_STR_MAX	256	/* a char[N] field's room in a record */

/* 6.1's errors, in the order of its table (lft_synth_err_text[]). */
enum lft_synth_err {
	LFT_SYNTH_E_BAD_NAME,
	LFT_SYNTH_E_INVALID_CMD,
	LFT_SYNTH_E_INVALID_DYN_CMD,
	LFT_SYNTH_E_EVENT_EXISTS,
	LFT_SYNTH_E_TOO_MANY_FIELDS,
	LFT_SYNTH_E_INCOMPLETE_TYPE,
	LFT_SYNTH_E_INVALID_TYPE,
	LFT_SYNTH_E_INVALID_FIELD,
	LFT_SYNTH_E_INVALID_ARRAY_SPEC,
	LFT_SYNTH_E_NONE = -1,		/* refused without an error_log line */
};

extern const char *const lft_synth_err_text[];

/**
 * struct lft_synth_def - a synthetic_events (or dynamic_events) line, parsed
 * @cmd: the line as error_log shows it (spaces before it left out)
 * @name: the event's name
 * @remove: "!NAME ...": a removal (synthetic_events), @fields unused
 * @nfields: how many fields
 * @fields: the fields, in order; their names and types allocated
 * @err: the error, when the parse failed (enum lft_synth_err)
 * @pos: where error_log's caret goes in @cmd
 */
struct lft_synth_def {
	char *cmd;
	char *name;
	bool remove;
	unsigned int nfields;
	struct lft_synth_field *fields;
	int err;
	unsigned int pos;
};

int lft_synth_parse(const char *line, bool dyn,
		    bool (*exists)(const char *name),
		    struct lft_synth_def *def);
void lft_synth_def_free(struct lft_synth_def *def);
const char *lft_synth_field_fmt(const struct lft_synth_field *f);
char *lft_synth_print_fmt(const struct lft_synth_def *def);
struct seq_buf;
void lft_synth_print_num(struct seq_buf *s, const struct lft_synth_field *f,
			 const void *slot);

void lft_synth_init(void);

/* KUnit's (synth_kunit.c, only in lftrace.ko for kernels with KUnit). */
struct lft_synth_event *lft_synth_ref(const char *name);
void lft_synth_unref(struct lft_synth_event *se);
int lft_synth_command(const char *line);
int lft_synth_test_trace(struct lft_synth_event *se, const u64 *vals,
			 unsigned int nvals, bool enable, struct seq_buf *s);

#endif /* LFT_EVENTS_SYNTH_H */
