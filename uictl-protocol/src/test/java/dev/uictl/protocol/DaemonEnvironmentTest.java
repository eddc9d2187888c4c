package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DaemonEnvironmentTest {
    @Test
    void onlyWhatTheDaemonNeedsIsKeptAndTheCallersOtherVariablesAreDropped() {
        Map<String, String> env = DaemonEnvironment.of(Map.of("PATH", "/bin", "HOME", "/h", "DISPLAY", ":3",
                "UICTL_RUNTIME_DIR", "/r", "LD_PRELOAD", "/evil.so", "LD_LIBRARY_PATH", "/x", "JAVA_TOOL_OPTIONS",
                "-javaagent:/a.jar", "FOO", "A"), new Installation(Path.of("/opt/uictl")));
        assertThat(env).containsOnly(Map.entry("PATH", "/bin"), Map.entry("HOME", "/h"), Map.entry("DISPLAY", ":3"),
                Map.entry("UICTL_RUNTIME_DIR", "/r"), Map.entry("UICTL_HOME", "/opt/uictl"));
    }

    @Test
    void theCClientKeepsTheSameList() throws Exception {
        String c = Files.readString(Path.of("..", "client-c", "uictl.c"));
        Matcher m = Pattern.compile("DAEMON_ENV\\[\\] = \\{([^}]*)\\}").matcher(c);
        assertThat(m.find()).as("DAEMON_ENV in client-c/uictl.c").isTrue();
        Set<String> cList = Arrays.stream(m.group(1).split(",")).map(String::strip).filter(s -> !s.equals("NULL"))
                .map(s -> s.replace("\"", "")).collect(Collectors.toSet());
        assertThat(cList).isEqualTo(DaemonEnvironment.KEPT);
    }
}
