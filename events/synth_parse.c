// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events' grammar, as 6.1 takes it: a synthetic_events line is
 * "NAME FIELD[;FIELD]..." or "!NAME [...]", a dynamic_events one
 * "s:[synthetic/]NAME FIELD[;FIELD]...", a field "[unsigned] TYPE NAME"
 * with TYPE one of 6.1's integer types, char[N] (N up to 256), or a
 * dynamic array: char[] (a string) or unsigned long[] (a stack). Several
 * fields may share a ';'-separated part (6.1's older syntax).
 *
 * Also what a definition gives that does not depend on the registry: its
 * print fmt and how its numbers print.
 *
 * 6.1 places error_log's caret at the first place the offending word's
 * text appears in the line (so a word that also appears earlier points
 * there): lft_synth_errpos() does the same.
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <linux/seq_buf.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "events/event.h"
#include "events/synth.h"
#include "include/lft_test_export.h"

/* The texts of 6.1's error_log lines, enum lft_synth_err's order. */
const char *const lft_synth_err_text[] = {
	"Illegal name",
	"Command must be of the form: <name> field[;field] ...",
	"Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	"Event already exists",
	"Too many fields",
	"Incomplete type",
	"Invalid type",
	"Invalid field",
	"Invalid array specification",
};

/* 6.1's integer types: size and how a record's value prints. */
static const struct {
	const char *type;
	unsigned int size;
	const char *fmt;
} lft_synth_types[] = {
	{ "s64", 8, "%lld" },
	{ "u64", 8, "%llu" },
	{ "s32", 4, "%d" },
	{ "u32", 4, "%u" },
	{ "s16", 2, "%d" },
	{ "u16", 2, "%u" },
	{ "s8", 1, "%d" },
	{ "u8", 1, "%u" },
	{ "char", 1, "%d" },
	{ "unsigned char", 1, "%u" },
	{ "int", 4, "%d" },
	{ "unsigned int", 4, "%u" },
	{ "long", 8, "%ld" },
	{ "unsigned long", 8, "%lu" },
	{ "bool", 1, "%d" },
	{ "pid_t", 4, "%d" },
	{ "gfp_t", 4, "%x" },
};

/* An event's or field's name: a letter or '_', then letters, digits, '_'. */
static bool lft_synth_good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

static bool lft_synth_is_string(const char *type)
{
	return strstr(type, "char[");
}

static bool lft_synth_is_stack(const char *type)
{
	return strstr(type, "long[");
}

/* char[N]'s N: 0 for char[], -EINVAL when malformed or over 256. */
static int lft_synth_string_size(const char *type)
{
	const char *start = strstr(type, "char[") + 5, *end;
	char num[4];
	unsigned int len, size;

	end = strchr(type, ']');
	if (!end || end < start || end[1])
		return -EINVAL;
	len = end - start;
	if (len > 3)
		return -EINVAL;
	if (!len)
		return 0;
	memcpy(num, start, len);
	num[len] = '\0';
	if (kstrtouint(num, 0, &size) || size > LFT_SYNTH_STR_MAX)
		return -EINVAL;
	return size;
}

/* A type's size in a record; 0 for a dynamic array or an unknown type. */
static int lft_synth_type_size(const char *type)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lft_synth_types); i++)
		if (!strcmp(type, lft_synth_types[i].type))
			return lft_synth_types[i].size;
	if (lft_synth_is_string(type))
		return lft_synth_string_size(type);
	return 0;
}

/**
 * lft_synth_field_fmt() - how a field's value prints in a line
 * @f: the field
 *
 * Return: its printf conversion, as in the event's print fmt.
 */
const char *lft_synth_field_fmt(const struct lft_synth_field *f)
{
	unsigned int i;

	if (f->is_string || f->is_stack)
		return "%s";
	for (i = 0; i < ARRAY_SIZE(lft_synth_types); i++)
		if (!strcmp(f->type, lft_synth_types[i].type))
			return lft_synth_types[i].fmt;
	return "%llu";
}
LFT_TEST_EXPORT(lft_synth_field_fmt);

