// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the static events' generator (events/generate.h): what
 * one description gives (record layout, field table, print fmt text,
 * string places, printed line), the kernel's print helpers as lftrace's,
 * and the prototype text compared with the kernel's BTF.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/btf.h"
#include "events/event.h"

/* An enum, as TASK_COMM_LEN is: the format must still show the number. */
enum { LFT_TEST_TAG_LEN = 4 };

#define LFT_EV_DEFS	"kunit/events_test_defs.h"
#define LFT_EV_NAME	lft_kunit
#include "events/generate.h"

#define lft_test_rec struct lft_rec_lft_test_ev

/* The field table follows the record: names, offsets, sizes, signs. */
static void lft_gen_fields(struct kunit *test)
{
	const struct lft_ev_field *f;
	unsigned int n;

	KUNIT_ASSERT_EQ(test, lft_kunit_table.n, 1U);
	f = lft_kunit_events[0]->fields_of(&n);
	KUNIT_ASSERT_EQ(test, n, 4U);
	KUNIT_EXPECT_STREQ(test, f[0].type, "int");
	KUNIT_EXPECT_STREQ(test, f[0].name, "a");
	KUNIT_EXPECT_EQ(test, f[0].offset, offsetof(lft_test_rec, a));
	KUNIT_EXPECT_EQ(test, f[0].size, 4);
	KUNIT_EXPECT_EQ(test, f[0].is_signed, 1);
	KUNIT_EXPECT_EQ(test, f[0].count, 0);
	KUNIT_EXPECT_STREQ(test, f[1].name, "tag");
	KUNIT_EXPECT_EQ(test, f[1].count, LFT_TEST_TAG_LEN);
	KUNIT_EXPECT_EQ(test, f[1].size, LFT_TEST_TAG_LEN);
	KUNIT_EXPECT_STREQ(test, f[2].type, "__data_loc char[]");
	KUNIT_EXPECT_STREQ(test, f[2].name, "s");
	KUNIT_EXPECT_EQ(test, f[2].offset, offsetof(lft_test_rec, __data_loc_s));
	KUNIT_EXPECT_EQ(test, f[2].size, 4);
	KUNIT_EXPECT_STREQ(test, f[3].type, "unsigned long");
	KUNIT_EXPECT_EQ(test, f[3].offset, offsetof(lft_test_rec, fl));
	KUNIT_EXPECT_EQ(test, f[3].size, sizeof(unsigned long));
	KUNIT_EXPECT_EQ(test, f[3].is_signed, 0);
	/* The record begins with the common header, as the kernel's. */
	KUNIT_EXPECT_EQ(test, offsetof(lft_test_rec, a), 8);
}

/* The print fmt text is the LFT_PRINTK() arguments as the kernel shows them. */
static void lft_gen_print_fmt(struct kunit *test)
{
	const struct lft_event *ev = lft_kunit_events[0];

	KUNIT_EXPECT_STREQ(test, ev->print_fmt,
			   "\"a=%d tag=%s s=%s fl=%s v=%s\", REC->a, REC->tag, __get_str(s), __print_flags(REC->fl, \"|\", { 1, \"ONE\" }, { 2, \"TWO\" }), __print_symbolic(REC->a, { 7, \"SEVEN\" })");
	KUNIT_EXPECT_STREQ(test, ev->proto,
			   "int a, const char *str, unsigned long fl");
	KUNIT_EXPECT_STREQ(test, ev->system, "lft_test");
	KUNIT_EXPECT_STREQ(test, ev->name, "lft_test_ev");
}

/* A record filled as the probe fills it, and its printed line. */
static char *lft_gen_line(struct kunit *test, int a, const char *str,
			  unsigned long fl)
{
	struct lft_offs_lft_test_ev o;
	unsigned int extra = lft_offs_of_lft_test_ev(&o, a, str, fl);
	lft_test_rec *__entry = kunit_kzalloc(test, sizeof(*__entry) + extra,
					      GFP_KERNEL);
	char *buf = kunit_kzalloc(test, 256, GFP_KERNEL);
	struct seq_buf s;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, __entry);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, extra, strlen(str ?: "(null)") + 1);
	KUNIT_EXPECT_EQ(test, o.s, lft_ev_loc(sizeof(*__entry), extra));
	__entry->__data_loc_s = o.s;
	__entry->a = a;
	strscpy(__entry->tag, "abc", LFT_TEST_TAG_LEN);
	lft_ev_put_str(__entry, o.s, str ?: "(null)");
	__entry->fl = fl;
	/* Zeroed: the line stays NUL-terminated. */
	seq_buf_init(&s, buf, 255);
	lft_kunit_events[0]->print(&s, __entry, sizeof(*__entry) + extra);
	return buf;
}

