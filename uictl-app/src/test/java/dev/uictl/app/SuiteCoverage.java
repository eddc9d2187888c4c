package dev.uictl.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Whether this run holds every test class of the module (no -Dtest filter, no excluded tag), so that a code no
 * test saw really is unseen. Registered in META-INF/services for the module's test runs.
 */
public final class SuiteCoverage implements TestExecutionListener {
    private static volatile Set<String> missing = Set.of("(no test plan seen)");

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        Set<String> planned = new HashSet<>();
        for (TestIdentifier root : plan.getRoots()) {
            collect(plan, root, planned);
        }
        Set<String> all = testClasses();
        all.removeAll(planned);
        missing = Set.copyOf(all);
    }

    private static void collect(TestPlan plan, TestIdentifier id, Set<String> out) {
        id.getSource().filter(ClassSource.class::isInstance).map(s -> ((ClassSource) s).getClassName())
                .ifPresent(out::add);
        plan.getChildren(id).forEach(child -> collect(plan, child, out));
    }

    /** The module's top-level test classes, from the compiled test directory. */
    private static Set<String> testClasses() {
        try {
            Path root = Path.of(SuiteCoverage.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Set<String> out = new HashSet<>();
            try (Stream<Path> files = Files.walk(root)) {
                files.map(p -> root.relativize(p).toString())
                        .filter(n -> n.endsWith("Test.class") && !n.contains("$"))
                        .forEach(n -> out.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Test classes of the module that this run does not include (empty for a whole-module run). */
    public static Set<String> missing() {
        return missing;
    }
}
