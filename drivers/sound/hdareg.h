/* hdareg.h: Intel High Definition Audio — the controller's registers, stream descriptor, and the codec verbs and parameters we use. */
#ifndef DRIVERS_HDAREG_H
#define DRIVERS_HDAREG_H

/* Controller registers (offsets from BAR0). */
#define HDA_GCAP        0x00            /* 16: global capabilities */
#define HDA_GCAP_OSS(g) (((g) >> 12) & 0xF)     /* output streams */
#define HDA_GCAP_ISS(g) (((g) >> 8) & 0xF)      /* input streams */
#define HDA_VMIN        0x02            /* 8 */
#define HDA_VMAJ        0x03            /* 8 */
#define HDA_GCTL        0x08            /* 32: global control */
#define HDA_GCTL_CRST   0x00000001u     /* controller out of reset */
#define HDA_WAKEEN      0x0C            /* 16 */
#define HDA_STATESTS    0x0E            /* 16: codecs that asked for attention after the reset (RW1C) */
#define HDA_INTCTL      0x20            /* 32: interrupt control (we poll: 0) */
#define HDA_CORBLBASE   0x40            /* 32 */
#define HDA_CORBUBASE   0x44            /* 32 */
#define HDA_CORBWP      0x48            /* 16: write pointer */
#define HDA_CORBRP      0x4A            /* 16: read pointer */
#define HDA_CORBRP_RST  0x8000
#define HDA_CORBCTL     0x4C            /* 8 */
#define HDA_CORBCTL_RUN 0x02            /* CORB DMA engine on */
#define HDA_CORBSIZE    0x4E            /* 8: bits 1:0 size, 6:4 sizes supported */
#define HDA_RIRBLBASE   0x50            /* 32 */
#define HDA_RIRBUBASE   0x54            /* 32 */
#define HDA_RIRBWP      0x58            /* 16: write pointer */
#define HDA_RIRBWP_RST  0x8000
#define HDA_RINTCNT     0x5A            /* 16: responses per interrupt */
#define HDA_RIRBCTL     0x5C            /* 8 */
#define HDA_RIRBCTL_RUN 0x02            /* RIRB DMA engine on */
/*
 * Response interrupt flag on (RIRBSTS; the CPU is not interrupted: INTCTL
 * is 0). NOTE: QEMU stops taking commands once RINTCNT responses came
 * until software clears that flag, and it sets the flag only with this bit.
 */
#define HDA_RIRBCTL_RINTCTL 0x01
#define HDA_RIRBSTS     0x5D            /* 8 (RW1C) */
#define HDA_RIRBSIZE    0x5E            /* 8: as CORBSIZE */
#define HDA_RINGSIZE_2   0x00
#define HDA_RINGSIZE_16  0x01
#define HDA_RINGSIZE_256 0x02
#define HDA_RINGCAP_16   0x20
#define HDA_RINGCAP_256  0x40
#define HDA_ICOI        0x60            /* 32: immediate command out */
#define HDA_ICII        0x64            /* 32: immediate response in */
#define HDA_ICIS        0x68            /* 16: immediate command status */
#define HDA_ICIS_ICB    0x0001          /* busy: a command is on its way */
#define HDA_ICIS_IRV    0x0002          /* a response is valid (RW1C) */
#define HDA_RIRB_EX_UNSOL 0x00000010u   /* response's extended word: unsolicited */

/* Stream descriptors: input streams first, then output (GCAP), 0x20 bytes each. */
#define HDA_SD_BASE     0x80
#define HDA_SD_SIZE     0x20
#define HDA_SD_CTL      0x00            /* 24 (+ STS at 0x03): bit 0 reset, bit 1 run, 23:20 stream tag */
#define HDA_SD_CTL_SRST 0x00000001u
#define HDA_SD_CTL_RUN  0x00000002u
#define HDA_SD_CTL_TAG(t) ((uint32_t)(t) << 20)
#define HDA_SD_STS      0x03            /* 8 (RW1C) */
#define HDA_SD_LPIB     0x04            /* 32: link position in the buffer, in bytes */
#define HDA_SD_CBL      0x08            /* 32: cyclic buffer length, bytes */
#define HDA_SD_LVI      0x0C            /* 16: last valid buffer-descriptor index */
#define HDA_SD_FMT      0x12            /* 16: stream format */
#define HDA_SD_BDPL     0x18            /* 32: buffer descriptor list, low */
#define HDA_SD_BDPU     0x1C            /* 32 */

