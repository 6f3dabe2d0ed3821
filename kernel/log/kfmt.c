/* kfmt.c: the formatter behind klog and the panic screen; truncates, always NUL-terminates. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "kfmt.h"

typedef struct Out {
	char *buf;
	size_t size, len;
} Out;

static void put(Out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_num(Out *o, uint32_t v, unsigned base, int upper, int width, char pad, int neg)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[12];
	int n = 0;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	if (neg && pad == '0')
		put(o, '-');
	for (width -= n + neg; width > 0; width--)
		put(o, pad);
	if (neg && pad != '0')
		put(o, '-');
	while (n)
		put(o, tmp[--n]);
}

int kfmt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	Out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		char pad = ' ';
		int width = 0;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		if (*fmt == '0') {
			pad = '0';
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		switch (*fmt) {
		case 's': {
			const char *s = va_arg(ap, const char *);
			int n = 0;

			if (!s)
				s = "(null)";
			while (s[n])
				n++;
			for (width -= n; width > 0; width--)
				put(&o, ' ');
			while (*s)
				put(&o, *s++);
			break;
		}
		case 'c':
			put(&o, (char)va_arg(ap, int));
			break;
		case 'd': {
			int v = va_arg(ap, int);

			put_num(&o, v < 0 ? 0u - (uint32_t)v : (uint32_t)v, 10, 0, width, pad, v < 0);
			break;
		}
		case 'u':
			put_num(&o, va_arg(ap, unsigned), 10, 0, width, pad, 0);
			break;
		case 'x':
		case 'X':
			put_num(&o, va_arg(ap, unsigned), 16, *fmt == 'X', width, pad, 0);
			break;
		case 'p':
			put(&o, '0');
			put(&o, 'x');
			put_num(&o, (uint32_t)(uintptr_t)va_arg(ap, void *), 16, 0, 8, '0', 0);
			break;
		case '%':
			put(&o, '%');
			break;
		case '\0':
			fmt--;
			break;
		default:
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int kfmt_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kfmt_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
