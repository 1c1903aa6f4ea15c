package dev.tpm.collect.sample;

import dev.tpm.model.ProbeRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sysbench, the probe's tool (servers.md version 6, "The machine measured beside the stacks"):
 * its version, the two tests' command lines and how to read their results. Debian and Raspberry
 * Pi OS package it as {@code sysbench}.
 */
public final class Sysbench {
    public static final String TOOL = "sysbench";
    /** The Debian (and Raspberry Pi OS) package that installs it. */
    public static final String PACKAGE = "sysbench";
    private static final Pattern VERSION = Pattern.compile("sysbench\\s+([0-9][0-9A-Za-z.+~-]*)");
    private static final Pattern EVENTS = Pattern.compile("events per second:\\s*([0-9]+(?:\\.[0-9]+)?)");
    private static final Pattern MIB = Pattern.compile("MiB transferred \\(([0-9]+(?:\\.[0-9]+)?) MiB/sec\\)");

    private Sysbench() {}

    /** The installed version ("1.0.20"); an error that names the package to install when sysbench is missing. */
    public static String version(Commands commands) throws IOException {
        String out;
        try {
            out = commands.run(List.of(TOOL, "--version"));
        } catch (IOException e) {
            throw new IOException("the probe (protocol.probe, servers.md version 6) needs sysbench, which did not run ("
                    + e.getMessage() + "): install Debian's package " + PACKAGE + " (sudo apt-get install -y " + PACKAGE + ")", e);
        }
        Matcher m = VERSION.matcher(out);
        if (!m.find()) throw new IOException("sysbench --version: expected 'sysbench <version>', found '" + out.strip() + "'");
        return m.group(1);
    }

    /**
     * A test's argv, pinned with taskset to {@code cpu} (null: not pinned). sysbench takes whole
     * seconds, so a duration is rounded up; version 1.0 needs the command {@code run} after the options.
     */
    public static List<String> argv(String test, double durationS, Integer cpu) {
        List<String> a = new ArrayList<>();
        if (cpu != null) a.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        a.add(TOOL);
        int seconds = (int) Math.ceil(durationS);
        switch (test) {
            case ProbeRow.CPU -> a.addAll(List.of("cpu", "--cpu-max-prime=20000", "--threads=1", "--time=" + seconds));
            case ProbeRow.MEMORY -> a.addAll(List.of("memory", "--memory-block-size=1M", "--memory-total-size=100G", "--threads=1",
                    "--time=" + seconds));
            default -> throw new IllegalArgumentException("no sysbench test " + test);
        }
        a.add("run");
        return a;
    }

    /** A test's result from its output: events per second (cpu) or MiB per second (memory). */
    public static double result(String test, String output) throws IOException {
        Matcher m = (ProbeRow.CPU.equals(test) ? EVENTS : MIB).matcher(output);
        if (!m.find()) {
            throw new IOException("sysbench " + test + ": expected '" + (ProbeRow.CPU.equals(test) ? "events per second: <n>"
                    : "<n> MiB transferred (<n> MiB/sec)") + "' in its output, found none");
        }
        return Double.parseDouble(m.group(1));
    }
}
