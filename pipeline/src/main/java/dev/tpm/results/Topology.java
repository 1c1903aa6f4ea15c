package dev.tpm.results;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where and how a device's paper campaigns ran (outputs.md "Report"): the server's cores and
 * pinning, where the load generator ran, the load window, runs per group, and host saturation,
 * so that a reader can set each device beside the paper's own setup ({@link #PAPER}). Built by the
 * analysis (analysis/Topologies).
 *
 * @param device the device id ("paper" for {@link #PAPER})
 * @param cores device.cores of campaign.json, null when not recorded
 * @param setups one per distinct setup among the campaigns (campaigns that ran the same way share
 *     one), in order of their first campaign's id; several when the campaigns differ, e.g. one
 *     pinned and one not
 * @param hostRuns measured runs of the device's paper campaigns (loadgen_summary.csv, phases 1
 *     and 2) that have host_busy: the load generator on the device and both CPU columns
 * @param saturatedRuns of those, the runs whose server and load generator used at least
 *     {@link LoadgenSummary#SATURATED} of the device's cores
 * @param hostBusyMax the largest group median host_busy over those groups, NaN when none
 */
public record Topology(String device, Integer cores, List<Setup> setups, int hostRuns, int saturatedRuns, double hostBusyMax) {

    /**
     * One way of running: the server's CPU list (null = not pinned), the load generator, its CPU
     * list, and protocol.runs / warmups / duration_s / concurrency of campaign.json.
     */
    public record Setup(List<String> campaigns, String serverCpus, LoadGenerator loadGenerator, String loadGeneratorCpus,
            Integer runs, Integer warmups, Double windowS, Integer concurrency) {
        public Setup {
            campaigns = List.copyOf(campaigns);
            Objects.requireNonNull(loadGenerator);
        }
    }

    /**
     * The paper's phase-3 memory window per stack, in seconds. The summary does not print it; it
     * prints 3,314 snapshots at about 130 ms for five stacks, so about 3,314 x 0.130 s / 5 = 86 s
     * per stack, if the snapshots are single readings spread evenly over the stacks (were they
     * 3,314 per stack, the window would be five times longer).
     */
    public static final double PAPER_MEMORY_WINDOW_S = 3314 * 0.130 / 5;

    /**
     * The paper's setup as its summary states it (seeds/000, sections 2.3, 3.1 and 3.5): a
     * Raspberry Pi 5 whose four Cortex-A76 cores are isolated for the server, wrk on a separate
     * machine, 50 measured runs per stack and endpoint after 3 warm-ups (its "53 runs") at 30
     * connections. The summary does not print the load window of a run; the 10 s is the paper
     * protocol's as spec/data.md's example campaign.json records it (protocol.duration_s of preset
     * paper), the one the harness's paper preset runs.
     */
    public static final Topology PAPER = new Topology("paper", 4, List.of(new Setup(List.of("arXiv:2609.11932"), "0-3",
            new LoadGenerator("wrk", null, LoadGenerator.SEPARATE, null, false), null, 50, 3, 10.0, 30)), 0, 0, Double.NaN);

    public Topology {
        setups = List.copyOf(setups);
    }

    /** A device of which nothing is known (results built without campaigns, e.g. in tests). */
    public static Topology unknown(String device) {
        return new Topology(device, null, List.of(), 0, 0, Double.NaN);
    }

    /** Whether the campaigns ran in more than one way. */
    public boolean differs() {
        return setups.size() > 1;
    }

    /**
     * How many CPUs a Linux CPU list names ("1" -> 1, "0-3" -> 4, "0,2-3" -> 3); null when it
     * does not parse.
     */
    public static Integer cpuCount(String list) {
        if (list == null || list.isBlank()) return null;
        TreeSet<Integer> cpus = new TreeSet<>();
        try {
            for (String part : list.trim().split(",")) {
                String[] ends = part.trim().split("-");
                int a = Integer.parseInt(ends[0].trim());
                int b = ends.length == 2 ? Integer.parseInt(ends[1].trim()) : a;
                if (ends.length > 2 || b < a) return null;
                for (int i = a; i <= b; i++) cpus.add(i);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return cpus.size();
    }

    /**
     * The topology in plain words, one sentence, e.g. "server pinned to CPU 1 (1 core of 2); wrk
     * 4.1.0 on the same machine, pinned to CPU 0; 5 s load window, 10 runs per group after 1
     * warm-up; host saturated in 0 of 980 measured runs (busiest group: 61.2 % of the cores)".
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (setups.isEmpty()) {
            parts.add("setup not recorded");
        } else if (setups.size() == 1) {
            parts.add(describe(setups.get(0)));
        } else {
            List<String> each = new ArrayList<>();
            for (Setup s : setups) {
                each.add((s.campaigns().size() == 1 ? "campaign " : "campaigns ") + String.join(", ", s.campaigns()) + ": "
                        + describe(s));
            }
            parts.add("its campaigns ran in " + setups.size() + " different ways (" + String.join(" | ", each) + ")");
        }
        parts.add(saturation());
        return String.join("; ", parts);
    }

    private String describe(Setup s) {
        return server(s) + ", " + loadGenerator(s) + ", " + window(s) + ", " + runs(s)
                + (s.concurrency() == null ? "" : ", " + s.concurrency() + " connections");
    }

    /**
     * One aspect of the setup, in the words of {@link #describe()}: the report's setup table has a
     * row of these per device, beside the paper's.
     */
    public record Aspect(String label, String value) {}

    /**
     * The aspects outputs.md's report names (server cores and pinning, where the load generator
     * ran, the load window, runs per group, connections, host saturation), each one value, or one
     * per set of campaigns where they differ.
     */
    public List<Aspect> aspects() {
        return List.of(
                new Aspect("server cores and pinning", perSetup(this::server)),
                new Aspect("load generator", perSetup(this::loadGenerator)),
                new Aspect("load window", perSetup(Topology::window)),
                new Aspect("runs per group", perSetup(Topology::runs)),
                new Aspect("connections", perSetup(x -> x.concurrency() == null ? "not recorded" : x.concurrency().toString())),
                new Aspect("host saturation", saturation()));
    }

    private String perSetup(java.util.function.Function<Setup, String> value) {
        if (setups.isEmpty()) return "not recorded";
        Set<String> distinct = new LinkedHashSet<>();
        for (Setup x : setups) distinct.add(value.apply(x));
        if (distinct.size() == 1) return distinct.iterator().next();
        List<String> each = new ArrayList<>();
        for (Setup x : setups) {
            each.add((x.campaigns().size() == 1 ? "campaign " : "campaigns ") + String.join(", ", x.campaigns()) + ": "
                    + value.apply(x));
        }
        return String.join("; ", each);
    }

    private String server(Setup s) {
        Integer server = cpuCount(s.serverCpus());
        String of = cores == null ? "" : " of " + words(cores);
        if (s.serverCpus() == null) return "server not pinned" + (cores == null ? "" : " (any of the " + words(cores) + " cores)");
        if (server != null && server.equals(cores)) return "server on all " + words(cores) + " cores";
        return "server pinned to " + (server != null && server == 1 ? "CPU " : "CPUs ") + s.serverCpus()
                + (server == null ? "" : " (" + words(server) + (server == 1 ? " core" : " cores") + of + ")");
    }

    private String loadGenerator(Setup s) {
        LoadGenerator lg = s.loadGenerator();
        String tool = (lg.tool().isEmpty() ? "the load generator" : lg.tool()) + (lg.version() == null ? "" : " " + lg.version());
        if (lg.sameHost()) {
            return tool + " on the same machine" + (s.loadGeneratorCpus() == null ? ", not pinned"
                    : ", pinned to " + (Objects.equals(cpuCount(s.loadGeneratorCpus()), 1) ? "CPU " : "CPUs ") + s.loadGeneratorCpus());
        }
        if (LoadGenerator.SEPARATE.equals(lg.host())) return tool + " on a separate machine";
        return tool + ", where it ran not recorded";
    }

    private static String window(Setup s) {
        return s.windowS() == null ? "load window not stated" : plain(s.windowS()) + " s load window";
    }

    private static String runs(Setup s) {
        return s.runs() == null ? "runs per group not recorded" : s.runs() + " runs per group"
                + (s.warmups() == null ? "" : " after " + s.warmups() + (s.warmups() == 1 ? " warm-up" : " warm-ups"));
    }

    private String saturation() {
        boolean anySame = setups.stream().anyMatch(s -> s.loadGenerator().sameHost());
        if (!anySame && !setups.isEmpty()) return "no host saturation possible (the load generator had its own machine)";
        if (hostRuns == 0) return "host saturation not measured (no run has both CPU columns)";
        String what = " of " + hostRuns + " measured runs used >= " + plain(100 * LoadgenSummary.SATURATED)
                + " % of the cores for server + load generator (busiest group's median: " + percent(hostBusyMax) + ")";
        return saturatedRuns == 0 ? "host never saturated: none" + what : "host saturated: " + saturatedRuns + what;
    }

    /** "Setup: ... The paper's: ...": one line for the report's opening, this device beside the paper. */
    public String besidePaper() {
        return "Setup: " + describe() + ". The paper's: " + PAPER.describe() + ".";
    }

    private static String words(int n) {
        return switch (n) {
            case 1 -> "one";
            case 2 -> "two";
            case 3 -> "three";
            case 4 -> "four";
            default -> Integer.toString(n);
        };
    }

    private static String plain(double x) {
        return new BigDecimal(Double.toString(x)).stripTrailingZeros().toPlainString();
    }

    private static String percent(double share) {
        return new BigDecimal(100 * share).setScale(1, RoundingMode.HALF_UP).toPlainString().toLowerCase(Locale.ROOT) + " %";
    }
}
