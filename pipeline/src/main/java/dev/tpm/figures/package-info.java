/**
 * The figures of outputs.md. One {@link dev.tpm.figures.FigureBuilder} per figure builds XChart
 * charts from {@link dev.tpm.results.Results} without writing them ({@link dev.tpm.figures.Figure});
 * {@link dev.tpm.figures.Theme} styles every chart (Okabe-Ito colours keyed by stack order, DejaVu
 * Sans); {@link dev.tpm.figures.FigureWriter} turns a figure into PNG and SVG bytes;
 * {@link dev.tpm.figures.FiguresStage} adds them to the outputs as figures/&lt;prefix&gt;&lt;name&gt;.png/.svg.
 *
 * <p>Every chart is an XY chart: bootstrap CIs are asymmetric and XChart's error bars are not, so
 * CIs, boxes and bars are drawn as segments and polygons, and stacks or mixes on the x axis use
 * {@link dev.tpm.figures.CategoryAxis}.
 */
package dev.tpm.figures;