/* Where 6.1 puts the caret for @word: its first appearance in the line. */
static unsigned int lft_synth_errpos(const struct lft_synth_def *def,
				     const char *word)
{
	const char *found = strstr(def->cmd, word);

	return found ? found - def->cmd : 0;
}

static int lft_synth_fail(struct lft_synth_def *def, int err,
			  unsigned int pos)
{
	def->err = err;
	def->pos = pos;
	return err == LFT_SYNTH_E_EVENT_EXISTS ? -EEXIST : -EINVAL;
}

static void lft_synth_field_free(struct lft_synth_field *f)
{
	kfree(f->name);
	kfree(f->type);
	memset(f, 0, sizeof(*f));
}

/*
 * One field from the words @argv (@argc of them, NULL after the last),
 * into @f; *@used counts the words it took.
 */
static int lft_synth_field(struct lft_synth_def *def, int argc, char **argv,
			   int *used, struct lft_synth_field *f)
{
	const char *prefix = "", *type = argv[0], *name, *array;
	int size;

	if (!strcmp(type, "unsigned")) {
		if (argc < 3)
			return lft_synth_fail(def, LFT_SYNTH_E_INCOMPLETE_TYPE,
					      lft_synth_errpos(def, type));
		prefix = "unsigned ";
		type = argv[1];
		name = argv[2];
		*used += 3;
	} else {
		name = argv[1];
		*used += 2;
	}
	if (!name)
		return lft_synth_fail(def, LFT_SYNTH_E_INVALID_FIELD,
				      lft_synth_errpos(def, type));
	array = strchr(name, '[');
	f->name = kmemdup_nul(name, array ? array - name : strlen(name),
			      GFP_KERNEL);
	if (!f->name)
		return -ENOMEM;
	if (!lft_synth_good_name(f->name))
		return lft_synth_fail(def, LFT_SYNTH_E_BAD_NAME,
				      lft_synth_errpos(def, name));
	f->type = kasprintf(GFP_KERNEL, "%s%s%s", prefix, type, array ?: "");
	if (!f->type)
		return -ENOMEM;
	size = lft_synth_type_size(f->type);
	if (size < 0)
		return lft_synth_fail(def, array ?
				      LFT_SYNTH_E_INVALID_ARRAY_SPEC :
				      LFT_SYNTH_E_INVALID_TYPE,
				      lft_synth_errpos(def, array ? name : type));
	f->is_string = lft_synth_is_string(f->type);
	f->is_stack = !f->is_string && lft_synth_is_stack(f->type);
	if (!size) {
		if (!f->is_string && !f->is_stack)
			return lft_synth_fail(def, LFT_SYNTH_E_INVALID_TYPE,
					      lft_synth_errpos(def, type));
		/* Its __data_loc word (the record gives it 8 bytes). */
		f->is_dynamic = true;
		size = 4;
	}
	f->size = size;
	/*
	 * 6.1 calls every type not starting with 'u' signed but gfp_t, a
	 * dynamic array's too ("__data_loc ...").
	 */
	f->is_signed = f->is_dynamic ||
		       (f->type[0] != 'u' && strcmp(f->type, "gfp_t"));
	return 0;
}

/* Every field of "FIELD[;FIELD]...", in order. */
static int lft_synth_fields_parse(struct lft_synth_def *def,
				  const char *fields)
{
	char *copy, *rest, *part, **argv;
	int argc, used, ret = 0;

	def->fields = kcalloc(LFT_SYNTH_FIELDS_MAX + 1, sizeof(*def->fields),
			      GFP_KERNEL);
	copy = kstrdup(fields, GFP_KERNEL);
	if (!def->fields || !copy) {
		kfree(copy);
		return -ENOMEM;
	}
	rest = copy;
	while (!ret && (part = strsep(&rest, ";"))) {
		argv = argv_split(GFP_KERNEL, part, &argc);
		if (!argv) {
			ret = -ENOMEM;
			break;
		}
		used = 0;
		while (!ret && argc > used) {
			struct lft_synth_field *f = &def->fields[def->nfields];

			ret = lft_synth_field(def, argc - used, argv + used,
					      &used, f);
			if (ret) {
				lft_synth_field_free(f);
			} else if (def->nfields == LFT_SYNTH_FIELDS_MAX) {
				lft_synth_field_free(f);
				ret = lft_synth_fail(def,
						     LFT_SYNTH_E_TOO_MANY_FIELDS,
						     0);
			} else {
				def->nfields++;
			}
		}
		argv_free(argv);
	}
	kfree(copy);
	if (!ret && !def->nfields)
		ret = lft_synth_fail(def, LFT_SYNTH_E_INVALID_CMD, 0);
	return ret;
}

