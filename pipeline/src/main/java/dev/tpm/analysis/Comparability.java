package dev.tpm.analysis;

import dev.tpm.codec.Num;
import dev.tpm.model.Campaign;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.Protocol;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.SourceSetup;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Topology;
import dev.tpm.stats.Quantiles;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Comparability (analysis.md 7, version 4): whether a replication row's device measured on the
 * setup its source did, on every factor the row's category depends on. Pure: campaigns, a
 * device's results and setup.json in, a verdict out.
 *
 * <p>Readings where the spec leaves room: a value's campaigns are the device's paper campaigns with
 * measured rows of its phase, phase 2 for the sweep's metrics ({@code rps_c<N>}, {@code p99_ms_c<N>},
 * {@code peak_rps}, {@code min_rps}, {@code plateau_concurrency}), phase 3 (series) for the memory
 * series' metrics, phase 1 otherwise; {@code runs} and {@code stacks} come from the device's
 * phase-1 groups (group_stats.csv's rps rows), as the tests see them. campaign.json's fields are
 * read in {@link #factor} alone.
 */
final class Comparability {
    /** A factor a campaign of the value does not record. */
    static final String UNKNOWN = "unknown";
    /** A factor the campaigns of the value record with different values. */
    static final String MIXED = "mixed";

    private static final List<String> THROUGHPUT = List.of("model", "arch", "server_cores", "load_generator_host");

    /** analysis.md 7's table: the factors of each category, in SourceSetup.FACTORS' order. */
    static List<String> factors(String category) {
        List<String> f = switch (category) {
            case "throughput", "latency" -> THROUGHPUT;
            case "efficiency" -> concat(THROUGHPUT, "page_size");
            case "delete" -> concat(THROUGHPUT, "seed_rows_delete");
            case "memory" -> List.of("arch", "page_size");
            case "startup", "energy" -> List.of("model", "arch");
            case "size" -> List.of("arch");
            case "tests" -> List.of("runs", "stacks");
            default -> List.of();
        };
        return SourceSetup.FACTORS.stream().filter(f::contains).toList();
    }

    private static List<String> concat(List<String> a, String b) {
        List<String> out = new ArrayList<>(a);
        out.add(b);
        return out;
    }

    /** A row's verdict: comparable, or the factors that differ as analysis.md 7 writes them. */
    record Verdict(boolean comparable, String differs) {
        static final Verdict YES = new Verdict(true, "");
    }

    private final Map<String, SourceSetup> setups = new LinkedHashMap<>();
    private final Map<String, List<Campaign>> campaignsOf;
    private final Map<Integer, Set<String>> measuredCampaigns;
    private final Comparator<String> stackOrder;

    /**
     * @param campaignsOf each device's paper campaigns that count
     * @param measuredCampaigns per phase (1, 2, 3, 4), the campaigns with measured rows (or series) of it
     */
    Comparability(List<SourceSetup> setups, Map<String, List<Campaign>> campaignsOf, Map<Integer, Set<String>> measuredCampaigns,
            Comparator<String> stackOrder) {
        for (SourceSetup s : setups) this.setups.put(s.source(), s);
        this.campaignsOf = campaignsOf;
        this.measuredCampaigns = measuredCampaigns;
        this.stackOrder = stackOrder;
    }

    Verdict of(DeviceResults d, PublishedValue p) {
        List<Campaign> campaigns = measured(campaignsOf.getOrDefault(d.id(), List.of()), phase(p.metric()));
        return verdict(p, campaigns, factor -> deviceValue(d, campaigns, factor));
    }

    /**
     * A seed study's row (studies.md "Published values"), on the device's campaigns of that study:
     * those with measured rows of the value's phase (phase 3 for a memory checkpoint {@code
     * rss_mib_t<N>}, phase 1 otherwise). {@code runs} and {@code stacks} (category {@code tests})
     * are the paper's post-hoc family, which the seed studies do not have: such a factor is unknown.
     */
    Verdict ofStudy(List<Campaign> studyCampaigns, PublishedValue p) {
        List<Campaign> campaigns = measured(studyCampaigns, Metrics.STUDY_CHECKPOINT.matcher(p.metric()).matches() ? 3 : 1);
        return verdict(p, campaigns, factor -> factor.equals("runs") || factor.equals("stacks")
                ? UNKNOWN : campaignsValue(campaigns, factor));
    }

    private List<Campaign> measured(List<Campaign> campaigns, int phase) {
        Set<String> ids = measuredCampaigns.getOrDefault(phase, Set.of());
        return campaigns.stream().filter(c -> ids.contains(c.id())).toList();
    }

    private Verdict verdict(PublishedValue p, List<Campaign> campaigns, java.util.function.Function<String, Object> deviceValue) {
        SourceSetup source = setups.get(p.source());
        if (source == null || p.category().isEmpty()) return Verdict.YES;
        List<String> differs = new ArrayList<>();
        for (String factor : factors(p.category())) {
            Object stated = stated(source, factor);
            if (stated == null) continue;
            Object device = campaigns.isEmpty() ? UNKNOWN : deviceValue.apply(factor);
            if (!equal(factor, device, stated)) differs.add(factor + ": " + text(device) + " vs " + text(stated));
        }
        return differs.isEmpty() ? Verdict.YES : new Verdict(false, String.join("; ", differs));
    }

    /** The phase whose measured rows a metric comes from (see the class comment). */
    static int phase(String metric) {
        return dev.tpm.results.PaperName.parse(metric).phase();
    }

    private Object deviceValue(DeviceResults d, List<Campaign> campaigns, String factor) {
        switch (factor) {
            case "runs": {
                double[] n = d.groupStats().stream().filter(g -> Metrics.RPS.equals(g.metric()) && Endpoints.CRUD.contains(g.endpoint()))
                        .mapToDouble(GroupStat::n).toArray();
                return n.length == 0 ? UNKNOWN : BigDecimal.valueOf(Quantiles.median(n));
            }
            case "stacks": {
                Set<String> s = new LinkedHashSet<>();
                d.groupStats().stream().filter(g -> Metrics.RPS.equals(g.metric())).map(GroupStat::stack).sorted(stackOrder)
                        .forEach(s::add);
                return s.isEmpty() ? UNKNOWN : List.copyOf(s);
            }
            default:
                return campaignsValue(campaigns, factor);
        }
    }

    /** A factor over campaigns: their common value, unknown when one does not record it, mixed when they differ. */
    private static Object campaignsValue(List<Campaign> campaigns, String factor) {
        Object value = null;
        for (Campaign c : campaigns) {
            Object v = factor(c, factor);
            if (v == null) return UNKNOWN;
            if (value != null && !same(value, v)) return MIXED;
            value = v;
        }
        return value;
    }

    /** One campaign's value of a factor (campaign.json, data.md); null when it does not record it. */
    static Object factor(Campaign c, String factor) {
        Protocol protocol = c.protocol();
        return switch (factor) {
            case "model" -> c.device().model();
            case "arch" -> c.device().arch();
            case "page_size" -> c.device().pageSize() == null ? null : BigDecimal.valueOf(c.device().pageSize());
            case "load_generator_host" -> c.loadGenerator() == null ? null : c.loadGenerator().host();
            case "seed_rows_delete" -> protocol == null || protocol.seedRowsDelete() == null
                    || protocol.seedRowsDelete().auto() ? null : BigDecimal.valueOf(protocol.seedRowsDelete().rows());
            case "server_cores" -> {
                String cpus = protocol == null ? null : protocol.serverCpus();
                if (cpus == null && protocol != null && protocol.pinning() != null) cpus = protocol.pinning().serverCpus();
                Integer n = cpus != null ? Topology.cpuCount(cpus) : c.device().cores();
                yield n == null ? null : BigDecimal.valueOf(n);
            }
            default -> throw new IllegalArgumentException("not a campaign factor: " + factor);
        };
    }

    private static Object stated(SourceSetup s, String factor) {
        return switch (factor) {
            case "model" -> s.model();
            case "arch" -> s.arch();
            case "server_cores" -> s.serverCores() == null ? null : BigDecimal.valueOf(s.serverCores());
            case "load_generator_host" -> s.loadGeneratorHost();
            case "page_size" -> s.pageSize() == null ? null : BigDecimal.valueOf(s.pageSize());
            case "seed_rows_delete" -> s.seedRowsDelete() == null ? null : BigDecimal.valueOf(s.seedRowsDelete());
            case "runs" -> s.runs() == null ? null : BigDecimal.valueOf(s.runs());
            case "stacks" -> s.stacks();
            default -> null;
        };
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) return x.compareTo(y) == 0;
        return a.equals(b);
    }

    /** analysis.md 7's equality; unknown and mixed always differ. */
    private static boolean equal(String factor, Object device, Object stated) {
        if (UNKNOWN.equals(device) || MIXED.equals(device)) return false;
        if (factor.equals("model")) return ((String) device).startsWith((String) stated);
        if (device instanceof List<?> a && stated instanceof List<?> b) return Set.copyOf(a).equals(Set.copyOf(b));
        return same(device, stated);
    }

    /** Numbers as numbers (Num.csv), stacks comma-separated without spaces. */
    private static String text(Object v) {
        if (v instanceof BigDecimal b) return Num.csv(b.doubleValue());
        if (v instanceof List<?> l) return String.join(",", l.stream().map(Object::toString).toList());
        return v.toString();
    }
}
