/*
 * uictl fast client. Forwards argv, environment, cwd, tty flags and (on request) stdin to the per-user, per-display
 * daemon over its Unix socket and relays stdout, stderr and the exit code. Its only logic: find or start the daemon,
 * clean a stale socket, and run daemon-management commands and --no-daemon in-process by exec'ing the JVM.
 * Frames: u32 big-endian payload length, u8 tag, payload (see uictl-protocol Frame.java).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define PROTOCOL "1"
extern char **environ;

static char home[PATH_MAX], build_id[128], runtime_dir[PATH_MAX], sock_path[PATH_MAX], log_path[PATH_MAX];
static const char *command_word = "uictl";
static int main_argc;
static char **main_argv;

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

/* Prints the contract's error envelope for failures the daemon cannot report itself, and exits. details: a JSON
 * object, or NULL. */
static void fail(const char *code, int exit_code, const char *message, const char *hint, const char *delivery,
                 const char *details) {
    struct timeval tv;
    struct tm tm;
    char ts[96];
    gettimeofday(&tv, NULL);
    gmtime_r(&tv.tv_sec, &tm);
    snprintf(ts, sizeof ts, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(tv.tv_usec / 1000));
    printf("{\"success\":false,\"command\":");
    json_string(stdout, command_word);
    printf(",\"version\":\"1\",\"timestamp\":\"%s\",\"error\":{\"code\":\"%s\",\"message\":", ts, code);
    json_string(stdout, message);
    printf(",\"hint\":");
    json_string(stdout, hint);
    if (details) printf(",\"details\":%s", details);
    if (delivery) printf(",\"delivery\":\"%s\"", delivery);
    printf("}}\n");
    fflush(stdout);
    exit(exit_code);
}

static void exec_in_process(int argc, char **argv);

/* An agent host that starts `uictl mcp` expects JSON-RPC on stdout, not an envelope: with no daemon to be had
 * (nothing was delivered), serve MCP from a process of its own instead. */
static void serve_mcp_without_daemon(const char *message, const char *delivery) {
    if (main_argv && strcmp(command_word, "mcp") == 0 && delivery && strcmp(delivery, "not_delivered") == 0) {
        fprintf(stderr, "uictl: no daemon (%s); serving MCP in this process, without state shared with the CLI\n",
                message);
        char **argv = main_argv;
        main_argv = NULL; /* once: a failing in-process start reports itself as an envelope */
        exec_in_process(main_argc, argv);
    }
}

static void unavailable(const char *message, const char *delivery) {
    serve_mcp_without_daemon(message, delivery);
    fail("DAEMON_UNAVAILABLE", 2, message,
         "Run `uictl daemon restart`, then retry; `uictl daemon status` shows the daemon log.", delivery, NULL);
}

static int read_file(const char *path, char *buf, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n < 0) return -1;
    buf[n] = 0;
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) buf[--n] = 0;
    return (int)n;
}

/* A daemon that has not answered yet may be busy or may never answer: the kernel queues connections and data for a
 * stopped (SIGSTOP, a debugger) or frozen process as for a busy one. Its process state tells them apart, read once a
 * WATCH_MS while waiting, so a stopped daemon is noticed within about a second and a long command on a running one
 * is waited for. The same rules and words as uictl-protocol DaemonWatch / DaemonProcess / DaemonConnection. */
#define WATCH_MS 1000
#define FIRST_EXCHANGE_MS 5000 /* connecting: a daemon that runs accepts in microseconds */
static long daemon_pid; /* the listening process, from SO_PEERCRED once connected */

/* The state letter of /proc/PID/stat as a word; *can_answer is 0 when waiting on it would be waiting forever. */
static const char *process_state(long pid, int *can_answer) {
    char path[64], stat[1024];
    *can_answer = 0;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (pid <= 0 || read_file(path, stat, sizeof stat) < 0) return "gone";
    const char *close = strrchr(stat, ')'); /* comm may itself hold spaces and parentheses */
    char letter = close && close[1] ? close[2] : '?';
    switch (letter) {
    case 'T': return "stopped";
    case 't': return "stopped by a debugger";
    case 'Z': case 'X': return "gone";
    }
    *can_answer = 1;
    return letter == 'R' ? "running" : letter == 'D' ? "waiting on the disk" : "sleeping";
}

