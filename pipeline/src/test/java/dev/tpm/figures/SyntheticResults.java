package dev.tpm.figures;

import dev.tpm.testing.Campaigns;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.model.StackInfo;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.OfferedLoad;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupSample;
import dev.tpm.model.InventoryEntry;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.Verification;
import dev.tpm.results.Weighted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.MersenneTwister;

/**
 * SYNTHETIC results for tests: hand-built numbers shaped like the paper's Pi 5 pilot (five stacks,
 * Rust lean, Python heavy, a .NET latency spike on writes), never measurements. Random run values
 * come from a fixed-seed MersenneTwister, so the fixture is the same on every run.
 */
public final class SyntheticResults {
    public static final List<String> STACKS = List.of("go", "rust", "python", "node", "dotnet");
    public static final String DECLARED = "illustrative";
    public static final List<Integer> CONCURRENCY = List.of(30, 60, 120, 240);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Per stack: w_rps, w_peak_mib, w_rps_per_mib, w_energy_mj, startup_ms, idle_rss_mib. */
    private static final Map<String, double[]> HEADLINE = new LinkedHashMap<>();

    static {
        HEADLINE.put("go", new double[] {2200, 19.72, 111.13, 3.1, 11.2, 9.8});
        HEADLINE.put("rust", new double[] {2125, 7.36, 310.25, 3.0, 11.0, 4.97});
        HEADLINE.put("python", new double[] {969, 236.71, 4.1, 17.42, 472, 180});
        HEADLINE.put("node", new double[] {2310, 95.0, 26.0, 3.3, 181, 48});
        HEADLINE.put("dotnet", new double[] {2461, 47.65, 52.0, 2.71, 44.1, 21.35});
    }

    private SyntheticResults() {}

    /** One Pi 5 with every phase and energy. */
    public static Results pi5() {
        return results(List.of(device("pi5-a", true, true, true)));
    }

    /** Two devices; the second without phase 2, phase 3 or energy. */
    public static Results twoDevices() {
        return results(List.of(device("pi5-a", true, true, true), device("pi5-b", false, false, false)));
    }

    /** One device with only phase 1 and no power source. */
    public static Results phase1Only() {
        return results(List.of(device("pi5-a", false, false, false)));
    }

    /** Stacks of a hello-world study: many more than five. */
    public static final List<String> HELLO_STACKS = List.of("flask", "node-http", "go-nethttp", "crystal", "elixir",
            "java-vertx", "ruby-puma", "rust-hyper", "dart", "nim");

    /**
     * A hello-world study: ten stacks, one endpoint ({@code hello}), phase 1 only: no CRUD mix, so
     * no weighted aggregates.
     */
    public static Results helloWorld() {
        MersenneTwister rng = new MersenneTwister(7);
        List<GroupSample> samples = new ArrayList<>();
        List<StackPooled> pooled = new ArrayList<>();
        for (int s = 0; s < HELLO_STACKS.size(); s++) {
            String stack = HELLO_STACKS.get(s);
            double base = 3000 + 9000 * s;
            double[] rps = new double[6];
            double[] p99 = new double[6];
            for (int i = 0; i < 6; i++) {
                rps[i] = base * (1 + 0.03 * rng.nextGaussian());
                p99[i] = 2 + 3 * s + rng.nextDouble();
            }
            samples.add(new GroupSample("vm", stack, Endpoints.HELLO, Metrics.RPS, rps));
            samples.add(new GroupSample("vm", stack, Endpoints.HELLO, Metrics.LAT_P99_MS, p99));
            pooled.add(new StackPooled("vm", stack, 6, ci(5 + s, 0.02), ci(20 + 40 * s, 0.05), Double.NaN));
        }
        Device vm = Device.of("vm", "2-vCPU VM", null, 2, 4096L, "x86_64", "Ubuntu 22.04", null, null, null, null,
                null, 4096, "none");
        DeviceResults d = DeviceResults.builder(vm).campaigns(List.of("2024-05-01-vm")).stacks(HELLO_STACKS)
                .declaredMix(DECLARED).samples(samples).stackPooled(pooled).build();
        return new Results(dev.tpm.testing.TestFacts.of(dataset(List.of(d))), new Verification(3, "cd".repeat(32)), HELLO_STACKS, List.of(d),
                List.of(), List.of());
    }

