/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A test event for events_test.c, described as the static events are, to
 * check what events/generate.h makes of one description.
 */
LFT_TRACE_EVENT("lft_test", lft_test_ev,
	LFT_PROTO(int a, const char *str, unsigned long fl),
	LFT_ARGS(a, str, fl),
	LFT_FIELDS(
		lft_field(int, a)
		lft_array(char, tag, LFT_TEST_TAG_LEN)
		lft_string(s, str)
		lft_field(unsigned long, fl)
	),
	LFT_ASSIGN(
		__entry->a = a;
		strscpy(__entry->tag, "abc", LFT_TEST_TAG_LEN);
		lft_assign_str(s, str);
		__entry->fl = fl;
	),
	LFT_PRINTK("a=%d tag=%s s=%s fl=%s v=%s", __entry->a, __entry->tag,
		   __get_str(s),
		   __print_flags(__entry->fl, "|", { 1, "ONE" }, { 2, "TWO" }),
		   __print_symbolic(__entry->a, { 7, "SEVEN" }))
)
