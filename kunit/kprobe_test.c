// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the kprobe_events parser and the fetch code, without
 * registering a probe: symbols come from a fake lookup, registers from a
 * pt_regs filled by the test. Error cases are written as ftracetest's
 * kprobe_syntax_errors.tc writes them, '^' where 6.1 puts the caret.
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/probe.h"

/* "vfs_read" and "do_sys_open" are unique, "dup_sym" is not. */
static unsigned int lft_kpt_count(const char *sym)
{
	if (!strcmp(sym, "vfs_read") || !strcmp(sym, "do_sys_open"))
		return 1;
	return strcmp(sym, "dup_sym") ? 0 : 2;
}

static int lft_kpt_entry(const char *sym, unsigned long offs)
{
	if (!lft_kpt_count(sym) && !strchr(sym, ':'))
		return -ENOENT;
	return offs == 0;
}

static const struct lft_pb_symcheck lft_kpt_syms = {
	.count = lft_kpt_count,
	.entry = lft_kpt_entry,
};

static struct lft_pb_def *lft_kpt_parse(struct kunit *test, const char *line,
					struct lft_pb_perr *perr)
{
	struct lft_pb_def *def = lft_pb_parse(line, &lft_kpt_syms, perr);

	kfree(perr->cmd);
	perr->cmd = NULL;
	return def;
}

static const struct {
	const char *cmd;	/* '^' marks the caret */
	int code;
	int err;
} lft_kpt_errors[] = {
	{ "p^100 vfs_read", LFT_PB_E_MAXACT_NO_KPROBE, -EINVAL },
	{ "r^1a111 vfs_read", LFT_PB_E_BAD_MAXACT, -EINVAL },
	{ "r^100000 vfs_read", LFT_PB_E_MAXACT_TOO_BIG, -EINVAL },
	{ "p ^non_exist_func", LFT_PB_E_BAD_PROBE_ADDR, -ENOENT },
	{ "p ^hoge-fuga", LFT_PB_E_BAD_PROBE_ADDR, -EINVAL },
	{ "p ^hoge+1000-1000", LFT_PB_E_BAD_PROBE_ADDR, -EINVAL },
	{ "p ^dup_sym", LFT_PB_E_NON_UNIQ_SYMBOL, -EADDRNOTAVAIL },
	{ "r ^vfs_read+10", LFT_PB_E_BAD_RETPROBE, -EINVAL },
	{ "p:^/bar vfs_read", LFT_PB_E_NO_GROUP_NAME, -EINVAL },
	{ "p:^12345678901234567890123456789012345678901234567890123456789012345/bar vfs_read",
	  LFT_PB_E_GROUP_TOO_LONG, -EINVAL },
	{ "p:^foo.1/bar vfs_read", LFT_PB_E_BAD_GROUP_NAME, -EINVAL },
	{ "p:^ vfs_read", LFT_PB_E_NO_EVENT_NAME, -EINVAL },
	{ "p:foo/^12345678901234567890123456789012345678901234567890123456789012345 vfs_read",
	  LFT_PB_E_EVENT_TOO_LONG, -EINVAL },
	{ "p:foo/^bar.1 vfs_read", LFT_PB_E_BAD_EVENT_NAME, -EINVAL },
	{ "p vfs_read ^$retval", LFT_PB_E_RETVAL_ON_PROBE, -EINVAL },
	{ "p vfs_read ^$stack10000", LFT_PB_E_BAD_STACK_NUM, -EINVAL },
	{ "p vfs_read ^$arg10000", LFT_PB_E_BAD_ARG_NUM, -EINVAL },
	{ "p vfs_read+5 ^$arg1", LFT_PB_E_BAD_VAR, -EINVAL },
	{ "p vfs_read ^$none_var", LFT_PB_E_BAD_VAR, -EINVAL },
	{ "p vfs_read ^%none_reg", LFT_PB_E_BAD_REG_NAME, -EINVAL },
	{ "p vfs_read ^@12345678abcde", LFT_PB_E_BAD_MEM_ADDR, -EINVAL },
	{ "p vfs_read ^@+10", LFT_PB_E_FILE_ON_KPROBE, -EINVAL },
	{ "p vfs_read arg1=\\^x", LFT_PB_E_BAD_IMM, -EINVAL },
	{ "p vfs_read arg1=\\\"abcd^", LFT_PB_E_IMMSTR_NO_CLOSE, -EINVAL },
	{ "p vfs_read ^+0@0)", LFT_PB_E_DEREF_NEED_BRACE, -EINVAL },
	{ "p vfs_read ^+0ab1(@0)", LFT_PB_E_BAD_DEREF_OFFS, -EINVAL },
	{ "p vfs_read +0(+0(@0^)", LFT_PB_E_DEREF_OPEN_BRACE, -EINVAL },
	{ "p vfs_read +0(^$comm)", LFT_PB_E_COMM_CANT_DEREF, -EINVAL },
	{ "p vfs_read ^&1", LFT_PB_E_BAD_FETCH_ARG, -EINVAL },
	{ "p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))",
	  LFT_PB_E_TOO_MANY_OPS, -EINVAL },
	{ "p vfs_read +0(@11):u8[10^", LFT_PB_E_ARRAY_NO_CLOSE, -EINVAL },
	{ "p vfs_read +0(@11):u8[10]^a", LFT_PB_E_BAD_ARRAY_SUFFIX, -EINVAL },
	{ "p vfs_read +0(@11):u8[^10a]", LFT_PB_E_BAD_ARRAY_NUM, -EINVAL },
	{ "p vfs_read +0(@11):u8[^256]", LFT_PB_E_ARRAY_TOO_BIG, -EINVAL },
	{ "p vfs_read @11:^unknown_type", LFT_PB_E_BAD_TYPE, -EINVAL },
	{ "p vfs_read $stack0:^string", LFT_PB_E_BAD_STRING, -EINVAL },
	{ "p vfs_read @11:^b10@a/16", LFT_PB_E_BAD_BITFIELD, -EINVAL },
	{ "p vfs_read ^arg123456789012345678901234567890=@11",
	  LFT_PB_E_ARG_NAME_TOO_LONG, -EINVAL },
	{ "p vfs_read ^=@11", LFT_PB_E_NO_ARG_NAME, -EINVAL },
	{ "p vfs_read ^var.1=@11", LFT_PB_E_BAD_ARG_NAME, -EINVAL },
	{ "p vfs_read var1=@11 ^var1=@12", LFT_PB_E_USED_ARG_NAME, -EINVAL },
	{ "p vfs_read ^__probe_ip=%di", LFT_PB_E_USED_ARG_NAME, -EINVAL },
	{ "p vfs_read ^+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
	  LFT_PB_E_ARG_TOO_LONG, -EINVAL },
	{ "p vfs_read arg1=^", LFT_PB_E_NO_ARG_BODY, -EINVAL },
	{ "p vfs_read^%hoge", LFT_PB_E_BAD_ADDR_SUFFIX, -EINVAL },
	{ "p ^vfs_read+10%return", LFT_PB_E_BAD_RETPROBE, -EINVAL },
	/* 6.1 refuses these without an error_log line. */
	{ "p vfs_read $comm:u32", LFT_PB_E_NONE, -EINVAL },
	{ "x vfs_read", LFT_PB_E_NONE, -ECANCELED },
	{ "p", LFT_PB_E_NONE, -ECANCELED },
	{ "p /bin/sh:0x10", LFT_PB_E_NONE, -ECANCELED },
};

