package dev.uictl.core.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PaginationTest {
    @Test
    void limitEchoesTheLimitInForceNotTheCount() {
        Pagination p = Pagination.slice(List.of("a", "b", "c"), 10, 0).pagination();
        assertThat(p.limit()).isEqualTo(10);
        assertThat(p.count()).isEqualTo(3);
        assertThat(p.hasMore()).isFalse();
        Pagination second = Pagination.slice(List.of("a", "b", "c"), 2, 2).pagination();
        assertThat(second.limit()).isEqualTo(2);
        assertThat(second.count()).isEqualTo(1);
        assertThat(Pagination.slice(List.of("a"), null, 0).pagination().limit()).isEqualTo(Integer.MAX_VALUE);
    }

    /** --limit 0 asks for the total only: there is more, but no next offset an agent would follow in a loop. */
    @Test
    void aZeroLimitCountsWithoutANextOffset() {
        Pagination p = Pagination.slice(List.of("a", "b", "c"), 0, 0).pagination();
        assertThat(p.total()).isEqualTo(3);
        assertThat(p.hasMore()).isTrue();
        assertThat(p.nextOffset()).isNull();
        assertThat(Pagination.slice(List.of("a", "b", "c"), 2, 0).pagination().nextOffset()).isEqualTo(2);
    }
}
