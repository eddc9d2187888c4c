/*
 * uictl-sandbox-exec: runs inside bubblewrap, as the last step before the sandboxed program. It restricts itself
 * with Landlock (what may be executed and written; TCP and, where the kernel has them, signal and abstract-socket
 * scopes), makes the program the terminal's foreground process group (so Ctrl-C reaches the program, not bwrap,
 * and uictl's settle probe sees the program), then exec's the program. Every failure ends it with a message and
 * exit status 125: a restriction that cannot be applied is never skipped.
 *
 *   uictl-sandbox-exec [-x FILE]... [-w DIR]... [-n] -- PROGRAM [ARG]...
 *     -x FILE  may be executed (the dynamic loader of an allowed program must be listed too)
 *     -w DIR   may be written below (besides the private /tmp and the devices in /dev)
 *     -n       the network is allowed: do not restrict TCP
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Our own copies of the uapi definitions: the installed headers may predate the kernel's Landlock ABI. */
#define SYS_ll_create 444
#define SYS_ll_add_rule 445
#define SYS_ll_restrict 446
#define LL_CREATE_VERSION 1u
#define LL_RULE_PATH_BENEATH 1
#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)
#define FS_TRUNCATE (1ULL << 14)
#define FS_IOCTL_DEV (1ULL << 15)
#define NET_BIND_TCP (1ULL << 0)
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX (1ULL << 0)
#define SCOPE_SIGNAL (1ULL << 1)

struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

#define MAX_PATHS 256

static void die(const char *what, const char *detail) {
    fprintf(stderr, "uictl-sandbox-exec: %s%s%s%s%s\n", what, detail ? " " : "", detail ? detail : "",
            errno ? ": " : "", errno ? strerror(errno) : "");
    exit(125);
}

/* The access rights this ABI knows, limited to what applies to a file when the path is not a directory. */
static uint64_t fs_rights(int abi) {
    uint64_t r = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_READ_DIR | FS_REMOVE_DIR | FS_REMOVE_FILE |
                 FS_MAKE_CHAR | FS_MAKE_DIR | FS_MAKE_REG | FS_MAKE_SOCK | FS_MAKE_FIFO | FS_MAKE_BLOCK | FS_MAKE_SYM;
    if (abi >= 2) r |= FS_REFER;
    if (abi >= 3) r |= FS_TRUNCATE;
    if (abi >= 5) r |= FS_IOCTL_DEV;
    return r;
}

static void allow(int ruleset, const char *path, uint64_t access, int required) {
    errno = 0;
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (!required) return;
        die("cannot open", path);
    }
    struct path_beneath_attr rule = {.allowed_access = access, .parent_fd = fd};
    if (syscall(SYS_ll_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0) != 0) die("landlock_add_rule failed for", path);
    close(fd);
}

int main(int argc, char **argv) {
    const char *exec_paths[MAX_PATHS], *write_paths[MAX_PATHS];
    int n_exec = 0, n_write = 0, network = 0, i = 1;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) { i++; break; }
        if (strcmp(argv[i], "-n") == 0) { network = 1; continue; }
        if (i + 1 >= argc) die("option without a value:", argv[i]);
        if (strcmp(argv[i], "-x") == 0 && n_exec < MAX_PATHS) exec_paths[n_exec++] = argv[++i];
        else if (strcmp(argv[i], "-w") == 0 && n_write < MAX_PATHS) write_paths[n_write++] = argv[++i];
        else die("unknown option or too many paths:", argv[i]);
    }
    if (i >= argc) die("no program given after --", NULL);
    char **program = argv + i;

    errno = 0;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("cannot set no_new_privs", NULL);
    long abi = syscall(SYS_ll_create, NULL, 0, LL_CREATE_VERSION);
    if (abi < 1) die("Landlock is not available in this kernel", NULL);

    uint64_t all = fs_rights((int) abi);
    uint64_t file_only = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | (abi >= 3 ? FS_TRUNCATE : 0) |
                         (abi >= 5 ? FS_IOCTL_DEV : 0);
    uint64_t read = FS_READ_FILE | FS_READ_DIR;
    uint64_t write = all & ~FS_EXECUTE;
    struct ruleset_attr attr = {.handled_access_fs = all};
    size_t attr_size = sizeof(uint64_t);
    if (abi >= 4) {
        attr.handled_access_net = network ? 0 : (NET_BIND_TCP | NET_CONNECT_TCP);
        attr_size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = SCOPE_SIGNAL | (network ? 0 : SCOPE_ABSTRACT_UNIX);
        attr_size = sizeof attr;
    }
    errno = 0;
    int ruleset = (int) syscall(SYS_ll_create, &attr, attr_size, 0);
    if (ruleset < 0) die("landlock_create_ruleset failed", NULL);
    /* Reading is bounded by what bwrap mounted; Landlock bounds executing and writing. */
    allow(ruleset, "/", read, 1);
    allow(ruleset, "/dev", read | FS_WRITE_FILE | (abi >= 5 ? FS_IOCTL_DEV : 0) | (abi >= 3 ? FS_TRUNCATE : 0), 1);
    allow(ruleset, "/dev/shm", write, 0);
    allow(ruleset, "/tmp", write, 1);
    for (int k = 0; k < n_write; k++) allow(ruleset, write_paths[k], write, 1);
    for (int k = 0; k < n_exec; k++) allow(ruleset, exec_paths[k], file_only & (FS_EXECUTE | FS_READ_FILE), 1);
    errno = 0;
    if (syscall(SYS_ll_restrict, ruleset, 0) != 0) die("landlock_restrict_self failed", NULL);
    close(ruleset);

    /* bwrap leaves us in its own process group, the terminal's foreground one: take the foreground. */
    if (isatty(0)) {
        errno = 0;
        if (setpgid(0, 0) != 0) die("setpgid failed", NULL);
        signal(SIGTTOU, SIG_IGN);
        if (tcsetpgrp(0, getpgrp()) != 0) die("tcsetpgrp failed", NULL);
        signal(SIGTTOU, SIG_DFL);
    }
    execv(program[0], program);
    int e = errno;
    fprintf(stderr, "uictl-sandbox-exec: cannot run %s: %s\n", program[0], strerror(e));
    return e == ENOENT ? 127 : 126;
}
