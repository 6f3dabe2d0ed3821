/* replay.c: runs a fuzz target over saved inputs without clang — for make test (fuzz-replay). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * The target is chosen at build time: -DFUZZ_TARGET='"fuzz_demo.c"'. It
 * defines LLVMFuzzerTestOneInput, FUZZ_VALID_EXT (the extension of files
 * that must be accepted) and fuzz_accepts() (the loader's verdict).
 */
#ifndef FUZZ_TARGET
#define FUZZ_TARGET "fuzz_level.c"
#endif
#include FUZZ_TARGET

static int files, failures;

/*
 * Runs one saved input. Names carry expectations: *.lvl / *.dem (the
 * target's FUZZ_VALID_EXT) must load, bad_* must be rejected (handcrafted
 * broken ones); anything else
 * (what the fuzzer saved) only has to come through without a crash.
 */
static void replay_file(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strlen(base), len;
	char err[128];
	uint8_t *data;
	FILE *f = fopen(path, "rb");
	long end = -1;
	bool ok;

	if (f && fseek(f, 0, SEEK_END) == 0)
		end = ftell(f);
	if (end < 0) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		failures++;
		if (f)
			fclose(f);
		return;
	}
	len = (size_t)end;
	rewind(f);
	data = malloc(len ? len : 1);
	if (!data || fread(data, 1, len, f) != len) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		failures++;
		fclose(f);
		free(data);
		return;
	}
	fclose(f);
	files++;
	LLVMFuzzerTestOneInput(data, len);
	ok = fuzz_accepts(data, len, err, sizeof err);
	if (n > 4 && strcmp(base + n - 4, FUZZ_VALID_EXT) == 0 && !ok) {
		fprintf(stderr, "replay: %s should load: %s\n", path, err);
		failures++;
	}
	if (strncmp(base, "bad_", 4) == 0 && ok) {
		fprintf(stderr, "replay: %s should be rejected but loads\n", path);
		failures++;
	}
	free(data);
}

static void replay_path(const char *path)
{
	struct stat st;
	struct dirent *e;
	DIR *d;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "replay: no such file or folder %s\n", path);
		failures++;
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	d = opendir(path);
	while (d && (e = readdir(d)) != NULL) {
		char sub[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		replay_path(sub);
	}
	if (d)
		closedir(d);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		replay_path(argv[i]);
	printf("fuzz-replay (%s): %d inputs, %d failures\n", FUZZ_TARGET, files, failures);
	return failures || files == 0 ? 1 : 0;
}
