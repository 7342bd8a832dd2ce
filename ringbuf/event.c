// SPDX-License-Identifier: GPL-2.0
/*
 * Records in a data page, as the kernel lays them out (and as trace-cmd
 * decodes them). Each record starts with a 32-bit header: type_len in the
 * low 5 bits, time_delta in the high 27.
 *
 *   type_len 1..28   data, payload of type_len * 4 bytes follows
 *   type_len 0       data, array[0] = payload length + 4, payload follows
 *   29 (padding)     delta 0: the rest of the page is empty;
 *                    else array[0] + 4 bytes to skip
 *   30 (extend)      add (array[0] << 27) + time_delta to the time
 *   31 (time stamp)  the time is (array[0] << 27) | time_delta, with the
 *                    bits above 59 taken from the running time
 *
 * A data record's time is the previous record's time plus its time_delta;
 * the first record on a page is at the page's time_stamp.
 */
#include <linux/kernel.h>

#include "ringbuf/internal.h"

#define LFT_RB_ABS_BITS		59

/**
 * lft_rb_decode() - decode the record at @p
 * @p: start of the record, 4-byte aligned
 * @avail: bytes from @p to the end of the committed data
 * @d: filled with what the record is
 *
 * Return: 0, or -EINVAL when the record does not fit in @avail (a corrupt
 * page: the caller stops reading it).
 */
int lft_rb_decode(const unsigned char *p, unsigned int avail,
		  struct lft_rb_decoded *d)
{
	const u32 *w = (const u32 *)p;

	if (avail < 4)
		return -EINVAL;
	d->type = w[0] & 31;
	d->delta = w[0] >> 5;
	d->payload = NULL;
	d->len = 0;
	d->stamp = 0;

	switch (d->type) {
	case LFT_RB_TYPE_PADDING:
		if (!d->delta) {
			d->size = avail;
			return 0;
		}
		if (avail < 8)
			return -EINVAL;
		d->size = w[1] + 4;
		break;
	case LFT_RB_TYPE_TIME_EXTEND:
	case LFT_RB_TYPE_TIME_STAMP:
		if (avail < 8)
			return -EINVAL;
		d->size = 8;
		/* delta < 2^27, so "+" (extend) and "|" (stamp) agree */
		d->stamp = ((u64)w[1] << LFT_RB_TS_SHIFT) | d->delta;
		break;
	default:
		d->size = lft_rb_data_size(w, avail, &d->len);
		if (!d->size)
			return -EINVAL;
		d->payload = (void *)w + d->size - d->len;
		return 0;
	}
	if (d->size < 4 || d->size > avail || (d->size & 3))
		return -EINVAL;
	return 0;
}

/**
 * lft_rb_apply_time() - the running time after a record
 * @now: the time before the record
 * @d: the decoded record
 *
 * A padding record's delta counts (a discarded event's: the records after
 * it are relative to it), as trace-cmd's reader counts it.
 *
 * Return: the time of a data record, or the time after a stamp record.
 */
u64 lft_rb_apply_time(u64 now, const struct lft_rb_decoded *d)
{
	switch (d->type) {
	case LFT_RB_TYPE_TIME_EXTEND:
		return now + d->stamp;
	case LFT_RB_TYPE_TIME_STAMP:
		return (now & ~((1ULL << LFT_RB_ABS_BITS) - 1)) | d->stamp;
	default:
		return now + d->delta;
	}
}
