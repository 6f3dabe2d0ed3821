/* ac97reg.h: Intel ICH-style AC'97 — the codec's mixer registers (NAMBAR) and the bus master's (NABMBAR). */
#ifndef DRIVERS_AC97REG_H
#define DRIVERS_AC97REG_H

/* Native audio mixer (BAR0, I/O): the codec's registers, 16-bit. */
#define AC97_NAM_RESET          0x00    /* any write resets the codec's registers */
#define AC97_NAM_MASTER         0x02    /* master volume: bit 15 mute, 0x0000 = 0 dB */
#define AC97_NAM_PCM_OUT        0x18    /* PCM out volume: bit 15 mute, 0x0808 = 0 dB */
#define AC97_NAM_POWERDOWN      0x26    /* low bits: ADC, DAC, analog, Vref ready */
#define AC97_NAM_EXT_ID         0x28    /* extended audio ID: bit 0 variable-rate audio */
#define AC97_NAM_EXT_CTRL       0x2A    /* extended audio status/control: bit 0 VRA on */
#define AC97_NAM_FRONT_RATE     0x2C    /* PCM front DAC rate, Hz */
#define AC97_NAM_VENDOR1        0x7C
#define AC97_NAM_VENDOR2        0x7E

#define AC97_VOL_0DB            0x0000u
#define AC97_PCM_0DB            0x0808u
#define AC97_EXT_VRA            0x0001u
#define AC97_PD_DAC_READY       0x0002u

/* Native audio bus master (BAR1, I/O): the PCM out box and the global registers. */
#define AC97_PO_BDBAR           0x10    /* 32-bit: the buffer descriptor list's physical address */
#define AC97_PO_CIV             0x14    /* 8-bit: current index */
#define AC97_PO_LVI             0x15    /* 8-bit: last valid index */
#define AC97_PO_SR              0x16    /* 16-bit: status (write 1 to clear) */
#define AC97_PO_PICB            0x18    /* 16-bit: samples left in the current buffer */
#define AC97_PO_PIV             0x1A    /* 8-bit: prefetched index */
#define AC97_PO_CR              0x1B    /* 8-bit: control */
#define AC97_GLOB_CNT           0x2C    /* 32-bit: global control */
#define AC97_GLOB_STA           0x30    /* 32-bit: global status */

#define AC97_CR_RPBM            0x01u   /* run */
#define AC97_CR_RR              0x02u   /* reset the box's registers (self-clearing) */
#define AC97_SR_DCH             0x0001u /* DMA halted */
#define AC97_SR_CELV            0x0002u /* the current entry is the last valid one */
#define AC97_SR_LVBCI           0x0004u
#define AC97_SR_BCIS            0x0008u
#define AC97_SR_FIFOE           0x0010u
#define AC97_SR_CLEAR           (AC97_SR_LVBCI | AC97_SR_BCIS | AC97_SR_FIFOE)
#define AC97_GC_COLD            0x00000002u     /* 0: cold reset asserted; 1: released */
#define AC97_GS_PCR             0x00000100u     /* primary codec ready */

#define AC97_BD_IOC             0x8000u /* status bit (BCIS) when the entry is done (no interrupt: IOCE off) */
#define AC97_BD_BUP             0x4000u /* past the last valid entry: zeros, not the last sample */
#define AC97_BD_MAX             32

struct Ac97Bd {                        /* one entry of the list (Ac97Bd: ac97.h) */
	uint32_t addr;                  /* physical */
	uint16_t samples;               /* 16-bit samples (both channels counted) */
	uint16_t flags;                 /* AC97_BD_IOC, AC97_BD_BUP */
};

#endif
