/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block request events (events/block/), described for events/generate.h:
 * the records, format files and lines of 6.1. rwbs is filled by
 * lft_fill_rwbs() (events/block.c), blktrace's spelling of the request's
 * flags; cmd is the empty string 6.1 always records (the kernel's
 * __dynamic_array(char, cmd, 1), whose format line is a string's).
 */
LFT_EVENT_CLASS(block_rq,
	LFT_PROTO(struct request *rq),
	LFT_ARGS(rq),
	LFT_FIELDS(
		lft_field(dev_t, dev)
		lft_field(sector_t, sector)
		lft_field(unsigned int, nr_sector)
		lft_field(unsigned int, bytes)
		lft_array(char, rwbs, LFT_RWBS_LEN)
		lft_array(char, comm, TASK_COMM_LEN)
		lft_string(cmd, "")
	),
	LFT_ASSIGN(
		__entry->dev = rq->q->disk ? disk_devt(rq->q->disk) : 0;
		__entry->sector = blk_rq_trace_sector(rq);
		__entry->nr_sector = blk_rq_trace_nr_sectors(rq);
		__entry->bytes = blk_rq_bytes(rq);
		lft_fill_rwbs(__entry->rwbs, rq->cmd_flags);
		lft_assign_str(cmd, "");
		memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
	),
	LFT_PRINTK("%d,%d %s %u (%s) %llu + %u [%s]",
		   MAJOR(__entry->dev), MINOR(__entry->dev),
		   __entry->rwbs, __entry->bytes, __get_str(cmd),
		   (unsigned long long)__entry->sector,
		   __entry->nr_sector, __entry->comm)
)

LFT_DEFINE_EVENT(block_rq, "block", block_rq_issue)

LFT_EVENT_CLASS(block_rq_completion,
	LFT_PROTO(struct request *rq, blk_status_t error,
		  unsigned int nr_bytes),
	LFT_ARGS(rq, error, nr_bytes),
	LFT_FIELDS(
		lft_field(dev_t, dev)
		lft_field(sector_t, sector)
		lft_field(unsigned int, nr_sector)
		lft_field(int, error)
		lft_array(char, rwbs, LFT_RWBS_LEN)
		lft_string(cmd, "")
	),
	LFT_ASSIGN(
		__entry->dev = rq->q->disk ? disk_devt(rq->q->disk) : 0;
		__entry->sector = blk_rq_pos(rq);
		__entry->nr_sector = nr_bytes >> 9;
		__entry->error = lft_rq_errno(error);
		lft_fill_rwbs(__entry->rwbs, rq->cmd_flags);
		lft_assign_str(cmd, "");
	),
	LFT_PRINTK("%d,%d %s (%s) %llu + %u [%d]",
		   MAJOR(__entry->dev), MINOR(__entry->dev),
		   __entry->rwbs, __get_str(cmd),
		   (unsigned long long)__entry->sector,
		   __entry->nr_sector, __entry->error)
)

LFT_DEFINE_EVENT(block_rq_completion, "block", block_rq_complete)