/* Before a retry: the daemon that dropped the request (killed, or exiting for a newer build) still accepts
 * connections until its exit closes its socket, and a retry sent before then is dropped again. Waits until it is gone,
 * checked every 5 ms, at most limit_ms. Same rule as uictl-protocol DaemonProcess.awaitGone. */
#define RETRY_AFTER_EXIT_MS 1000
static void await_gone(long pid, int limit_ms) {
    int can_answer;
    for (int waited = 0; waited < limit_ms && strcmp(process_state(pid, &can_answer), "gone") != 0; waited += 5)
        usleep(5000);
}

/* DAEMON_UNAVAILABLE for a daemon that cannot answer, naming its pid and state and how to resume or end it. */
static void unresponsive(long pid, const char *state, const char *what, const char *delivery) {
    char msg[256], hint[256], details[160], who[48] = "the daemon";
    int gone = strcmp(state, "gone") == 0;
    if (pid > 0) snprintf(who, sizeof who, "the daemon (pid %ld)", pid);
    snprintf(msg, sizeof msg, "%s %s", who, what);
    serve_mcp_without_daemon(msg, delivery);
    if (gone) snprintf(hint, sizeof hint, "Retry: the next call starts a fresh daemon.");
    else if (pid > 0 && strncmp(state, "stopped", 7) == 0)
        snprintf(hint, sizeof hint, "Resume it with `kill -CONT %ld`, or end it with `uictl daemon stop` (it is killed "
                 "when it cannot answer); the next call then starts a fresh daemon.", pid);
    else snprintf(hint, sizeof hint, "End it with `uictl daemon stop` (it is killed when it cannot answer); the next "
                  "call then starts a fresh daemon.");
    if (pid > 0) snprintf(details, sizeof details, "{\"kind\":\"%s\",\"pid\":%ld,\"state\":\"%s\"}",
                          gone ? "daemon_gone" : "daemon_unresponsive", pid, state);
    else snprintf(details, sizeof details, "{\"kind\":\"%s\",\"state\":\"%s\"}",
                  gone ? "daemon_gone" : "daemon_unresponsive", state);
    fail("DAEMON_UNAVAILABLE", 2, msg, hint, delivery, details);
}

/* Called whenever a wait on the connection passed WATCH_MS: returns while the daemon can still answer. */
static void watch_daemon(void) {
    int can_answer;
    const char *state = process_state(daemon_pid, &can_answer);
    char what[96];
    snprintf(what, sizeof what, "is %s and cannot answer", state);
    if (!can_answer) unresponsive(daemon_pid, state, what, "delivery_uncertain");
}

/* build/launch.args: the JVM command line, one argument per line. */
static char **launch_command(int extra) {
    static char text[16384];
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/build/launch.args", home);
    if (read_file(path, text, sizeof text) < 0) unavailable("build/launch.args is missing; run scripts/setup", "not_delivered");
    char **argv = calloc(256 + extra, sizeof *argv);
    int n = 0;
    for (char *line = strtok(text, "\n"); line && n < 255; line = strtok(NULL, "\n"))
        if (*line) argv[n++] = line;
    return argv;
}

static void exec_in_process(int argc, char **argv) {
    char **cmd = launch_command(argc);
    int n = 0;
    while (cmd[n]) n++;
    for (int i = 1; i < argc; i++) cmd[n++] = argv[i];
    cmd[n] = NULL;
    setenv("UICTL_HOME", home, 1);
    execv(cmd[0], cmd);
    unavailable("cannot exec the Java runtime named in build/launch.args", "not_delivered");
}

