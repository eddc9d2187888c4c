package dev.uictl.core.page;

import java.util.List;

/** The pagination object of every list output (SPEC §2.3). */
public record Pagination(int limit, int offset, int count, int total, boolean hasMore) {

    /**
     * Cuts {@code all} to the requested window; a null limit means "everything from offset", echoed as the
     * largest int (no limit was in force). {@code limit} in the result is always the limit in force, never the count.
     */
    public static <T> Slice<T> slice(List<T> all, Integer limit, int offset) {
        int total = all.size();
        int from = Math.min(Math.max(offset, 0), total);
        int effectiveLimit = limit == null ? total - from : Math.max(limit, 0);
        int to = Math.min(total, from + effectiveLimit);
        List<T> items = List.copyOf(all.subList(from, to));
        return new Slice<>(items, new Pagination(limit == null ? Integer.MAX_VALUE : effectiveLimit, from, items.size(), total,
                to < total));
    }

    /**
     * Offset an agent passes next, or null when the list is exhausted or nothing was taken ({@code --limit 0} asks
     * only for the total: the same offset again would be the same call, an agent following hints would loop).
     */
    public Integer nextOffset() {
        return hasMore && count > 0 ? offset + count : null;
    }

    public record Slice<T>(List<T> items, Pagination pagination) {
    }
}
