package dev.tpm.collect.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.conformance.ApiClient.Answer;
import dev.tpm.collect.conformance.Expectations.Failure;
import org.junit.jupiter.api.Test;

/** The expectations as pure functions of an answer: no server. */
class ExpectationsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anItemMustHaveExactlyTheFiveFieldsOfTheirTypes() throws Exception {
        var expected = Expectations.seeded(3);
        Expectations.item(expected, expected, true);
        var extra = expected.deepCopy().put("created_at", "now");
        assertEquals("expected the fields [description, id, name, price, quantity], found [created_at, description, id, name, price, quantity]",
                assertThrows(Failure.class, () -> Expectations.item(extra, expected, true)).getMessage());
        var stringPrice = expected.deepCopy().put("price", "9.99");
        assertEquals("price: expected a number, found \"9.99\"",
                assertThrows(Failure.class, () -> Expectations.item(stringPrice, expected, true)).getMessage());
        var otherId = expected.deepCopy().put("id", 4);
        assertEquals("id: expected 3, found 4", assertThrows(Failure.class, () -> Expectations.item(otherId, expected, true)).getMessage());
        Expectations.item(otherId, expected, false);
    }

    @Test
    void errorsNeedTheStatusJsonAndTheMessage() throws Exception {
        Answer notFound = new Answer(404, "application/json; charset=utf-8", "{\"error\": \"not found\"}");
        Expectations.error(notFound, 404, "not found");
        Expectations.error(notFound, 404, null);
        assertEquals("expected {\"error\": \"gone\"}, found {\"error\":\"not found\"}",
                assertThrows(Failure.class, () -> Expectations.error(notFound, 404, "gone")).getMessage());
        Answer plain = new Answer(404, "text/plain", "not found");
        assertEquals("expected Content-Type application/json, found 'text/plain'",
                assertThrows(Failure.class, () -> Expectations.error(plain, 404, null)).getMessage());
        assertEquals("expected status 400, found 404 (body '{\"error\": \"not found\"}')",
                assertThrows(Failure.class, () -> Expectations.status(notFound, 400)).getMessage());
    }

    @Test
    void aListIsTheSeededItemsInIdOrder() throws Exception {
        var arr = JSON.createArrayNode().add(Expectations.seeded(11)).add(Expectations.seeded(12));
        Expectations.seededList(arr, 11, 2);
        assertEquals("expected 3 items, found 2", assertThrows(Failure.class, () -> Expectations.seededList(arr, 11, 3)).getMessage());
        var swapped = JSON.createArrayNode().add(Expectations.seeded(12)).add(Expectations.seeded(11));
        assertEquals("element 0 (expected id 11): id: expected 11, found 12",
                assertThrows(Failure.class, () -> Expectations.seededList(swapped, 11, 2)).getMessage());
        assertEquals(-1, Expectations.lenientId(new Answer(500, null, "oops")));
        assertEquals(151, Expectations.lenientId(new Answer(200, "text/html", "{\"id\": 151}")), "whatever its Content-Type");
    }

    @Test
    void theBadBodiesCoverEveryFieldMissingAndMistyped() {
        var names = ApiChecks.badBodies().stream().map(ApiChecks.BadBody::name).toList();
        assertEquals(11, names.size());
        for (String f : new String[] {"name", "description", "price", "quantity"}) {
            assertEquals(true, names.contains("missing field " + f), names.toString());
        }
    }
}
