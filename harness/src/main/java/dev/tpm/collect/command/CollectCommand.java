package dev.tpm.collect.command;

import dev.tpm.codec.AnalysisJson;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.collect.DeclaredMix;
import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import dev.tpm.collect.campaign.CampaignOptions;
import dev.tpm.collect.campaign.CampaignRunner;
import dev.tpm.collect.campaign.CampaignSummary;
import dev.tpm.collect.campaign.PresetEstimate;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.campaign.DeviceFacts;
import dev.tpm.collect.campaign.Pinning;
import dev.tpm.collect.loadgen.LoadGenHost;
import dev.tpm.collect.campaign.StackServerSide;
import dev.tpm.collect.conformance.ConformanceCheck;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.loadgen.LoadGenerators;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collect --preset P --stacks a,b}: measures the stacks with the preset's protocol into
 * {@code data/raw/<campaign>/} (servers.md "The collection stage"), resuming the campaign if its
 * folder exists. Only built stacks that pass the conformance check are measured.
 */
@Command(name = "collect", mixinStandardHelpOptions = true,
        description = "Run a collection campaign: servers under wrk or autocannon load, memory and power sampled, rows into data/raw/<campaign>/.")
public final class CollectCommand implements Callable<Integer> {
    @Option(names = "--preset", required = true, description = "preset name in harness/presets (paper, unit, pilot-v5, smoke, pilot, hello-blog, app-servers, node-pi, ...) or a .json path")
    String preset;

    @Option(names = "--stacks", split = ",", description = "stack ids to measure (default: every available, built stack); runs are ordered as the preset's order says: in rounds, each shuffled (servers.md version 5), or at random over every (stack, endpoint, run) of a phase")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--data", description = "data folder (default: ${DEFAULT-VALUE})")
    Path data = Path.of("data");

    @Option(names = "--campaign", description = "campaign folder name under data/raw (default: <date>-<device>-<preset>)")
    String campaign;

    @Option(names = "--servers", description = "folder of stacks (default: ${DEFAULT-VALUE})")
    Path servers = Path.of("servers");

    @Option(names = "--harness", description = "folder with presets/ and wrk/ (default: ${DEFAULT-VALUE})")
    Path harness = Path.of("harness");

    @Option(names = "--pin", description = "pin the server and wrk to different cores with taskset (when there are several)")
    boolean pin;

    @Option(names = "--server-cpus", description = "taskset CPU list for the server, e.g. 1-3 (the harness JVM takes the others)")
    String serverCpus;

    @Option(names = "--loadgen-cpus", description = "taskset CPU list for wrk, e.g. 0 (on the load generator's host)")
    String loadgenCpus;

    @Option(names = "--loadgen-host", description = "USER@HOST: run the load generator there through ssh (BatchMode, key authentication)")
    String loadgenHost;

    @Option(names = "--ssh-config", description = "ssh_config file for --loadgen-host (port, identity, known hosts)")
    Path sshConfig;

    @Option(names = "--bind", description = "address the server binds, reachable from the load generator (default: ${DEFAULT-VALUE})")
    String bind = "127.0.0.1";

    @Option(names = "--without-vcgencmd", description = "run a paper campaign although vcgencmd cannot be read (recorded in campaign.json)")
    boolean withoutVcgencmd;

    @Option(names = "--device-id", description = "device id, the unit of analysis (default: the host name)")
    String deviceId;

    @Option(names = "--model-id", description = "the model of which the device is one unit, e.g. pi5-8gb or x86-vm-2c"
            + " (campaign.json device.model_id; devices that share it are units of one model; default: the preset's model_id)")
    String modelId;

    @Option(names = "--work", description = "scratch folder for databases, logs and the lock (default: <tmp>/tpm-collect/<campaign>)")
    Path work;

    @Option(names = "--wrk", description = "wrk executable (default: ${DEFAULT-VALUE})")
    String wrk = "wrk";

