/* test_hwreport.c: HWINFO.TXT's text (kernel/report/hwreport.c, hwrepdev.c, hwrepsnd.c; docs/hwinfo.md) — exact lines for known facts, the hash, the 64 KiB bound, the log filter. */
#include "testmain.h"

#include "hwreport.h"

static char buf[HWREPORT_MAX + 1];

/* FNV-1a 32 as docs/hwinfo.md gives it, written out here to check the kernel's. */
static uint32_t fnv(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

/* The hash the first line states equals the FNV-1a of line 2 up to the [boot] line. */
static void assert_hash_right(const char *text)
{
	const char *start = strchr(text, '\n') + 1, *stop = strstr(text, "\n[boot]\n");
	uint32_t h;

	assert_non_null(stop);
	assert_true(hwreport_hash_of(text, (uint32_t)strlen(text), &h));
	assert_int_equal(h, fnv(start, (size_t)(stop + 1 - start)));
}

static const UsbRecord *kbd_record(UsbRecord *u, const void *hc)
{
	static const uint8_t dev[18] = { 0x12, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x40, 0x27, 0x06, 0x01, 0x00,
	    0x00, 0x00, 0x01, 0x04, 0x0B, 0x01 };
	static const uint8_t cfg[34] = { 0x09, 0x02, 0x22, 0x00, 0x01, 0x01, 0x08, 0xA0, 0x32,
	    0x09, 0x04, 0x00, 0x00, 0x01, 0x03, 0x01, 0x01, 0x00,
	    0x09, 0x21, 0x11, 0x01, 0x00, 0x01, 0x22, 0x05, 0x00,
	    0x07, 0x05, 0x81, 0x03, 0x08, 0x00, 0x07 };
	static const uint8_t rep[5] = { 0x05, 0x01, 0x09, 0x06, 0xC0 };

	memset(u, 0, sizeof *u);
	*u = (UsbRecord){ .used = true, .hc = hc, .port = 5, .speed = 3, .driver = "keyboard", .device_len = 18,
	    .config_len = 34, .hids = 1, .reports_used = 5 };
	u->hid[0] = (UsbRecHid){ .iface = 0, .offset = 0, .len = 5 };
	memcpy(u->device, dev, sizeof dev);
	memcpy(u->config, cfg, sizeof cfg);
	memcpy(u->reports, rep, sizeof rep);
	return u;
}

/* Known facts give exactly these lines (the [cpu] to [boot] of docs/hwinfo.md, one of each kind). */
static void known_facts_give_exact_lines(void **state)
{
	static UsbRecord kbd, stick;
	static const char hcname[] = "hc";
	CpuInfo cpu = { .klass = 4, .has_cpuid = true, .vendor = "GenuineIntel", .max_leaf = 4,
	    .signature = 0x663, .edx1 = 0x11, .ecx1 = 0x80000001u, .brand = "  QEMU CPU" };
	static BootInfo boot;
	HwPciFn pci = { .bus = 0, .dev = 3, .fn = 0, .vendor = 0x1B36, .device = 0x000D, .class_rev = 0x0C033001,
	    .sub_vendor = 0x1AF4, .sub_device = 0x1100, .irq = 11, .pin = 1, .bar = { 0xFEBF0004u, 0 } };
	HwUsbHc hc = { .hc = hcname, .name = "xhci0", .kind = "xHCI", .dev = 3, .running = true };
	const UsbRecord *usb[2];
	HwClock clk = { .name = "pit", .present = true, .detail = "rate_hz=1193182" };
	HwStage st = { .name = "usb", .ms = 21, .longest_ms = 14 };
	const char *logs[1] = { "xhci0: port 3: reset timed out" };
	HwReport r = { .cpu = &cpu, .firmware = "BIOS (legacy boot)", .boot = &boot, .pci_count = 1, .pci = &pci,
	    .usbhc_count = 1, .usbhc = &hc, .usb_count = 2, .usb = usb, .clock_trusted = "pit", .clock_count = 1,
	    .clock = &clk, .kernel = "shardfall 0.2", .stage_count = 1, .stage = &st, .log_count = 1, .log = logs };
	const char *want =
	    "[cpu]\n"
	    "class: 486\n"
	    "vendor: GenuineIntel\n"
	    "family: 6\n"
	    "model: 6\n"
	    "stepping: 3\n"
	    "brand: QEMU CPU\n"
	    "cpuid_max: 4\n"
	    "cpuid_1: eax=00000663 ecx=80000001 edx=00000011\n"
	    "features: fpu tsc sse3 hypervisor\n"
	    "[firmware]\n"
	    "kind: BIOS\n"
	    "loader: GRUB\n"
	    "protocol: multiboot1\n"
	    "smbios_entry: none\n"
	    "[memory]\n"
	    "lower_kb: 639\n"
	    "upper_kb: 64512\n"
	    "usable_kb: 640\n"
	    "region base=0x0000000000000000 len=0x000000000009fc00 type=1 usable\n"
	    "region base=0x00000000000f0000 len=0x0000000000010000 type=2 reserved\n"
	    "[pci 00:03.0] id=1b36:000d class=0c0330 rev=01 subsys=1af4:1100 header=00 irq=11 pin=A\n"
	    "bar 0 mem64 0x00000000febf0000\n"
	    "[usbhc xhci0] kind=xHCI pci=00:03.0 running=1\n"
	    "[usb xhci0-5] speed=high id=0627:0001 class=03.01.01 driver=keyboard config_len=34\n"
	    "desc device 12 01 00 02 00 00 00 40 27 06 01 00 00 00 01 04 0b 01\n"
	    "desc config 09 02 22 00 01 01 08 a0 32\n"
	    "desc interface 09 04 00 00 01 03 01 01 00\n"
	    "desc hid 09 21 11 01 00 01 22 05 00\n"
	    "desc endpoint 07 05 81 03 08 00 07\n"
	    "hidreport if=0 len=5 +0000 05 01 09 06 c0\n"
	    "[usb xhci0-5.2] speed=full id=0627:0001 class=03.01.01 driver=mass_storage config_len=34\n";
	uint32_t len;

	(void)state;
	boot = (BootInfo){ .valid = true, .protocol = 1, .loader = "GRUB", .mem_lower_kb = 639, .mem_upper_kb = 64512,
	    .mem_usable = 640 * 1024, .mmap_entries = 2, .map_count = 2 };
	boot.map[0] = (MemMapEntry){ 0, 0x9FC00, 1 };
	boot.map[1] = (MemMapEntry){ 0xF0000, 0x10000, 2 };
	kbd_record(&stick, hcname);
	stick.depth = 1, stick.route = 2, stick.speed = 1, stick.driver = "mass storage";
	kbd_record(&kbd, hcname);
	usb[0] = &stick;                /* sorted: the hub's port after the root port */
	usb[1] = &kbd;
	len = hwreport_write(&r, buf, sizeof buf);
	assert_int_equal(len, strlen(buf));
	assert_memory_equal(buf, "HWINFO format=1 hash=", 21);
	assert_non_null(strstr(buf, want));
	assert_non_null(strstr(buf, "[display] kind=vga mode=0x0d\n"
	    "[clocks] trusted=pit\n"
	    "clock name=pit present=1 rate_hz=1193182\n"
	    "[boot]\n"
	    "kernel: shardfall 0.2\n"
	    "stage name=usb ms=21 longest_step_ms=14\n"
	    "log xhci0: port 3: reset timed out\n"
	    "end lines="));
	assert_hash_right(buf);
	assert_int_equal(buf[len - 1], '\n');
}

/* A desc row per descriptor; a bLength that runs past the end puts the rest in one raw row. */
static void a_bad_blength_gives_a_raw_row(void **state)
{
	static UsbRecord u;
	const UsbRecord *one = &u;
	HwReport r = { .usb_count = 1, .usb = &one };

	(void)state;
	kbd_record(&u, NULL);
	u.config[18] = 0x30;            /* the HID descriptor says 48 bytes: past the end */
	u.hids = 0;
	hwreport_write(&r, buf, sizeof buf);
	assert_non_null(strstr(buf, "desc interface 09 04 00 00 01 03 01 01 00\n"
	    "desc raw 30 21 11 01 00 01 22 05 00 07 05 81 03 08 00 07\n"));
	u.config[18] = 0x00;            /* a bLength of 0 */
	hwreport_write(&r, buf, sizeof buf);
	assert_non_null(strstr(buf, "desc raw 00 21 11"));
}

/* 32 devices with full descriptors pass 64 KiB: whole lines left out, counted, [boot] and end kept. */
static void the_bound_holds_with_a_truncation_line(void **state)
{
	static UsbRecord u[USBREC_MAX];
	const UsbRecord *p[USBREC_MAX];
	const char *logs[1] = { "usb: port 1: bad device descriptor, ignored" };
	HwReport r = { .usb_count = USBREC_MAX, .usb = p, .log_count = 1, .log = logs };
	const char *end, *boot;
	uint32_t len;
	unsigned lines, cut;

	(void)state;
	for (int i = 0; i < USBREC_MAX; i++) {
		kbd_record(&u[i], NULL);
		u[i].port = (uint8_t)(i + 1);
		u[i].config_len = USBREC_CONFIG;
		for (int k = 34; k < USBREC_CONFIG; k += 9)
			memcpy(u[i].config + k, "\x09\x24\x01\x02\x03\x04\x05\x06\x07", (size_t)(USBREC_CONFIG - k < 9 ? USBREC_CONFIG - k : 9));
		u[i].hids = 2;
		u[i].hid[0] = (UsbRecHid){ .iface = 0, .offset = 0, .len = 512 };
		u[i].hid[1] = (UsbRecHid){ .iface = 1, .offset = 512, .len = 512 };
		p[i] = &u[i];
	}
	len = hwreport_write(&r, buf, sizeof buf);
	assert_true(len <= HWREPORT_MAX);
	assert_int_equal(len, strlen(buf));
	boot = strstr(buf, "\n[boot]\n");
	assert_non_null(boot);
	assert_true((uint32_t)(boot + 1 - buf) <= HWREPORT_HW_MAX);
	assert_non_null(strstr(boot, "log usb: port 1: bad device descriptor, ignored\n"));
	end = strstr(buf, "\nend lines=");
	assert_non_null(end);
	assert_int_equal(sscanf(end, "\nend lines=%u truncated=%u", &lines, &cut), 2);
	assert_true(cut > 100);
	assert_int_equal(end[strcspn(end + 1, "\n") + 2], '\0');
	assert_hash_right(buf);
	/* Lines are whole: the one before [boot] is a complete row. */
	assert_true(boot[-1] != ' ');
}

/* A small buffer: the same rules, within it. */
static void a_small_buffer_is_never_overrun(void **state)
{
	static char small[200];
	CpuInfo cpu = { .klass = 3 };
	HwReport r = { .cpu = &cpu };
	uint32_t len;

	(void)state;
	memset(small, 'X', sizeof small);
	len = hwreport_write(&r, small, 150);
	assert_true(len < 150);
	assert_int_equal(small[len], '\0');
	assert_int_equal(small[151], 'X');
	assert_non_null(strstr(small, "end lines="));
}

/* Which log lines are errors or timeouts (docs/hwinfo.md's words). */
static void the_log_filter_takes_errors_and_timeouts(void **state)
{
	static const struct {
		const char *line;
		bool counts;
	} rows[] = {
		{ "xhci0: port 3: reset timed out", true },
		{ "ahci: port 0: command Timeout", true },
		{ "usb: port 1: bad device descriptor, ignored", true },
		{ "hda: codec 0 does not answer (node 0 verb f0000): not used", true },
		{ "save: write error on USB stick", true },
		{ "pad: no game port (no axis at 201h dropped within 3000 us, 7254 reads)", true },
		{ "usb: 1 xHCI controller found, 1 running", false },
		{ "bringup: stage=usb longest_step_ticks=3", false },
		{ "sysinfo: CPU: QEMU Virtual CPU", false },
		{ "timer: no PIT interrupt within 100 ms", true },
		{ "keyboard: nothing known", false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(hwreport_log_counts(rows[i].line, (uint32_t)strlen(rows[i].line)) == rows[i].counts,
		    "%s", rows[i].line);
}

/* The first line's hash read back; anything else is not a report. */
static void the_first_line_is_read_back(void **state)
{
	uint32_t h = 0;

	(void)state;
	assert_true(hwreport_hash_of("HWINFO format=1 hash=0a1b2c3d\n", 30, &h));
	assert_int_equal(h, 0x0A1B2C3Du);
	assert_false(hwreport_hash_of("HWINFO format=1 hash=0A1B2C3D\n", 30, &h));
	assert_false(hwreport_hash_of("HWINFO format=1 hash=0a1b", 25, &h));
	assert_false(hwreport_hash_of("                              ", 30, &h));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_facts_give_exact_lines),
		cmocka_unit_test(a_bad_blength_gives_a_raw_row),
		cmocka_unit_test(the_bound_holds_with_a_truncation_line),
		cmocka_unit_test(a_small_buffer_is_never_overrun),
		cmocka_unit_test(the_log_filter_takes_errors_and_timeouts),
		cmocka_unit_test(the_first_line_is_read_back),
	};

	if (testmain_filter("hwreport", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("hwreport", tests, NULL, NULL);
}
