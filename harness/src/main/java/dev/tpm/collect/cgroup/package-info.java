/**
 * Everything about cgroups, both hierarchies behind one API ({@link dev.tpm.collect.cgroup.Cgroups}):
 * which one the harness may use on this host (v2 with the memory controller, else v1's memory
 * controller, else none), a new cgroup per run that holds the server's whole process tree from
 * its first instruction ({@link dev.tpm.collect.cgroup.RunCgroup}), its peak memory charge during
 * the load window, and its removal: always, even when the run fails, and on a resumed campaign
 * for the cgroups an interrupted harness left. Imports only the JDK.
 */
package dev.tpm.collect.cgroup;
