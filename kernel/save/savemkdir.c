/* savemkdir.c: a directory's sectors in order (the fixed root of FAT12/16, else a cluster chain), for the creation and its repair. */
#include "savemkplan.h"

void savemk_dir_start(const SaveMkPlan *p, SaveMkDir *d, uint32_t dir)
{
	bool root = dir == 0 || dir == SAVEMK_ROOT;

	d->fixed = root && p->f.v.bits != 32;
	d->cluster = root ? p->f.v.root_cluster : dir;
	d->k = 0;
}

/*
 * The directory's next sector read into p->sec, its address in *lba.
 * MK_NO_ROOM past its end (a fixed root's last sector, a chain's last
 * cluster: neither is ever grown), MK_READ when the FAT or the sector
 * cannot be read.
 */
SaveMk savemk_dir_next(SaveMkPlan *p, SaveMkDir *d, uint64_t *lba)
{
	if (d->fixed) {
		if (d->k >= p->f.v.root_sectors)
			return MK_NO_ROOM;
		*lba = p->f.v.lba + p->f.v.root_start + d->k;
	} else {
		if (d->k == p->f.v.spc) {
			d->cluster = savefat_next(&p->f, d->cluster);
			if (p->f.read_error)
				return MK_READ;
			d->k = 0;
		}
		if (!savefat_valid_cluster(&p->f.v, d->cluster))
			return MK_NO_ROOM;
		*lba = savemk_cluster_lba(p, d->cluster) + d->k;
	}
	d->k++;
	return saveio_read(p->f.ctx, *lba, 1, p->sec) == BLK_OK ? MK_OK : MK_READ;
}
