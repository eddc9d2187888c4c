package dev.uictl.app.scenario;

import dev.uictl.app.UictlRun;
import org.junit.jupiter.api.Test;

class ScenarioQuickTest {
    @Test
    void smoke() {
        UictlRun.Output o = UictlRun.run("--text", "run", "--scenario", "../examples/scenarios/echo.yaml", "-v",
                "--artifacts", "/tmp/scn-smoke", "--overwrite");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
        o = UictlRun.run("exec", "--allow-exec", "/usr/bin/sh", "--allow-shell", "--", "sh", "-c", "echo hi; exit 3");
        System.out.println(o.exit() + "\n" + o.stdout().substring(0, 400) + "\n" + o.stderr());
        o = UictlRun.run("--text", "exec", "--explain-policy", "--", "/usr/bin/id");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
        o = UictlRun.run("--text", "replay", "--artifacts", "/tmp/scn-smoke");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
        o = UictlRun.run(java.util.Map.of(), "{\"protocol_version\":2,\"request_id\":\"r1\",\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"hi\\r\"}}}\nnot json\n{\"protocol_version\":2,\"request_id\":7,\"action\":{\"type\":\"key\",\"payload\":{\"key\":\"C-d\"}}}\n",
                "driver", "--stdio", "--allow-exec", "/usr/bin/cat", "--cwd", "/tmp", "--allow-read", "/tmp", "--", "cat");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
    }
}