static void resolve_paths(void) {
    const char *explicit = getenv("UICTL_RUNTIME_DIR"), *xdg = getenv("XDG_RUNTIME_DIR");
    if (explicit && *explicit) snprintf(runtime_dir, sizeof runtime_dir, "%s", explicit);
    else if (xdg && *xdg) snprintf(runtime_dir, sizeof runtime_dir, "%s/uictl", xdg);
    else snprintf(runtime_dir, sizeof runtime_dir, "%s/.cache/uictl", getenv("HOME") ? getenv("HOME") : "/tmp");
    char key[128];
    const char *d = getenv("DISPLAY");
    if (!d || !*d) snprintf(key, sizeof key, "nodisplay");
    else {
        if (*d == ':') d++;
        size_t i = 0;
        for (; *d && i < sizeof key - 1; d++, i++)
            key[i] = ((*d >= 'a' && *d <= 'z') || (*d >= 'A' && *d <= 'Z') || (*d >= '0' && *d <= '9') ||
                      *d == '.' || *d == '_' || *d == '-') ? *d : '_';
        key[i] = 0;
    }
    int sock_len = snprintf(sock_path, sizeof sock_path, "%s/daemon-%s.sock", runtime_dir, key);
    int log_len = snprintf(log_path, sizeof log_path, "%s/daemon-%s.log", runtime_dir, key);
    if (sock_len < 0 || log_len < 0 || (size_t)log_len >= sizeof log_path
        || (size_t)sock_len >= sizeof(((struct sockaddr_un *)0)->sun_path))
        unavailable("the daemon socket path is longer than a Unix socket allows; set UICTL_RUNTIME_DIR to a shorter directory",
                    "not_delivered");
}

/* Returns a connected fd, or -1 when no daemon listens (a stale socket is removed). */
static int try_connect(int *had_socket) {
    struct stat st;
    *had_socket = 0;
    if (stat(sock_path, &st) != 0) return -1;
    *had_socket = 1;
    if (st.st_uid != getuid()) {
        char msg[PATH_MAX + 64];
        snprintf(msg, sizeof msg, "%s belongs to uid %u, not to uid %u", sock_path, st.st_uid, getuid());
        fail("PERMISSION_DENIED", 9, msg, "Remove the foreign socket or set UICTL_RUNTIME_DIR to a directory of yours.", NULL, NULL);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    memcpy(addr.sun_path, sock_path, strlen(sock_path) + 1); /* length checked in resolve_paths */
    /* Bounds connect(2) when the daemon's queue of connections is full (EAGAIN after the timeout) and every later
     * write to it (see write_all): without it both block for as long as the daemon does not read, forever if stopped. */
    struct timeval tv = {.tv_sec = WATCH_MS / 1000};
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    for (int waited = WATCH_MS;; waited += WATCH_MS) {
        if (connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0) {
            struct ucred peer;
            socklen_t len = sizeof peer;
            daemon_pid = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &len) == 0 ? peer.pid : 0;
            return fd;
        }
        if (errno != EAGAIN) break;
        /* not connected yet, so no peer credentials: the pid file names the daemon */
        char text[32], path[PATH_MAX + 8], what[96];
        snprintf(path, sizeof path, "%.*s.pid", (int)(strlen(sock_path) - 5), sock_path);
        long pid = read_file(path, text, sizeof text) > 0 ? atol(text) : 0;
        int can_answer;
        const char *state = pid > 0 ? process_state(pid, &can_answer) : (can_answer = 1, "unknown");
        if (!can_answer) snprintf(what, sizeof what, "is %s and cannot take a connection", state);
        else if (waited >= FIRST_EXCHANGE_MS)
            snprintf(what, sizeof what, "has not taken a connection in %d ms (its process is %s)", waited, state);
        else continue;
        unresponsive(pid, state, what, "not_delivered");
    }
    int err = errno;
    close(fd);
    if (err == ECONNREFUSED) unlink(sock_path);
    return -1;
}