/*
 * 6.1's first check of a command (without "s:[synthetic/]"): before its
 * first ';', a removal or at least three words (a name, a type, a name).
 */
static int lft_synth_check_cmd(const char *cmd)
{
	char *head = kmemdup_nul(cmd, strchrnul(cmd, ';') - cmd, GFP_KERNEL);
	char **argv;
	int argc = 3;

	if (!head)
		return -ENOMEM;
	if (head[0] != '!') {
		argv = argv_split(GFP_KERNEL, head, &argc);
		if (!argv) {
			kfree(head);
			return -ENOMEM;
		}
		argv_free(argv);
	}
	kfree(head);
	return argc < 3 ? -EINVAL : 0;
}

/**
 * lft_synth_parse() - parse a synthetic event's definition or removal
 * @line: the line, comment removed
 * @dyn: a dynamic_events line ("s:..."), else a synthetic_events one
 * @exists: whether a synthetic event of that name exists (checked where
 *	6.1 checks, between the name's checks and the fields')
 * @def: the result, zeroed first; lft_synth_def_free() it either way
 *
 * Return: 0; -ECANCELED for a dynamic_events line not "s:"; or -EINVAL,
 * -EEXIST (with @def->err and @def->pos for error_log unless err is
 * LFT_SYNTH_E_NONE), or -ENOMEM.
 */
int lft_synth_parse(const char *line, bool dyn,
		    bool (*exists)(const char *name),
		    struct lft_synth_def *def)
{
	const char *start, *space;
	int ret;

	memset(def, 0, sizeof(*def));
	def->err = LFT_SYNTH_E_NONE;
	line = skip_spaces(line);
	if (dyn && (line[0] != 's' || line[1] != ':'))
		return -ECANCELED;
	def->cmd = kstrdup(line, GFP_KERNEL);
	if (!def->cmd)
		return -ENOMEM;
	start = line;
	space = strpbrk(line, " \t");
	if (dyn) {
		start += 2;
		if (!space)
			return lft_synth_fail(def, LFT_SYNTH_E_INVALID_CMD, 0);
		/* A '/' anywhere: the line must begin with the system. */
		if (strchr(start, '/')) {
			size_t n = str_has_prefix(start, LFT_SYNTH_SYSTEM "/");

			if (!n)
				return lft_synth_fail(def,
						      LFT_SYNTH_E_INVALID_DYN_CMD,
						      0);
			start += n;
		}
	}
	ret = lft_synth_check_cmd(start);
	if (ret)
		return ret == -EINVAL ?
		       lft_synth_fail(def, LFT_SYNTH_E_INVALID_CMD, 0) : ret;
	if (!space && start[0] != '!')
		return lft_synth_fail(def, LFT_SYNTH_E_INVALID_CMD, 0);
	def->name = kmemdup_nul(start, space ? space - start : strlen(start),
				GFP_KERNEL);
	if (!def->name)
		return -ENOMEM;
	if (!dyn && def->name[0] == '!') {
		memmove(def->name, def->name + 1, strlen(def->name));
		def->remove = true;
		return 0;
	}
	if (!def->name[0])
		return lft_synth_fail(def, LFT_SYNTH_E_INVALID_CMD, 0);
	if (!lft_synth_good_name(def->name))
		return lft_synth_fail(def, LFT_SYNTH_E_BAD_NAME,
				      lft_synth_errpos(def, def->name));
	if (exists && exists(def->name))
		return lft_synth_fail(def, LFT_SYNTH_E_EVENT_EXISTS,
				      lft_synth_errpos(def, def->name));
	return lft_synth_fields_parse(def, skip_spaces(space));
}
LFT_TEST_EXPORT(lft_synth_parse);

