/* interstitials.c: the still screens between levels — level done, game over, episode end — the red error screen and the halt. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "screens_int.h"
#include "session.h"
#include "world.h"

void screens_level_done(const Session *s, Frame *f)
{
	char line[40];
	bool last = !s->single && s->level + 1 >= episode_level_count;

	scr_backdrop(f, true);
	scr_label_number(line, sizeof line, "LEVEL ", (uint32_t)s->level + 1, scr_digits((uint32_t)s->level + 1));
	scr_heading(f, 16, s->bonus ? "BONUS" : line, 14, 6, 3);
	scr_heading(f, 48, "COMPLETE", 15, 8, 2);
	scr_centered(f, 76, s->level_title, 7);
	scr_label_number(line, sizeof line, "Score  ", s->stats.score, 7);
	scr_centered(f, 96, line, 15);
	scr_label_number(line, sizeof line, "Lives ", s->stats.lives, 1);
	scr_label_number(line + scr_text_len(line), (int)sizeof line - scr_text_len(line), "   Bombs ", s->stats.bombs, 2);
	scr_centered(f, 110, line, 15);
	if (s->single)
		scr_centered(f, 126, "Back to the title next.", 11);
	else if (!s->bonus && s->world.bonus_exit && s->level == episode_bonus_from)
		scr_centered(f, 126, "A secret way: the bonus level!", 11);
	else if (last)
		scr_centered(f, 126, "That was the last level!", 11);
	else {
		scr_label_number(line, sizeof line, "Get ready for level ", (uint32_t)s->level + 2,
		    scr_digits((uint32_t)s->level + 2));
		scr_centered(f, 126, line, 11);
	}
	scr_centered(f, 140, "Press a key", 7);
	scr_image_at(f, 136, FLOOR_Y - 1, IMG_EXIT1);
	scr_image_at(f, 160, FLOOR_Y - 1, IMG_PLAYER_R0);
}

void screens_game_over(const Session *s, Frame *f)
{
	char line[40];

	scr_backdrop(f, true);
	scr_heading(f, 48, "GAME OVER", 12, 4, 3);
	scr_label_number(line, sizeof line, "Final score ", s->stats.score, 7);
	scr_centered(f, 100, line, 15);
	scr_centered(f, 140, "Press a key", 7);
	scr_image_at(f, 152, FLOOR_Y - 1, IMG_CRITTER0);
}

void screens_episode_end(const Session *s, Frame *f)
{
	static const int prizes[] = { IMG_GOURD, IMG_TOMATO, IMG_EMERALD, IMG_DIAMOND, IMG_HAMBURGER };
	char line[40];
	uint32_t secs = s->stats.frames * WORLD_PIT_TICKS_PER_FRAME / 140;      /* world frames at 140 Hz PIT */

	scr_backdrop(f, true);
	scr_logo(f, 6);
	scr_heading(f, 42, "WELL DONE!", 14, 6, 3);
	scr_centered(f, 72, "You have finished the episode.", 15);
	scr_label_number(line, sizeof line, "Final score ", s->stats.score, 7);
	scr_centered(f, 88, line, 14);
	scr_label_number(line, sizeof line, "Prizes ", s->stats.prizes, scr_digits(s->stats.prizes));
	scr_label_number(line + scr_text_len(line), (int)sizeof line - scr_text_len(line), "   Secrets ", s->stats.secrets,
	    scr_digits(s->stats.secrets));
	scr_centered(f, 100, line, 15);
	scr_label_number(line, sizeof line, "Time ", secs / 60, scr_digits(secs / 60));
	scr_label_number(line + scr_text_len(line), (int)sizeof line - scr_text_len(line), ":", secs % 60, 2);
	scr_label_number(line + scr_text_len(line), (int)sizeof line - scr_text_len(line), "   Lives left ", s->stats.lives, 1);
	scr_centered(f, 112, line, 15);
	scr_centered(f, 130, "Thank you for playing Shardfall!", 11);
	scr_centered(f, 146, "Press a key", 7);
	for (unsigned i = 0; i < sizeof prizes / sizeof prizes[0]; i++)
		scr_image_at(f, 104 + (int)i * 24, FLOOR_Y - 1, prizes[i]);
}

/*
 * Red screen: what went wrong, the detail wrapped at 38 characters (at a
 * space when there is one, and at each '\n'), how to go on.
 */
void screens_error(const Session *s, Frame *f)
{
	const char *d = s->error_detail;

	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 4);
	frame_text(f, 8, 8, s->error_what, 15);
	for (int i = 0, y = 24; d[i] && y < 170; y += 10) {
		char line[40];
		int n = 0, cut = 0, skip = 0;

		while (d[i + n] && d[i + n] != '\n' && n < 38)
			n++;
		if (d[i + n] == '\n')
			skip = 1;               /* the line ends here; the '\n' is not drawn */
		else if (d[i + n])              /* more to come: break after the last space, if any */
			for (int k = n; k > 0 && !cut; k--)
				if (d[i + k - 1] == ' ')
					cut = k;
		if (cut)
			n = cut;
		for (int k = 0; k < n; k++)
			line[k] = d[i + k];
		line[n] = '\0';
		i += n + skip;
		frame_text(f, 8, y, line, 14);
	}
	frame_text(f, 8, 184, "Press Enter to go back.", 15);
}

void screens_halted(Frame *f)
{
	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	scr_centered(f, 80, "Thank you for playing Shardfall.", 7);
	scr_centered(f, 104, "You may now turn off your PC.", 6);
	scr_centered(f, 120, "(or press Ctrl+Alt+Del to restart)", 8);
}