static void untrusted(const char *path, const char *why) {
    char msg[2 * PATH_MAX + 160];
    snprintf(msg, sizeof msg, "%s %s", path, why);
    fail("PERMISSION_DENIED", 9, msg,
         "Set UICTL_RUNTIME_DIR to a directory of yours (mode 0700, no symbolic link, in directories only you or "
         "root can change), or fix the directory named in the message.", NULL, NULL);
}

/* The runtime directory trusts nothing it finds (same rules as uictl-protocol PrivateDirectory.java): every
 * component is examined with lstat; an ancestor must belong to root or us and be sticky if others may write to it
 * (a symlink ancestor must belong to root or us and lead to such a directory); the directory itself must be a
 * real directory of ours, tightened to 0700 through a descriptor opened with O_NOFOLLOW. Missing parts are made
 * 0700. Runs before every use of the socket, log and pid files. */
static void ensure_private_dir(void) {
    char path[2 * PATH_MAX + 2];
    if (runtime_dir[0] != '/') {
        if (!getcwd(path, PATH_MAX)) untrusted(runtime_dir, "is relative and the working directory is unknown");
        size_t n = strlen(path);
        snprintf(path + n, sizeof path - n, "/%s", runtime_dir);
    } else snprintf(path, sizeof path, "%s", runtime_dir);
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/') path[--len] = 0;
    if (len <= 1) untrusted(path, "is the root directory, not a private one");
    uid_t uid = geteuid();
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != 0) continue;
        int last = *p == 0;
        char saved = *p;
        *p = 0;
        struct stat st;
        if (lstat(path, &st) != 0) {
            if (errno != ENOENT || (mkdir(path, 0700) != 0 && errno != EEXIST) || lstat(path, &st) != 0)
                untrusted(path, "cannot be created or examined");
        }
        if (S_ISLNK(st.st_mode)) {
            if (last) untrusted(path, "is a symbolic link; the runtime directory must be a real directory");
            if (st.st_uid != 0 && st.st_uid != uid) untrusted(path, "is a symbolic link of another user");
            if (stat(path, &st) != 0) untrusted(path, "is a dangling symbolic link");
        }
        if (!S_ISDIR(st.st_mode)) untrusted(path, "is not a directory");
        if (!last) {
            if (st.st_uid != 0 && st.st_uid != uid) untrusted(path, "belongs to another user, who could replace what lies beneath it");
            if ((st.st_mode & 022) && !(st.st_mode & S_ISVTX)) untrusted(path, "is writable by other users and not sticky");
        } else {
            if (st.st_uid != uid) untrusted(path, "belongs to another user");
            if ((st.st_mode & 07777) != 0700) {
                int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                struct stat again;
                if (fd < 0 || fstat(fd, &again) != 0 || again.st_uid != uid || fchmod(fd, 0700) != 0)
                    untrusted(path, "is not mode 0700 and could not be made so");
                close(fd);
            }
            break;
        }
        *p = saved;
    }
}

static void log_tail_message(const char *what, char *msg, size_t size) {
    char tail[1024] = "";
    int fd = open(log_path, O_RDONLY);
    if (fd >= 0) {
        off_t end = lseek(fd, 0, SEEK_END);
        lseek(fd, end > (off_t)sizeof tail - 1 ? end - (off_t)sizeof tail + 1 : 0, SEEK_SET);
        ssize_t n = read(fd, tail, sizeof tail - 1);
        tail[n > 0 ? n : 0] = 0;
        close(fd);
    }
    snprintf(msg, size, "%s; log tail:\n%s", what, tail);
}

/* The daemon's clean, minimal environment: the first client's other variables (LD_PRELOAD, FOO…) must never reach
 * the daemon, which serves every later client. Same list as uictl-protocol DaemonEnvironment.KEPT. */
static const char *const DAEMON_ENV[] = {"PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ",
                                         "DISPLAY", "XDG_RUNTIME_DIR", "UICTL_RUNTIME_DIR", "UICTL_IDLE_TIMEOUT",
                                         "UICTL_MAX_CONNECTIONS", NULL};

