package dev.tpm.cli.archfixture.collect.campaign;

/** Wrong edge: campaign code building JSON itself instead of a typed campaign. */
public final class Writer {
    public static String text(com.fasterxml.jackson.databind.node.ObjectNode campaign) {
        return campaign.toString();
    }
}
