// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers a generated printer (events/generate.h) calls: the kernel's
 * print fmt helpers (__print_flags, __print_symbolic) as lftrace's, and
 * the format itself printed as the kernel's tracer prints it.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include "events/event.h"
#include "include/lft_test_export.h"

/* Longest print fmt rewritten for options/hash-ptr off (all are shorter). */
#define LFT_EV_FMT_MAX	256

/*
 * @fmt with each bare "%p" made "%px", as the kernel does when hash-ptr is
 * off; NULL if it does not fit (it is then printed hashed).
 */
static const char *lft_ev_fmt_unhashed(const char *fmt, char *buf)
{
	unsigned int n = 0;
	const char *f;

	for (f = fmt; *f; f++) {
		if (n + 2 >= LFT_EV_FMT_MAX)
			return NULL;
		buf[n++] = *f;
		if (f[0] == '%' && f[1] == 'p' && !isalnum(f[2])) {
			buf[n++] = 'p';
			buf[n++] = 'x';
			f++;
		}
	}
	buf[n] = 0;
	return buf;
}

/**
 * lft_ev_printf() - print an event's fields by its print fmt
 * @s: where to print
 * @fmt: the print fmt's format
 *
 * Pointers printed with "%p" are hashed unless options/hash-ptr is off for
 * the array being read. Called under lft_event_print().
 */
void lft_ev_printf(struct seq_buf *s, const char *fmt, ...)
{
	char buf[LFT_EV_FMT_MAX];
	const char *use = NULL;
	struct va_format vaf;
	va_list ap;

	if (!lft_ev_hashing())
		use = lft_ev_fmt_unhashed(fmt, buf);
	va_start(ap, fmt);
	vaf.fmt = use ?: fmt;
	vaf.va = &ap;
	/* %pV: the kernel exports no seq_buf_vprintf(). */
	seq_buf_printf(s, "%pV", &vaf);
	va_end(ap);
}
LFT_TEST_EXPORT(lft_ev_printf);

/* Appends @str (NUL included when @nul); stops quietly when full. */
static void lft_ev_pput(struct lft_ev_pbuf *p, const char *str, bool nul)
{
	size_t len = strlen(str) + nul;

	if (len > LFT_EV_PBUF_SIZE - 1 - p->used)
		len = LFT_EV_PBUF_SIZE - 1 - p->used;
	memcpy(p->buf + p->used, str, len);
	p->used += len;
	p->buf[p->used] = 0;
}

static void lft_ev_phex(struct lft_ev_pbuf *p, unsigned long val)
{
	char hex[24];

	snprintf(hex, sizeof(hex), "0x%lx", val);
	lft_ev_pput(p, hex, false);
}

/**
 * lft_ev_pflags() - __print_flags(): the names of the flags set in @val
 * @p: the line's scratch buffer
 * @val: the value
 * @delim: what goes between names
 * @table: names in the kernel's order (a composite mask first)
 * @n: how many
 *
 * A name is printed when all its mask's bits are set, which are then
 * taken off; bits no name covers follow in hex.
 *
 * Return: the text, in @p.
 */
const char *lft_ev_pflags(struct lft_ev_pbuf *p, unsigned long val,
			  const char *delim, const struct lft_ev_flag *table,
			  unsigned int n)
{
	const char *ret = p->buf + p->used;
	bool first = true;
	unsigned int i;

	/* Done once every bit is named: a 0 mask then names nothing. */
	for (i = 0; i < n && val; i++) {
		if ((val & table[i].mask) != table[i].mask)
			continue;
		val &= ~table[i].mask;
		if (!first && delim)
			lft_ev_pput(p, delim, false);
		first = false;
		lft_ev_pput(p, table[i].name, false);
	}
	if (val) {
		if (!first && delim)
			lft_ev_pput(p, delim, false);
		lft_ev_phex(p, val);
	}
	lft_ev_pput(p, "", true);
	return ret;
}
LFT_TEST_EXPORT(lft_ev_pflags);

/**
 * lft_ev_psym() - __print_symbolic(): the name of @val
 * @p: the line's scratch buffer
 * @val: the value
 * @table: values and their names
 * @n: how many
 *
 * Return: the first name whose value is @val, else @val in hex; in @p.
 */
const char *lft_ev_psym(struct lft_ev_pbuf *p, unsigned long val,
			const struct lft_ev_flag *table, unsigned int n)
{
	const char *ret = p->buf + p->used;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (table[i].mask == val) {
			lft_ev_pput(p, table[i].name, false);
			break;
		}
	}
	/* Also for an empty name, as the kernel's. */
	if (ret == p->buf + p->used)
		lft_ev_phex(p, val);
	lft_ev_pput(p, "", true);
	return ret;
}
LFT_TEST_EXPORT(lft_ev_psym);
