package dev.uictl.engine.scenario.replay;

import dev.uictl.core.schema.Describe;
import java.util.ArrayList;
import java.util.List;

/**
 * A line-level diff (longest common subsequence) of what a replay expected and what it saw, trimmed to the changed
 * lines and {@value #CONTEXT} lines around them. Inputs longer than {@value #MAX_LINES} lines are compared in a
 * window around the first difference, so a huge transcript cannot take the daemon's memory.
 */
public final class LineDiff {
    static final int CONTEXT = 3;
    static final int MAX_LINES = 2000;

    @Describe("One diff line: op \" \" (same), \"-\" (expected only), \"+\" (replay only)")
    public record Line(String op, String line) {
    }

    private LineDiff() {
    }

    public static List<Line> of(List<String> expected, List<String> actual) {
        int start = 0;
        while (start < expected.size() && start < actual.size() && expected.get(start).equals(actual.get(start))) {
            start++;
        }
        int from = Math.max(0, start - CONTEXT);
        List<String> a = expected.subList(from, Math.min(expected.size(), from + MAX_LINES));
        List<String> b = actual.subList(Math.min(from, actual.size()), Math.min(actual.size(), from + MAX_LINES));
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Line> all = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                all.add(new Line(" ", a.get(i++)));
                j++;
            } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                all.add(new Line("+", b.get(j++)));
            } else {
                all.add(new Line("-", a.get(i++)));
            }
        }
        return trim(all);
    }

    private static List<Line> trim(List<Line> all) {
        boolean[] keep = new boolean[all.size()];
        for (int k = 0; k < all.size(); k++) {
            if (!all.get(k).op().equals(" ")) {
                for (int c = Math.max(0, k - CONTEXT); c <= Math.min(all.size() - 1, k + CONTEXT); c++) {
                    keep[c] = true;
                }
            }
        }
        List<Line> out = new ArrayList<>();
        for (int k = 0; k < all.size(); k++) {
            if (keep[k]) {
                out.add(all.get(k));
            }
        }
        return out;
    }
}
