/* tunes.h: which music the session wants now — the game names a tune, the kernel plays it (or not). */
#ifndef GAME_TUNES_H
#define GAME_TUNES_H

/*
 * The game's tunes (game/songs/<name>.txt). The game only names them: the
 * kernel maps each to its song and plays it from the timer tick, so music
 * never touches the game's state.
 */
typedef enum MusicId {
	MUS_NONE,
	MUS_TITLE,                      /* title.txt: the title and the menus */
	MUS_MEADOW,                     /* meadow.txt: e1l1, and any level not in the episode */
	MUS_MUDWORKS,                   /* mudworks.txt: e1l2 */
	MUS_FORTRESS,                   /* fortress.txt: e1l3 */
	MUS_BOSS,                       /* boss.txt: while a living boss is in view */
	MUS_COMPLETE,                   /* complete.txt: level complete, episode end (once) */
	MUS_GAME_OVER,                  /* gameover.txt: game over (once) */
	MUS_COUNT
} MusicId;

extern const char *const music_names[MUS_COUNT];        /* the song file stems, "" for MUS_NONE */

#endif
