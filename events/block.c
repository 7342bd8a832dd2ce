// SPDX-License-Identifier: GPL-2.0
/*
 * Block request events (events/block/): block_rq_issue and
 * block_rq_complete, records laid out, described and printed as 6.1's.
 * The rwbs text is built here from the request's flags the way blktrace
 * spells it (that helper exists only with CONFIG_BLK_DEV_IO_TRACE), and
 * cmd is the empty string 6.1 always records.
 *
 * Without CONFIG_BLOCK the kernel has neither tracepoint: the events are
 * left out at load, and the probes are not built.
 */
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/blktrace_api.h>
#include <linux/kdev_t.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "events/event.h"

#define LFT_RWBS_LEN	8

struct lft_rq_issue_rec {
	struct lft_entry ent;
	dev_t dev;
	sector_t sector;
	unsigned int nr_sector;
	unsigned int bytes;
	char rwbs[LFT_RWBS_LEN];
	char comm[TASK_COMM_LEN];
	u32 cmd;		/* __data_loc, always "" */
	char data[];
};

struct lft_rq_complete_rec {
	struct lft_entry ent;
	dev_t dev;
	sector_t sector;
	unsigned int nr_sector;
	int error;
	char rwbs[LFT_RWBS_LEN];
	u32 cmd;		/* __data_loc, always "" */
	char data[];
};

#define RI(type, member, sgn) F(struct lft_rq_issue_rec, type, member, sgn)
static const struct lft_ev_field lft_issue_fields[] = {
	RI("dev_t", dev, 0),
	RI("sector_t", sector, 0),
	RI("unsigned int", nr_sector, 0),
	RI("unsigned int", bytes, 0),
	LFT_EV_FIELD(struct lft_rq_issue_rec, "char", rwbs, "rwbs[8]", 1),
	LFT_EV_FIELD(struct lft_rq_issue_rec, "char", comm, "comm[16]", 1),
	RI("__data_loc char[]", cmd, 1),
};

#define RC(type, member, sgn) F(struct lft_rq_complete_rec, type, member, sgn)
static const struct lft_ev_field lft_complete_fields[] = {
	RC("dev_t", dev, 0),
	RC("sector_t", sector, 0),
	RC("unsigned int", nr_sector, 0),
	RC("int", error, 1),
	LFT_EV_FIELD(struct lft_rq_complete_rec, "char", rwbs, "rwbs[8]", 1),
	RC("__data_loc char[]", cmd, 1),
};

static void lft_issue_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	const struct lft_rq_issue_rec *r = data;

	seq_buf_printf(s, "%d,%d %.8s %u (%s) %llu + %u [%.16s]",
		       MAJOR(r->dev), MINOR(r->dev), r->rwbs, r->bytes,
		       lft_ev_str(data, len, r->cmd),
		       (unsigned long long)r->sector, r->nr_sector, r->comm);
}

static void lft_complete_print(struct seq_buf *s, const void *data,
			       unsigned int len)
{
	const struct lft_rq_complete_rec *r = data;

	seq_buf_printf(s, "%d,%d %.8s (%s) %llu + %u [%d]",
		       MAJOR(r->dev), MINOR(r->dev), r->rwbs,
		       lft_ev_str(data, len, r->cmd),
		       (unsigned long long)r->sector, r->nr_sector, r->error);
}

#if IS_ENABLED(CONFIG_BLOCK)

/*
 * rwbs: F for a preflush, one or two letters for the operation (W, R,
 * D discard, DE secure erase, F flush, N anything else), then F for FUA,
 * A read-ahead, S sync, M metadata. At most 7 letters and the NUL.
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

static dev_t lft_rq_dev(struct request *rq)
{
	return rq->q->disk ? disk_devt(rq->q->disk) : 0;
}

static void lft_issue_probe(void *data, struct request *rq)
{
	lft_ev_emit(data, struct lft_rq_issue_rec, 1,
		r->dev = lft_rq_dev(rq);
		r->sector = blk_rq_trace_sector(rq);
		r->nr_sector = blk_rq_trace_nr_sectors(rq);
		r->bytes = blk_rq_bytes(rq);
		lft_fill_rwbs(r->rwbs, rq->cmd_flags);
		memcpy(r->comm, current->comm, TASK_COMM_LEN);
		r->cmd = lft_ev_loc(offsetof(struct lft_rq_issue_rec, data), 1);
		r->data[0] = '\0');
}

static void lft_complete_probe(void *data, struct request *rq,
			       blk_status_t error, unsigned int nr_bytes)
{
	lft_ev_emit(data, struct lft_rq_complete_rec, 1,
		r->dev = lft_rq_dev(rq);
		r->sector = blk_rq_pos(rq);
		r->nr_sector = nr_bytes >> 9;
		r->error = blk_status_to_errno(error);
		lft_fill_rwbs(r->rwbs, rq->cmd_flags);
		r->cmd = lft_ev_loc(offsetof(struct lft_rq_complete_rec, data),
				    1);
		r->data[0] = '\0');
}

#else
#define lft_issue_probe		NULL
#define lft_complete_probe	NULL
#endif /* CONFIG_BLOCK */

#define LFT_DEV_FMT "((unsigned int) ((REC->dev) >> 20)), ((unsigned int) ((REC->dev) & ((1U << 20) - 1)))"

LFT_EVENT("block", block_rq_issue, lft_issue_probe, lft_issue_fields,
	  "\"%d,%d %s %u (%s) %llu + %u [%s]\", " LFT_DEV_FMT ", REC->rwbs, REC->bytes, __get_str(cmd), (unsigned long long)REC->sector, REC->nr_sector, REC->comm",
	  lft_issue_print);
LFT_EVENT("block", block_rq_complete, lft_complete_probe,
	  lft_complete_fields,
	  "\"%d,%d %s (%s) %llu + %u [%d]\", " LFT_DEV_FMT ", REC->rwbs, __get_str(cmd), (unsigned long long)REC->sector, REC->nr_sector, REC->error",
	  lft_complete_print);

struct lft_event *const lft_block_events[] = {
	&lft_ev_block_rq_issue, &lft_ev_block_rq_complete,
};
const unsigned int lft_block_nevents = ARRAY_SIZE(lft_block_events);
