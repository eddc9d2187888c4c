package dev.uictl.pty.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessInfoTest {
    @Test
    void countsFieldsFromTheLastParenthesisOfTheCommandName() {
        String stat = "4242 (we ird) (name) S 17 4242 4242 34816 4242 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 "
                + "1000 100 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
        ProcessInfo p = ProcessInfo.parse(stat);
        assertThat(p).isEqualTo(new ProcessInfo(4242, 17, 4242, 4242, 987654, 'S'));
    }

    @Test
    void readsThisProcess() {
        int self = (int) ProcessHandle.current().pid();
        assertThat(ProcessInfo.read(self)).hasValueSatisfying(p -> assertThat(p.pid()).isEqualTo(self));
    }
}