static char **daemon_environment(void) {
    static char *env[sizeof DAEMON_ENV / sizeof *DAEMON_ENV + 1];
    static char home_var[PATH_MAX + 16];
    int n = 0;
    for (int i = 0; DAEMON_ENV[i]; i++) {
        size_t len = strlen(DAEMON_ENV[i]);
        for (char **e = environ; *e; e++)
            if (strncmp(*e, DAEMON_ENV[i], len) == 0 && (*e)[len] == '=') { env[n++] = *e; break; }
    }
    snprintf(home_var, sizeof home_var, "UICTL_HOME=%s", home);
    env[n++] = home_var;
    env[n] = NULL;
    return env;
}

/* Starts `setsid java ... daemon run` and waits on inotify until its socket accepts. */
static int start_daemon(void) {
    int in = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    inotify_add_watch(in, runtime_dir, IN_CREATE | IN_MOVED_TO);
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int null = open("/dev/null", O_RDONLY), log = open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
        dup2(null, 0);
        dup2(log, 1);
        dup2(log, 2);
        char **cmd = launch_command(2);
        int n = 0;
        while (cmd[n]) n++;
        cmd[n++] = "daemon";
        cmd[n++] = "run";
        cmd[n] = NULL;
        execve(cmd[0], cmd, daemon_environment());
        _exit(127);
    }
    char msg[4096];
    for (int waited = 0; waited < 20000; waited += 100) {
        int had, fd = try_connect(&had);
        if (fd >= 0) { close(in); return fd; }
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            log_tail_message("the daemon exited while starting", msg, sizeof msg);
            unavailable(msg, "not_delivered");
        }
        struct pollfd p = {.fd = in, .events = POLLIN};
        if (poll(&p, 1, 100) > 0) {
            char buf[4096];
            while (read(in, buf, sizeof buf) > 0) {}
        }
    }
    log_tail_message("the daemon did not open its socket within 20 s", msg, sizeof msg);
    unavailable(msg, "not_delivered");
    return -1;
}

/* Raw terminal mode for a person typing live (the daemon asks with a "raw" SendStdin frame, e.g. term attach).
 * Output processing stays on so the envelope printed at the end still gets its carriage return. The saved
 * settings come back on every way out: normal exit and fail() through atexit, fatal signals through a handler. */
static struct termios saved_tty;
static volatile sig_atomic_t tty_is_raw;

static void restore_tty(void) {
    if (tty_is_raw) {
        tcsetattr(0, TCSANOW, &saved_tty);
        tty_is_raw = 0;
    }
}

static void restore_tty_and_die(int sig) {
    restore_tty();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void enter_raw_tty(void) {
    if (tty_is_raw || !isatty(0) || tcgetattr(0, &saved_tty) != 0) return;
    struct termios raw = saved_tty;
    cfmakeraw(&raw);
    raw.c_oflag = saved_tty.c_oflag;
    atexit(restore_tty);
    int fatal[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGABRT};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], restore_tty_and_die);
    if (tcsetattr(0, TCSANOW, &raw) == 0) tty_is_raw = 1;
}

/* Writes to the daemon wait WATCH_MS at a time (SO_SNDTIMEO), looking at its process state in between. */
static int write_all(int fd, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EAGAIN && fd != 1 && fd != 2) { watch_daemon(); continue; } /* 1, 2: the caller's */
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static int send_frame(int fd, char tag, const void *payload, uint32_t len) {
    unsigned char head[5] = {len >> 24, len >> 16, len >> 8, len, (unsigned char)tag};
    return write_all(fd, head, 5) || write_all(fd, payload, len) ? -1 : 0;
}


/* The request frames, gathered so the whole request leaves in one write (one wake-up of the daemon, not 100+). */
static struct { unsigned char *data; size_t len, cap; } request;

static void queue_frame(char tag, const void *payload, uint32_t len) {
    if (request.len + 5 + len > request.cap) {
        request.cap = (request.len + 5 + len) * 2;
        request.data = realloc(request.data, request.cap);
        if (!request.data) unavailable("out of memory while building the request", "not_delivered");
    }
    unsigned char *p = request.data + request.len;
    p[0] = len >> 24; p[1] = len >> 16; p[2] = len >> 8; p[3] = len; p[4] = (unsigned char)tag;
    memcpy(p + 5, payload, len);
    request.len += 5 + len;
}

