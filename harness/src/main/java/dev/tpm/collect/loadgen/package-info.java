/**
 * The load generators behind one interface, {@link dev.tpm.collect.loadgen.LoadGenTool}: wrk
 * (its command line with the Lua scripts, and its report: the JSON line of done() or the text
 * summary), autocannon (its JSON or its text table) and oha (open loop at a fixed rate, its JSON),
 * each parsed into one {@link dev.tpm.collect.loadgen.LoadResult} per run, and
 * {@link dev.tpm.collect.loadgen.LoadGenHost}: this machine, or another one reached through ssh.
 * {@link dev.tpm.collect.loadgen.LoadGenerators} is the registry of the tools by id; each tool says
 * whether it is open loop ({@link dev.tpm.collect.loadgen.LoadGenTool#openLoop()}).
 */
package dev.tpm.collect.loadgen;
