// SPDX-License-Identifier: GPL-2.0
/*
 * Word-at-a-time parsing of writes, as ftrace's command files read them
 * (set_ftrace_filter, set_ftrace_pid, set_event, ...): each write() takes
 * the first whitespace-separated word and returns how many bytes it used,
 * so a shell's "echo a b" arrives as two words; a word cut by the end of a
 * write is continued by the next write.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "core/trace.h"

/**
 * lft_parser_init() - allocate a parser for words of up to @size - 1 bytes
 * @p: the parser
 * @size: buffer size
 *
 * Return: 0 or -ENOMEM.
 */
int lft_parser_init(struct lft_parser *p, size_t size)
{
	p->buf = kzalloc(size, GFP_KERNEL);
	p->size = size;
	p->idx = 0;
	p->cont = false;
	return p->buf ? 0 : -ENOMEM;
}

void lft_parser_free(struct lft_parser *p)
{
	kfree(p->buf);
	p->buf = NULL;
}

/**
 * lft_parser_get() - read (the rest of) one word from a write
 * @p: the parser
 * @ubuf: the written bytes
 * @cnt: how many
 * @ppos: the file position (0 starts afresh)
 *
 * Return: bytes used, or -EINVAL for a word longer than the buffer, or
 * -EFAULT. lft_parser_ready() then says whether a whole word is there.
 */
ssize_t lft_parser_get(struct lft_parser *p, const char __user *ubuf,
		       size_t cnt, loff_t *ppos)
{
	size_t read = 0;
	char ch;

	if (!*ppos) {
		p->idx = 0;
		p->cont = false;
	}
	if (!cnt)
		return 0;
	if (get_user(ch, ubuf++))
		return -EFAULT;
	read++;
	cnt--;
	if (!p->cont) {
		while (cnt && isspace(ch)) {
			if (get_user(ch, ubuf++))
				return -EFAULT;
			read++;
			cnt--;
		}
		p->idx = 0;
		if (isspace(ch) || !ch) {
			*ppos += read;
			return read;
		}
	}
	while (cnt && !isspace(ch) && ch) {
		if (p->idx >= p->size - 1)
			return -EINVAL;
		p->buf[p->idx++] = ch;
		if (get_user(ch, ubuf++))
			return -EFAULT;
		read++;
		cnt--;
	}
	if (isspace(ch) || !ch) {
		p->buf[p->idx] = '\0';
		p->cont = false;
	} else if (p->idx < p->size - 1) {
		/* The word goes on in the next write. */
		p->cont = true;
		p->buf[p->idx++] = ch;
		p->buf[p->idx] = '\0';
	} else {
		return -EINVAL;
	}
	*ppos += read;
	return read;
}

/* A complete word is in p->buf (p->idx bytes). */
bool lft_parser_ready(struct lft_parser *p)
{
	return p->idx && !p->cont;
}

/* The word was used: the next write starts a new one. */
void lft_parser_clear(struct lft_parser *p)
{
	p->idx = 0;
	p->cont = false;
}