/* Each bad definition: its errno, its error and the caret's place. */
static void lft_kpt_errors_and_carets(struct kunit *test)
{
	char *line = kunit_kzalloc(test, 256, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, line);
	for (i = 0; i < ARRAY_SIZE(lft_kpt_errors); i++) {
		const char *cmd = lft_kpt_errors[i].cmd;
		const char *caret = strchr(cmd, '^');
		struct lft_pb_perr perr;
		struct lft_pb_def *def;

		strscpy(line, cmd, 256);
		if (caret)
			memmove(line + (caret - cmd), line + (caret - cmd) + 1,
				strlen(caret));
		def = lft_kpt_parse(test, line, &perr);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(def), "%s", line);
		if (!IS_ERR(def)) {
			lft_pb_def_free(def);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(def), (long)lft_kpt_errors[i].err,
				    "%s", line);
		KUNIT_EXPECT_EQ_MSG(test, perr.code, lft_kpt_errors[i].code,
				    "%s", line);
		if (caret)
			KUNIT_EXPECT_EQ_MSG(test, perr.pos,
					    (unsigned int)(caret - cmd), "%s", line);
	}
}

/* The caret counts in the words joined by single spaces, as 6.1's. */
static void lft_kpt_caret_in_joined_words(struct kunit *test)
{
	struct lft_pb_perr perr;
	struct lft_pb_def *def;

	def = lft_pb_parse("  p   vfs_read\t $foo ", &lft_kpt_syms, &perr);
	KUNIT_ASSERT_TRUE(test, IS_ERR(def));
	KUNIT_EXPECT_STREQ(test, perr.cmd, "p vfs_read $foo");
	KUNIT_EXPECT_EQ(test, perr.pos, 11U);
	KUNIT_EXPECT_STREQ(test, lft_pb_err_text[perr.code],
			   "Invalid $-variable specified");
	kfree(perr.cmd);
}

