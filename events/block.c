// SPDX-License-Identifier: GPL-2.0
/*
 * Block request events (events/block/), generated from
 * events/defs/block.h.
 *
 * Without CONFIG_BLOCK the kernel has neither tracepoint: the events are
 * left out at load.
 */
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/blktrace_api.h>
#include <linux/kdev_t.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "events/event.h"

#define LFT_RWBS_LEN	8

/*
 * rwbs: F for a preflush, one or two letters for the operation (W, R,
 * D discard, DE secure erase, F flush, N anything else), then F for FUA,
 * A read-ahead, S sync, M metadata. At most 7 letters and the NUL. Our
 * own: the kernel's blk_fill_rwbs() exists only with
 * CONFIG_BLK_DEV_IO_TRACE.
 */
static void lft_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	static const struct {
		blk_opf_t flag;
		char c;
	} tail[] = {
		{ REQ_FUA, 'F' }, { REQ_RAHEAD, 'A' }, { REQ_SYNC, 'S' },
		{ REQ_META, 'M' },
	};
	const char *op;
	size_t i;
	char *p = rwbs;

	memset(rwbs, 0, LFT_RWBS_LEN);
	if (opf & REQ_PREFLUSH)
		*p++ = 'F';
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		op = "R";
		break;
	case REQ_OP_WRITE:
		op = "W";
		break;
	case REQ_OP_FLUSH:
		op = "F";
		break;
	case REQ_OP_DISCARD:
		op = "D";
		break;
	case REQ_OP_SECURE_ERASE:
		op = "DE";
		break;
	default:
		op = "N";
	}
	while (*op)
		*p++ = *op++;
	for (i = 0; i < ARRAY_SIZE(tail); i++)
		if (opf & tail[i].flag)
			*p++ = tail[i].c;
}

/*
 * The errno of a request's status. blk_status_to_errno() is the block
 * layer's, absent without CONFIG_BLOCK, where the event is left out and
 * its probe never runs.
 */
static int lft_rq_errno(blk_status_t error)
{
#if IS_ENABLED(CONFIG_BLOCK)
	return blk_status_to_errno(error);
#else
	return -EIO;
#endif
}

#define LFT_EV_DEFS	"events/defs/block.h"
#define LFT_EV_NAME	lft_block
#include "events/generate.h"