    @Option(names = "--node", description = "node executable that runs autocannon, on the --loadgen-host when given (default: the first on the PATH; a node installed by nvm is on the PATH of login shells only: give its full path)")
    String node = LoadGenerator.DEFAULT_NODE;

    @Option(names = "--autocannon", description = "folder where npm installed autocannon, on the --loadgen-host when given (default: <harness>/loadgen/autocannon on this machine)")
    Path autocannon;

    @Option(names = "--oha", description = "folder where cargo installed oha (its bin/oha), on the --loadgen-host when given (default: <harness>/loadgen/oha on this machine, where make loadgen puts it)")
    Path oha;

    @Option(names = "--estimate", description = "print the preset's estimate (runs, probes, wall time) and the resolution of its"
            + " tests on the stacks (--stacks, or every stack that serves its endpoints), then stop without collecting")
    boolean estimate;

    @Option(names = "--accept-unresolvable", description = "collect a paper campaign whose tests cannot resolve a pair (the"
            + " smallest p of two groups of its runs not below Holm's first threshold over its family; servers.md version 6)")
    boolean acceptUnresolvable;

    @Option(names = "--skip-conformance", hidden = true, description = "measure without the conformance check (tests of the harness only)")
    boolean skipConformance;

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        try {
            Preset p = Presets.resolve(preset, harness.resolve("presets"));
            Path mixes = data.resolve("config").resolve("mixes.csv");
            if (Files.exists(mixes) && p.allEndpoints().contains(dev.tpm.model.Endpoints.MIXED)) {
                p = p.withMix(DeclaredMix.read(mixes));
            }
            double alpha = analysis(data).alpha();
            if (estimate) {
                List<String> served = p.servedEndpoints();
                List<String> ids = stacks.isEmpty() ? StackRegistry.load(servers).all().stream()
                        .filter(s -> s.endpoints().containsAll(served)).map(StackSpec::id).toList() : stacks;
                PresetEstimate e = PresetEstimate.of(p, ids, alpha, false);
                for (String line : e.lines(p, ids)) System.out.println(line);
                if (e.resolution() != null) System.out.println("(seven metrics: a device that measures energy tests eight)");
                return 0;
            }
            LoadGenHost host = loadgenHost == null ? LoadGenHost.LOCAL : new LoadGenHost(loadgenHost, sshConfig);
            Map<String, Path> folders = new LinkedHashMap<>();
            folders.put("--autocannon", autocannon);
            folders.put("--oha", oha);
            List<String> tools = new ArrayList<>(List.of(p.loadGenerator()));
            if (p.protocol().phase4() != null) tools.add(p.protocol().phase4().loadGenerator().tool());
            for (String id : tools) {
                String option = LoadGenerators.get(id).installFolderOption();
                if (host.remote() && option != null && folders.get(option) == null) {
                    throw new IOException("--loadgen-host with preset " + p.name() + " (" + id + "): give " + option + " DIR, "
                            + "the folder on " + loadgenHost + " where " + LoadGenerators.get(id).installedBy());
                }
            }
            LoadGenSetup setup = LoadGenSetup.builder(harness.resolve("wrk")).wrk(wrk).autocannonDir(autocannon).node(node)
                    .ohaDir(oha).host(host).bind(bind).build();
            LoadGenerator.of(p.loadGenerator(), setup).checkReady(p.allEndpoints());
            String device = deviceId != null ? deviceId : DeviceFacts.defaultId();
            if (!device.matches("[A-Za-z0-9._-]+")) {
                throw new IOException("--device-id: expected letters, digits, '.', '_' or '-', found '" + device + "'");
            }
            String name = campaign != null ? campaign
                    : LocalDate.now(ZoneOffset.UTC) + "-" + device + "-" + p.name();
            if (!name.matches("[A-Za-z0-9._-]+") || name.startsWith(".")) {
                throw new IOException("--campaign: expected a folder name of letters, digits, '.', '_' or '-', found '" + name + "'");
            }
            Path workDir = work != null ? work : Path.of(System.getProperty("java.io.tmpdir"), "tpm-collect", name);
            Sensors sensors = Sensors.detect();
            String refusal = refusal(p, sensors, withoutVcgencmd);
            if (refusal != null) throw new IOException(refusal);
            if (modelId != null && !CampaignJson.ID.matcher(modelId).matches()) {
                throw new IOException("--model-id: expected an id of letters, digits, '.', '_', '+', '-' (e.g. pi5-8gb), found '"
                        + modelId + "'");
            }
            double maxErrorRate = maxErrorRate(data);
            int cores = Runtime.getRuntime().availableProcessors();
            Pinning pinning = Pinning.of(pin, serverCpus, loadgenCpus, cores);
            // a stack of one worker per core gets one per CPU the server is pinned to
            List<StackSpec> chosen = chooseStacks(workDir.resolve("conformance"), p).stream()
                    .map(s -> s.onCores(pinning.serverCores(cores))).toList();
            // phase 4's open-loop tool, checked once the stacks are known and before any run starts
            if (p.protocol().phase4() != null) LoadGenerator.of(p.protocol().phase4().loadGenerator().tool(), setup).checkReady(p.protocol().phase4().endpoints());
            PresetEstimate.Resolution resolution = PresetEstimate.resolution(p, chosen.size(), alpha,
                    !PowerSource.NONE.equals(sensors.power().id()));
            if (resolution != null) {
                err.println("collect: " + resolution.line());
                String why = unresolvable(p, resolution, acceptUnresolvable);
                if (why != null) throw new IOException(why);
            }
            if (pinning.serverCpus() != null) err.println("collect: " + pinning.pinThisJvm());
            dev.tpm.collect.campaign.OpenFileLimit openFiles = dev.tpm.collect.campaign.OpenFileLimit.of(p);
            err.println("collect: " + openFiles.describe(host.remote()));
            if (!openFiles.satisfiable()) throw new IOException(openFiles.describe(host.remote()));
            err.println("collect: campaign " + name + " (resume it with --campaign " + name + "), preset " + p.name()
                    + " (study " + p.study() + ", " + p.loadGenerator() + (p.protocol().phase4() == null ? "" : ", phase 4 with " + p.protocol().phase4().loadGenerator().tool()) + "), stacks "
                    + chosen.stream().map(StackSpec::id).toList() + ", power source " + sensors.power().id()
                    + (sensors.throttling() == null ? ", no throttling flags" : ", throttling flags from vcgencmd"));
            CampaignRunner runner = new CampaignRunner(CampaignOptions.builder(data, name, p, chosen, device, setup, workDir)
                    .modelId(modelId != null ? modelId : p.modelId()).pinning(pinning).maxErrorRate(maxErrorRate)
                    .withoutVcgencmd(withoutVcgencmd).build(),
                    new StackServerSide(), sensors, DeviceFacts.system(), err);
            CampaignSummary s = runner.run();
            if (!s.gaveUp().isEmpty()) {
                err.println("collect: " + s.gaveUp().size() + " group(s) did not reach their measured runs: " + s.gaveUp());
                return 2;
            }
            return 0;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            err.println("collect: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Why a campaign must not start, or null: a {@code paper} campaign needs vcgencmd's throttling
     * flags (a throttled run cannot be told apart otherwise) unless the user passed
     * {@code --without-vcgencmd}, which campaign.json then records.
     */
    static String refusal(Preset p, Sensors sensors, boolean withoutVcgencmd) {
        if (!p.name().equals("paper") || sensors.vcgencmdReadable() || withoutVcgencmd) return null;
        return "preset paper: `vcgencmd get_throttled` cannot be read, so a throttled run could not be told apart; on a "
                + "Raspberry Pi add this user to the video group (sudo usermod -aG video $USER, then log in again), or pass "
                + "--without-vcgencmd to run without it (recorded in campaign.json)";
    }

    /**
     * Why a paper campaign whose tests cannot resolve must not start, or null (servers.md version 6):
     * it starts when its preset says {@code "tests": false} or the user passed --accept-unresolvable.
     */
    static String unresolvable(Preset p, PresetEstimate.Resolution r, boolean accepted) {
        if (r == null || r.resolves() || r.family() == 0 || accepted || Boolean.FALSE.equals(p.protocol().tests())) return null;
        return "preset " + p.name() + ": its tests cannot resolve a pair (" + r.line().substring("tests: ".length()) + "): give"
                + " the groups more runs, measure fewer stacks or endpoints, say \"tests\": false in the preset when its purpose is"
                + " not the tests, or pass --accept-unresolvable";
    }

    /** data/config/analysis.json, analysis.md's defaults where the file is absent; a bad file stops the campaign. */
    static AnalysisConfig analysis(Path data) throws IOException {
        if (!Files.exists(data.resolve(AnalysisJson.FILE))) return AnalysisConfig.defaults();
        Problems problems = new Problems();
        AnalysisConfig config = AnalysisJson.read(data, problems);
        if (!problems.isEmpty()) {
            throw new IOException(problems.all().stream().map(Object::toString).collect(java.util.stream.Collectors.joining("\n")));
        }
        return config;
    }

    /**
     * data/config/analysis.json's max_error_rate, analysis.md's default where the file or key is
     * absent; a file with problems stops the campaign with ingest's messages.
     */
    static double maxErrorRate(Path data) throws IOException {
        if (!Files.exists(data.resolve(AnalysisJson.FILE))) return AnalysisConfig.defaults().maxErrorRate();
        Problems problems = new Problems();
        AnalysisConfig config = AnalysisJson.read(data, problems);
        if (!problems.isEmpty()) {
            throw new IOException(problems.all().stream().map(Object::toString).collect(java.util.stream.Collectors.joining("\n")));
        }
        return config.maxErrorRate();
    }

    private List<StackSpec> chooseStacks(Path conformanceWork, Preset p) throws IOException {
        StackRegistry registry = StackRegistry.load(servers);
        List<StackSpec> chosen = new ArrayList<>();
        if (stacks.isEmpty()) {
            for (StackSpec s : registry.available()) {
                if (StackBuilder.isBuilt(s) && s.endpoints().containsAll(p.servedEndpoints())) chosen.add(s);
            }
            if (chosen.isEmpty()) {
                throw new IOException(servers + ": no built stack serves " + p.servedEndpoints() + " (run `make servers` first)");
            }
        } else {
            for (String id : stacks) {
                StackSpec s = registry.get(id);
                List<String> missing = p.servedEndpoints().stream().filter(e -> !s.endpoints().contains(e)).toList();
                if (!missing.isEmpty()) {
                    throw new IOException("stack '" + id + "': does not serve " + missing + ", which preset " + p.name()
                            + " loads (its stack.json lists " + s.endpoints() + ")");
                }
                if (!registry.available(s)) {
                    throw new IOException("stack '" + id + "': toolchain not on PATH (" + s.toolchain() + ")");
                }
                if (!StackBuilder.isBuilt(s)) {
                    throw new IOException("stack '" + id + "': not built, missing " + StackBuilder.missingArtifacts(s)
                            + " (run `make servers` first)");
                }
                if (chosen.contains(s)) throw new IOException("--stacks: '" + id + "' given twice");
                chosen.add(s);
            }
        }
        if (!skipConformance) {
            ConformanceCheck check = new ConformanceCheck(conformanceWork);
            for (StackSpec s : chosen) {
                System.err.println("collect: conformance check of " + s.id());
                ConformanceCheck.StackReport r = check.check(s);
                if (!r.passed()) {
                    StringBuilder b = new StringBuilder("stack '" + s.id() + "' fails the conformance check, not measured:");
                    r.problems().forEach(pr -> b.append("\n  ").append(pr));
                    throw new IOException(b.toString());
                }
            }
        }
        return chosen;
    }
}
