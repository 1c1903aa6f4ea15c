package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;

import dev.tpm.model.RunColumns;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Locale;

/**
 * SYNTHETIC results with probes of the machine (data.md version 6), for the probe table and figure:
 * device {@code probed-vm} with two campaigns in rounds. Campaign p1: 3 rounds of 2 stacks x 5 runs
 * (10 runs a round, 60 s apart), a probe before the first run and after each round, cpu 1000
 * events/s falling to 800 after round 2 (a step: the machine drifted), memory steady at 9000 MiB/s;
 * the probe after round 1 was taken twice (a resumed campaign). Campaign p2: 2 rounds, steady
 * probes. Device {@code plain} has no probe. None of it was measured.
 */
public final class ProbeFixture {
    public static final String DEVICE = "probed-vm";

    private ProbeFixture() {}

    private static String at(int minute, int second) {
        return String.format(Locale.ROOT, "2026-12-07T%02d:%02d:%02dZ", 10 + minute / 60, minute % 60, second);
    }

    public static Results results() {
        SyntheticDataset data = new SyntheticDataset().mix("reads", 0, 1, 0, 0, 0);
        data.campaign("p1", DEVICE, stack("go", 1024L), stack("rust", 1024L));
        data.campaign("p2", DEVICE, stack("go", 1024L), stack("rust", 1024L));
        data.campaign("q1", "plain", stack("go", 1024L));
        long seq = 0;
        int minute = 0;
        for (String c : List.of("p1", "p2")) {
            int rounds = c.equals("p1") ? 3 : 2;
            long first = seq;
            for (int round = 1; round <= rounds; round++) {
                for (String s : List.of("go", "rust")) {
                    for (int k = 1; k <= 5; k++) {
                        seq++;
                        minute++;
                        data.run1(c, s, "get_item", (round - 1) * 5 + k, RunColumns.RPS, 1000.0 + k, RunColumns.PEAK_RSS_KIB, 2048L,
                                RunColumns.STARTED_AT, at(minute, 0), RunColumns.ROUND, round);
                    }
                }
            }
            double step = c.equals("p1") ? 800 : 1000;
            // a probe's time: 30 s after the run of seq after_seq began (runs begin a minute apart, minute = seq)
            data.probe(c, 0, 1000, 9000, at((int) first, 30));
            data.probe(c, first + 10, 1000, 9000, at((int) first + 10, 30));
            if (c.equals("p1")) data.probe(c, first + 10, 995, 9010, at((int) first + 10, 45)); // resumed: a second probe
            data.probe(c, first + 20, c.equals("p1") ? step : 1002, 9000, at((int) first + 20, 30));
            if (c.equals("p1")) data.probe(c, first + 30, step, 8990, at((int) first + 30, 30));
        }
        for (int k = 1; k <= 5; k++) data.run1("q1", "go", "get_item", k, RunColumns.RPS, 900.0 + k, RunColumns.PEAK_RSS_KIB, 2048L);
        return new Analysis(1).analyze(data.build(), AnalysisTest.VERIFIED);
    }
}
