package dev.tpm.collect.campaign;

import dev.tpm.codec.ProbeCsv;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.collect.sample.ClockTicks;
import dev.tpm.collect.sample.Commands;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.sample.Sysbench;
import dev.tpm.model.ProbeRow;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The probe of the machine beside the stacks (servers.md version 6): sysbench's cpu and memory
 * tests, pinned to the server's first CPU (unpinned where the server is not pinned), each behind
 * the quiet gate and each one row of probe.csv, appended and forced to disk at once, with the steal
 * of the probe's CPU (of the device when not pinned) during the test. A resumed campaign reads the
 * rows written so far and goes on numbering them.
 */
final class MachineProbe {
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    /** sysbench's own measure of a test's length. */
    private static final Pattern TOTAL_TIME = Pattern.compile("total time:\\s*([0-9]+(?:\\.[0-9]+)?)s");

    private final Path csv;
    private final String campaign;
    private final Protocol.Probe probe;
    private final Integer cpu;
    private final QuietGate gate;
    private final CpuSteal steal;
    private final Commands commands;
    private final PrintStream log;
    private final List<ProbeRow> rows = new ArrayList<>();
    private long lastAfterSeq = -1;

    private MachineProbe(Path csv, String campaign, Protocol.Probe probe, Integer cpu, QuietGate gate, CpuSteal steal,
            Commands commands, PrintStream log) {
        this.csv = csv;
        this.campaign = campaign;
        this.probe = probe;
        this.cpu = cpu;
        this.gate = gate;
        this.steal = steal;
        this.commands = commands;
        this.log = log;
    }

    /**
     * The campaign's probe, its earlier rows read back (a row ingest would reject stops the resume
     * with ingest's message); null when the protocol has none.
     *
     * @param maxSeq the campaign's largest run seq so far
     */
    static MachineProbe of(CampaignOptions o, CampaignFolder folder, QuietGate gate, PrintStream log, long maxSeq)
            throws IOException {
        Protocol.Probe probe = o.preset().protocol().probe();
        if (probe == null) return null;
        Integer cpu = o.pinning().serverCpus() == null ? null
                : Pinning.cpus(o.pinning().serverCpus(), Integer.MAX_VALUE, "--server-cpus").first();
        long timeoutMs = Math.round(Math.ceil(probe.durationS()) * 1000) + 60_000;
        MachineProbe p = new MachineProbe(folder.dir().resolve(ProbeCsv.FILE_NAME), o.campaign(), probe, cpu, gate,
                new CpuSteal(o.procStat()), Commands.system(timeoutMs), log);
        if (Files.exists(p.csv) && Files.size(p.csv) > 0) {
            long cut = dev.tpm.codec.RunCsv.truncateTornTail(p.csv);
            if (cut > 0) log.println("collect: " + p.csv + ": cut a torn last line (" + cut + " bytes) left by an interrupted probe");
            Problems problems = new Problems();
            List<ProbeCsv.Line> lines = ProbeCsv.read(p.csv, Sha256Sums.relative(o.dataDir(), p.csv), o.campaign(), maxSeq, true,
                    problems);
            if (!problems.isEmpty()) {
                throw new IOException(problems.all().stream().map(Object::toString).collect(Collectors.joining("\n")));
            }
            for (ProbeCsv.Line l : lines) p.rows.add(l.row());
        }
        return p;
    }

    /** Whether this campaign's last probe came after the run {@code seq} (0: before any run). */
    boolean probedAfter(long seq) {
        return lastAfterSeq == seq;
    }

    /** One probe after the run {@code afterSeq} (0 before the first): its two tests, one row each. */
    void probe(long afterSeq) throws IOException, InterruptedException {
        long seq = rows.stream().mapToLong(ProbeRow::probeSeq).max().orElse(0);
        for (String test : ProbeRow.TESTS) {
            gate.await(line -> log.println("collect: probe: " + line));
            long before = ticks();
            Instant start = Instant.now();
            long t0 = System.nanoTime();
            String out = commands.run(Sysbench.argv(test, probe.durationS(), cpu));
            double wallS = (System.nanoTime() - t0) / 1e9;
            double stealS = CpuSteal.seconds(before, ticks(), ClockTicks.perSecond());
            double value = Sysbench.result(test, out);
            Matcher m = TOTAL_TIME.matcher(out);
            double durationS = m.find() ? Double.parseDouble(m.group(1)) : wallS;
            ProbeRow row = new ProbeRow(campaign, ++seq, afterSeq, cpu, test, value, durationS, stealS, ISO_MILLIS.format(start));
            ProbeCsv.append(csv, row);
            rows.add(row);
            log.println(String.format(Locale.ROOT, "collect: probe %d after run %d: sysbench %s %.2f %s%s", row.probeSeq(), afterSeq,
                    test, value, ProbeRow.CPU.equals(test) ? "events/s" : "MiB/s", cpu == null ? "" : " on CPU " + cpu));
        }
        lastAfterSeq = afterSeq;
    }

    private long ticks() {
        return cpu == null ? steal.ticks() : steal.ticks(Set.of(cpu));
    }

    /** The end summary's line: the first and last cpu probe of the campaign and their ratio; null with fewer than two. */
    String summaryLine() {
        return summaryLine(rows);
    }

    /** The first and last cpu probe of {@code rows}, in probe_seq order, and their ratio; null with fewer than two. */
    static String summaryLine(List<ProbeRow> rows) {
        List<ProbeRow> cpu = rows.stream().filter(r -> ProbeRow.CPU.equals(r.test()))
                .sorted(java.util.Comparator.comparingLong(ProbeRow::probeSeq)).toList();
        if (cpu.size() < 2) return null;
        ProbeRow first = cpu.get(0);
        ProbeRow last = cpu.get(cpu.size() - 1);
        return String.format(Locale.ROOT, "probe: sysbench cpu %.2f events/s first (after run %d), %.2f last (after run %d):"
                + " last/first %.3f over %d cpu probes", first.value(), first.afterSeq(), last.value(), last.afterSeq(),
                last.value() / first.value(), cpu.size());
    }
}