static void queue_text(char tag, const char *s) { queue_frame(tag, s, (uint32_t)strlen(s)); }

/* -1 with errno 0 at the end of the stream, with read's errno on an error. */
static int read_all(int fd, void *buf, size_t len) {
    char *p = buf;
    while (len > 0) {
        ssize_t n = read(fd, p, len);
        if (n == 0) { errno = 0; return -1; }
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

enum { DONE, RETRY };

/* The daemon never read the whole request, so nothing ran and sending it again is safe: writing it failed (the 'C'
 * frame comes last), or the connection was reset before any answer frame. The kernel resets a Unix connection that
 * its daemon closed with bytes unread, or never accepted (a daemon killed while idle still has its listener open for
 * a moment and queues the connection); a daemon reads the whole request before it runs or answers anything, and
 * this client sends nothing more until an answer comes. Same rule as uictl-protocol ClientSession.Undelivered.
 * The first time, the caller tries again (a stale socket is then removed and a new daemon started). */
static int undelivered(int attempt, const char *why) {
    if (attempt > 0) {
        char msg[160], who[48] = "the daemon";
        if (daemon_pid > 0) snprintf(who, sizeof who, "the daemon (pid %ld)", daemon_pid);
        snprintf(msg, sizeof msg, "%s %s", who, why);
        unavailable(msg, "not_delivered");
    }
    return RETRY;
}

/* Sends the request and relays the reply; returns RETRY when the request was not delivered or a replaced daemon is
 * exiting, on the first attempt. */
static int converse(int fd, int argc, char **argv, int attempt, int *exit_code) {
    char cwd[PATH_MAX], hello[PATH_MAX + 200];
    snprintf(hello, sizeof hello, "%s %s %s", PROTOCOL, build_id, home); /* see uictl-protocol Frame.Hello */
    request.len = 0;
    queue_text('V', hello);
    for (int i = 1; i < argc; i++) queue_text('A', argv[i]);
    for (char **e = environ; *e; e++) queue_text('E', *e);
    queue_text('D', getcwd(cwd, sizeof cwd) ? cwd : "/");
    unsigned char tty[3] = {isatty(0), isatty(1), isatty(2)};
    queue_frame('T', tty, 3);
    queue_frame('C', "", 0);
    if (write_all(fd, request.data, request.len) < 0) return undelivered(attempt, "stopped taking the request before all of it was sent");

    int forward_stdin = 0, answered = 0;
    size_t cap = 65536;
    char *buf = malloc(cap);
    for (;;) {
        struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = 0, .events = POLLIN}};
        int ready = poll(p, forward_stdin ? 2 : 1, WATCH_MS);
        if (ready < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (ready == 0) watch_daemon();
        if (forward_stdin && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t n = read(0, buf, cap);
            if (n > 0) send_frame(fd, '0', buf, (uint32_t)n);
            else { send_frame(fd, '.', "", 0); forward_stdin = 0; }
        }
        if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        unsigned char head[5];
        if (read_all(fd, head, 5) < 0) {
            if (!answered && errno == ECONNRESET) {
                free(buf);
                return undelivered(attempt, "closed the connection before reading the request");
            }
            break;
        }
        uint32_t len = (uint32_t)head[0] << 24 | head[1] << 16 | head[2] << 8 | head[3];
        if (len > (16u << 20)) break;
        if (len + 1 > cap) { cap = len + 1; buf = realloc(buf, cap); }
        if (read_all(fd, buf, len) < 0) break;
        answered = 1;
        switch (head[4]) {
        case '1': write_all(1, buf, len); break;
        case '2': write_all(2, buf, len); break;
        case 'S':
            forward_stdin = 1;
            if (len == 3 && memcmp(buf, "raw", 3) == 0) enter_raw_tty();
            break;
        case 'X': *exit_code = len == 4 ? (int)((uint32_t)(unsigned char)buf[0] << 24 | (unsigned char)buf[1] << 16 |
                                                 (unsigned char)buf[2] << 8 | (unsigned char)buf[3]) : 1;
            free(buf);
            return DONE;
        case 'M': {
            buf[len] = 0;
            if (attempt == 0 && strncmp(buf, "stopping ", 9) == 0) { free(buf); return RETRY; }
            char msg[400];
            const char *space = strchr(buf, ' ');
            const char *daemon_build = space ? space + 1 : buf;
            if (strncmp(buf, "keeping ", 8) == 0) {
                /* replaced on disk, but it holds state a restart would end (the same words as ClientFailure) */
                snprintf(msg, sizeof msg, "the daemon runs build %s and holds terminal sessions or a clipboard selection "
                         "that a restart would end, so build %s did not replace it", daemon_build, build_id);
                fail("PROTOCOL_VERSION_MISMATCH", 10, msg,
                     "Run `uictl daemon restart` to end them and start this build, once they can go.", NULL, NULL);
            }
            snprintf(msg, sizeof msg, "the daemon runs build %s, this client is build %s", daemon_build, build_id);
            fail("PROTOCOL_VERSION_MISMATCH", 10, msg, "Run `uictl daemon restart` so client and daemon run the same version.", NULL, NULL);
        }
        default: break;
        }
    }
    unavailable("lost the daemon mid-request; the command may or may not have run", "delivery_uncertain");
    return DONE;
}

/* UICTL_CLIENT=java: the Java client generated by scripts/setup runs instead (it carries its own JVM flags). */
static void exec_java_client(char **argv) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/build/uictl-java", home);
    argv[0] = path;
    execv(path, argv);
    fail("DEPENDENCY_MISSING", 2, "UICTL_CLIENT=java, but the Java client build/uictl-java cannot be run",
         "Run scripts/setup, or unset UICTL_CLIENT to use this C client.", NULL, NULL);
}

