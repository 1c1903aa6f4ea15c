package dev.tpm.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.Cli;
import dev.tpm.testing.Fixtures;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed studies end to end: real wrk and autocannon outputs of the studies' stacks, collected on
 * this project's VM (cli/src/test/resources/studies/README.md), imported as one campaign per study
 * into a small paper data folder with the shipped published.csv; {@code tpm paper} then writes every
 * study table and figure, and the report shows one heading per study.
 */
class StudiesEndToEndTest {
    static final List<String> STUDY_TABLES = List.of("hello_blog", "replication_hello_blog", "app_servers",
            "replication_app_servers", "node_pi", "node_pi_memory", "replication_node_pi");
    static final List<String> STUDY_FIGURES = List.of("hello_blog", "node_pi_memory");
    private static final String DEVICE = "{\"id\": \"x86-vm-2c\", \"model\": \"x86_64 virtual machine (KVM)\", \"cores\": 2,"
            + " \"arch\": \"x86_64\"}";

    @TempDir
    Path tmp;

    static Path fixtures() throws URISyntaxException {
        return Path.of(StudiesEndToEndTest.class.getResource("/studies/README.md").toURI()).getParent();
    }

    /** A small paper data folder with the shipped reference/published.csv (the seeds' numbers included). */
    private Path paperData() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.write(data, "reference/published.csv", Files.readString(Path.of("data", "reference", "published.csv")));
        Fixtures.write(data, "reference/setup.json", Files.readString(Path.of("data", "reference", "setup.json")));
        return data;
    }

    private void importStudy(Path data, String study) throws Exception {
        Path device = Files.writeString(tmp.resolve("device.json"), DEVICE);
        Path runs = fixtures().resolve(study).resolve("runs.csv");
        Cli.Result r = Cli.run("import", "--data", data.toString(), "--campaign", "imported-" + study, "--study", study,
                "--device-json", device.toString(), "--runs", runs.toString(),
                "--stacks-json", fixtures().resolve(study).resolve("stacks.json").toString());
        assertEquals(0, r.exit(), r::toString);
    }

    @Test
    void everyStudyTableAndFigureFromImportedCampaigns() throws Exception {
        Path data = paperData();
        importStudy(data, "hello-blog");
        importStudy(data, "app-servers");
        importStudy(data, "node-pi");
        // the node-pi memory series (sampled by rss_series.py, not by the import) joins its campaign
        Path phase3 = Files.createDirectories(data.resolve("raw/imported-node-pi/phase3"));
        Files.copy(fixtures().resolve("node-pi/node-express-memory.json"), phase3.resolve("node-express-hello_json-1.json"));
        assertEquals(0, Cli.run("manifest", "--data", data.toString()).exit());

        Path out = tmp.resolve("out");
        Cli.Result paper = Cli.run("paper", "--data", data.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, paper.exit(), paper::toString);
        for (String t : STUDY_TABLES) {
            assertTrue(Files.isRegularFile(out.resolve("tables/" + t + ".md")), t + ".md\n" + paper);
            assertTrue(Files.isRegularFile(out.resolve("tables/" + t + ".tex")), t + ".tex");
        }
        for (String f : STUDY_FIGURES) {
            assertTrue(Files.size(out.resolve("figures/" + f + ".png")) > 0, f + ".png");
            assertTrue(Files.readString(out.resolve("figures/" + f + ".svg")).contains("<svg"), f + ".svg");
        }

        // hello_blog: one run per group, so the median throughput is the rps wrk printed, rounded
        String hello = Files.readString(out.resolve("tables/hello_blog.md"));
        for (String stack : List.of("flask-dev", "node-http", "go-http")) {
            for (int c : new int[] {10, 50}) {
                String wrk = Files.readString(fixtures().resolve("hello-blog/" + stack + "-c" + c + ".txt"));
                Matcher m = Pattern.compile("Requests/sec:\\s+(\\S+)").matcher(wrk);
                assertTrue(m.find());
                String rps = String.format(Locale.ROOT, "%.0f", Double.parseDouble(m.group(1)));
                assertTrue(Pattern.compile("\\| " + stack + " \\| " + c + " \\| " + rps + " \\|").matcher(hello).find(),
                        stack + " c" + c + " rps " + rps + " in\n" + hello);
            }
        }
        assertTrue(hello.contains("x86-vm-2c") && hello.contains("imported-hello-blog"), "caption names device and campaign");

        // the replication of a study puts the seed's number beside the measured one
        String rep = Files.readString(out.resolve("tables/replication_hello_blog.md"));
        assertTrue(rep.contains("| go-http | 32461 |"), rep);
        assertTrue(rep.contains("not on these devices"), rep);
        // each row is marked comparable with the seed's setup or not (analysis.md 7), and the caption counts them
        assertTrue(rep.contains("Comparable with the seed's setup (data/reference/setup.json): x86-vm-2c: "), rep);
        String repApp = Files.readString(out.resolve("tables/replication_app_servers.md"));
        assertTrue(repApp.contains("model: x86\\_64 virtual machine (KVM) vs MacBook PRO 13 2019"), repApp);
        assertTrue(Pattern.compile("\\| peak\\\\_rss\\\\_mib\\\\_c100 \\| go-http \\|[^\\n]*\\|  \\|\\n").matcher(repApp).find(),
                "a memory row of the same architecture is comparable:\n" + repApp);
        assertTrue(Pattern.compile("\\| rps\\\\_best\\\\_c100 \\| go-http \\|[^\\n]*\\| model, server\\\\_cores(, load\\\\_generator\\\\_host)? \\|\\n")
                .matcher(repApp).find(), "a throughput row of another model is not (an imported campaign does not record wrk's host):\n" + repApp);
        assertTrue(Files.readString(out.resolve("tables/replication_node_pi.md")).contains("vs Raspberry Pi"));
        String appServers = Files.readString(out.resolve("tables/app_servers.md"));
        int go = appServers.indexOf("go-http");
        int node = appServers.indexOf("node-cluster");
        assertTrue(go > 0 && node > 0, appServers);

        String report = Files.readString(out.resolve("figures/index.html"));
        for (String study : List.of("hello-blog", "app-servers", "node-pi")) {
            assertTrue(report.contains("<h2>Study " + study + "</h2>"), study);
        }
        // every file is an artifact of the catalog, and the report's navigation names every study artifact written
        try (var files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String rel = out.relativize(f).toString().replace('\\', '/');
                var artifact = dev.tpm.paper.PaperCatalog.CATALOG.owner(rel);
                assertTrue(artifact.isPresent(), rel + " is in no artifact of the catalog");
                if (!artifact.get().study().isEmpty() && (rel.endsWith(".md") || rel.endsWith(".png"))) {
                    String anchor = (rel.endsWith(".md") ? "table-" : "figure-") + artifact.get().name();
                    assertTrue(report.contains("<li><a href=\"#" + anchor + "\">"), "no navigation entry for " + rel);
                }
            }
        }
        // the paper's own replication keeps the paper's rows only
        String paperRep = Files.readString(out.resolve("tables/replication.md"));
        assertFalse(paperRep.contains("blog-014") || paperRep.contains("node-pi-guide"), paperRep);
    }

    /** The command line: an incomplete report is exit code 1 with the file named, and the data folder untouched. */
    @Test
    void importOfAnIncompleteReportFailsAndWritesNothing() throws Exception {
        Path data = paperData();
        String before = Files.readString(data.resolve("SHA256SUMS"));
        Path saved = Files.createDirectories(tmp.resolve("saved"));
        try (var in = StudiesEndToEndTest.class.getResourceAsStream("/collect/import/real-wrk-refused.txt")) {
            Files.write(saved.resolve("refused.txt"), in.readAllBytes());
        }
        Files.copy(fixtures().resolve("hello-blog/go-http-c10.txt"), saved.resolve("ok.txt"));
        Path runs = Files.writeString(saved.resolve("runs.csv"), "file,stack,endpoint,concurrency,threads,run,warmup\n"
                + "ok.txt,go-http,hello,10,2,1,0\nrefused.txt,go-http,hello,10,2,2,0\n");
        Path device = Files.writeString(tmp.resolve("device.json"), DEVICE);
        Cli.Result r = Cli.run("import", "--data", data.toString(), "--campaign", "x", "--study", "hello-blog",
                "--device-json", device.toString(), "--runs", runs.toString());
        assertEquals(1, r.exit(), r::toString);
        assertTrue(r.err().contains(saved.resolve("refused.txt") + ": line 1, column 1"), r::toString);
        assertFalse(Files.exists(data.resolve("raw/x")));
        assertEquals(before, Files.readString(data.resolve("SHA256SUMS")));
    }

    @Test
    void noStudyCampaignNoStudyOutput() throws Exception {
        Path data = paperData();
        Path out = tmp.resolve("out");
        Cli.Result paper = Cli.run("paper", "--data", data.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, paper.exit(), paper::toString);
        for (String t : STUDY_TABLES) {
            assertFalse(Files.exists(out.resolve("tables/" + t + ".md")), t);
            assertTrue((paper.out() + paper.err()).contains("skipped tables/" + t + ": no campaign of study"), t + "\n" + paper);
        }
        for (String f : STUDY_FIGURES) assertFalse(Files.exists(out.resolve("figures/" + f + ".png")), f);
        // hello-blog-next likewise: no campaign, no table of questions "not yet measured", no figure
        assertFalse(Files.exists(out.resolve("tables/hello_blog_next.md")));
        assertTrue((paper.out() + paper.err()).contains("skipped tables/hello_blog_next: no campaign of study hello-blog-next"),
                paper::toString);
        assertFalse(Files.exists(out.resolve("figures/hello_blog_next.png")));
        assertFalse(Files.readString(out.resolve("figures/index.html")).contains("<h2>Study "));
    }
}
