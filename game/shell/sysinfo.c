/* sysinfo.c: the list of labelled facts the kernel found (filled by kernel/boot/sysprobe.c, shown by sysscreen.c). */
#include <stdbool.h>
#include <stddef.h>

#include "sysinfo.h"

static void copy(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	for (; src && src[i] && i + 1 < size; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

void sysinfo_clear(SysInfo *si)
{
	si->count = 0;
}

bool sysinfo_add(SysInfo *si, const char *label, const char *value)
{
	if (si->count >= SYSINFO_MAX_LINES)
		return false;
	copy(si->line[si->count].label, SYSINFO_LABEL_SIZE, label);
	copy(si->line[si->count].value, SYSINFO_VALUE_SIZE, value);
	si->count++;
	return true;
}

void sysinfo_cut(SysInfo *si, int count)
{
	if (count >= 0 && count < si->count)
		si->count = count;
}

const char *sysinfo_find(const SysInfo *si, const char *label)
{
	for (int i = 0; i < si->count; i++) {
		const char *a = si->line[i].label, *b = label;

		while (*a && *a == *b)
			a++, b++;
		if (*a == *b)
			return si->line[i].value;
	}
	return NULL;
}
