package dev.uictl.app.scenario;

import dev.uictl.app.UictlRun;
import org.junit.jupiter.api.Test;

class ScenarioQuickTest {
    @Test
    void smoke() {
        UictlRun.Output o = UictlRun.run("--pretty", "run", "--scenario", "../examples/scenarios/echo.json", "-v",
                "--artifacts", "/tmp/scn-smoke", "--overwrite");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
        o = UictlRun.run("exec", "--", "sh", "-c", "echo hi; exit 3");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
        o = UictlRun.run("replay", "--artifacts", "/tmp/scn-smoke");
        System.out.println(o.exit() + "\n" + o.stdout() + "\n" + o.stderr());
    }
}