static void lft_kpt_show(struct kunit *test, const struct lft_pb_def *def,
			 char *buf, size_t size)
{
	struct seq_buf s;

	seq_buf_init(&s, buf, size);
	lft_pb_def_show(def, def->addr, def->maxactive, &s);
	KUNIT_ASSERT_FALSE(test, seq_buf_has_overflowed(&s));
	buf[seq_buf_used(&s)] = '\0';
}

static const struct {
	const char *in;
	const char *listed;
} lft_kpt_defs[] = {
	{ "p vfs_read", "p:kprobes/p_vfs_read_0 vfs_read\n" },
	{ "p vfs_read+0x10", "p:kprobes/p_vfs_read_16 vfs_read+16\n" },
	{ "r vfs_read $retval", "r:kprobes/r_vfs_read_0 vfs_read arg1=$retval\n" },
	{ "p vfs_read%return", "r:kprobes/r_vfs_read_0 vfs_read\n" },
	{ "r128:my/ev vfs_read x=$retval:s32",
	  "r128:my/ev vfs_read x=$retval:s32\n" },
	{ "p:ev mod:func+4 a=%di:u8", "p:kprobes/ev mod:func+4 a=%di:u8\n" },
	{ "p mod:func", "p:kprobes/p_mod_func_0 mod:func\n" },
	{ "p:g. vfs_read", "p:g/p_vfs_read_0 vfs_read\n" },
	{ "p:ev vfs_read $arg1 $arg2:x16 s=+0(%si):string $comm n=\\-3:s8",
	  "p:kprobes/ev vfs_read arg1=$arg1 arg2=$arg2:x16 s=+0(%si):string arg4=$comm n=\\-3:s8\n" },
	{ "p:ev vfs_read   a=+u8(%di):u64[3] b=%ax:b3@2/32 c=@jiffies+8",
	  "p:kprobes/ev vfs_read a=+u8(%di):u64[3] b=%ax:b3@2/32 c=@jiffies+8\n" },
};

/* Good definitions list as 6.1 lists them, and list the same again. */
static void lft_kpt_listing_round_trip(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, 512, GFP_KERNEL);
	char *again = kunit_kzalloc(test, 512, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, again);
	for (i = 0; i < ARRAY_SIZE(lft_kpt_defs); i++) {
		struct lft_pb_perr perr;
		struct lft_pb_def *def = lft_kpt_parse(test, lft_kpt_defs[i].in,
						       &perr);

		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(def), "%s: %ld (%d at %u)",
				       lft_kpt_defs[i].in, PTR_ERR(def),
				       perr.code, perr.pos);
		lft_kpt_show(test, def, buf, 512);
		KUNIT_EXPECT_STREQ(test, buf, lft_kpt_defs[i].listed);
		lft_pb_def_free(def);
		buf[strlen(buf) - 1] = '\0';
		def = lft_kpt_parse(test, buf, &perr);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(def), "%s", buf);
		lft_kpt_show(test, def, again, 512);
		KUNIT_EXPECT_STREQ(test, again, lft_kpt_defs[i].listed);
		lft_pb_def_free(def);
	}
}

/* The print fmt text and the arguments' layout. */
static void lft_kpt_print_fmt(struct kunit *test)
{
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	char *fmt;

	def = lft_kpt_parse(test, "r vfs_read rv=$retval:s32 s=+0(%ax):string a=+0(%ax):x8[2]",
			    &perr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(def));
	fmt = lft_pb_print_fmt(def);
	KUNIT_ASSERT_NOT_NULL(test, fmt);
	KUNIT_EXPECT_STREQ(test, fmt,
			   "\"(%lx <- %lx) rv=%d s=\\\"%s\\\" a={0x%x,0x%x}\", REC->__probe_func, REC->__probe_ret_ip, REC->rv, __get_str(s), REC->a[0], REC->a[1]");
	KUNIT_EXPECT_EQ(test, def->args[0].offset, 0);
	KUNIT_EXPECT_EQ(test, def->args[1].offset, 4);
	KUNIT_EXPECT_EQ(test, def->args[2].offset, 8);
	KUNIT_EXPECT_EQ(test, def->size, 10U);
	KUNIT_EXPECT_TRUE(test, def->dynamic);
	kfree(fmt);
	lft_pb_def_free(def);
}