/**
 * lft_synth_def_free() - free what lft_synth_parse() allocated
 * @def: the definition (itself not freed)
 */
void lft_synth_def_free(struct lft_synth_def *def)
{
	unsigned int i;

	if (def->fields)
		for (i = 0; i < def->nfields; i++)
			lft_synth_field_free(&def->fields[i]);
	kfree(def->fields);
	kfree(def->name);
	kfree(def->cmd);
	memset(def, 0, sizeof(*def));
}
LFT_TEST_EXPORT(lft_synth_def_free);

/* ------------------------------------------------ what definitions give */

/**
 * lft_synth_print_fmt() - an event's "print fmt"
 * @def: its definition
 *
 * Each field's conversion, then each value's expression, as 6.1's.
 *
 * Return: the text (kfree() it), or NULL without memory.
 */
char *lft_synth_print_fmt(const struct lft_synth_def *def)
{
	struct seq_buf s;
	unsigned int i, size = 64;
	char *buf;

	for (i = 0; i < def->nfields; i++)
		size += 2 * strlen(def->fields[i].name) + 40;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, size);
	seq_buf_printf(&s, "\"");
	for (i = 0; i < def->nfields; i++)
		seq_buf_printf(&s, "%s=%s%s", def->fields[i].name,
			       lft_synth_field_fmt(&def->fields[i]),
			       i == def->nfields - 1 ? "" : ", ");
	seq_buf_printf(&s, "\"");
	for (i = 0; i < def->nfields; i++) {
		const struct lft_synth_field *f = &def->fields[i];

		if (f->is_stack)
			seq_buf_printf(&s, ", __get_stacktrace(%s)", f->name);
		else if (f->is_dynamic)
			seq_buf_printf(&s, ", __get_str(%s)", f->name);
		else
			seq_buf_printf(&s, ", REC->%s", f->name);
	}
	buf[seq_buf_used(&s)] = '\0';
	return buf;
}

static const struct lft_ev_flag lft_synth_gfp_names[] = {
	__def_gfpflag_names
};

/* A gfp_t's names after its number, as 6.1's trace_print_flags_seq(). */
static void lft_synth_print_gfp(struct seq_buf *s, unsigned long flags)
{
	bool first = true;
	unsigned int i;

	seq_buf_printf(s, " (");
	for (i = 0; i < ARRAY_SIZE(lft_synth_gfp_names) && flags; i++) {
		unsigned long mask = lft_synth_gfp_names[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		seq_buf_printf(s, "%s%s", first ? "" : "|",
			       lft_synth_gfp_names[i].name);
		first = false;
	}
	if (flags)
		seq_buf_printf(s, "%s0x%lx", first ? "" : "|", flags);
	seq_buf_printf(s, ")");
}

/**
 * lft_synth_print_num() - a number field's value as 6.1 prints it
 * @s: where
 * @f: the field
 * @slot: its slot in a record
 *
 * The slot's value cut to the field's size, then its conversion: so a
 * negative s8 or s16 prints as unsigned, as in 6.1.
 */
void lft_synth_print_num(struct seq_buf *s, const struct lft_synth_field *f,
			 const void *slot)
{
	const char *fmt = lft_synth_field_fmt(f);
	u64 v;

	switch (f->size) {
	case 1:
		v = *(u8 *)slot;
		break;
	case 2:
		v = *(u16 *)slot;
		break;
	case 4:
		v = *(u32 *)slot;
		break;
	default:
		v = *(u64 *)slot;
		break;
	}
	if (!strcmp(fmt, "%d"))
		seq_buf_printf(s, "%d", (int)v);
	else if (!strcmp(fmt, "%u"))
		seq_buf_printf(s, "%u", (unsigned int)v);
	else if (!strcmp(fmt, "%x"))
		seq_buf_printf(s, "%x", (unsigned int)v);
	else if (fmt[1] == 'l' && fmt[strlen(fmt) - 1] == 'd')
		seq_buf_printf(s, "%lld", (s64)v);
	else
		seq_buf_printf(s, "%llu", v);
	if (!strcmp(f->type, "gfp_t"))
		lft_synth_print_gfp(s, (unsigned int)v);
}
