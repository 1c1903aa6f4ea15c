package dev.tpm.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The layering of the four modules, checked on the compiled main classes of all of them:
 *
 * <pre>
 * cli                      (dev.tpm.cli: the one command line)
 *  |-- pipeline            paper -> report -> catalog -> figures, tables -> analysis -> stats
 *  |                       every stage -> pipeline (Stage, context, writer) -> ingest, verify, output, results
 *  |                       a format writer (*Formatter, FigureWriter) knows no stage: a pure function of its artifact
 *  |                       no JSON library (com.fasterxml): campaign.json and analysis.json arrive as the contract's records
 *  |                       tables, figures and report read the results, never ingest's Dataset
 *  |-- harness             dev.tpm.collect and below; presets, campaign, commands and CampaignImport import no JSON library
 *  '-- contract            dev.tpm.codec -> dev.tpm.model (and nothing of the other modules)
 * </pre>
 *
 * Each rule is also run against a small fixture package with a deliberate wrong edge and a
 * cycle (dev.tpm.cli.archfixture), to show that it fails where it should.
 */
class ArchitectureTest {
    /** Main classes only: not test classes, not the modules' test jars. */
    private static final ImportOption MAIN_ONLY = location -> !location.contains("/test-classes/")
            && !location.contains("-tests.jar");

    static final List<String> PIPELINE = List.of("ingest", "verify", "output", "results", "stats", "analysis",
            "tables", "figures", "catalog", "report", "pipeline", "paper");
    static final List<String> CONTRACT = List.of("codec", "model");

    private static String[] packages(String root, List<String> names) {
        return names.stream().map(n -> root + "." + n + "..").toArray(String[]::new);
    }

    /** stats: the JDK and Commons Math only. */
    static ArchRule statsImportsOnlyTheJdkAndCommonsMath(String root) {
        return noClasses().that().resideInAPackage(root + ".stats..")
                .should().dependOnClassesThat().resideOutsideOfPackages(root + ".stats..", "java..",
                        "org.apache.commons.math3..")
                .because("stats is plain statistics on arrays");
    }

    /** contract: no other module. */
    static ArchRule contractImportsNoOtherModule(String root) {
        return noClasses().that().resideInAnyPackage(packages(root, CONTRACT))
                .should().dependOnClassesThat().resideInAnyPackage(root + ".collect..", root + ".cli..")
                .orShould().dependOnClassesThat().resideInAnyPackage(packages(root, PIPELINE))
                .because("contract depends on no other module");
    }

    /** The model records need no codec. */
    static ArchRule modelBelowCodec(String root) {
        return noClasses().that().resideInAPackage(root + ".model..")
                .should().dependOnClassesThat().resideInAPackage(root + ".codec..");
    }

    /** pipeline: nothing of the harness or the command line. */
    static ArchRule pipelineImportsNoHarness(String root) {
        return noClasses().that().resideInAnyPackage(packages(root, PIPELINE))
                .should().dependOnClassesThat().resideInAnyPackage(root + ".collect..", root + ".cli..")
                .because("make paper needs nothing of the collection stage");
    }

    /**
     * pipeline: no JSON library. It receives campaign.json and analysis.json as the contract's
     * typed records ({@code CampaignJson}, {@code AnalysisJson}) and never parses them again.
     */
    static ArchRule pipelineImportsNoJackson(String root) {
        return noClasses().that().resideInAnyPackage(packages(root, PIPELINE))
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml..")
                .because("the contract reads and writes the JSON files; the pipeline reads typed records");
    }

    /**
     * Presentation reads only what the analysis hands on ({@code Results} and its {@code Facts}):
     * tables, figures and the report import nothing of ingest, its {@code Dataset} above all, so
     * none of them re-derives a number from the runs.
     */
    static ArchRule presentationReadsNoDataset(String root) {
        return noClasses().that().resideInAnyPackage(root + ".tables..", root + ".figures..", root + ".report..")
                .should().dependOnClassesThat().resideInAPackage(root + ".ingest..")
                .because("tables, figures and the report show the analysis's results, not data/ read again");
    }

    /** harness: nothing of the pipeline or the command line. */
    static ArchRule harnessImportsNoPipeline(String root) {
        return noClasses().that().resideInAPackage(root + ".collect..")
                .should().dependOnClassesThat().resideInAnyPackage(packages(root, PIPELINE))
                .orShould().dependOnClassesThat().resideInAPackage(root + ".cli..")
                .because("the harness shares only the contract with the pipeline");
    }

