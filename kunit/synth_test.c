// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for synthetic events: the parser's errors and carets (as
 * ftracetest's trigger-synthetic_event_syntax_errors.tc writes them, '^'
 * where 6.1 puts the caret) and its fields; then events defined in the
 * loaded lftrace, generated with lft_synth_trace() into the top array,
 * and their records printed as 6.1 prints them (user space cannot
 * generate a synthetic event without hist actions, so the e2e test
 * cannot see these lines).
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/synth.h"

static bool lft_st_exists(const char *name)
{
	return !strcmp(name, "exists");
}

static const struct {
	const char *cmd;	/* '^' marks the caret */
	bool dyn;
	int code;
	int err;
} lft_st_errors[] = {
	{ "myevent ^chr arg", false, LFT_SYNTH_E_INVALID_TYPE, -EINVAL },
	{ "myevent ^unsigned arg", false, LFT_SYNTH_E_INCOMPLETE_TYPE, -EINVAL },
	{ "myevent char ^str]; int v", false, LFT_SYNTH_E_BAD_NAME, -EINVAL },
	{ "^mye-vent char str[]", false, LFT_SYNTH_E_BAD_NAME, -EINVAL },
	{ "myevent char ^st-r[]", false, LFT_SYNTH_E_BAD_NAME, -EINVAL },
	{ "myevent char str;^[]", false, LFT_SYNTH_E_INVALID_FIELD, -EINVAL },
	{ "myevent char str; ^int", false, LFT_SYNTH_E_INVALID_FIELD, -EINVAL },
	{ "myevent char ^str[; int v", false, LFT_SYNTH_E_INVALID_ARRAY_SPEC,
	  -EINVAL },
	{ "myevent char ^str[kdjdk]", false, LFT_SYNTH_E_INVALID_ARRAY_SPEC,
	  -EINVAL },
	{ "myevent char ^str[257]", false, LFT_SYNTH_E_INVALID_ARRAY_SPEC,
	  -EINVAL },
	{ "^mye;vent char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^myevent ; char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^myevent; char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^myevent ;char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^; char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^;myevent char str[]", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^myevent", false, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^exists u64 a", false, LFT_SYNTH_E_EVENT_EXISTS, -EEXIST },
	{ "ev ^u64 x[4]", false, LFT_SYNTH_E_INVALID_TYPE, -EINVAL },
	/* The first place the word's text appears, as 6.1's err_pos(). */
	{ "ev ^u64 x; u64 x[", false, LFT_SYNTH_E_INVALID_TYPE, -EINVAL },
	{ "^s:junk/myevent char str[", true, LFT_SYNTH_E_INVALID_DYN_CMD,
	  -EINVAL },
	{ "^s:myevent", true, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "^s:synthetic/ u64 a", true, LFT_SYNTH_E_INVALID_CMD, -EINVAL },
	{ "s:^9ev u64 a", true, LFT_SYNTH_E_BAD_NAME, -EINVAL },
	{ "s:synthetic/^exists u64 a", true, LFT_SYNTH_E_EVENT_EXISTS,
	  -EEXIST },
	{ "p:ev vfs_read", true, LFT_SYNTH_E_NONE, -ECANCELED },
	{ "sx:ev u64 a", true, LFT_SYNTH_E_NONE, -ECANCELED },
};

/* Each bad line: its errno, its error and the caret's place. */
static void lft_st_errors_and_carets(struct kunit *test)
{
	char *line = kunit_kzalloc(test, 256, GFP_KERNEL);
	struct lft_synth_def def;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for (i = 0; i < ARRAY_SIZE(lft_st_errors); i++) {
		const char *cmd = lft_st_errors[i].cmd;
		const char *caret = strchr(cmd, '^');
		int ret;

		strscpy(line, cmd, 256);
		if (caret)
			memmove(line + (caret - cmd), line + (caret - cmd) + 1,
				strlen(caret));
		ret = lft_synth_parse(line, lft_st_errors[i].dyn, lft_st_exists,
				      &def);
		KUNIT_EXPECT_EQ_MSG(test, ret, lft_st_errors[i].err, "%s", line);
		KUNIT_EXPECT_EQ_MSG(test, def.err, lft_st_errors[i].code, "%s",
				    line);
		if (caret)
			KUNIT_EXPECT_EQ_MSG(test, def.pos,
					    (unsigned int)(caret - cmd), "%s", line);
		lft_synth_def_free(&def);
	}
}

