package dev.tpm.cli.archfixture.collect.importer;

/** Wrong edge: the importer building campaign.json as JSON nodes instead of a typed campaign. */
public final class CampaignImport {
    public static String text(com.fasterxml.jackson.databind.node.ObjectNode campaign) {
        return campaign.toString();
    }
}
