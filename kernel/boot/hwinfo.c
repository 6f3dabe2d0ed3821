/* hwinfo.c: the hardware report gathered — CPU, firmware, SMBIOS, PCI, USB, disks, sound, clocks, the bring-up — and where it goes. */
#include <stdbool.h>
#include <stdint.h>

#include "acpiboot.h"
#include "blockdev.h"
#include "cpu.h"
#include "hda.h"
#include "hwinfo.h"
#include "hwreport.h"
#include "kfmt.h"
#include "klog.h"
#include "latebss.h"
#include "pci.h"
#include "pcm.h"
#include "save.h"
#include "serial.h"
#include "smbios.h"
#include "sysinfo.h"
#include "timer.h"
#include "title.h"
#include "usb.h"
#include "usbdevrec.h"

#define SAVE_FILE_SECTOR 512            /* read a sector at a time */
#define CAPTURE_BYTES   32768           /* the boot's log as the ring keeps it (KLOG_RING): [boot]'s rows come from it */
#define PIT_HZ          1193182u
#define PCI_BAR0        0x10
#define PCI_CLASS_REV   0x08
#define PCI_HEADER      0x0C            /* header type in bits 23:16 */
#define PCI_BUSES       0x18            /* bridge: primary, secondary, subordinate */
#define PCI_SUBSYS      0x2C
#define PCI_INTERRUPT   0x3C            /* line 7:0, pin 15:8 */

/* Pools of the late BSS: nothing touches them before kmain claims it. */
static char report[HWREPORT_MAX + 1] LATE_BSS;
static char captured[CAPTURE_BYTES] LATE_BSS;    /* the log ring's copy (klog_ring_copy), read for errors */
static HwPciFn pci[HWREPORT_MAX_PCI] LATE_BSS;
static char log_rows[HWREPORT_MAX_LOG][HWREPORT_LOG_LINE] LATE_BSS;

/* Every PCI function's configuration header, as the report lists it. */
static int read_pci(void)
{
	PciDev d[HWREPORT_MAX_PCI];
	int n = pci_list(d, HWREPORT_MAX_PCI);

	for (int i = 0; i < n; i++) {
		HwPciFn *f = &pci[i];
		uint32_t irq = pci_read32(&d[i], PCI_INTERRUPT), sub = pci_read32(&d[i], PCI_SUBSYS);
		uint32_t buses = pci_read32(&d[i], PCI_BUSES);

		*f = (HwPciFn){ .bus = d[i].bus, .dev = d[i].dev, .fn = d[i].fn, .vendor = d[i].vendor,
		    .device = d[i].device, .class_rev = pci_read32(&d[i], PCI_CLASS_REV),
		    .header = (uint8_t)((pci_read32(&d[i], PCI_HEADER) >> 16) & 0x7F), .irq = (uint8_t)irq,
		    .pin = (uint8_t)(irq >> 8) };
		if (f->header == 0)
			f->sub_vendor = (uint16_t)sub, f->sub_device = (uint16_t)(sub >> 16);
		if (f->header == 1)
			f->secondary = (uint8_t)(buses >> 8), f->subordinate = (uint8_t)(buses >> 16);
		for (int b = 0; b < 6 && f->header <= 1; b++)
			f->bar[b] = b < 2 || f->header == 0 ? pci_read32(&d[i], (uint8_t)(PCI_BAR0 + 4 * b)) : 0;
	}
	return n;
}

static const HwPciFn *pci_at(int n, const PciDev *d)
{
	for (int i = 0; i < n; i++)
		if (pci[i].bus == d->bus && pci[i].dev == d->dev && pci[i].fn == d->fn)
			return &pci[i];
	return NULL;
}

