/* hwreport.h: HWINFO.TXT's text (docs/hwinfo.md) from the facts the kernel gathered — pure formatting, host-tested and fuzzed. */
#ifndef KERNEL_HWREPORT_H
#define KERNEL_HWREPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "ac97.h"
#include "acpi.h"
#include "blockdev.h"
#include "cpu.h"
#include "fb.h"
#include "hda.h"
#include "multiboot.h"
#include "smbios.h"
#include "usbdevrec.h"

#define HWREPORT_FORMAT         1
#define HWREPORT_MAX            65536u  /* the whole report, end line included */
#define HWREPORT_HW_MAX         57344u  /* the hardware sections' share */
#define HWREPORT_END_ROOM       64u     /* kept for the end line */
#define HWREPORT_LINE           1024    /* the longest line: a 255-byte descriptor in hex */
#define HWREPORT_FIRST_LINE     "HWINFO format=1 hash="
#define HWREPORT_MAX_PCI        128     /* PCI functions listed */
#define HWREPORT_MAX_USBHC      16
#define HWREPORT_MAX_STAGES     8
#define HWREPORT_MAX_LOG        64      /* error and timeout lines */
#define HWREPORT_LOG_LINE       120
#define HWREPORT_MAX_CLOCKS     6

/* The report as it is written: lines into buf within the bound, the hash of the hardware part. */
typedef struct HwOut {
	char *buf;
	uint32_t cap;                   /* HWREPORT_MAX + 1 (the NUL) */
	uint32_t len, limit;            /* bytes written; where this part must stop */
	uint32_t lines, dropped;
	bool stopped;                   /* a line of this part was left out: so is every later one */
	bool booted;                    /* the [boot] part began: the hash is in */
} HwOut;

/* One PCI function as read from its configuration space. */
typedef struct HwPciFn {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	uint32_t class_rev;             /* register 08h: class, subclass, prog-if, revision */
	uint8_t header;                 /* header type, multi-function bit cleared */
	uint16_t sub_vendor, sub_device;
	uint8_t irq, pin;
	uint8_t secondary, subordinate; /* header type 1 */
	uint32_t bar[6];
} HwPciFn;

typedef struct HwUsbHc {
	const void *hc;                 /* the UsbHc its records name */
	char name[8];                   /* "xhci0" */
	const char *kind;               /* "xHCI" */
	uint8_t bus, dev, fn;
	bool running;
} HwUsbHc;

typedef struct HwClock {
	const char *name;               /* "pit", "acpi_pm", "hpet", "lapic", "tsc" */
	bool present;
	char detail[48];                /* "port=0x0608 bits=24": key=value tokens, or "" */
} HwClock;

typedef struct HwStage {
	const char *name;
	uint32_t ms, longest_ms;
} HwStage;

/* What the report says: every pointer may be NULL (then its section says so or is left out). */
typedef struct HwReport {
	const CpuInfo *cpu;
	const char *firmware, *secure_boot;    /* System info's Firmware and Sec. Boot values */
	const BootInfo *boot;
	const SmbiosInfo *smbios;
	const AcpiInfo *acpi;
	int acpi_seen;                  /* the RSDT/XSDT's tables, as acpi_seen gives them */
	const AcpiTableSeen *acpi_table;
	int pci_count;
	const HwPciFn *pci;
	int usbhc_count;
	const HwUsbHc *usbhc;
	int usb_count;
	const UsbRecord *const *usb;   /* the records, any order (sorted when written) */
	int disk_count;
	const BlockDev *const *disk;
	const HwPciFn *hda_pci;         /* the HDA controller in use, NULL if none */
	const Hda *hda;
	int codec_count;
	const HdaVerbLog *const *codec;
	const HwPciFn *ac97_pci;        /* the AC'97 controller in use, NULL if none */
	const Ac97 *ac97;
	bool framebuffer;               /* else VGA mode 0Dh */
	const char *clock_trusted;
	int clock_count;
	const HwClock *clock;
	/* [boot] */
	const char *kernel, *cmdline;
	int stage_count;
	const HwStage *stage;
	int log_count, log_dropped;
	const char *const *log;
} HwReport;

/* The writer: begin, lines, the [boot] part, end (len returned; buf NUL-terminated). */
void hwout_begin(HwOut *o, char *buf, uint32_t cap);
void hwout_line(HwOut *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hwout_fact(HwOut *o, const char *key, const char *value);  /* value made printable, cut at 64 */
void hwout_hex(HwOut *o, const char *head, const uint8_t *b, uint32_t n);      /* "head 0a 1b ..." */
void hwout_boot(HwOut *o);              /* the hardware part ends: its hash into the first line */
uint32_t hwout_end(HwOut *o);
uint32_t hwreport_hash(const char *text, uint32_t len);         /* FNV-1a 32 */
bool hwreport_hash_of(const char *text, uint32_t len, uint32_t *hash); /* a report's first line's hash */

bool hwreport_log_counts(const char *line, uint32_t len);       /* a log line that says a timeout or error */

/* The whole report into buf (cap >= HWREPORT_MAX + 1): its length. */
uint32_t hwreport_write(const HwReport *r, char *buf, uint32_t cap);

/* hwrepdev.c: the device sections. */
void hwreport_pci(HwOut *o, const HwReport *r);
void hwreport_usb(HwOut *o, const HwReport *r);
void hwreport_disks(HwOut *o, const HwReport *r);
void hwreport_sound(HwOut *o, const HwReport *r);
const char *hwreport_pci_addr(const HwPciFn *f, char out[8]);  /* "00:1f.3" */

#endif
