/**
 * The load generator: the wrk command line with its Lua scripts, and the parsing of wrk's
 * report (the JSON line of done() and the text summary) into one result per run.
 */
package dev.tpm.collect.loadgen;
