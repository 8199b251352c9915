/*
 * A main() for the fuzz targets without libFuzzer: runs the target once on
 * every file named on the command line (directories are read entry by
 * entry). This replays the committed corpus in the ordinary test suite,
 * under valgrind and under the sanitizers, with any compiler.
 */
#define _POSIX_C_SOURCE 200809L /* opendir, stat */

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT (1u << 16)

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    static uint8_t buf[MAX_INPUT];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    return 0;
}

static int replay_path(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "cannot stat %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
        ++*count;
        return replay_file(path);
    }
    DIR *dir = opendir(path);
    if (dir == NULL) return 1;
    int failures = 0;
    struct dirent *e;
    char child[4096];
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.') continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        failures += replay_path(child, count);
    }
    closedir(dir);
    return failures;
}

int main(int argc, char **argv)
{
    int failures = 0, count = 0;
    for (int i = 1; i < argc; ++i) failures += replay_path(argv[i], &count);
    printf("replayed %d inputs\n", count);
    /* An empty corpus would make this test pass without checking anything. */
    return failures != 0 || count == 0;
}
