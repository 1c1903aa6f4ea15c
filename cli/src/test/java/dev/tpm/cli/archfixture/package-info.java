/**
 * Test fixture for {@link dev.tpm.cli.ArchitectureTest}: a miniature of the module layout with one
 * deliberate wrong edge per layering rule and a package cycle, so that each rule is seen to fail.
 * Nothing here runs.
 */
package dev.tpm.cli.archfixture;