int main(int argc, char **argv) {
    /* This binary is both build/uictl-c and the bin/uictl that scripts/setup installs: either way the installation
     * is the parent of its directory, found with one readlink (symbolic links to it resolved) and no subprocess. */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) unavailable("cannot locate the uictl installation", "not_delivered");
    exe[n] = 0;
    *strrchr(exe, '/') = 0; /* .../build or .../bin */
    *strrchr(exe, '/') = 0; /* installation home */
    snprintf(home, sizeof home, "%s", exe);
    const char *client = getenv("UICTL_CLIENT");
    if (client && strcmp(client, "java") == 0) exec_java_client(argv);
    signal(SIGPIPE, SIG_IGN);

    int in_process = getenv("UICTL_NO_DAEMON") && strcmp(getenv("UICTL_NO_DAEMON"), "1") == 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--no-daemon") == 0) in_process = 1;
        if (strcmp(argv[i], "--format") == 0 || strcmp(argv[i], "--session") == 0) { i++; continue; }
        if (argv[i][0] != '-' && strcmp(command_word, "uictl") == 0) command_word = argv[i];
    }
    if (in_process || strcmp(command_word, "daemon") == 0) exec_in_process(argc, argv);
    main_argc = argc;
    main_argv = argv;

    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/build/build-id", home);
    if (read_file(path, build_id, sizeof build_id) < 0) unavailable("build/build-id is missing; run scripts/setup", "not_delivered");
    resolve_paths();
    ensure_private_dir();
    for (int attempt = 0;; attempt++) {
        int had_socket, fd = try_connect(&had_socket);
        if (fd < 0) {
            fd = start_daemon();
            if (had_socket) fprintf(stderr, "uictl: the daemon had stopped (stale socket); started a new one\n");
        }
        int code = 1;
        int r = converse(fd, argc, argv, attempt, &code);
        close(fd);
        if (r == DONE) return code;
        await_gone(daemon_pid, RETRY_AFTER_EXIT_MS);
    }
}