/* 64 fields are taken, the 65th is "Too many fields", caret at 0. */
static void lft_st_too_many(struct kunit *test)
{
	char *line = kunit_kzalloc(test, 1024, GFP_KERNEL);
	struct lft_synth_def def;
	unsigned int i, n = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	n += scnprintf(line, 1024, "many");
	for (i = 0; i < 64; i++)
		n += scnprintf(line + n, 1024 - n, " u8 f%u;", i);
	KUNIT_EXPECT_EQ(test, lft_synth_parse(line, false, NULL, &def), 0);
	KUNIT_EXPECT_EQ(test, def.nfields, 64U);
	lft_synth_def_free(&def);
	scnprintf(line + n, 1024 - n, " u8 last");
	KUNIT_EXPECT_EQ(test, lft_synth_parse(line, false, NULL, &def), -EINVAL);
	KUNIT_EXPECT_EQ(test, def.err, LFT_SYNTH_E_TOO_MANY_FIELDS);
	KUNIT_EXPECT_EQ(test, def.pos, 0U);
	lft_synth_def_free(&def);
}

/* The fields: types as listed, sizes, signs, kinds, in both syntaxes. */
static void lft_st_fields(struct kunit *test)
{
	static const struct {
		const char *type;
		const char *name;
		unsigned int size;
		bool is_signed, is_string, is_dynamic, is_stack;
	} want[] = {
		{ "u64", "lat", 8, false, false, false, false },
		{ "char[16]", "comm", 16, true, true, false, false },
		{ "char[]", "s", 4, true, true, true, false },
		{ "unsigned long[]", "st", 4, true, false, true, true },
		{ "gfp_t", "g", 4, false, false, false, false },
		{ "unsigned char[4]", "uc", 4, false, true, false, false },
		{ "char[8]", "c8", 8, true, true, false, false },
		{ "pid_t", "pid", 4, true, false, false, false },
		{ "bool", "b", 1, true, false, false, false },
	};
	struct lft_synth_def def;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, lft_synth_parse("  ev u64 lat; char comm[16] ;char s[];unsigned long[] st; gfp_t g; unsigned char uc[4] char[8] c8 pid_t pid;; bool b;",
					      false, lft_st_exists, &def), 0);
	KUNIT_EXPECT_STREQ(test, def.name, "ev");
	KUNIT_EXPECT_FALSE(test, def.remove);
	KUNIT_ASSERT_EQ(test, def.nfields, (unsigned int)ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct lft_synth_field *f = &def.fields[i];

		KUNIT_EXPECT_STREQ(test, f->type, want[i].type);
		KUNIT_EXPECT_STREQ(test, f->name, want[i].name);
		KUNIT_EXPECT_EQ_MSG(test, f->size, want[i].size, "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, f->is_signed, want[i].is_signed,
				    "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, f->is_string, want[i].is_string,
				    "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, f->is_dynamic, want[i].is_dynamic,
				    "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, f->is_stack, want[i].is_stack,
				    "%s", f->name);
	}
	KUNIT_EXPECT_STREQ(test, lft_synth_field_fmt(&def.fields[0]), "%llu");
	KUNIT_EXPECT_STREQ(test, lft_synth_field_fmt(&def.fields[1]), "%s");
	KUNIT_EXPECT_STREQ(test, lft_synth_field_fmt(&def.fields[4]), "%x");
	lft_synth_def_free(&def);
	/* "!NAME" needs no fields; dynamic_events takes "synthetic/". */
	KUNIT_EXPECT_EQ(test, lft_synth_parse("!exists", false, lft_st_exists,
					      &def), 0);
	KUNIT_EXPECT_TRUE(test, def.remove);
	KUNIT_EXPECT_STREQ(test, def.name, "exists");
	lft_synth_def_free(&def);
	KUNIT_EXPECT_EQ(test, lft_synth_parse("s:synthetic/ev2 u8 a", true,
					      lft_st_exists, &def), 0);
	KUNIT_EXPECT_STREQ(test, def.name, "ev2");
	lft_synth_def_free(&def);
}

/* The lines of one lft_synth_trace() call of event @name. */
static int lft_st_trace(struct kunit *test, const char *name, const u64 *vals,
			unsigned int n, bool enable, char *buf, size_t size)
{
	struct lft_synth_event *se = lft_synth_ref(name);
	struct seq_buf s;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, se);
	seq_buf_init(&s, buf, size - 1);
	ret = lft_synth_test_trace(se, vals, n, enable, &s);
	buf[seq_buf_used(&s)] = '\0';
	lft_synth_unref(se);
	return ret;
}

#define LFT_ST_VAL(p)	((u64)(unsigned long)(p))

