package dev.uictl.protocol;

import java.nio.charset.StandardCharsets;

/**
 * The whole client ↔ daemon wire vocabulary. Every frame is {@code u32 length, u8 tag, payload} (big-endian);
 * the C client (client-c/uictl.c) speaks the same tags.
 *
 * <p>Client → daemon: {@link Hello}, then {@link Arg}/{@link Env}/{@link Cwd}/{@link Tty} in any order, then
 * {@link Run} or {@link Control}; later {@link StdinData}/{@link StdinEof} once the daemon sent {@link SendStdin}.
 * Daemon → client: {@link Stdout}/{@link Stderr} while running, {@link Exit} last; {@link VersionMismatch} instead
 * of anything when the builds differ, except from a daemon of another installation that keeps running: it answers
 * with an error envelope ({@link Stdout}, {@link Exit}) that names its installation.
 */
public sealed interface Frame {
    /** The protocol revision; bumped whenever a tag or payload changes meaning. */
    int PROTOCOL = 1;

    byte tag();

    byte[] payload();

    /**
     * The client's build and, after it, the home of its installation (a path, spaces and all), null when the client
     * does not say: a management verb, which every build answers, or a client older than the field. A daemon of
     * another installation gives way to a client's when it is idle, as to a newer build of its own. A daemon that
     * predates the field reads build and home together as one build id: another build, which it already handled.
     */
    record Hello(String buildId, String home) implements Frame {
        public byte tag() { return 'V'; }
        public byte[] payload() { return utf8(PROTOCOL + " " + buildId + (home == null ? "" : " " + home)); }
    }

    record Arg(String value) implements Frame {
        public byte tag() { return 'A'; }
        public byte[] payload() { return utf8(value); }
    }

    /** One environment entry, {@code NAME=value}. */
    record Env(String entry) implements Frame {
        public byte tag() { return 'E'; }
        public byte[] payload() { return utf8(entry); }
    }

    record Cwd(String path) implements Frame {
        public byte tag() { return 'D'; }
        public byte[] payload() { return utf8(path); }
    }

    /** isatty() of the client's stdin, stdout and stderr, so the daemon can pick an output style. */
    record Tty(boolean stdin, boolean stdout, boolean stderr) implements Frame {
        public byte tag() { return 'T'; }
        public byte[] payload() { return new byte[] {bit(stdin), bit(stdout), bit(stderr)}; }
    }

    /** End of the header: run the command the Arg frames spelled. */
    record Run() implements Frame {
        public byte tag() { return 'C'; }
        public byte[] payload() { return new byte[0]; }
    }

    /** End of the header: a daemon-management request ("status" or "stop") instead of a command. */
    record Control(String verb) implements Frame {
        public byte tag() { return 'K'; }
        public byte[] payload() { return utf8(verb); }
    }

    record StdinData(byte[] bytes) implements Frame {
        public byte tag() { return '0'; }
        public byte[] payload() { return bytes; }
    }

    record StdinEof() implements Frame {
        public byte tag() { return '.'; }
        public byte[] payload() { return new byte[0]; }
    }

    record Stdout(byte[] bytes) implements Frame {
        public byte tag() { return '1'; }
        public byte[] payload() { return bytes; }
    }

    record Stderr(byte[] bytes) implements Frame {
        public byte tag() { return '2'; }
        public byte[] payload() { return bytes; }
    }

    /**
     * The command wants standard input: the client starts forwarding it. {@code raw}: a person types into it live
     * (term attach), so a client whose stdin is a terminal switches it to raw mode until it exits.
     */
    record SendStdin(boolean raw) implements Frame {
        public byte tag() { return 'S'; }
        public byte[] payload() { return raw ? utf8("raw") : new byte[0]; }
    }

    record Exit(int code) implements Frame {
        public byte tag() { return 'X'; }
        public byte[] payload() {
            return new byte[] {(byte) (code >>> 24), (byte) (code >>> 16), (byte) (code >>> 8), (byte) code};
        }
    }

    /** The daemon runs another build, and what it does about it. */
    record VersionMismatch(String daemonBuildId, Reaction reaction) implements Frame {
        public byte tag() { return 'M'; }
        public byte[] payload() { return utf8(reaction.word + " " + daemonBuildId); }
    }

    /**
     * A daemon of another build goes on running (the client is the odd one out), stops because a newer build replaced
     * it on disk (the client retries and starts that build), or keeps running although replaced on disk because it
     * holds state a restart would end (terminal sessions, a selection it serves): replacing it is the user's call.
     */
    enum Reaction {
        RUNNING("running"), STOPPING("stopping"), KEEPING("keeping");

        final String word;

        Reaction(String word) {
            this.word = word;
        }

        /** The reaction a payload's first word names; a word from a later build reads as RUNNING. */
        static Reaction of(String word) {
            for (Reaction r : values()) {
                if (r.word.equals(word)) {
                    return r;
                }
            }
            return RUNNING;
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte bit(boolean b) {
        return (byte) (b ? 1 : 0);
    }
}