/* The log's lines that report a timeout or an error (hwreport_log_counts), copied. */
static int log_errors(const char **rows, int *dropped)
{
	int n = 0;
	const char *c = captured;

	captured[klog_ring_copy(captured, sizeof captured - 1, NULL)] = '\0';     /* the whole boot's log, from its first line */
	*dropped = 0;
	while (*c) {
		const char *e = c;
		int len;

		while (*e && *e != '\n')
			e++;
		len = (int)(e - c);
		while (len && (c[len - 1] == '\r' || c[len - 1] == ' '))
			len--;
		if (len && hwreport_log_counts(c, (uint32_t)len)) {
			if (n < HWREPORT_MAX_LOG) {
				int k;

				for (k = 0; k < len && k < HWREPORT_LOG_LINE - 1; k++)
					log_rows[n][k] = c[k] >= 0x20 && c[k] <= 0x7E ? c[k] : '?';
				log_rows[n][k] = '\0';
				rows[n] = log_rows[n];
				n++;
			} else {
				(*dropped)++;
			}
		}
		c = *e ? e + 1 : e;
	}
	return n;
}

/* The clocks the timer set-up looked for, and the one the tick runs on. */
static int clocks(HwClock *c, const AcpiInfo *a, const char **trusted)
{
	static const char *const names[] = { "pit", "lapic_by_acpi_pm", "lapic_by_hpet", "none" };
	TickClock t = timer_clock();
	int n = 0;

	*trusted = (unsigned)t < 4 ? names[t] : "none";
	c[n] = (HwClock){ .name = "pit", .present = t == TICK_PIT || timer_speaker_works() };
	kfmt_snprintf(c[n++].detail, sizeof c->detail, "rate_hz=%u", PIT_HZ);
	c[n] = (HwClock){ .name = "acpi_pm", .present = a && a->pm_port };
	if (c[n].present)
		kfmt_snprintf(c[n].detail, sizeof c->detail, "port=0x%04x bits=%d", (unsigned)a->pm_port,
		    a->pm_32bit ? 32 : 24);
	n++;
	c[n] = (HwClock){ .name = "hpet", .present = a && a->hpet_base };
	if (c[n].present)
		kfmt_snprintf(c[n].detail, sizeof c->detail, "addr=0x%08x", (unsigned)a->hpet_base);
	n++;
	c[n] = (HwClock){ .name = "lapic", .present = cpu_has(CPU_F_APIC) };
	if (c[n].present && a && a->lapic_base)
		kfmt_snprintf(c[n].detail, sizeof c->detail, "addr=0x%08x", (unsigned)a->lapic_base);
	n++;
	c[n++] = (HwClock){ .name = "tsc", .present = cpu_has(CPU_F_TSC) };
	return n;
}

/*
 * Everything gathered afresh (PCI read again, SMBIOS parsed, the USB
 * records as they are now) and formatted: the report, its length and hash.
 */
const char *hwinfo_build(const HwInfoSrc *src, uint32_t *len, uint32_t *hash)
{
	static SmbiosInfo smbios LATE_BSS;
	HwUsbHc hcs[HWREPORT_MAX_USBHC];
	const UsbRecord *usb[USBREC_MAX];
	const BlockDev *disks[BLOCKDEV_MAX];
	const HdaVerbLog *codecs[HDA_LOG_CODECS];
	const char *logs[HWREPORT_MAX_LOG];
	HwClock clk[HWREPORT_MAX_CLOCKS];
	PciDev snd;
	HwReport r = { .cpu = cpu_info(), .boot = src->boot, .acpi = src->acpi, .smbios = &smbios, .pci = pci,
	    .usbhc = hcs, .usb = usb, .disk = disks, .codec = codecs, .clock = clk, .log = logs,
	    .stage = src->stage, .stage_count = src->stage_count, .kernel = "shardfall " GAME_VERSION,
	    .cmdline = src->boot ? src->boot->cmdline : NULL };

	acpiboot_smbios(src->boot, &smbios);
	r.acpi_table = acpi_seen(&r.acpi_seen);
	r.firmware = sysinfo_find(src->sysinfo, "Firmware");
	r.secure_boot = sysinfo_find(src->sysinfo, "Sec. Boot");
	r.framebuffer = src->boot && (src->boot->fb_type == 0 || src->boot->fb_type == 1) &&
	    sysinfo_find(src->sysinfo, "Display") && sysinfo_find(src->sysinfo, "Display")[0] != 'V';
	r.pci_count = read_pci();
	r.usbhc_count = usb_controllers(hcs, HWREPORT_MAX_USBHC);
	for (int i = 0; i < USBREC_MAX; i++)
		if (usbdev_record(i))
			usb[r.usb_count++] = usbdev_record(i);
	for (int i = 0; i < blockdev_count() && r.disk_count < BLOCKDEV_MAX; i++)
		if (blockdev_at(i))
			disks[r.disk_count++] = blockdev_at(i);
	if ((r.hda = pcm_hda(&snd)) != NULL)
		r.hda_pci = pci_at(r.pci_count, &snd);
	if ((r.ac97 = pcm_ac97(&snd)) != NULL)
		r.ac97_pci = pci_at(r.pci_count, &snd);
	for (int i = 0; i < HDA_LOG_CODECS; i++)
		if (hdacodec_log(i))
			codecs[r.codec_count++] = hdacodec_log(i);
	r.clock_count = clocks(clk, src->acpi, &r.clock_trusted);
	r.log_count = log_errors(logs, &r.log_dropped);
	*len = hwreport_write(&r, report, sizeof report);
	if (!hwreport_hash_of(report, *len, hash))
		*hash = 0;
	return report;
}

