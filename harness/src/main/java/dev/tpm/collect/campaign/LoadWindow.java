package dev.tpm.collect.campaign;

import dev.tpm.collect.cgroup.RunCgroup;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.sample.ClockTicks;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.sample.ProcCpu;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.TreeSampler;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The measurement around a run's load window (servers.md "Measurement"): the server tree's CPU
 * ticks, the Pi's sticky throttling bits, the cgroup's peak, the steal counter, and the tree
 * sampler (memory, power, temperature, clock), read at the window's start and end around the load
 * generator's run. What the load generator printed is parsed elsewhere.
 */
final class LoadWindow {
    /** The load itself, run while the window is measured. */
    interface Load {
        LoadGenerator.Outcome run() throws IOException, InterruptedException;
    }

    /**
     * What the window measured.
     *
     * @param samplerFailure why the sampler failed, null when it did not
     * @param cgroupFailure why the cgroup's peak could not be read, null when it was
     * @param peakCgroupKib the cgroup's peak during the window, null where not read
     * @param stealS the device's steal over the window (s), NaN when unknown
     * @param groupStealS version 6: the steal of each of the campaign's CPU groups (the server's
     *     pinned CPUs, the load generator's) over the window (s), NaN where unknown
     * @param cpuS the server tree's CPU time over the window (s), NaN when unknown
     * @param alive whether the server was still alive after the window
     */
    record Readings(LoadGenerator.Outcome out, List<TreeSampler.Sample> samples, Instant seriesStart, String samplerFailure,
            String cgroupFailure, Long peakCgroupKib, double stealS, double[] groupStealS, double cpuS, int stickyBefore, int stickyAfter, boolean alive) {}

    /** The window could not be measured (the cgroup's peak could not be reset): the run fails. */
    static final class NotMeasured extends IOException {
        NotMeasured(String message, IOException cause) {
            super(message, cause);
        }
    }

    private LoadWindow() {}

    /**
     * Measures {@code load} on {@code server}; {@link NotMeasured} when the cgroup's peak cannot be
     * reset (the window cannot be measured).
     */
    static Readings measure(ServerSide.Server server, RunCgroup cg, Sensors sensors, CpuSteal steal, List<Set<Integer>> groups,
            int sampleIntervalMs, Load load) throws IOException, InterruptedException {
        Map<Long, Long> cpuStart = ProcCpu.ticks(server.treePids());
        int stickyBefore = sensors.throttling() == null ? -1 : sensors.throttling().stickyBits();
        TreeSampler sampler = new TreeSampler(server::treePids, sampleIntervalMs, sensors.power(), sensors.throttling(), sensors.soc());
        try {
            cg.resetPeak(); // the load window starts
        } catch (IOException e) {
            throw new NotMeasured("cgroup " + cg.dir() + ": cannot reset its peak: " + e.getMessage(), e);
        }
        Instant seriesStart = Instant.now();
        long[] stealStart = steal.ticks(groups);
        sampler.start();
        LoadGenerator.Outcome out;
        List<TreeSampler.Sample> samples = List.of();
        String samplerFailure = null;
        try {
            out = load.run();
        } finally {
            try {
                samples = sampler.stop();
            } catch (RuntimeException e) {
                samplerFailure = e.getMessage();
            }
        }
        Long peak = null;
        String cgroupFailure = null;
        try {
            long peakCgroup = cg.peakKib();
            peak = peakCgroup >= 0 ? peakCgroup : null;
        } catch (IOException e) {
            cgroupFailure = "cgroup peak: " + e.getMessage();
        }
        long[] stealEnd = steal.ticks(groups);
        double stealS = CpuSteal.seconds(stealStart[0], stealEnd[0], ClockTicks.perSecond());
        double[] groupStealS = new double[groups.size()];
        for (int i = 0; i < groups.size(); i++) {
            groupStealS[i] = CpuSteal.seconds(stealStart[i + 1], stealEnd[i + 1], ClockTicks.perSecond());
        }
        int stickyAfter = sensors.throttling() == null ? -1 : sensors.throttling().stickyBits();
        Map<Long, Long> cpuEnd = ProcCpu.ticks(server.treePids());
        double cpuS = cpuEnd.isEmpty() ? Double.NaN : ProcCpu.seconds(cpuStart, cpuEnd, ClockTicks.perSecond());
        return new Readings(out, samples, seriesStart, samplerFailure, cgroupFailure, peak, stealS, groupStealS, cpuS, stickyBefore, stickyAfter,
                server.isAlive());
    }
}
