package dev.tpm.report;

import dev.tpm.catalog.Catalog;
import dev.tpm.figures.DrawnFigures;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.Results;
import dev.tpm.tables.WrittenTables;
import freemarker.ext.beans.ZeroArgumentNonVoidMethodPolicy;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * figures/index.html: every table and figure of every device on one page, laid out as outputs.md
 * says: what the data is (devices, campaigns, studies, and each device's setup beside the paper's
 * Raspberry Pi 5), the results (a navigation entry for every table and figure, in catalog order),
 * then provenance (versions, verification, campaigns) with the data inventory last. Runs after the
 * tables and figures stages and shows what they handed on ({@link WrittenTables}, {@link DrawnFigures});
 * {@link ReportModels} makes the page's data, the template {@value #TEMPLATE} lays it out. Plain
 * HTML with inline CSS, no script, relative links only, no clock: it opens from the file system
 * and two runs give the same bytes.
 */
public final class ReportStage implements Stage {
    /** The template, next to this class on the class path. */
    public static final String TEMPLATE = "report.ftlh";

    /**
     * FreeMarker, set up so that the page depends on the model alone: the root locale and UTC (the
     * template formats no number or date: the model's are text already), templates from the class
     * path, HTML auto-escaping by the .ftlh extension, and errors thrown, never printed into the page.
     */
    private static final Configuration FREEMARKER = freemarker();

    private final Catalog catalog;

    public ReportStage(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public String name() {
        return "report";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        out.putText(catalog.report().path(), render(catalog, context.results(),
                context.handedOn(WrittenTables.class).orElse(WrittenTables.NONE),
                context.handedOn(DrawnFigures.class).orElse(DrawnFigures.NONE), out));
    }

    /** The page, from the results, what the tables and figures stages handed on, and the files already in {@code out}. */
    public static String render(Catalog catalog, Results results, WrittenTables tables, DrawnFigures figures, Outputs out) {
        return render(ReportModels.of(catalog, results, tables, figures, out));
    }

    /** The template over {@code model}: a pure function of it. */
    public static String render(ReportModel model) {
        try {
            Template t = FREEMARKER.getTemplate(TEMPLATE);
            StringWriter w = new StringWriter();
            t.process(Map.of("m", model), w);
            return w.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TemplateException e) {
            throw new IllegalStateException(TEMPLATE + ": " + e.getMessage(), e);
        }
    }

    private static Configuration freemarker() {
        Configuration c = new Configuration(Configuration.VERSION_2_3_34);
        // a model's accessors read as properties (m.title), for records and any other class alike: FreeMarker
        // knows records only through its Java 16 classes of a multi-release jar, which the shaded tpm.jar does not load
        DefaultObjectWrapperBuilder wrapper = new DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34);
        ZeroArgumentNonVoidMethodPolicy property = ZeroArgumentNonVoidMethodPolicy.BOTH_METHOD_AND_PROPERTY_UNLESS_BEAN_PROPERTY_READ_METHOD;
        wrapper.setDefaultZeroArgumentNonVoidMethodPolicy(property);
        wrapper.setRecordZeroArgumentNonVoidMethodPolicy(property);
        c.setObjectWrapper(wrapper.build());
        c.setClassForTemplateLoading(ReportStage.class, "");
        c.setDefaultEncoding("UTF-8");
        c.setLocale(Locale.ROOT);
        c.setTimeZone(TimeZone.getTimeZone("UTC"));
        c.setNumberFormat("computer");
        c.setBooleanFormat("c");
        c.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        c.setLogTemplateExceptions(false);
        c.setWrapUncheckedExceptions(true);
        c.setFallbackOnNullLoopVariable(false);
        c.setAPIBuiltinEnabled(false);
        return c;
    }
}
