/* hda.h: Intel High Definition Audio — controller reset, codec commands, the widget walk to a DAC, one output stream. */
#ifndef DRIVERS_HDA_H
#define DRIVERS_HDA_H

#include <stdbool.h>
#include <stdint.h>

#define HDA_MAX_PATHS   4               /* analog output pins set up per codec */
#define HDA_MAX_DEPTH   6               /* nodes from a pin to its DAC, both counted */
#define HDA_STREAM_TAG  1               /* output stream 1 */
#define HDA_RATE        48000
#define HDA_RING_BYTES  65536           /* the cyclic buffer: 16384 stereo 16-bit frames, 341 ms */
#define HDA_RING_FRAMES (HDA_RING_BYTES / 4)

/* One codec command and its response; false if none came (bounded). */
typedef bool (*HdaVerbFn)(void *ctx, uint32_t cmd, uint32_t *resp);

/* An output pin and the DAC its path ends at. */
typedef struct HdaPath {
	uint8_t pin, dac;
	uint8_t device;                 /* HDA_DEV_LINE_OUT, _SPEAKER, _HP_OUT */
} HdaPath;

/*
 * A codec's walk as the hardware report keeps it (docs/hwinfo.md): every
 * get command sent (12-bit verbs Fxxh, 4-bit verbs Ah and Bh), once, in the
 * order first sent, and its answer. hdacodec.c keeps one a codec walked.
 */
#define HDA_LOG_CODECS  3               /* codecs whose walk is kept */
#define HDA_LOG_VERBS   512             /* commands kept a codec */
#define HDA_LOG_NONE    0x80000000u     /* in cmd: no answer came */

typedef struct HdaVerbLog {
	bool used;
	uint8_t cad;
	uint16_t count, dropped;
	uint32_t cmd[HDA_LOG_VERBS];    /* node 27:20, verb and payload 19:0; HDA_LOG_NONE if unanswered */
	uint32_t resp[HDA_LOG_VERBS];
} HdaVerbLog;

const HdaVerbLog *hdacodec_log(int i);  /* the i-th codec walked this boot, NULL past the last */

typedef struct HdaCodecOut {
	uint8_t cad;                    /* codec address on the link */
	uint16_t vendor, device;
	int paths;
	HdaPath path[HDA_MAX_PATHS];
} HdaCodecOut;

/*
 * Codec `cad`: power its audio function group up, walk each analog output
 * pin (line-out, speaker, headphone; not HDMI/DP) through mixers and
 * selectors to a DAC, unmute, enable, and point the DACs at `stream` in
 * `format`. False, logged, when the codec does not answer or has no such
 * path. hdacodec.c; verb() is the controller's (or a test's).
 */
bool hdacodec_setup(HdaVerbFn verb, void *ctx, uint8_t cad, uint8_t stream, uint16_t format, HdaCodecOut *out);
const char *hdacodec_device_name(uint8_t device);       /* "line-out", "speaker", "headphone" */

typedef void *(*HdaAlloc)(uint32_t bytes);      /* zeroed 4 KiB pages below 4 GiB, NULL if none */

/* One controller, as hda_start left it. */
typedef struct Hda {
	uintptr_t base;                 /* BAR0, mapped */
	volatile uint32_t *corb;
	volatile uint32_t *rirb;        /* pairs: response, extended */
	uint16_t corb_entries, rirb_entries, rirb_rp;
	bool immediate;                 /* commands through ICOI/ICII/ICIS (CORB/RIRB did not work) */
	uint16_t gcap, codec_mask;      /* GCAP; STATESTS after the reset */
	uintptr_t sd;                   /* the output stream descriptor */
	int16_t *ring;                  /* HDA_RING_FRAMES stereo frames the stream plays round and round */
	int codecs;                     /* codecs set up */
	HdaCodecOut codec;              /* the first of them: what System info names */
} Hda;

/*
 * Controller at `base` (mapped, memory and bus mastering on): reset, codec
 * commands, every codec with an analog output set up, output stream 1
 * running over a silent ring of HDA_RING_FRAMES at 48 kHz 16-bit stereo.
 * False, logged, if any of it fails: the game goes on with the speaker.
 */
bool hda_start(Hda *h, uintptr_t base, HdaAlloc alloc);
uint32_t hda_position(const Hda *h);    /* the frame the stream reads now (LPIB) */
void hda_stop(Hda *h);                  /* the stream stopped */
bool hda_verb(void *hda, uint32_t cmd, uint32_t *resp);        /* an HdaVerbFn: ctx is the Hda */

#endif