    /**
     * The campaign, the commands and the presets know no JSON library: campaign.json is a
     * {@code Campaign} and a preset file a {@code Preset}, each written or read by the contract's
     * codec ({@code CampaignJson}, {@code PresetJson}). The importer builds its campaign as a
     * record too; only what parses another tool's output (loadgen, stack, conformance, the
     * importer's SavedReport) may use a JSON library.
     */
    static ArchRule campaignCodeImportsNoJackson(String root) {
        return noClasses().that().resideInAnyPackage(root + ".collect", root + ".collect.campaign..",
                        root + ".collect.command..")
                .or().haveFullyQualifiedName(root + ".collect.importer.CampaignImport")
                .or().haveFullyQualifiedName(root + ".collect.importer.ImportCommand")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml..")
                .because("campaign.json and presets are built and compared as records, written and read by the contract alone");
    }

    /** The stage list lives above the stages: dev.tpm.pipeline imports none of them. */
    static ArchRule stageListAboveTheStages(String root) {
        return noClasses().that().resideInAnyPackage(root + ".pipeline..", root + ".ingest..", root + ".verify..",
                        root + ".output..", root + ".results..")
                .should().dependOnClassesThat().resideInAnyPackage(root + ".analysis..", root + ".tables..",
                        root + ".figures..", root + ".report..", root + ".paper..");
    }

    /** The report renders over the catalog; the catalog knows neither the report nor the list of the paper's artifacts. */
    static ArchRule catalogBelowTheReport(String root) {
        return noClasses().that().resideInAPackage(root + ".catalog..")
                .should().dependOnClassesThat().resideInAnyPackage(root + ".report..", root + ".paper..")
                .because("the catalog's types sit below the report that reads them");
    }

    /** Every format writer is a pure function of a typed artifact: it sees no stage and no pipeline context. */
    static ArchRule formatWritersKnowNoStage(String root) {
        return noClasses().that().haveSimpleNameEndingWith("Formatter").or().haveSimpleName("FigureWriter")
                .should().dependOnClassesThat().resideInAPackage(root + ".pipeline..")
                .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Stage")
                .because("a writer turns one table model or figure into bytes, whatever stage runs it");
    }

    /** No package cycles, every package its own slice. */
    static ArchRule noCycles(String root) {
        return slices().matching(root + ".(**)").should().beFreeOfCycles();
    }

    static List<ArchRule> rules(String root) {
        return List.of(statsImportsOnlyTheJdkAndCommonsMath(root), contractImportsNoOtherModule(root),
                modelBelowCodec(root), pipelineImportsNoHarness(root), pipelineImportsNoJackson(root), presentationReadsNoDataset(root),
                campaignCodeImportsNoJackson(root), harnessImportsNoPipeline(root),
                stageListAboveTheStages(root), catalogBelowTheReport(root), formatWritersKnowNoStage(root), noCycles(root));
    }

    @Test
    void theModulesFollowTheLayering() {
        JavaClasses main = new ClassFileImporter().withImportOption(MAIN_ONLY).importPackages("dev.tpm");
        assertTrue(main.containPackage("dev.tpm.codec") && main.containPackage("dev.tpm.collect")
                && main.containPackage("dev.tpm.stats") && main.containPackage("dev.tpm.cli"),
                "every module's classes are imported");
        for (ArchRule rule : rules("dev.tpm")) rule.check(main);
    }

    /** The no-JSON rule covers the preset package itself and the importer's campaign, not only campaign/ and command/. */
    @Test
    void thePresetAndImportCodeMayNotParseJsonEither() {
        String root = "dev.tpm.cli.archfixture";
        JavaClasses fixture = new ClassFileImporter().importPackages(root + ".collect.importer");
        AssertionError e = assertThrows(AssertionError.class, () -> campaignCodeImportsNoJackson(root).check(fixture));
        assertTrue(e.getMessage().contains("archfixture.collect.importer.CampaignImport"), e.getMessage());
        assertTrue(!e.getMessage().contains("SavedReport"), "a parser of another tool's output may: " + e.getMessage());
    }

    @Test
    void eachRuleFailsOnAWrongEdge() {
        String root = "dev.tpm.cli.archfixture";
        JavaClasses fixture = new ClassFileImporter().importPackages(root);
        // the fixture has one wrong edge for each rule, and a cycle codec <-> model
        for (ArchRule rule : rules(root)) {
            AssertionError e = assertThrows(AssertionError.class, () -> rule.check(fixture),
                    "rule passed on the fixture: " + rule.getDescription());
            assertTrue(e.getMessage().contains("archfixture"), e.getMessage());
        }
    }
}