static void lft_gen_printer(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, lft_gen_line(test, 7, "hi", 3),
			   "a=7 tag=abc s=hi fl=ONE|TWO v=SEVEN");
	/* Bits no name covers in hex; an unnamed value in hex. */
	KUNIT_EXPECT_STREQ(test, lft_gen_line(test, 1, "x", 5),
			   "a=1 tag=abc s=x fl=ONE|0x4 v=0x1");
	/* A NULL string is "(null)", as the kernel's __string() makes it. */
	KUNIT_EXPECT_STREQ(test, lft_gen_line(test, 7, NULL, 0),
			   "a=7 tag=abc s=(null) fl= v=SEVEN");
}

/* A string longer than its measured room is cut there, never past it. */
static void lft_gen_put_str(struct kunit *test)
{
	char rec[16];

	memset(rec, 'x', sizeof(rec));
	lft_ev_put_str(rec, lft_ev_loc(4, 5), "abcdefgh");
	KUNIT_EXPECT_STREQ(test, rec + 4, "abcd");
	KUNIT_EXPECT_EQ(test, rec[9], 'x');
	KUNIT_EXPECT_EQ(test, rec[3], 'x');
	/* Shorter than measured: padded with NULs to the room's end. */
	memset(rec, 'x', sizeof(rec));
	lft_ev_put_str(rec, lft_ev_loc(4, 5), "ab");
	KUNIT_EXPECT_STREQ(test, rec + 4, "ab");
	KUNIT_EXPECT_EQ(test, rec[8], 0);
	KUNIT_EXPECT_EQ(test, rec[9], 'x');
}

/* __print_flags() as the kernel's: composite first, leftovers in hex. */
static void lft_gen_pflags(struct kunit *test)
{
	static const struct lft_ev_flag t[] = {
		{ 3, "BOTH" }, { 1, "ONE" }, { 2, "TWO" }, { 8, "EIGHT" },
	};
	struct lft_ev_pbuf *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_EXPECT_STREQ(test, lft_ev_pflags(p, 11, "|", t, 4), "BOTH|EIGHT");
	/* A second text in the same line is its own. */
	KUNIT_EXPECT_STREQ(test, lft_ev_pflags(p, 0x12, ",", t, 4), "TWO,0x10");
	p->used = 0;
	KUNIT_EXPECT_STREQ(test, lft_ev_pflags(p, 0, "|", t, 4), "");
	KUNIT_EXPECT_STREQ(test, lft_ev_psym(p, 8, t, 4), "EIGHT");
	KUNIT_EXPECT_STREQ(test, lft_ev_psym(p, 9, t, 4), "0x9");
}

/* Parameter text as BTF names its type. */
static void lft_gen_param_type(struct kunit *test)
{
	static const char *const cases[][2] = {
		{ "unsigned long flags", "longunsignedint" },
		{ "long id", "longint" },
		{ "unsigned int vec_nr", "unsignedint" },
		{ "unsigned vec", "unsignedint" },
		{ "int sig", "int" },
		{ "unsigned char c", "unsignedchar" },
		{ "long long unsigned x", "longlongunsignedint" },
		{ "const char *name", "constchar*" },
		{ " struct task_struct *p", "structtask_struct*" },
		{ "bool preempt", "bool" },
		{ "u64 runtime", "u64" },
		{ "struct page **pages", "structpage**" },
	};
	char out[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		lft_btf_param_type(cases[i][0], strlen(cases[i][0]), out,
				   sizeof(out));
		KUNIT_EXPECT_STREQ(test, out, cases[i][1]);
	}
}

static struct kunit_case lft_gen_cases[] = {
	KUNIT_CASE(lft_gen_fields),
	KUNIT_CASE(lft_gen_print_fmt),
	KUNIT_CASE(lft_gen_printer),
	KUNIT_CASE(lft_gen_put_str),
	KUNIT_CASE(lft_gen_pflags),
	KUNIT_CASE(lft_gen_param_type),
	{}
};

static struct kunit_suite lft_gen_suite = {
	.name = "lftrace_events_gen",
	.test_cases = lft_gen_cases,
};
kunit_test_suite(lft_gen_suite);