static const char lft_kpt_text[] = "hello";
static const char *lft_kpt_strs[2] = { "ab", "cde" };
static u8 lft_kpt_bytes[4] = { 1, 2, 0xfe, 4 };

/* Fetching into a record and printing it, faults included. */
static void lft_kpt_store_and_print(struct kunit *test)
{
	struct pt_regs *regs = kunit_kzalloc(test, sizeof(*regs), GFP_KERNEL);
	char *rec = kunit_kzalloc(test, 512, GFP_KERNEL);
	char *out = kunit_kzalloc(test, 512, GFP_KERNEL);
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	unsigned int dsize;
	struct seq_buf s;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, regs);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rec);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, out);
	def = lft_kpt_parse(test, "p vfs_read a=%di:s32 h=%di:x16 s=+0(%si):string f=+0(%dx):string b=%cx:b4@4/8 arr=+0(%bx):u8[4] sa=+0(%r8):string[2] n=+0(%dx):u32 sg=+2(%bx):s8 $comm",
			    &perr);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(def), "%d at %u", perr.code,
			       perr.pos);
	regs->di = (unsigned long)-2;
	regs->si = (unsigned long)lft_kpt_text;
	regs->dx = 16;			/* unmapped: faults */
	regs->cx = 0xa5;
	regs->bx = (unsigned long)lft_kpt_bytes;
	regs->r8 = (unsigned long)lft_kpt_strs;
	dsize = lft_pb_store(def, regs, NULL, 16, 0);
	KUNIT_EXPECT_EQ(test, dsize,
			(unsigned int)(6 + 3 + 4 + strlen(current->comm) + 1));
	lft_pb_store(def, regs, rec, 16, dsize);
	seq_buf_init(&s, out, 512);
	lft_pb_print_args(&s, def, rec, 16 + def->size + dsize, 16);
	out[seq_buf_used(&s)] = '\0';
	snprintf(rec, 512, " a=-2 h=0xfffe s=\"hello\" f=(fault) b=10 arr={1,2,254,4} sa={\"ab\",\"cde\"} n=0 sg=-2 arg10=\"%s\"",
		 current->comm);
	KUNIT_EXPECT_STREQ(test, out, rec);
	lft_pb_def_free(def);
}

/* Strings are cut to the room left, NUL kept. */
static void lft_kpt_store_cut(struct kunit *test)
{
	struct pt_regs *regs = kunit_kzalloc(test, sizeof(*regs), GFP_KERNEL);
	char *rec = kunit_kzalloc(test, 64, GFP_KERNEL);
	char *out = kunit_kzalloc(test, 64, GFP_KERNEL);
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	struct seq_buf s;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, regs);
	def = lft_kpt_parse(test, "p vfs_read s=+0(%si):string", &perr);
	KUNIT_ASSERT_FALSE(test, IS_ERR(def));
	regs->si = (unsigned long)lft_kpt_text;
	KUNIT_EXPECT_EQ(test, lft_pb_store(def, regs, NULL, 16, 0), 6U);
	lft_pb_store(def, regs, rec, 16, 3);
	seq_buf_init(&s, out, 64);
	lft_pb_print_args(&s, def, rec, 16 + 4 + 3, 16);
	out[seq_buf_used(&s)] = '\0';
	KUNIT_EXPECT_STREQ(test, out, " s=\"he\"");
	lft_pb_def_free(def);
}

static struct kunit_case lft_kpt_cases[] = {
	KUNIT_CASE(lft_kpt_errors_and_carets),
	KUNIT_CASE(lft_kpt_caret_in_joined_words),
	KUNIT_CASE(lft_kpt_listing_round_trip),
	KUNIT_CASE(lft_kpt_print_fmt),
	KUNIT_CASE(lft_kpt_store_and_print),
	KUNIT_CASE(lft_kpt_store_cut),
	{}
};

static struct kunit_suite lft_kpt_suite = {
	.name = "lftrace_kprobe",
	.test_cases = lft_kpt_cases,
};

kunit_test_suites(&lft_kpt_suite);
