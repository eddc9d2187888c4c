package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An application nobody here wrote (Debian's gtk3-widget-factory) driven by ref; the oracle is python3-pyatspi
 * (libatspi, fixtures/atspi_dump.py), a client independent of ours.
 */
class ForeignAppEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final int CHECKED = 4;

    private static JsonNode run(String... argv) {
        List<String> args = new ArrayList<>(List.of("--session", "foreign"));
        args.addAll(List.of(argv));
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", args.toArray(String[]::new)));
    }

    /** How many "checkbutton" check boxes pyatspi sees checked. */
    private static int checkedByPyatspi(long pid) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(PrivateDesktopExtension.SYSTEM_PYTHON,
                PrivateDesktopExtension.fixture("atspi_dump.py").toString(), "--pid", Long.toString(pid));
        pb.environment().putAll(DESKTOP.env());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return count(Json.parse(out));
    }

    private static int count(JsonNode n) {
        int here = "check box".equals(n.path("role_name").asString()) && "checkbutton".equals(n.path("name").asString())
                && n.path("states").toString().matches(".*\\b" + CHECKED + "\\b.*") ? 1 : 0;
        for (JsonNode c : n.path("children")) {
            here += count(c);
        }
        return here;
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if ("checkbox".equals(n.path("role").asString()) && "checkbutton".equals(n.path("name").asString())
                && n.has("ref_id")) {
            out.add(n);
        }
        n.path("children").forEach(c -> collect(c, out));
    }

    @Test
    void gtk3WidgetFactoryIsDrivenByRef() throws Exception {
        Process app = DESKTOP.launch("gtk3-widget-factory");
        List<JsonNode> boxes = Poll.value("two checkbuttons in the snapshot", Duration.ofSeconds(30), () -> {
            JsonNode e = run("snapshot", "--pid", Long.toString(app.pid()), "-i");
            List<JsonNode> found = new ArrayList<>();
            if (e.get("success").asBoolean()) {
                collect(e.get("data").get("tree"), found);
            }
            return found.size() >= 2 ? Optional.of(found) : Optional.empty();
        });
        // the factory shows some check buttons insensitive or inconsistent on purpose: take a plain one
        JsonNode unchecked = boxes.stream().filter(b -> !b.path("states").toString().matches(
                ".*\"(checked|disabled|indeterminate)\".*")).findFirst().orElseThrow();
        String ref = "@" + unchecked.get("ref_id").asString();
        int before = checkedByPyatspi(app.pid());

        JsonNode checked = run("check", ref);
        assertThat(checked.get("success").asBoolean()).as(checked.toString()).isTrue();
        assertThat(checked.get("data").get("verified").asBoolean()).isTrue();
        assertThat(checkedByPyatspi(app.pid())).isEqualTo(before + 1);

        JsonNode unchecking = run("uncheck", ref);
        assertThat(unchecking.get("success").asBoolean()).as(unchecking.toString()).isTrue();
        assertThat(checkedByPyatspi(app.pid())).isEqualTo(before);

        JsonNode ambiguous = run("check", "role=checkbox name=checkbutton", "--timeout", "3000");
        assertThat(ambiguous.get("error").get("code").asString()).isEqualTo("SELECTOR_AMBIGUOUS");
        assertThat(ambiguous.get("error").get("details").get("candidates").size()).isEqualTo(boxes.size());
        assertThat(checkedByPyatspi(app.pid())).isEqualTo(before);
    }
}