/* Stream format: 48 kHz base, no multiplier or divisor, 16 bits, 2 channels. */
#define HDA_FMT_48K_16_STEREO 0x0011

/* A buffer descriptor list entry: 16 bytes, the list 128-byte aligned. */
typedef struct HdaBdlEntry {
	uint32_t addr_lo, addr_hi;
	uint32_t length;                /* bytes */
	uint32_t flags;                 /* bit 0: interrupt on completion */
} HdaBdlEntry;

/* A command: codec address 31:28, node 27:20, then a 12-bit verb and 8-bit payload, or a 4-bit verb and 16-bit payload. */
#define HDA_CMD(cad, nid, verb) (((uint32_t)(cad) << 28) | ((uint32_t)(nid) << 20) | (verb))
#define HDA_V12(v, p)   (((uint32_t)(v) << 8) | (uint8_t)(p))
#define HDA_V4(v, p)    (((uint32_t)(v) << 16) | (uint16_t)(p))

/* Verbs. */
#define HDA_GET_PARAM        0xF00
#define HDA_GET_CONN_LIST    0xF02
#define HDA_SET_CONN_SELECT  0x701
#define HDA_SET_POWER_STATE  0x705      /* payload 0: D0 */
#define HDA_SET_STREAM       0x706      /* stream 7:4, channel 3:0 */
#define HDA_SET_PIN_CTL      0x707
#define HDA_PIN_CTL_OUT      0x40
#define HDA_PIN_CTL_HP       0x80
#define HDA_SET_EAPD         0x70C
#define HDA_EAPD_ON          0x02
#define HDA_GET_CONFIG       0xF1C      /* the pin's configuration default, 32 bits */
#define HDA_SET_FORMAT       0x2        /* 4-bit verb: the converter's stream format */
#define HDA_SET_AMP          0x3        /* 4-bit verb: amplifier gain and mute */
#define HDA_AMP_OUT          0x8000
#define HDA_AMP_IN           0x4000
#define HDA_AMP_LEFT         0x2000
#define HDA_AMP_RIGHT        0x1000
#define HDA_AMP_INDEX(i)     ((uint32_t)(i) << 8)

/* Parameters (GET_PARAM's payload). */
#define HDA_PAR_VENDOR       0x00       /* vendor 31:16, device 15:0 */
#define HDA_PAR_NODES        0x04       /* first node 23:16, count 7:0 */
#define HDA_PAR_FG_TYPE      0x05       /* 7:0: 1 = audio function group */
#define HDA_FG_AUDIO         0x01
#define HDA_PAR_WIDGET_CAPS  0x09
#define HDA_WCAP_TYPE(c)     (((c) >> 20) & 0xF)
#define HDA_WCAP_IN_AMP      (1u << 1)
#define HDA_WCAP_OUT_AMP     (1u << 2)
#define HDA_WCAP_AMP_OVERRIDE (1u << 3)
#define HDA_WCAP_CONN_LIST   (1u << 8)
#define HDA_WCAP_DIGITAL     (1u << 9)
#define HDA_WCAP_POWER       (1u << 10)
#define HDA_PAR_PIN_CAPS     0x0C
#define HDA_PINCAP_HP_DRIVE  (1u << 3)
#define HDA_PINCAP_OUT       (1u << 4)
#define HDA_PINCAP_HDMI      (1u << 7)
#define HDA_PINCAP_EAPD      (1u << 16)
#define HDA_PINCAP_DP        (1u << 24)
#define HDA_PAR_IN_AMP_CAPS  0x0D
#define HDA_PAR_CONN_LEN     0x0E       /* 6:0 entries, bit 7 long form */
#define HDA_PAR_OUT_AMP_CAPS 0x12
#define HDA_AMPCAP_OFFSET(c) ((c) & 0x7F)       /* the step that is 0 dB */

/* Widget types (HDA_WCAP_TYPE). */
#define HDA_WT_DAC      0x0
#define HDA_WT_ADC      0x1
#define HDA_WT_MIXER    0x2
#define HDA_WT_SELECTOR 0x3
#define HDA_WT_PIN      0x4

/* Pin configuration default: connectivity 31:30, device 23:20. */
#define HDA_CFG_PORT(c)      ((c) >> 30)
#define HDA_CFG_PORT_NONE    0x1
#define HDA_CFG_DEVICE(c)    (((c) >> 20) & 0xF)
#define HDA_DEV_LINE_OUT     0x0
#define HDA_DEV_SPEAKER      0x1
#define HDA_DEV_HP_OUT       0x2

#endif