void hwinfo_com1(const char *text)
{
	klog("hwinfo: begin\n");
	serial_write(text);
	klog("hwinfo: end\n");
}

/* Why the file cannot be written: saves off (their reason), or an older stick without it. */
static void why_not(char *why, size_t size)
{
	SaveStatus st;

	if (!save_status(&st))
		kfmt_snprintf(why, size, "saves are off: %s", st.why);
	else
		kfmt_snprintf(why, size, "no HWINFO.TXT on this stick");
}

/*
 * Where the text now in HWINFO.TXT ends, to the sector: the first sector
 * of nothing but spaces (the file's last byte, its '\n', counts as one).
 */
static uint32_t old_text_end(uint32_t size)
{
	char sec[SAVE_FILE_SECTOR];

	for (uint32_t at = 0; at < size; at += SAVE_FILE_SECTOR) {
		uint32_t n = size - at < SAVE_FILE_SECTOR ? size - at : SAVE_FILE_SECTOR;
		bool blank = true;

		if (!save_file_read("HWINFO.TXT", at, sec, n))
			return size;            /* unknown: all of it is rewritten */
		for (uint32_t i = 0; i < n && blank; i++)
			blank = sec[i] == ' ' || (at + i == size - 1 && sec[i] == '\n');
		if (blank)
			return at;
	}
	return size;
}

/*
 * Only the sectors that hold text change: the report, then spaces up to
 * where the old text ended (the rest of the file is spaces and its final
 * newline already, as every text file of the save area). 64 KiB sector by
 * sector cost 2 s on a slow stick; a report is a few sectors.
 */
bool hwinfo_save(uint32_t len, uint32_t hash, bool force, char *why, size_t size)
{
	char head[sizeof HWREPORT_FIRST_LINE + 8];
	uint32_t file = save_file_size("HWINFO.TXT"), had, span;
	bool ok;

	why[0] = '\0';
	if (!file) {
		why_not(why, size);
		klog("hwinfo: HWINFO.TXT not written: %s\n", why);
		return false;
	}
	if (!force && save_file_read("HWINFO.TXT", 0, head, sizeof head) &&
	    hwreport_hash_of(head, sizeof head, &had) && had == hash) {
		klog("hwinfo: HWINFO.TXT unchanged hash=%08x\n", (unsigned)hash);
		return true;
	}
	if (len > file)
		len = file;             /* not reached: the report is at most 64 KiB, the file 64 KiB */
	span = old_text_end(file);
	span = span > len ? span : len;
	if (span > file)
		span = file;
	for (uint32_t i = len; i < span; i++)
		report[i] = i == file - 1 ? '\n' : ' ';
	ok = save_file_write("HWINFO.TXT", 0, report, span);
	report[len] = '\0';
	if (!ok) {
		why_not(why, size);
		if (save_file_size("HWINFO.TXT"))
			kfmt_snprintf(why, size, "the write failed");
		klog("hwinfo: HWINFO.TXT not written: %s\n", why);
		return false;
	}
	klog("hwinfo: wrote HWINFO.TXT hash=%08x bytes=%u%s\n", (unsigned)hash, (unsigned)len,
	    force ? " (System info)" : "");
	return true;
}