    public static Results results(List<DeviceResults> devices) {
        return new Results(dev.tpm.testing.TestFacts.of(dataset(devices)), new Verification(12, "ab".repeat(32)), STACKS, devices, List.of(),
                List.of());
    }

    public static List<Mix> mixes() {
        return List.of(
                mix(DECLARED, 0.15, 0.40, 0.25, 0.10, 0.10),
                mix("read_heavy", 0.05, 0.50, 0.35, 0.05, 0.05),
                mix("uniform", 0.2, 0.2, 0.2, 0.2, 0.2),
                mix("write_heavy", 0.35, 0.15, 0.10, 0.25, 0.15));
    }

    private static Mix mix(String name, double post, double get, double list, double put, double delete) {
        Map<String, Double> w = new LinkedHashMap<>();
        w.put(Endpoints.POST_ITEM, post);
        w.put(Endpoints.GET_ITEM, get);
        w.put(Endpoints.GET_LIST, list);
        w.put(Endpoints.PUT_ITEM, put);
        w.put(Endpoints.DELETE_ITEM, delete);
        return new Mix(name, w);
    }

    static Dataset dataset(List<DeviceResults> devices) {
        List<Campaign> campaigns = new ArrayList<>();
        for (DeviceResults d : devices) campaigns.add(campaign("2026-12-01-" + d.id(), d.device()));
        List<InventoryEntry> inventory = List.of(
                new InventoryEntry("config/analysis.json", "11".repeat(32), 412, null),
                new InventoryEntry("config/mixes.csv", "22".repeat(32), 530, 20L),
                new InventoryEntry("raw/2026-12-01-pi5-a/campaign.json", "33".repeat(32), 1210, null),
                new InventoryEntry("raw/2026-12-01-pi5-a/phase1.csv", "44".repeat(32), 901234, 1590L));
        return new Dataset(Path.of("data"), AnalysisConfig.defaults(), mixes(), campaigns, List.of(),
                List.of(), List.of(), List.of(), inventory);
    }

    static Device hardware(String id, boolean energy) {
        return Device.of(id, "Raspberry Pi 5 Model B Rev 1.0", "Cortex-A76 x4", 4, 8064L, "aarch64", "Debian 12",
                "6.6.51+rpt-rpi-2712", "2024/09/23 14:02:56", "2024-09-23", "DA9091", "performance", 16384,
                energy ? "pmic" : "none");
    }

