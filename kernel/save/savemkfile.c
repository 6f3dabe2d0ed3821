/* savemkfile.c: the save files' first contents, as tools/mksave.py makes them, and the check that grub.cfg names this image. */
#include <stddef.h>

#include "savecrc.h"
#include "savemk.h"

static const char save_note[] = "Shardfall save records: do not edit.\n";

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static uint32_t text_len(const char *s)
{
	uint32_t n = 0;

	while (s[n])
		n++;
	return n;
}

static bool read_fn(void *ctx, uint64_t lba, uint8_t *sec)
{
	return saveio_read(ctx, lba, 1, sec) == BLK_OK;
}

/* NOTE: the same texts as tools/mksave.py (README, CRASH_NONE, SCORES_NONE, LOG_NONE, HWINFO_NONE); test_savemk compares them. */
const char savemk_readme[] =
	"Shardfall save area\n"
	"===================\n"
	"\n"
	"This small partition on the Shardfall stick holds what the game keeps\n"
	"between sessions. The game writes only inside these files, never\n"
	"changes their size, and never touches anything else on the stick.\n"
	"\n"
	"  SAVE.DAT      settings, high scores and saved games (binary records,\n"
	"                each with a checksum; several copies, so a power cut while\n"
	"                saving loses at most the save being written)\n"
	"  SCORES.TXT    the high-score table as text, to read on any computer\n"
	"  CRASH.TXT     the last crash report, if the game ever crashed\n"
	"  LOG.TXT       what the game said while it started (its COM1 log), for\n"
	"                this start and the one before; a start that did not finish\n"
	"                is marked there\n"
	"  HWINFO.TXT    a report of the PC's hardware, written when the hardware\n"
	"                changes and from System info's \"Save a report to the stick\"\n"
	"  REPLAY.DAT    the last minutes of play, kept by the pause box's\n"
	"                \"Report a problem\"\n"
	"  CRASHRPL.DAT  the replay a crash leaves, beside CRASH.TXT\n"
	"\n"
	"To report a problem, send the text files and the .DAT replays.\n"
	"Please do not edit, move or resize these files: the game would then\n"
	"stop using them. The text files are rewritten by the game and padded\n"
	"with spaces to their fixed size.\n";
const uint32_t savemk_readme_bytes = sizeof savemk_readme;
const char savemk_crash_none[] = "Shardfall keeps its last crash report here. There has been none.\n";
const char savemk_log_none[] =
	"Shardfall keeps the log of its last two starts here. It has not started from this stick yet.\n";
const char savemk_hwinfo_none[] = "Shardfall keeps a report of this PC's hardware here. None has been written yet.\n";
const char savemk_scores_none[] =
	"Shardfall - Hall of Fame\r\n\r\nNo game has been saved on this stick yet: the table is the game's own.\r\n";

static const char *first_text(int k)
{
	switch (k) {
	case SAVE_README: return savemk_readme;
	case SAVE_SCORES: return savemk_scores_none;
	case SAVE_CRASH: return savemk_crash_none;
	case SAVE_LOG: return savemk_log_none;
	case SAVE_HWINFO: return savemk_hwinfo_none;
	default: return NULL;   /* SAVE.DAT, REPLAY.DAT, CRASHRPL.DAT: binary */
	}
}

const uint32_t savemk_file_bytes[SAVE_FILES] = {
	[SAVE_README] = sizeof savemk_readme, [SAVE_DAT] = SAVEMK_DAT_BYTES, [SAVE_SCORES] = SAVEMK_SCORES_BYTES,
	[SAVE_CRASH] = SAVEMK_CRASH_BYTES, [SAVE_LOG] = SAVEMK_LOG_BYTES, [SAVE_HWINFO] = SAVEMK_HWINFO_BYTES,
	[SAVE_REPLAY] = SAVEMK_REPLAY_BYTES, [SAVE_CRASHRPL] = SAVEMK_CRASHRPL_BYTES,
};

/* Byte i of file k (size bytes) as tools/mksave.py makes it: padded texts ending in '\n', SAVE.DAT's note, zeros. */
uint8_t savemk_file_byte(int k, uint32_t size, uint32_t i)
{
	const char *t = first_text(k);

	if (i >= size)
		return 0;
	if (!t && k != SAVE_DAT)
		return 0;
	if (k == SAVE_DAT) {
		if (i >= 64 && i - 64 < sizeof save_note - 1)
			return (uint8_t)save_note[i - 64];
		return 0;               /* the header's 40 bytes are put in by write_file */
	}
	if (i == size - 1)
		return '\n';
	return i < text_len(t) ? (uint8_t)t[i] : ' ';
}

void savemk_save_header(uint8_t *sec, const uint8_t id[SAVEREC_ID_BYTES])
{
	static const char magic[8] = { 'S', 'H', 'R', 'D', 'S', 'A', 'V', 'E' };

	for (int i = 0; i < 8; i++)
		sec[i] = (uint8_t)magic[i];
	put32(sec + 8, SAVEREC_VERSION);
	for (int i = 0; i < SAVEREC_ID_BYTES; i++)
		sec[12 + i] = id[i];
	put32(sec + 20, SAVEMK_SLOTS);
	put32(sec + 24, SAVEMK_SLOT_SECTORS);
	put32(sec + 28, 1);
	put32(sec + 32, 0);
	put32(sec + 36, save_crc32(0, sec, 36));
}

bool savemk_cfg_names_us(SaveIo *io, const SaveExtent *x, const char *image_id, uint8_t *sec)
{
	static const char key[] = "imageid=";
	char want[sizeof key - 1 + 2 * SAVEREC_ID_BYTES];
	uint8_t win[sizeof want + SAVE_SECTOR];
	size_t n = sizeof want, have = 0;

	for (size_t i = 0; i < n; i++)
		want[i] = i < sizeof key - 1 ? key[i] : image_id[i - (sizeof key - 1)];
	for (uint32_t k = 0; k < x->sectors; k++) {
		uint32_t bytes = x->bytes - k * SAVE_SECTOR < SAVE_SECTOR ? x->bytes - k * SAVE_SECTOR : SAVE_SECTOR;

		if (!read_fn(io, x->lba + k, sec))
			return false;
		for (uint32_t i = 0; i < bytes; i++)
			win[have++] = sec[i];
		for (size_t i = 0; i + n <= have; i++) {
			size_t j = 0;

			while (j < n && win[i + j] == (uint8_t)want[j])
				j++;
			if (j == n)
				return true;
		}
		if (have >= n - 1) {            /* the last n-1 bytes carried into the next sector's window */
			for (size_t i = 0; i < n - 1; i++)
				win[i] = win[have - (n - 1) + i];
			have = n - 1;
		}
	}
	return false;
}
