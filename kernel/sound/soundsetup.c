/* soundsetup.c: the sound devices at boot — the AdLib probed before the title, the PCM device (HDA, AC'97) behind it. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "cmdline.h"
#include "kfmt.h"
#include "klog.h"
#include "music.h"
#include "pcm.h"
#include "soundsetup.h"
#include "speaker.h"
#include "sysinfo.h"

/* The AdLib: found or not, said on COM1; without one the music starts on the speaker (music.c). */
AdlibProbe sound_init(const BootOptions *opts, uint8_t *status)
{
	uint8_t idle, timer;
	AdlibProbe p = adlib_detect(&idle, &timer);

	*status = p == ADLIB_FOUND || p == ADLIB_NO_TIMER ? timer : idle;
	if (p == ADLIB_FOUND)
		klog("adlib: OPL2 found at 0x388 (status %02x then %02x)\n", idle, timer);
	else
		klog("adlib: no OPL2 at 0x388 (status %02x then %02x)\n", idle, timer);
	if (p == ADLIB_FOUND && opts->sound != SOUND_AUTO && opts->sound != SOUND_ADLIB)
		klog("adlib: not used (sound=%s)\n", sound_choice_name(opts->sound));
	if (opts->sound == SOUND_OFF)
		spk_mute(true);         /* from the first frame: the title's music would start on it */
	music_init(p == ADLIB_FOUND && (opts->sound == SOUND_AUTO || opts->sound == SOUND_ADLIB),
	    opts->sound != SOUND_OFF);      /* no AdLib: the lead on the speaker until a PCM device takes over */
	return p;
}

/*
 * The PCM device (sound=auto: Intel HDA, else AC'97; sound=hda, sound=ac97)
 * after the PCI scan, and which device plays what: on COM1 (`sound: ...`),
 * and in System info when it is not the plain speaker-and-AdLib of before
 * (the Sound line says that). Effects always step on the speaker's
 * sequencer (sound=off mutes the speaker). A step a call (the main loop's
 * bring-up): false while the PCM device is still starting (pcm_init_step),
 * true once all of this is done.
 */
bool sound_start_step(const BootOptions *opts, SysInfo *sysinfo, bool adlib)
{
	char what[128], fact[SYSINFO_VALUE_SIZE], synth[48];
	bool pcm = false, tries = opts->sound == SOUND_AUTO || opts->sound == SOUND_HDA || opts->sound == SOUND_AC97;
	StepResult r = tries ? pcm_init_step(opts->sound != SOUND_AC97, opts->sound != SOUND_HDA, what, sizeof what) :
	    STEP_FAILED;

	if (r == STEP_MORE)
		return false;
	pcm = r == STEP_DONE;
	adlib = adlib && (opts->sound == SOUND_AUTO || opts->sound == SOUND_ADLIB);
	if (pcm && !adlib && opts->sound != SOUND_OFF)
		music_use_synth(pcm_rate(), opts->musiccrc);    /* no AdLib: the songs on our OPL2 synthesizer */
	if (pcm)
		klog("sound: %s\n", what);
	else if (tries)
		klog("sound: no PCM device playing: effects on the PC speaker only\n");
	kfmt_snprintf(synth, sizeof synth, "the OPL2 synthesizer (%s)", pcm_device_name(true));
	klog("sound: sound=%s: effects on %s%s, music on %s\n", sound_choice_name(opts->sound),
	    opts->sound == SOUND_OFF ? "nothing" : pcm ? "the speaker and " : "the speaker", pcm ? pcm_device_name(true) : "",
	    adlib ? "the AdLib" : music_on_synth() ? synth : music_on_speaker() ? "the PC speaker (the lead voice)" :
	    "nothing (no AdLib, no PCM device)");
	if (opts->sound == SOUND_OFF)
		kfmt_snprintf(fact, sizeof fact, "off (sound=off)");
	else
		kfmt_snprintf(fact, sizeof fact, "effects: speaker%s%s; music: %s%s%s", pcm ? " + " : "",
		    pcm ? pcm_device_name(false) : "", adlib ? "AdLib" : music_on_synth() ? "synthesizer (" :
		    music_on_speaker() ? "speaker" : "none",
		    !adlib && music_on_synth() ? pcm_device_name(false) : "", !adlib && music_on_synth() ? ")" : "");
	if ((pcm || opts->sound != SOUND_AUTO) && sysinfo_add(sysinfo, "Plays", fact))
		klog("sysinfo: Plays: %s\n", fact);
	pcm_fact(fact, sizeof fact);
	if (pcm && sysinfo_add(sysinfo, "PCM", fact))
		klog("sysinfo: PCM: %s\n", fact);
	return true;
}