/* Integers print as 6.1's: cut to their size, then converted. */
static void lft_st_numbers(struct kunit *test)
{
	static const u64 m1[] = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
				  -1, -1, -1, -1 };
	static const u64 small[] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 1, 5, 5, 5, 5,
				     0 };
	char *buf = kunit_kzalloc(test, 1024, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, lft_synth_command("kt_ints s64 a; u64 b; s32 c; u32 d; s16 e; u16 f; s8 g; u8 h; char i; bool j; long k; unsigned long l; pid_t m; int n; unsigned int o"),
			0);
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_ints", m1, 15, true, buf,
					   1024), 1);
	KUNIT_EXPECT_STREQ(test, buf,
			   "kt_ints: a=-1 b=18446744073709551615 c=-1 d=4294967295 e=65535 f=65535 g=255 h=255 i=255 j=255 k=-1 l=18446744073709551615 m=-1 n=-1 o=4294967295\n");
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_ints", small, 15, true,
					   buf, 1024), 1);
	KUNIT_EXPECT_STREQ(test, buf,
			   "kt_ints: a=5 b=5 c=5 d=5 e=5 f=5 g=5 h=5 i=5 j=1 k=5 l=5 m=5 n=5 o=0\n");
	/* Not enabled, or not one value per field: no record. */
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_ints", small, 15, false,
					   buf, 1024), 0);
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_ints", small, 14, true,
					   buf, 1024), 0);
	KUNIT_EXPECT_EQ(test, lft_synth_command("!kt_ints"), 0);
}

/* Strings: fixed and dynamic, empty, unreadable; gfp_t's names. */
static void lft_st_strings(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, 1024, GFP_KERNEL);
	u64 v[6];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, lft_synth_command("kt_str char s[16]; char d[]; u64 n; char e[]; gfp_t g; char f[]"),
			0);
	v[0] = LFT_ST_VAL("hello");
	v[1] = LFT_ST_VAL("dynamic");
	v[2] = 7;
	v[3] = LFT_ST_VAL("");
	v[4] = (__force u64)GFP_KERNEL;
	v[5] = LFT_ST_VAL("last");
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_str", v, 6, true, buf,
					   1024), 1);
	KUNIT_EXPECT_STREQ(test, buf,
			   "kt_str: s=hello d=dynamic n=7 e= g=cc0 (GFP_KERNEL) f=last\n");
	v[0] = 1;
	v[1] = 8;
	v[4] = 0;
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_str", v, 6, true, buf,
					   1024), 1);
	KUNIT_EXPECT_STREQ(test, buf,
			   "kt_str: s=(fault) d=(fault) n=7 e= g=0 () f=last\n");
	/* A hist action's reference keeps the event. */
	{
		struct lft_synth_event *se = lft_synth_ref("kt_str");

		KUNIT_ASSERT_NOT_NULL(test, se);
		KUNIT_EXPECT_EQ(test, lft_synth_command("!kt_str"), -EBUSY);
		lft_synth_unref(se);
	}
	KUNIT_EXPECT_EQ(test, lft_synth_command("!kt_str"), 0);
	KUNIT_EXPECT_EQ(test, lft_synth_command("!kt_str"), -ENOENT);
}

/* A stack: "STACK:" and one "=> symbol" line per entry. */
static void lft_st_stack(struct kunit *test)
{
	unsigned long *stack = kunit_kzalloc(test, 4 * sizeof(long),
					     GFP_KERNEL);
	char *buf = kunit_kzalloc(test, 1024, GFP_KERNEL);
	char *want = kunit_kzalloc(test, 256, GFP_KERNEL);
	u64 v[2];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, stack);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, want);
	KUNIT_ASSERT_EQ(test, lft_synth_command("kt_stk unsigned long[] st; u64 n"),
			0);
	stack[0] = (unsigned long)kfree;
	stack[1] = (unsigned long)kstrdup;
	v[0] = LFT_ST_VAL(stack);
	v[1] = 3;
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_stk", v, 2, true, buf,
					   1024), 1);
	scnprintf(want, 256, "kt_stk: st=STACK:\n=> %pS\n=> %pS\nn=3\n",
		  (void *)stack[0], (void *)stack[1]);
	KUNIT_EXPECT_STREQ(test, buf, want);
	/* One that cannot be read is empty. */
	v[0] = 1;
	KUNIT_EXPECT_EQ(test, lft_st_trace(test, "kt_stk", v, 2, true, buf,
					   1024), 1);
	KUNIT_EXPECT_STREQ(test, buf, "kt_stk: st=STACK:\nn=3\n");
	KUNIT_EXPECT_EQ(test, lft_synth_command("!kt_stk"), 0);
}

static struct kunit_case lft_synth_test_cases[] = {
	KUNIT_CASE(lft_st_errors_and_carets),
	KUNIT_CASE(lft_st_too_many),
	KUNIT_CASE(lft_st_fields),
	KUNIT_CASE(lft_st_numbers),
	KUNIT_CASE(lft_st_strings),
	KUNIT_CASE(lft_st_stack),
	{}
};

static struct kunit_suite lft_synth_test_suite = {
	.name = "lftrace_synth",
	.test_cases = lft_synth_test_cases,
};

kunit_test_suite(lft_synth_test_suite);
