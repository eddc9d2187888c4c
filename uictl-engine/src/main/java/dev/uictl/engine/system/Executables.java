package dev.uictl.engine.system;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** Finding programs on a PATH and reading their versions, cached per file and modification time. */
public final class Executables {
    private record Key(Path path, long modified) {
    }

    private final Map<Key, Optional<String>> versions = new ConcurrentHashMap<>();

    public static Optional<Path> find(String name, String pathVariable) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = pathVariable == null || pathVariable.isEmpty() ? "/usr/local/bin:/usr/bin:/bin" : pathVariable;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The first output line of {@code program versionArgs...} that contains a digit, or empty. */
    public Optional<String> version(Path program, List<String> versionArgs) {
        long modified;
        try {
            modified = Files.getLastModifiedTime(program).toMillis();
        } catch (IOException e) {
            return Optional.empty();
        }
        return versions.computeIfAbsent(new Key(program, modified), k -> runForVersion(program, versionArgs));
    }

    /** The installed version of a Debian package, for programs that cannot print their own. */
    public Optional<String> packageVersion(String aptPackage) {
        Path dpkg = Path.of("/usr/bin/dpkg-query");
        long modified;
        try {
            modified = Files.getLastModifiedTime(Path.of("/var/lib/dpkg/status")).toMillis();
        } catch (IOException e) {
            return Optional.empty();
        }
        return versions.computeIfAbsent(new Key(Path.of("/var/lib/dpkg/status", aptPackage), modified),
                k -> firstVersionLine(List.of(dpkg.toString(), "-W", "-f=${Version}\n", aptPackage)));
    }

    private static Optional<String> runForVersion(Path program, List<String> versionArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(program.toString());
        cmd.addAll(versionArgs);
        return firstVersionLine(cmd);
    }

    private static Optional<String> firstVersionLine(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            byte[] out = p.getInputStream().readNBytes(8192);
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return new String(out, StandardCharsets.UTF_8).lines()
                    .filter(l -> l.chars().anyMatch(Character::isDigit))
                    .map(String::strip)
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
