package dev.tpm.server;

import dev.tpm.server.Database.Item;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/** The API of spec/servers.md. */
@RestController
public class ItemsController {
    static final long DEFAULT_LIMIT = 100;
    static final long MAX_LIMIT = 1000;
    private static final Logger LOG = LoggerFactory.getLogger(ItemsController.class);
    private static final MediaType TEXT = new MediaType("text", "plain", java.nio.charset.StandardCharsets.UTF_8);

    /** A request the API rejects: its status and message, sent as {"error": message}. */
    static final class ApiError extends Exception {
        private static final long serialVersionUID = 1L;
        final HttpStatus status;

        ApiError(HttpStatus status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private final Database db;

    public ItemsController(Database db) {
        this.db = db;
    }

    @GetMapping("/health")
    public ResponseEntity<String> health() {
        return ResponseEntity.ok().contentType(TEXT).body("ok");
    }

    @GetMapping("/")
    public ResponseEntity<String> hello() {
        return ResponseEntity.ok().contentType(TEXT).body("Hello, World!");
    }

    /** The SQLite version, the pragmas in effect, the runtime, framework and connections. */
    @GetMapping("/diag")
    public Map<String, Object> diag() throws SQLException {
        Map<String, Object> out = new LinkedHashMap<>(db.sqlite());
        out.put("runtime", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        out.put("framework", "Spring Boot " + SpringBootVersion.getVersion() + ", Spring Framework "
                + SpringVersion.getVersion() + ", Tomcat " + org.apache.catalina.util.ServerInfo.getServerNumber());
        out.put("connections", Map.of("read", db.readConnections(), "write", 1));
        out.put("jvm", Jvm.facts());
        return out;
    }

    @PostMapping("/items")
    @ResponseStatus(HttpStatus.CREATED)
    public Item create(@RequestBody Map<String, Object> body) throws ApiError, SQLException {
        return db.create(item(body));
    }

    @GetMapping("/items")
    public List<Item> list(@RequestParam(required = false) String limit, @RequestParam(required = false) String offset)
            throws ApiError, SQLException {
        return db.list(queryInt("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT), queryInt("offset", offset, 0, 0, Long.MAX_VALUE));
    }

    @GetMapping("/items/{id}")
    public Item get(@PathVariable long id) throws ApiError, SQLException {
        Item found = db.get(id);
        if (found == null) throw new ApiError(HttpStatus.NOT_FOUND, "not found");
        return found;
    }

    @PutMapping("/items/{id}")
    public Item update(@PathVariable long id, @RequestBody Map<String, Object> body) throws ApiError, SQLException {
        Item updated = db.update(id, item(body));
        if (updated == null) throw new ApiError(HttpStatus.NOT_FOUND, "not found");
        return updated;
    }

    @DeleteMapping("/items/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) throws ApiError, SQLException {
        if (!db.delete(id)) throw new ApiError(HttpStatus.NOT_FOUND, "not found");
        return ResponseEntity.noContent().build();
    }

    /** The item fields of a request body, each checked for presence and JSON type (no coercion). */
    private static Item item(Map<String, Object> body) throws ApiError {
        Object name = field(body, "name");
        Object description = field(body, "description");
        Object price = field(body, "price");
        Object quantity = field(body, "quantity");
        if (!(name instanceof String n)) throw new ApiError(HttpStatus.BAD_REQUEST, "name must be a string, found " + name);
        if (!(description instanceof String d)) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "description must be a string, found " + description);
        }
        if (!(price instanceof Number p)) throw new ApiError(HttpStatus.BAD_REQUEST, "price must be a number, found " + price);
        if (!(quantity instanceof Integer || quantity instanceof Long)) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "quantity must be an integer, found " + quantity);
        }
        return new Item(0, n, d, p.doubleValue(), ((Number) quantity).longValue());
    }

    private static Object field(Map<String, Object> body, String name) throws ApiError {
        Object v = body.get(name);
        if (v == null) throw new ApiError(HttpStatus.BAD_REQUEST, "missing field: " + name);
        return v;
    }

    private static long queryInt(String name, String raw, long fallback, long min, long max) throws ApiError {
        if (raw == null) return fallback;
        try {
            long v = Long.parseLong(raw);
            if (v >= min && v <= max) return v;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ApiError(HttpStatus.BAD_REQUEST, name + " must be an integer in [" + min + ", " + max + "], found '" + raw + "'");
    }

    @ExceptionHandler(ApiError.class)
    ResponseEntity<Map<String, String>> rejected(ApiError e) {
        return ResponseEntity.status(e.status).body(Map.of("error", e.getMessage()));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Map<String, String>> badArgument(MethodArgumentTypeMismatchException e) {
        return ResponseEntity.badRequest().body(Map.of("error", e.getName() + " must be an integer, found '" + e.getValue() + "'"));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Map<String, String>> badBody(HttpMessageNotReadableException e) {
        return ResponseEntity.badRequest().body(Map.of("error", "expected a JSON object with name, description, price and quantity"));
    }

    /**
     * Anything else: Spring MVC's own rejections (unknown route, method not allowed, ...) keep their
     * status; any other exception is a 500 whose cause goes to the log, never into the body.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<Map<String, String>> internal(Exception e) {
        if (e instanceof ErrorResponse r && !r.getStatusCode().is5xxServerError()) {
            return ResponseEntity.status(r.getStatusCode()).body(Map.of("error", r.getBody().getTitle()));
        }
        LOG.error("internal error", e);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(Map.of("error", "internal error"));
    }
}