    static Campaign campaign(String id, Device device) {
        JsonNode json;
        try {
            json = JSON.readTree("""
                    {"campaign": "%s",
                     "device": {"id": "%s", "model": "Raspberry Pi 5 Model B Rev 1.0", "cores": 4,
                                "power_source": "%s"},
                     "load_generator": {"tool": "wrk", "version": "4.1.0", "host": "separate"},
                     "protocol": {"preset": "paper", "runs": 50, "warmups": 3, "duration_s": 10,
                                  "concurrency": 30, "threads": 2, "order": "randomized", "rng_seed": 42},
                     "stacks": []}
                    """.formatted(id, device.id(), device.powerSource()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        List<StackInfo> stacks = List.of(
                new StackInfo("go", "Go 1.26", "net/http", 9175040L, 1),
                new StackInfo("rust", "Rust 1.95", "Axum 0.8", 3428967L, 1),
                new StackInfo("python", "Python 3.13", "FastAPI + Granian", 61234567L, 4),
                new StackInfo("node", "Node.js 24", "Fastify", 45000000L, 1),
                new StackInfo("dotnet", ".NET 10", "ASP.NET Core Native AOT", 21000000L, 1));
        return Campaigns.of(id, device, json.get("load_generator"), json.get("protocol"), stacks, json);
    }

    static Estimate ci(double value, double halfWidthFraction) {
        return new Estimate(value, value * (1 - halfWidthFraction), value * (1 + halfWidthFraction * 1.3));
    }

    static DeviceResults device(String id, boolean sweep, boolean memory, boolean energy) {
        MersenneTwister rng = new MersenneTwister(20260929L + id.hashCode());
        List<Weighted> weighted = new ArrayList<>();
        int mixIndex = 0;
        for (Mix m : mixes()) {
            int rank = 0;
            for (String stack : STACKS) {
                double[] h = HEADLINE.get(stack);
                double shift = 1 + 0.08 * mixIndex * (stack.equals("python") ? -1 : 1);
                weighted.add(new Weighted(id, m.name(), stack, ci(h[0] * shift, 0.05), ci(h[1], 0.03),
                        ci(h[2] * shift, 0.06), ci(20 + rank, 0.1), energy ? ci(h[3], 0.08) : Estimate.MISSING,
                        ++rank, 310.25 / h[2]));
            }
            mixIndex++;
        }
        List<StackPooled> pooled = new ArrayList<>();
        for (String stack : STACKS) {
            double[] h = HEADLINE.get(stack);
            pooled.add(new StackPooled(id, stack, 300, ci(h[5], 0.02), ci(h[4], 0.04), 10));
        }
        List<GroupSample> samples = new ArrayList<>();
        List<String> endpoints = new ArrayList<>(Endpoints.CRUD);
        endpoints.add(Endpoints.MIXED);
        for (String stack : STACKS) {
            double[] h = HEADLINE.get(stack);
            for (String e : endpoints) {
                double scale = switch (e) {
                    case Endpoints.GET_ITEM -> 1.6;
                    case Endpoints.GET_LIST -> 0.7;
                    case Endpoints.POST_ITEM, Endpoints.PUT_ITEM -> 0.8;
                    default -> 1.0;
                };
                double[] rps = new double[50];
                double[] p99 = new double[50];
                boolean spike = stack.equals("dotnet")
                        && (e.equals(Endpoints.POST_ITEM) || e.equals(Endpoints.DELETE_ITEM));
                double p99Base = switch (stack) {
                    case "rust" -> 4.5;
                    case "go" -> 6.0;
                    case "python" -> 95.0;
                    case "node" -> 21.0;
                    default -> 9.0;
                };
                for (int i = 0; i < 50; i++) {
                    rps[i] = h[0] * scale * (1 + 0.04 * rng.nextGaussian());
                    p99[i] = p99Base * (1 + 0.15 * Math.abs(rng.nextGaussian()));
                    if (spike && i % 5 == 0) p99[i] = 1765 + 400 * rng.nextDouble();
                }
                rps[7] = h[0] * scale * 0.7; // one slow run: an outlier for the box plots
                samples.add(new GroupSample(id, stack, e, Metrics.RPS, rps));
                samples.add(new GroupSample(id, stack, e, Metrics.LAT_P99_MS, p99));
            }
        }
        List<SweepPoint> sweepPoints = new ArrayList<>();
        if (sweep) {
            Map<String, double[]> rps = Map.of(
                    "go", new double[] {6100, 11000, 14000, 14230},
                    "rust", new double[] {7000, 12500, 17100, 17469},
                    "python", new double[] {1780, 2050, 2236, 2107},
                    "node", new double[] {8000, 9500, 9700, 9766},
                    "dotnet", new double[] {8200, 14100, 22000, 26209});
            Map<String, double[]> p99 = Map.of(
                    "go", new double[] {6, 11, 20, 38},
                    "rust", new double[] {4.5, 8, 15, 30},
                    "python", new double[] {95, 160, 300, 520},
                    "node", new double[] {21, 80, 260, 640},
                    "dotnet", new double[] {9, 14, 25, 41});
            for (String stack : STACKS) {
                for (int i = 0; i < CONCURRENCY.size(); i++) {
                    sweepPoints.add(new SweepPoint(id, stack, CONCURRENCY.get(i), 10, ci(rps.get(stack)[i], 0.04),
                            ci(p99.get(stack)[i], 0.12), HEADLINE.get(stack)[1] * 1.1, List.of("get_item")));
                }
            }
        }
        List<MemorySeries> series = new ArrayList<>();
        if (memory) {
            for (String stack : STACKS) {
                for (int run = 1; run <= 2; run++) series.add(memorySeries(id, stack, run, rng));
            }
        }
        PosthocSummary summary = new PosthocSummary(id, 400, 253, 180, 175, 0.05 / 400, 2 / 1.0089134454556417e29, 50, 50);
        DeviceResults d = DeviceResults.builder(hardware(id, energy)).campaigns(List.of("2026-12-01-" + id)).stacks(STACKS)
                .declaredMix(DECLARED).samples(samples).posthocSummary(summary).weighted(weighted).stackPooled(pooled)
                .sweep(sweepPoints).memorySeries(series).paretoFrontier(List.of("go", "rust", "dotnet")).drift(dev.tpm.testing.DriftFixture.roundRobin(samples, 5, 0.05, "go", Endpoints.GET_LIST, 0.004))
                .build();
        // a device with a sweep has a phase 4 too (the two come from the same campaigns of the fixture)
        return sweep ? d.toBuilder().offeredLoad(offeredLoad(id)).build() : d;
    }

    /** SYNTHETIC phase 4 on get_item: p99 grows as the rate nears each stack's capacity; past it, seconds. */
    static List<OfferedLoad> offeredLoad(String id) {
        Map<String, Double> capacity = Map.of("go", 14_000.0, "rust", 17_000.0, "python", 2_200.0, "node", 9_500.0,
                "dotnet", 26_000.0);
        List<OfferedLoad> out = new ArrayList<>();
        for (String stack : STACKS) {
            for (double rate : new double[] {500, 2_000, 8_000, 20_000}) {
                double load = rate / capacity.get(stack);
                double rps = Math.min(rate, capacity.get(stack));
                double p99 = load < 1 ? 2 / Math.pow(1 - Math.min(load, 0.97), 1.5) : 2_000 * load;
                boolean keptUp = rps >= 0.95 * rate;
                int n = stack.equals("rust") && rate == 2_000 ? 3 : 5;
                Estimate ci = n < 5 ? new Estimate(p99, Double.NaN, Double.NaN) : ci(p99, 0.08);
                out.add(new OfferedLoad(id, stack, "get_item", rate, n, rps, p99 / 5, p99 / 2, ci, p99 * 1.8,
                        HEADLINE.get(stack)[1], keptUp, keptUp && p99 <= 50));
            }
        }
        return out;
    }

    /** A copy of d with other weighted rows, pooled rows and frontier. */
    public static DeviceResults with(DeviceResults d, List<Weighted> weighted, List<StackPooled> pooled,
            List<String> frontier) {
        return d.toBuilder().weighted(weighted).stackPooled(pooled).paretoFrontier(frontier).listedStacks(d.stacks())
                .testsLeftOut(List.of()).ratios(List.of()).drift(dev.tpm.results.Drift.NONE).offeredLoad(List.of())
                .capacity(List.of()).topology(null).steadyStats(List.of()).warmCold(List.of()).stealSensitivity(List.of())
                .build();
    }

    /**
     * A copy of d where python's pooled startup is 5000 ms (CI 4800-5200): with the others near 10 ms
     * its values span more than two decades, so the startup figure draws a log axis.
     */
    public static DeviceResults withSlowPython(DeviceResults d) {
        List<StackPooled> pooled = d.stackPooled().stream()
                .map(p -> p.stack().equals("python")
                        ? new StackPooled(p.device(), p.stack(), p.n(), p.idleRssMib(), new Estimate(5000, 4800, 5200), 1)
                        : p)
                .toList();
        return with(d, d.weighted(), pooled, d.paretoFrontier());
    }

    /** 100 samples 130 ms apart: Rust flat, Node growing, Go a GC sawtooth, Python high, .NET mild. */
    static MemorySeries memorySeries(String device, String stack, int run, MersenneTwister rng) {
        int n = 100;
        long[] t = new long[n];
        long[] rss = new long[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * 130L + rng.nextInt(3);
            double mib = switch (stack) {
                case "rust" -> 7.7 + 0.1 * (i % 2);
                case "node" -> 60 + 1.17 * i + run;
                case "go" -> 15 + (i % 12) * 0.45;
                case "python" -> 235 + 0.1 * i;
                default -> 45 + 3 * Math.sin(i / 9.0);
            };
            rss[i] = Math.round(mib * 1024);
        }
        return new MemorySeries("raw/2026-12-01-" + device + "/phase3/" + stack + "-get_item-" + run + ".json",
                "2026-12-01-" + device, device, stack, Endpoints.GET_ITEM, run, 30, 130, "2026-12-01T11:00:00.000Z",
                t, rss, null);
    }
}
